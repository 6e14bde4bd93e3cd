"""Cascade Effect's event types, each named once: its rules write them, its fold and
describe read them, all by these names (docs/engine.md, "A game is one folder")."""

from __future__ import annotations

CENTRE_ROLL = "CentreRoll"
DECK_SHUFFLED = "DeckShuffled"
ROBOT_PLACED = "RobotPlaced"
TURN_ORDER = "TurnOrder"
TURN_STARTED = "TurnStarted"
DECLARED = "Declared"
ROLLED = "Rolled"
ACTION_FAILED = "ActionFailed"
MOVED = "Moved"
TURN_ENDED = "TurnEnded"
ATTACHED = "Attached"
PIECE_JUMPED = "PieceJumped"
CARD_DRAWN = "CardDrawn"
TURNED = "Turned"
TURN_LOSS_GIVEN = "TurnLossGiven"
TURN_LOST = "TurnLost"
PENALISED = "Penalised"
KICKSTAND_FELL = "KickstandFell"
SCORED = "Scored"
#: rules v1 only: Overdrive's extra turn
EXTRA_TURN_GIVEN = "ExtraTurnGiven"
BOOSTED = "Boosted"
END_GAME_BEGAN = "EndGameBegan"
CENTRE_SCORED = "CentreScored"
DETACHED = "Detached"
CLIMBED = "Climbed"
ALIGNED = "Aligned"
PARKED = "Parked"
MATCH_SCORED = "MatchScored"

#: every event type of the game (the engine's own are in ``engine.events``)
EVENT_TYPES = (
    CENTRE_ROLL,
    DECK_SHUFFLED,
    ROBOT_PLACED,
    TURN_ORDER,
    TURN_STARTED,
    DECLARED,
    ROLLED,
    ACTION_FAILED,
    MOVED,
    TURN_ENDED,
    ATTACHED,
    PIECE_JUMPED,
    CARD_DRAWN,
    TURNED,
    TURN_LOSS_GIVEN,
    TURN_LOST,
    PENALISED,
    KICKSTAND_FELL,
    SCORED,
    EXTRA_TURN_GIVEN,
    BOOSTED,
    END_GAME_BEGAN,
    CENTRE_SCORED,
    DETACHED,
    CLIMBED,
    ALIGNED,
    PARKED,
    MATCH_SCORED,
)

"""Aerial Assault's event types, each named once: its rules write them, its fold and
describe read them, all by these names (docs/engine.md, "A game is one folder")."""

from __future__ import annotations

TEAMS_ASSIGNED = "TeamsAssigned"
ROBOTS_BUILT = "RobotsBuilt"
DRAFT_ORDER_SET = "DraftOrderSet"
ROW_DEALT = "RowDealt"
CARD_PICKED = "CardPicked"
CARD_DRAWN = "CardDrawn"
DRAFT_ENDED = "DraftEnded"
ALLIANCES_DEALT = "AlliancesDealt"
CARDS_REVEALED = "CardsRevealed"
ROBOT_MOVED = "RobotMoved"
DICE_ROLLED = "DiceRolled"
BALL_DROPPED = "BallDropped"
BALL_SCORED = "BallScored"
STEP_FAILED = "StepFailed"
AUTONOMOUS_ENDED = "AutonomousEnded"
PLAY_ENDED = "PlayEnded"
BLOCK_ROLLED = "BlockRolled"
INBOUNDED = "Inbounded"
ROUND_ENDED = "RoundEnded"
TRUSSED = "Trussed"
ACTION_BLOCKED = "ActionBlocked"
BALL_PICKED_UP = "BallPickedUp"
CAUGHT = "Caught"
REROLLED = "Rerolled"
STARTING_PLAYER_ROLLED = "StartingPlayerRolled"
DRIVER_PANICKED = "DriverPanicked"
TIED_BLOCK = "TiedBlock"
MISSED_SHOT = "MissedShot"
BALL_OUT = "BallOut"
BALL_PASSED = "BallPassed"
BLOCKS_TO_NAME = "BlocksToName"
BLOCK_TARGET_NAMED = "BlockTargetNamed"
MATCH_OVER = "MatchOver"

#: every event type of the game (the engine's own are in ``engine.events``)
EVENT_TYPES = (
    TEAMS_ASSIGNED,
    ROBOTS_BUILT,
    DRAFT_ORDER_SET,
    ROW_DEALT,
    CARD_PICKED,
    CARD_DRAWN,
    DRAFT_ENDED,
    ALLIANCES_DEALT,
    CARDS_REVEALED,
    ROBOT_MOVED,
    DICE_ROLLED,
    BALL_DROPPED,
    BALL_SCORED,
    STEP_FAILED,
    AUTONOMOUS_ENDED,
    PLAY_ENDED,
    BLOCK_ROLLED,
    INBOUNDED,
    ROUND_ENDED,
    TRUSSED,
    ACTION_BLOCKED,
    BALL_PICKED_UP,
    CAUGHT,
    REROLLED,
    STARTING_PLAYER_ROLLED,
    DRIVER_PANICKED,
    TIED_BLOCK,
    MISSED_SHOT,
    BALL_OUT,
    BALL_PASSED,
    BLOCKS_TO_NAME,
    BLOCK_TARGET_NAMED,
    MATCH_OVER,
)

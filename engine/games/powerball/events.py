"""Powerball's event types, each named once: its rules write them, its fold and
describe read them, all by these names (docs/engine.md, "A game is one folder")."""

from __future__ import annotations

SEATS_ORDERED = "SeatsOrdered"
OPTIONS_DEALT = "OptionsDealt"
FLAG_ROLLED = "FlagRolled"
WAITING = "Waiting"
ROBOT_PLACED = "RobotPlaced"
TURN_STARTED = "TurnStarted"
HAND_DEALT = "HandDealt"
PROGRAM_SET = "ProgramSet"
PHASE_STARTED = "PhaseStarted"
MOVED = "Moved"
DESTROYED = "Destroyed"
DAMAGED = "Damaged"
HEALED = "Healed"
SPAWNED = "Spawned"
OPTION_MOVED = "OptionMoved"
OPTION_DRAWN = "OptionDrawn"
OPTIONS_OFFERED = "OptionsOffered"
REGISTERS_KEPT = "RegistersKept"
PICKED = "Picked"
DELIVERED = "Delivered"
THROWN = "Thrown"
BALLS_DROPPED = "BallsDropped"
RADIO_CONTROLLED = "RadioControlled"
SCRAMBLED = "Scrambled"
TRADING = "Trading"
EVENT_ROLLED = "EventRolled"
METEOR_FELL = "MeteorFell"
QUAKE_ROLLED = "QuakeRolled"
TURRETS_SET = "TurretsSet"
BOMB_PLACED = "BombPlaced"
BOMB_ARMED = "BombArmed"
BOMB_MOVED = "BombMoved"
BOMB_GONE = "BombGone"
GAME_OVER = "GameOver"
TURN_ENDING = "TurnEnding"
OPTION_CHARGED = "OptionCharged"
DAMAGE_SHIELDED = "DamageShielded"
CARD_CHANGED = "CardChanged"

#: every event type of the game (the engine's own are in ``engine.events``)
EVENT_TYPES = (
    SEATS_ORDERED,
    OPTIONS_DEALT,
    FLAG_ROLLED,
    WAITING,
    ROBOT_PLACED,
    TURN_STARTED,
    HAND_DEALT,
    PROGRAM_SET,
    PHASE_STARTED,
    MOVED,
    DESTROYED,
    DAMAGED,
    HEALED,
    SPAWNED,
    OPTION_MOVED,
    OPTION_DRAWN,
    OPTIONS_OFFERED,
    REGISTERS_KEPT,
    PICKED,
    DELIVERED,
    THROWN,
    BALLS_DROPPED,
    RADIO_CONTROLLED,
    SCRAMBLED,
    TRADING,
    EVENT_ROLLED,
    METEOR_FELL,
    QUAKE_ROLLED,
    TURRETS_SET,
    BOMB_PLACED,
    BOMB_ARMED,
    BOMB_MOVED,
    BOMB_GONE,
    GAME_OVER,
    TURN_ENDING,
    OPTION_CHARGED,
    DAMAGE_SHIELDED,
    CARD_CHANGED,
)

"""The program deck and the option deck.

A program card is named by its priority (10, 20, ... 840): every priority is
different, so the number is the card. Its kind follows from the priority.
"""

from __future__ import annotations

PRIORITIES = tuple(range(10, 850, 10))

U_TURN, LEFT, RIGHT, BACK, MOVE1, MOVE2, MOVE3 = ("u", "l", "r", "b", "1", "2", "3")
KIND_NAMES = {
    U_TURN: "U-turn",
    LEFT: "rotate left",
    RIGHT: "rotate right",
    BACK: "back up",
    MOVE1: "move 1",
    MOVE2: "move 2",
    MOVE3: "move 3",
}


def kind(card: int) -> str:
    """What a card does, from its priority."""
    i = card // 10 - 1
    if i < 6:
        return U_TURN
    if i < 42:
        return LEFT if i % 2 == 0 else RIGHT
    if i < 48:
        return BACK
    if i < 66:
        return MOVE1
    if i < 78:
        return MOVE2
    return MOVE3


MOVES = (BACK, MOVE1, MOVE2, MOVE3)
TURNS = (U_TURN, LEFT, RIGHT)


def turn_of(k: str) -> int:
    """Quarter turns to the right a card makes (0 for moves)."""
    return {U_TURN: 2, LEFT: 3, RIGHT: 1}.get(k, 0)


def steps_of(k: str) -> int:
    """Squares a card moves (negative: backwards)."""
    return {BACK: -1, MOVE1: 1, MOVE2: 2, MOVE3: 3}.get(k, 0)


# -- options --------------------------------------------------------------------------
RADIO = "radio control"
SCRAMBLER = "scrambler"
PRESSOR = "pressor beam"
TRACTOR = "tractor beam"
ARM = "mechanical arm"
REVERSE = "reverse gear"
MEMORY = "extra memory"
DOUBLE = "double barrel"
GYRO = "gyroscopic stabilizer"
HIGH_POWER = "high powered laser"
FOURTH = "fourth gear"
RAMMING = "ramming gear"
REAR = "rear-firing laser"
ABLATIVE = "ablative coat"
BRAKES = "brakes"
CIRCUIT = "circuit breaker"
FIRE_CONTROL = "fire control"
FLYWHEEL = "flywheel"
HOWITZER = "mini howitzer"
SHIELD = "power-down shield"
RECOMPILE = "recompile"
CRAB = "crab legs"
DUAL = "dual processor"
ABORT = "abort switch"
CONDITIONAL = "conditional program"

#: the option deck (Superior Archive is out of this game: robots respawn undamaged)
OPTIONS = (
    RADIO,
    SCRAMBLER,
    PRESSOR,
    TRACTOR,
    ARM,
    REVERSE,
    MEMORY,
    DOUBLE,
    GYRO,
    HIGH_POWER,
    FOURTH,
    RAMMING,
    REAR,
    ABLATIVE,
    BRAKES,
    CIRCUIT,
    FIRE_CONTROL,
    FLYWHEEL,
    HOWITZER,
    SHIELD,
    RECOMPILE,
    CRAB,
    DUAL,
    ABORT,
    CONDITIONAL,
)
#: the deck of rules v1 (its logs fold with it)
V1_OPTIONS = OPTIONS[:13]
#: options used instead of the main laser, at the robot it would hit
LASER_SUBSTITUTES = (RADIO, SCRAMBLER, PRESSOR, TRACTOR, HOWITZER)
MAX_HELD = 3
#: how much an option card holds before it is used up and discarded: the damage an
#: Ablative Coat soaks, the shots of a Mini Howitzer
CHARGES = {ABLATIVE: 3, HOWITZER: 5}

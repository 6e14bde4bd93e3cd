"""Shared builders for the Powerball tests: hand-made states on the arena floor,
loaded dice, and a table to run rules steps on.

A uniquely named module (not conftest) so other games' test helpers never shadow it."""

from __future__ import annotations

from dataclasses import replace

from engine.games.powerball.board import DIRS, floor
from engine.games.powerball.fold import initial
from engine.games.powerball.state import State, change
from engine.games.powerball.table import Table
from tests.engine.games.loaded_dice import LoadedDice

ARENA = floor("arena")
N, E, S, W = range(4)


def sq(x: int, y: int) -> int:
    return y * ARENA.size + x


def xy(square: int) -> tuple[int, int]:
    return ARENA.xy(square)


def blank(seats: int = 2, phase: int = 1, round_: int = 1, **options) -> State:
    """A state mid-turn with every robot off the board and nothing programmed."""
    state = initial({"seats": [{}] * seats, "options": options})
    return replace(state, round=round_, phase=phase, stage="phase", option_deck=())


def put(state: State, seat: int, x: int, y: int, facing: int = N, **fields) -> State:
    return change(state, seat, sq=sq(x, y), facing=facing, died=0, **fields)


def program(state: State, seat: int, *cards: int) -> State:
    """Fill the robot's registers (and mark it programmed)."""
    registers = tuple(cards) + (0,) * (5 - len(cards))
    return change(state, seat, registers=registers, programmed=True)


def fold(state: State, kind: str, **data) -> State:
    """``state`` after one event of type ``kind`` with ``data``, as the log folds it."""
    from engine.events import Event
    from engine.games.powerball.fold import evolve

    return evolve(state, Event(kind, data))


def table(state: State, *dice: int) -> Table:
    return Table(state, LoadedDice(dice))


def facing_name(d: int) -> str:
    return DIRS[d]


def types(t: Table) -> list[str]:
    return [e.type for e in t.events]


def events(t: Table, kind: str) -> list[dict]:
    """The data of the events of type ``kind`` the rules told so far."""
    return [e.data for e in t.events if e.type == kind]


# one card of each kind, by priority
U_TURN, LEFT, RIGHT, BACK = 10, 70, 80, 430
MOVE1, MOVE1_HI, MOVE2, MOVE3 = 490, 660, 670, 790


def at(t: Table, seat: int) -> tuple[int, int, int] | None:
    """Where ``seat``'s robot stands and faces, ``(x, y, facing)``; None once destroyed."""
    robot = t.state.robots[seat]
    return (*xy(robot.sq), robot.facing) if robot.alive else None


def custom_floor(**elements):
    """A 12x12 floor with only the given elements (lists as in the JSON format);
    flags default to the arena's so respawns work."""
    from engine.games.powerball.board import parse_floor

    data = {
        "name": "test",
        "title": "test",
        "size": 12,
        "spawns": [[0, 0]] * 20,
        "pits": [],
        "flags": [
            {"number": 1, "at": [2, 2], "arrow": "E"},
            {"number": 2, "at": [9, 2], "arrow": "S"},
            {"number": 3, "at": [9, 9], "arrow": "W"},
            {"number": 4, "at": [2, 9], "arrow": "N"},
        ],
        "wrenches": [],
        "belts": [],
        "gears": [],
        "pushers": [],
        "lasers": [],
        "walls": [],
    }
    data.update(elements)
    return parse_floor(data)


def on(floor_, state: State, *dice: int) -> Table:
    """A table over ``state`` played on ``floor_``."""
    t = table(state, *dice)
    t.floor = floor_
    return t


def run_step(t: Table, name: str, actions=None) -> bool:
    from engine.games.powerball.phases import STEPS

    return STEPS[name][0](t, actions)


EMPTY_FLOOR = custom_floor()
#: an empty floor but for one pit, at (6, 6)
PIT_FLOOR = custom_floor(pits=[[6, 6]])

"""Building Cascade Effect positions for rule tests, and playing one decision."""

from __future__ import annotations

from dataclasses import replace

from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.board import square
from engine.games.cascade_effect.cards import DECK
from engine.games.cascade_effect.fold import evolve, initial
from engine.games.cascade_effect.state import State, set_item
from tests.engine.games.loaded_dice import LoadedDice

N, E, S, W = 0, 1, 2, 3


def sq(col: int, row: int) -> int:
    """A square by the rulebook-style 1-based (column, row) the dice would name."""
    return square(col - 1, row - 1)


def position(seats: int = 4, centre: int = 2, round_: int = 1, deck=DECK) -> State:
    """A match under way: the structure at ``centre``, robots in their start zones
    (R1 on the red bridge, B1 on the blue bridge, R2 and B2 parked), R1 to declare."""
    state = initial({"seats": [{"bot": "x"}] * seats})
    places = {0: (sq(1, 1), S), 1: (sq(6, 1), S), 2: (sq(1, 6), N), 3: (sq(6, 6), N)}
    robots = tuple(replace(r, sq=places[r.id][0], facing=places[r.id][1]) for r in state.robots)
    order = (0, 1, 2, 3) if seats > 2 else (0, 1)
    return replace(
        state,
        phase="play",
        position=centre,
        robots=robots,
        deck=tuple(deck),
        order=order,
        index=0,
        round=round_,
        step="declare",
        placing=4,
    )


def put(state: State, robot: int, at: int, facing: int, goal: int = -1, **fields) -> State:
    """Robot ``robot`` on ``at`` facing ``facing``, attached to ``goal`` if given."""
    r = replace(state.robots[robot], sq=at, facing=facing, goal=goal, **fields)
    state = replace(state, robots=set_item(state.robots, robot, r))
    if goal >= 0:
        g = replace(state.goals[goal], sq=at, robot=robot)
        state = replace(state, goals=set_item(state.goals, goal, g))
    return state


def move_goal(state: State, goal: int, at: int, cm: int = 0) -> State:
    g = replace(state.goals[goal], sq=at, cm=cm)
    return replace(state, goals=set_item(state.goals, goal, g))


def turn_of(state: State, robot: int, step: str = "declare", die: int = 0) -> State:
    return replace(state, index=state.order.index(robot), step=step, die=die)


def act(state: State, action, dice=(), below=()):
    """The active robot's seat plays ``action`` with the given dice: the events
    and the state after them."""
    seat = GAME.pending(state)[0].seat
    events = GAME.resolve(state, {seat: action}, LoadedDice(dice, below))
    for event in events:
        state = evolve(state, event)
    return state, events


def types(events) -> list[str]:
    return [e.type for e in events]


def legal(state: State) -> list:
    return GAME.pending(state)[0].legal


def declared(state: State) -> list[str]:
    """What the robot whose turn it is may declare (each legal action's ``do``)."""
    return [a["do"] for a in legal(state)]


# goal ids: red 30, 60, 90 are 0, 1, 2; blue 30, 60, 90 are 3, 4, 5
RED30, RED60, RED90, BLUE30, BLUE60, BLUE90 = range(6)
#: an empty square in the south middle, clear of zones, goals and the structure
OPEN_SQUARE = sq(3, 6)

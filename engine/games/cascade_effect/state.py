"""The immutable state of a Cascade Effect match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.states import revise

TELEOP_ROLLS = 18
ENDGAME_ROLLS = 6
ROUNDS = TELEOP_ROLLS + ENDGAME_ROLLS
#: in the 2-player game an unused robot jumps on its player's every JUMP_EVERY-th turn
JUMP_EVERY = 4

#: robot ids: red 1, blue 1, red 2, blue 2 (the alliance of robot ``r`` is ``r % 2``)
ROBOTS = 4
#: the seat driving each robot, by seat count; -1 is the 2-player game's unused piece.
#: An alliance's seats are consecutive (red first), as the tournaments' teams are.
CONTROLLERS = {2: (0, 1, -1, -1), 3: (0, 1, 0, 2), 4: (0, 2, 1, 3)}
#: who places each robot at the start (the unused pieces: their colour's player)
PLACERS = {2: (0, 1, 0, 1), 3: (0, 1, 0, 2), 4: (0, 2, 1, 3)}


@dataclass(frozen=True)
class Robot:
    id: int
    seat: int  # -1: an unused piece (2-player game)
    sq: int = -1  # -1 until placed
    facing: int = 0  # 0 N, 1 E, 2 S, 3 W
    goal: int = -1  # the attached rolling goal, -1 none
    turns: int = 0  # counted turns taken (a robot's rolls)
    scored_last: bool = False  # its last turn scored balls
    primed: bool = False  # rolled the 5 at its short side last turn
    skips: int = 0  # turns it must lose
    extra: bool = False  # rules v1 only: an overdrive turn is owed after this one
    boost: int = 0  # moves an Overdrive card adds to its next turn

    @property
    def alliance(self) -> int:
        return self.id % 2


@dataclass(frozen=True)
class Goal:
    id: int
    alliance: int
    size: int  # tube height in cm: 30, 60 or 90
    sq: int  # where it stands (its robot's square while attached)
    cm: int = 0
    robot: int = -1  # the robot attached to it


@dataclass(frozen=True)
class State:
    seats: int
    phase: str = "setup"  # setup | place | play | over
    position: int = 0  # the centre structure's position, 1..3
    robots: tuple[Robot, ...] = ()
    goals: tuple[Goal, ...] = ()
    fallen: tuple[bool, bool] = (False, False)  # kickstands north, south
    centre_cm: tuple[int, int] = (0, 0)  # red, blue
    penalties: tuple[int, int] = (0, 0)  # penalty points each alliance received
    deck: tuple[str, ...] = ()  # face down, top first (secret)
    discard: tuple[str, ...] = ()  # drawn cards, oldest first
    placing: int = 0  # the robot to place next
    order: tuple[int, ...] = ()  # robots taking turns, in turn order
    index: int = 0  # into order: whose turn
    round: int = 0
    step: str = ""  # declare | move
    declared: str = ""
    target: int = -1  # the declared action's goal, kickstand or square
    die: int = 0
    extra_turn: bool = False  # rules v1 only: the turn under way is an overdrive turn
    bonus_moves: int = 0  # Overdrive's moves for the turn under way, on top of the die
    last_card: str = ""
    result: str = ""

    @property
    def active(self) -> Robot:
        return self.robots[self.order[self.index]]

    @property
    def endgame(self) -> bool:
        return self.round > TELEOP_ROLLS


def set_item(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def with_robot(state: State, robot: Robot) -> State:
    return revise(state, robots=set_item(state.robots, robot.id, robot))


def with_goal(state: State, goal: Goal) -> State:
    return revise(state, goals=set_item(state.goals, goal.id, goal))


def robot_at(state: State, sq: int) -> Robot | None:
    for robot in state.robots:
        if robot.sq == sq:
            return robot
    return None


def loose_goal_at(state: State, sq: int) -> Goal | None:
    """A rolling goal standing on its own (no robot attached) on ``sq``."""
    for goal in state.goals:
        if goal.sq == sq and goal.robot < 0:
            return goal
    return None


def alliance_of_seat(state: State, seat: int) -> int:
    """Red holds the first half of the seats (rounded down), blue the rest."""
    return 0 if seat < state.seats // 2 else 1

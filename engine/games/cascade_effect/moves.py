"""What the robot whose turn it is may declare, what each roll needs, and where
a move can take it."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from functools import cache
from typing import Any

from engine.game import listed
from engine.games.cascade_effect.board import (
    CENTRE_HEIGHT,
    PARK_APPROACH,
    RAMP_START,
    SQUARES,
    ZONE_OF,
    ahead,
    kickstand_squares,
    neighbours,
    short_side,
    structure,
)
from engine.games.cascade_effect.state import Robot, State, loose_goal_at, robot_at

#: the lowest roll that attaches to a tube of each height (rule 5)
ATTACH_NEEDS = {30: 1, 60: 3, 90: 4}
KICKSTAND_NEEDS = 3
BRIDGE_OFF_NEEDS = 2


def succeeds(state: State, robot: Robot, do: str, target: int, die: int) -> bool:
    """Does ``die`` (1-5) do the declared action? Thresholds from rules 5, 6, 8-10."""
    carrying = robot.goal >= 0
    if do == "attach":
        return die >= ATTACH_NEEDS[state.goals[target].size]
    if do == "kickstand":
        return die >= KICKSTAND_NEEDS
    if do == "climb":
        return die == 5 if carrying else die >= 4
    if do == "park":
        return die >= 3 if carrying else die >= 2
    if do == "align":
        return die == 5
    return do in ("score", "centre")


def detach_squares(state: State, robot: Robot) -> list[int]:
    """Where a robot may leave its goal (no roll: "simply announce" it): where it
    stands, or any free square beside it. [reconstructed] not into a zone the
    robot is not in: a goal enters a zone only hooked to its robot."""
    out = [robot.sq]
    for sq in neighbours(robot.sq):
        if (
            sq not in structure(state.position)
            and robot_at(state, sq) is None
            and loose_goal_at(state, sq) is None
            and ZONE_OF[sq] in (None, ZONE_OF[robot.sq])
        ):
            out.append(sq)
    return sorted(out)


def room(state: State, goal_id: int) -> int:
    goal = state.goals[goal_id]
    return goal.size - goal.cm


def centre_room(state: State, alliance: int) -> int:
    return CENTRE_HEIGHT - state.centre_cm[alliance]


def can_score(state: State, robot: Robot) -> bool:
    """Rule 7 and the bullets: attached, a kickstand down, not off the ramp,
    not scored on its last turn, and room left in the tube."""
    zone = ZONE_OF[robot.sq]
    return (
        robot.goal >= 0
        and any(state.fallen)
        and not robot.scored_last
        and (zone is None or zone[0] != "ramp")
        and room(state, robot.goal) > 0
    )


def declarations(state: State) -> list[dict[str, Any]]:
    """Every declaration open to the active robot, ``move`` first."""
    robot = state.active
    out: list[dict[str, Any]] = [
        {"do": "move"}
    ]  # fresh each time: a bot may keep or change what it is given
    if robot.goal >= 0:
        out += [{"do": "detach", "to": sq} for sq in detach_squares(state, robot)]
        if can_score(state, robot):
            out.append({"do": "score"})
    else:
        front = ahead(robot.sq, robot.facing)
        goal = loose_goal_at(state, front) if front is not None else None
        if goal is not None and goal.alliance == robot.alliance:
            out.append({"do": "attach", "goal": goal.id})
    for stand in (0, 1):
        if not state.fallen[stand] and robot.sq in kickstand_squares(state.position, stand):
            out.append({"do": "kickstand", "stand": stand})
    if state.endgame:
        out += endgame_declarations(state, robot)
    return out


def endgame_declarations(state: State, robot: Robot) -> list[dict[str, Any]]:
    """Rules 8-10: the bridge, the parking zone and the centre goal."""
    out = []
    a = robot.alliance

    def free(sq: int) -> bool:  # as for any move: no robot, no loose goal
        return robot_at(state, sq) is None and loose_goal_at(state, sq) is None

    ramp = RAMP_START[a].get(robot.sq)
    if ramp is not None and free(ramp):
        out.append({"do": "climb", "to": ramp})
    for zone_sq in PARK_APPROACH[a].get(robot.sq, ()):
        if free(zone_sq):
            out.append({"do": "park", "to": zone_sq})
    if centre_room(state, a) > 0:
        if robot.primed:
            out.append({"do": "centre"})
        elif (robot.sq, robot.facing) == short_side(state.position, a):
            out.append({"do": "align"})
    return out


#: a robot's square and facing
Pose = tuple[int, int]


def target_of(action: dict[str, Any]) -> int:
    for key in ("goal", "stand", "to"):
        if key in action:
            return int(action[key])
    return -1


# -- moving ------------------------------------------------------------------------
def can_step(robot: Robot, here: int, there: int, die: int) -> bool:
    """Zone rules of a single step: the own ramp and parking zone are entered only
    by the climb and park actions; leaving any ramp needs a roll of 2+."""
    zone_here, zone_there = ZONE_OF[here], ZONE_OF[there]
    if zone_there is not None and zone_there[1] == robot.alliance and zone_there != zone_here:
        return False
    if zone_here is not None and zone_here[0] == "ramp" and zone_there != zone_here:
        return die >= BRIDGE_OFF_NEEDS
    return True


def taken_squares(state: State, robot: Robot) -> frozenset[Any]:
    """Squares another robot or a loose goal stands on (the structure aside)."""
    return frozenset(
        [r.sq for r in state.robots if r.id != robot.id and r.sq >= 0]
        + [g.sq for g in state.goals if g.robot < 0]
    )


def pose_distances(
    robot: Robot,
    starts: Iterable[Pose],
    blocked: AbstractSet[int],
    die: int,
    limit: int | None = None,
    backward: bool = False,
) -> dict[Pose, int]:
    """(square, facing) -> fewest moves from ``starts`` (to them, if ``backward``),
    at most ``limit`` moves, never through a ``blocked`` square. A move is a step
    forward or back, or a quarter turn in place; ``die`` decides the ramp rule."""
    dist = {pose: 0 for pose in starts}
    frontier = list(dist)
    spent = 0
    steps = _steps(robot.alliance, die >= BRIDGE_OFF_NEEDS, backward)
    while frontier and (limit is None or spent < limit):
        spent += 1
        nxt = []
        for sq, facing in frontier:
            poses = [(sq, (facing + 1) % 4), (sq, (facing + 3) % 4)]
            for heading in (facing, (facing + 2) % 4):
                other = steps[sq * 4 + heading]
                if other is not None and other not in blocked:
                    poses.append((other, facing))
            for pose in poses:
                if pose not in dist:
                    dist[pose] = spent
                    nxt.append(pose)
        frontier = nxt
    return dist


@cache
def _steps(alliance: int, off_ramp: bool, backward: bool) -> tuple[Any, ...]:
    """At ``sq * 4 + heading``: the square a step that way reaches (or, backward,
    comes from) when the zone rules let an ``alliance`` robot take it with a roll
    that may (``off_ramp``) or may not leave a ramp, else ``None``: ``can_step``
    worked out once for every square instead of at every step of every search."""
    robot = Robot(alliance, -1)  # (its id gives its alliance, all can_step reads)
    die = BRIDGE_OFF_NEEDS if off_ramp else BRIDGE_OFF_NEEDS - 1
    out: list[int | None] = []
    for sq in range(SQUARES):
        for heading in range(4):
            other = ahead(sq, heading)
            if other is None:
                out.append(None)
                continue
            here, there = (other, sq) if backward else (sq, other)
            out.append(other if can_step(robot, here, there, die) else None)
    return tuple(out)


def reachable(state: State, robot: Robot, die: int, bonus: int = 0) -> dict[Pose, int]:
    """Every pose ``robot`` can reach with ``die`` moves and ``bonus`` more (an
    Overdrive card) -> the moves it takes. The ramp rule reads the die alone."""
    blocked = taken_squares(state, robot) | frozenset(structure(state.position))
    return pose_distances(robot, [(robot.sq, robot.facing)], blocked, die, limit=die + bonus)


def move_actions(state: State) -> list[dict[str, Any]]:
    """Every destination and facing the active robot can reach with the die."""
    poses = reachable(state, state.active, state.die, state.bonus_moves)
    return [{"do": "move", "to": sq, "facing": f} for sq, f in sorted(poses)]


def accepts_move(state: State, action: object) -> bool:
    """Is ``action`` one of ``move_actions(state)``? The reachable poses are
    looked up, not sorted and made into actions (``Game.pending_unlisted``); an
    action of an odd shape (a square that is not an integer) asks the list."""
    if type(action) is not dict or action.get("do") != "move":
        return False
    to, facing = action.get("to"), action.get("facing")
    if type(to) is not int or type(facing) is not int:
        return listed(action, move_actions(state))
    if (to, facing) not in reachable(state, state.active, state.die, state.bonus_moves):
        return False
    return listed(action, [{"do": "move", "to": to, "facing": facing}])

"""Step D: board lasers, robot lasers, and what a robot may do instead of firing
(throw a ball, or use a laser-substitute option)."""

from __future__ import annotations

from typing import Any

from engine.games.powerball.cards import (
    DOUBLE,
    FIRE_CONTROL,
    HIGH_POWER,
    HOWITZER,
    PRESSOR,
    RADIO,
    REAR,
    SCRAMBLER,
    TRACTOR,
)
from engine.games.powerball.events import RADIO_CONTROLLED, SCRAMBLED, THROWN
from engine.games.powerball.harm import damage, discard_option, use_charge
from engine.games.powerball.motion import step
from engine.games.powerball.state import (
    acting,
    has,
    is_turret,
    occupants,
    robot_at,
    spare_cards,
)
from engine.games.powerball.table import Table

LASER = {"do": "laser"}
TURRET_RANGE = 4
TURRET_DAMAGE = 2
THROW_MIN = 2  # a throw needs at least one square between thrower and target


def sight(
    t: Table, sq: int, d: int, reach: int = 99, from_here: bool = False
) -> tuple[int, int] | None:
    """The first robot seen from ``sq`` towards ``d`` within ``reach`` squares, as
    ``(seat, distance)``, or ``None``: walls stop the view."""
    if from_here:
        robot = robot_at(t.state, sq)
        if robot is not None:
            return robot.seat, 0
    seat_on = occupants(t.state).get
    for distance, here in enumerate(t.floor.sights[sq * 4 + d], 1):
        seat = seat_on(here)
        if seat is not None:
            # the first robot in line hides any behind it, so past ``reach`` none is seen
            return (seat, distance) if distance <= reach else None
    return None


def beam(t: Table, sq: int, d: int, through: bool) -> list[int]:
    """The robots a robot's laser hits from ``sq`` towards ``d``: the first one in
    line; ``through`` (a High-Powered Laser) passes one wall or one robot, and the
    robot passed through is hit too."""
    hits: list[Any] = []
    here, passes = sq, 1 if through else 0
    seat_on = occupants(t.state).get
    while True:
        ahead = t.floor.open_edge(here, d)
        if ahead is None:
            ahead = t.floor.step(here, d) if passes else None  # through a wall, not the edge
            if ahead is None:
                return hits
            passes -= 1
        here = ahead
        seat = seat_on(here)
        if seat is not None:
            hits.append(seat)
            if not passes:
                return hits
            passes -= 1


def fire_choices(t: Table, seat: int) -> list[dict[str, Any]]:
    """What the robot may do in this laser step; the laser (default) first."""
    state = t.state
    robot = state.robots[seat]
    if not acting(state, robot):
        return []
    out: list[dict[str, Any]] = [LASER]
    if robot.balls:
        two = robot.balls >= 2 and has(state, robot, DOUBLE)
        for d in range(4):
            seen = sight(t, robot.sq, d)
            if seen is None or seen[1] < THROW_MIN:
                continue
            out.append({"do": "throw", "target": seen[0], "balls": 1})
            if has(state, robot, DOUBLE):
                out.append({"do": "throw", "target": seen[0], "balls": 1, "laser": True})
            if two:
                out.append({"do": "throw", "target": seen[0], "balls": 2})
    seen = sight(t, robot.sq, robot.facing)
    if seen is not None:
        target, distance = seen
        for option, do in (
            (RADIO, "radio"),
            (SCRAMBLER, "scramble"),
            (PRESSOR, "pressor"),
            (TRACTOR, "tractor"),
            (HOWITZER, "howitzer"),
        ):
            if not has(state, robot, option):
                continue
            if (do == "scramble" and state.phase == 5) or (do == "tractor" and distance < 2):
                continue
            out.append({"do": do, "target": target})
        if has(state, robot, FIRE_CONTROL):
            out += [
                {"do": "fire control", "target": target, "option": o}
                for o in state.robots[target].options
            ]
    return out


def throwable(t: Table, sq: int, d: int, target: int) -> bool:
    """Is ``target`` the first robot seen from ``sq`` towards ``d``, far enough to throw at?"""
    seen = sight(t, sq, d)
    return seen is not None and seen[0] == target and seen[1] >= THROW_MIN


def _direction(t: Table, a: int, b: int) -> int | None:
    """The direction from square ``a`` to square ``b`` when they share a line."""
    (ax, ay), (bx, by) = t.floor.xy(a), t.floor.xy(b)
    if ax == bx and ay != by:
        return 2 if by > ay else 0
    if ay == by and ax != bx:
        return 1 if bx > ax else 3
    return None


def lasers(t: Table, order: list[int], actions: dict[int, Any]) -> None:
    """Every laser fires at once: the hits are found first, then dealt in order
    (board lasers, then robots by this phase's priority)."""
    state = t.state
    hits = []
    for sq, d, beams in t.floor.lasers:
        seen = sight(t, sq, d, from_here=True)
        if seen is not None:
            hits.append((seen[0], beams, -1, "board laser", (d + 2) % 4))
    for seat in order:
        robot = state.robots[seat]
        if is_turret(state, robot):
            seen = sight(t, robot.sq, robot.facing, TURRET_RANGE)
            if seen is not None:
                hits.append((seen[0], TURRET_DAMAGE, seat, "turret", (robot.facing + 2) % 4))
            continue
        if not acting(state, robot):
            continue
        action = actions.get(seat, LASER)
        ahead = robot.facing
        if action["do"] == "laser" or action.get("laser"):
            shots = 2 if has(state, robot, DOUBLE) and action["do"] == "laser" else 1
            for target in beam(t, robot.sq, ahead, has(state, robot, HIGH_POWER)):
                hits.append((target, shots, seat, "laser", (ahead + 2) % 4))
        if has(state, robot, REAR):
            seen = sight(t, robot.sq, (ahead + 2) % 4)
            if seen is not None:
                hits.append((seen[0], 1, seat, "rear laser", ahead))
    for target, amount, by, source, side in hits:
        damage(t, target, amount, by, source, side)


def specials(t: Table, order: list[int], actions: dict[int, Any]) -> None:
    """Laser-substitute options, in priority order, on targets still standing."""
    for seat in order:
        action = actions.get(seat, LASER)
        do = action["do"]
        if do in ("laser", "throw"):
            continue
        state = t.state
        robot, target = state.robots[seat], state.robots[action["target"]]
        if not robot.alive or not target.alive:
            continue
        if do == "radio":
            t.emit(RADIO_CONTROLLED, {"robot": seat, "target": target.seat})
        elif do == "scramble":
            spare = spare_cards(state)
            if spare:
                t.emit(
                    SCRAMBLED,
                    {
                        "robot": seat,
                        "target": target.seat,
                        "register": state.phase + 1,
                        "card": t.rng.choice(spare),
                    },
                )
        elif do == "fire control":
            # the hit destroys one of the target's options instead of doing damage
            if action["option"] in target.options:
                discard_option(t, target.seat, action["option"], "fire control")
        else:
            d = _direction(t, robot.sq, target.sq)
            if d is None:
                continue
            step(t, target.seat, d if do != "tractor" else (d + 2) % 4, do, by=seat)
            if do == "howitzer":
                damage(t, target.seat, 1, seat, "howitzer", (d + 2) % 4)
                use_charge(t, seat, HOWITZER)


def throws(t: Table, order: list[int], actions: dict[int, Any]) -> None:
    """Balls thrown instead of (or, with Double Barrel, beside) the laser."""
    for seat in order:
        action = actions.get(seat, LASER)
        if action["do"] != "throw":
            continue
        state = t.state
        robot, target = state.robots[seat], state.robots[action["target"]]
        count = min(action["balls"], robot.balls)
        if not robot.alive or not target.alive or count < 1:
            continue
        d = _direction(t, robot.sq, target.sq)
        if d is None or not throwable(t, robot.sq, d, target.seat):
            continue  # moved out of line or too close (a Tractor Beam) since the choice
        hit = target.sq
        land = [hit]
        if count == 2:
            beyond = t.floor.open_edge(hit, d)
            land.append(beyond if beyond is not None else t.floor.step(hit, (d + 2) % 4))
        power = 3 if has(state, robot, HIGH_POWER) else 2
        damage(t, target.seat, power * count, seat, "ball", (d + 2) % 4)
        for _ in range(power * count):
            if not t.state.robots[target.seat].alive:
                break
            if not step(t, target.seat, d, "throw", by=seat):
                break
        # the balls come to rest where they hit once the target has been pushed off
        on_board = [sq for sq in land if sq not in t.floor.pits]
        t.emit(
            THROWN,
            {
                "robot": seat,
                "target": target.seat,
                "count": count,
                "land": on_board,
                "returned": count - len(on_board),
            },
        )

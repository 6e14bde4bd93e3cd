"""The powerball steps: spawning on wrenches, delivering into pits, reaching with a
Mechanical Arm, picking up at the end of a phase."""

from __future__ import annotations

from engine.games.powerball.cards import ARM, REVERSE
from engine.games.powerball.events import DELIVERED, SPAWNED
from engine.games.powerball.motion import pick_up
from engine.games.powerball.state import Robot, acting, capacity, has, robot_at
from engine.games.powerball.table import Table

SPAWN_DIE = 20


def spawn(t: Table) -> None:
    """Each wrench with a robot on it, in wrench-number order, rolls a d20 for a
    ball: the spawn square of that number, or the next free one (20 wraps to 1)."""
    f = t.floor
    for number, sq, _ in f.wrenches:
        robot = robot_at(t.state, sq)
        if robot is None or t.state.pool <= 0:
            continue
        roll = t.rng.die(SPAWN_DIE)
        taken = set(t.state.balls)
        count = len(f.spawns)
        slot = next(
            (
                ((roll - 1 + i) % count)
                for i in range(count)
                if f.spawns[(roll - 1 + i) % count] not in taken
            ),
            None,
        )
        if slot is None:
            continue
        t.emit(
            SPAWNED,
            {
                "wrench": number,
                "robot": robot.seat,
                "roll": roll,
                "slot": slot + 1,
                "sq": f.spawns[slot],
            },
        )


def delivery_pit(t: Table, robot: Robot) -> int | None:
    """The pit a robot could drop a ball into now: next to it, facing it (or facing
    away with Reverse Gear, either way with a Mechanical Arm), no wall between."""
    state = t.state
    sides: tuple[int, ...]
    if has(state, robot, ARM):
        sides = (0, 1, 2, 3)
    elif has(state, robot, REVERSE):
        sides = (robot.facing, (robot.facing + 2) % 4)
    else:
        sides = (robot.facing,)
    for d in sides:
        ahead = t.floor.open_edge(robot.sq, d)
        if ahead is not None and ahead in t.floor.pits:
            return ahead
    return None


def deliver(t: Table) -> None:
    """End of a step: each robot holding a ball delivers one if it can and has not
    yet this phase; an arm robot also reaches for a ball next to it."""
    # nothing in it changes who holds an arm: a robot without a ball or an arm has
    # nothing to do, and most have neither (it runs three times a phase)
    arm_for_all = ARM in t.state.community
    for seat in range(t.state.seats):
        robot = t.state.robots[seat]
        if not robot.balls and not arm_for_all and ARM not in robot.options:
            continue
        if not acting(t.state, robot):
            continue
        if robot.balls and robot.delivered_clock != t.state.clock:
            pit = delivery_pit(t, robot)
            if pit is not None:
                t.emit(DELIVERED, {"robot": seat, "pit": pit})
        reach(t, seat)


def reach(t: Table, seat: int) -> None:
    state = t.state
    robot = state.robots[seat]
    if not has(state, robot, ARM):
        return
    for d in range(4):
        robot = t.state.robots[seat]
        if not robot.pickup or robot.balls >= capacity(t.state, robot):
            return
        beside = t.floor.open_edge(robot.sq, d)
        if beside is not None and beside in t.state.balls:
            pick_up(t, seat, beside)


def phase_end_pickups(t: Table) -> None:
    """A ball that came to rest under a robot may be picked up before the next phase."""
    for seat in range(t.state.seats):
        robot = t.state.robots[seat]
        if robot.sq in t.state.balls:  # (a robot off the board, at -1, is on no ball)
            pick_up(t, seat, robot.sq)

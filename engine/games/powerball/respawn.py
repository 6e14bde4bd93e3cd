"""Destroyed robots come back on a flag rolled with a d4, facing as their seat
chooses; a robot already there is shifted along the flag's arrow."""

from __future__ import annotations

from engine.games.powerball.events import FLAG_ROLLED, ROBOT_PLACED
from engine.games.powerball.motion import arrived, place, push_line, pushed_to
from engine.games.powerball.state import is_turret, robot_at
from engine.games.powerball.table import Table

FLAG_DIE = 4


def waiting_to_respawn(t: Table) -> list[int]:
    """Destroyed robots, in the order they were destroyed."""
    dead = [r for r in t.state.robots if r.died and not r.alive]
    return [r.seat for r in sorted(dead, key=lambda r: r.died)]


def roll_flags(t: Table) -> list[int]:
    seats = waiting_to_respawn(t)
    for seat in seats:
        roll = t.rng.die(FLAG_DIE)
        t.emit(FLAG_ROLLED, {"robot": seat, "roll": roll, "flag": roll})
    return seats


def _make_room(t: Table, sq: int, arrow: int) -> bool:
    """Shift whatever stands on ``sq`` one square along the arrow (turning
    clockwise past a wall). Returns whether ``sq`` is free."""
    for turn in range(4):
        standing = robot_at(t.state, sq)
        if standing is None:
            return True
        d = (arrow + turn) % 4
        pushed = push_line(t, sq, d)
        if pushed is None or is_turret(t.state, standing):
            continue
        line = [standing.seat] + pushed
        for seat in reversed(line):
            robot = t.state.robots[seat]
            place(t, seat, pushed_to(t, robot.sq, d), robot.facing, "shift", arrive=False)
        for seat in line:
            arrived(t, seat)
        return robot_at(t.state, sq) is None
    return robot_at(t.state, sq) is None


def place_robots(t: Table, facings: dict[int, int]) -> None:
    """Put every rolled robot on its flag, in order of destruction. A flag held by
    a turret sends the robot one square along its arrow instead."""
    for seat in waiting_to_respawn(t):
        robot = t.state.robots[seat]
        if not robot.flag:
            continue
        sq, arrow = t.floor.flags[robot.flag - 1]
        holder = robot_at(t.state, sq)
        if holder is not None and is_turret(t.state, holder):
            ahead = t.floor.open_edge(sq, arrow)
            if ahead is None or ahead in t.floor.pits:
                continue
            sq = ahead
        if not _make_room(t, sq, arrow):
            continue  # boxed in: it tries again at the end of the next phase
        t.emit(
            ROBOT_PLACED,
            {
                "robot": seat,
                "sq": sq,
                "facing": facings.get(seat, arrow),
                "flag": robot.flag,
                "keeps_program": True,
            },
        )
        arrived(t, seat)

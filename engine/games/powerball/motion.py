"""Robots moving: card moves with pushing, belts, pushers, gears; what entering a
square does (pits destroy, balls are picked up); destruction and its credit."""

from __future__ import annotations

from engine.game import RulesError
from engine.games.powerball.cards import (
    BACK,
    BRAKES,
    CRAB,
    DUAL,
    FOURTH,
    GYRO,
    MOVE1,
    MOVE3,
    RAMMING,
    REVERSE,
    kind,
    steps_of,
    turn_of,
)
from engine.games.powerball.events import DESTROYED, MOVED, PICKED
from engine.games.powerball.state import Robot, State, capacity, has, is_turret, robot_at
from engine.games.powerball.table import Table

KILL_VP = 2


# -- entering squares ---------------------------------------------------------------
def place(
    t: Table, seat: int, sq: int, facing: int, why: str, by: int = -1, arrive: bool = True
) -> None:
    data = {"robot": seat, "sq": sq, "facing": facing, "why": why}
    if by >= 0:
        data["by"] = by
    t.emit(MOVED, data)
    if arrive:
        arrived(t, seat)


def arrived(t: Table, seat: int) -> None:
    """A robot entered its square: a pit destroys it, else it may pick up balls."""
    robot = t.state.robots[seat]
    if not robot.alive:
        return
    if robot.sq in t.floor.pits:
        destroy(t, seat, "pit")
    else:
        pick_up(t, seat, robot.sq)


def pick_up(t: Table, seat: int, sq: int) -> None:
    """Pick up the balls on ``sq`` while the seat's order says so and there is room."""
    state = t.state
    robot = state.robots[seat]
    # (the square's balls asked first: most squares entered have none)
    while sq in state.balls and robot.pickup and robot.balls < capacity(state, robot):
        t.emit(PICKED, {"robot": seat, "sq": sq})
        state = t.state
        robot = state.robots[seat]


# -- destruction -------------------------------------------------------------------------
def credit_for(state: State, robot: Robot, cause: str) -> int:
    """Who is credited with a death (-1: nobody).

    The last seat to push or shoot the robot in this same phase; failing that, for a
    fall into a pit, the seat whose Scrambler set this phase's card, then the seat
    running the robot by Radio Control."""
    if robot.hit_by >= 0 and robot.hit_clock == state.clock and robot.hit_by != robot.seat:
        return robot.hit_by
    if cause == "pit":
        if robot.scrambled_by >= 0 and robot.scrambled_clock == state.clock:
            return robot.scrambled_by
        if robot.radio_by >= 0:
            return robot.radio_by
    return -1


def drop_squares(t: Table, robot: Robot) -> list[int]:
    """Where a robot destroyed by damage drops its balls: the first on its square,
    each next one a square further along its facing (back the other way past a
    wall)."""
    out, here, d = [], robot.sq, robot.facing
    for i in range(robot.balls):
        if i:
            ahead = t.floor.open_edge(here, d)
            if ahead is None:
                d = (d + 2) % 4
                here = robot.sq
                ahead = t.floor.open_edge(here, d)
            here = ahead if ahead is not None else here
        out.append(here)
    return out


def destroy(t: Table, seat: int, cause: str) -> None:
    state = t.state
    robot = state.robots[seat]
    credit = credit_for(state, robot, cause)
    vp = 0
    if credit >= 0:
        vp = KILL_VP + (robot.balls if cause == "pit" else 0)
    drops = [] if cause == "pit" else drop_squares(t, robot)
    on_board = [sq for sq in drops if sq not in t.floor.pits]
    t.emit(
        DESTROYED,
        {
            "robot": seat,
            "cause": cause,
            "credit": credit,
            "vp": vp,
            "balls": robot.balls,
            "drops": on_board,
            "returned": robot.balls - len(on_board),
            # its seat names the option it loses with its respawn facing
            "owes": bool(robot.options),
        },
    )


# -- pushing ---------------------------------------------------------------------------
def push_line(t: Table, sq: int, d: int) -> list[int] | None:
    """The robots a move out of ``sq`` towards ``d`` pushes, nearest first, or
    ``None`` when a wall (or a turret) stops the whole line."""
    state, here = t.state, sq
    line: list[int] = []
    while True:
        ahead = t.floor.open_edge(here, d)
        if ahead is None:
            return None
        other = robot_at(state, ahead)
        if other is None:
            return line
        if is_turret(state, other):
            return None
        line.append(other.seat)
        here = ahead


def pushed_to(t: Table, sq: int, d: int) -> int:
    """Where a robot of a pushed line goes from ``sq`` towards ``d``: ``push_line``
    found the way open (the perimeter is a wall, so there is a square)."""
    to = t.floor.step(sq, d)
    if to is None:
        raise RulesError(f"square {sq} has no neighbour towards {d}")
    return to


def step(t: Table, seat: int, d: int, why: str, by: int = -1) -> bool:
    """Move a robot one square towards ``d``, pushing the line ahead of it.
    ``by`` is the seat credited with the pushes (the robot itself for card moves).
    Returns whether the robot moved and is still on the board."""
    robot = t.state.robots[seat]
    line = push_line(t, robot.sq, d)
    if line is None:
        return False
    rams = by >= 0 and has(t.state, t.state.robots[by], RAMMING)
    for other in reversed(line):
        pushed = t.state.robots[other]
        place(t, other, pushed_to(t, pushed.sq, d), pushed.facing, "push", by=by, arrive=False)
    place(
        t,
        seat,
        pushed_to(t, robot.sq, d),
        robot.facing,
        why,
        by=by if why != "card" else -1,
        arrive=False,
    )
    for other in line:
        arrived(t, other)
        if rams and t.state.robots[other].alive:
            from engine.games.powerball.harm import damage  # harm builds on motion

            damage(t, other, 1, by, "ramming", (d + 2) % 4)
    arrived(t, seat)
    return t.state.robots[seat].alive


def move_length(state: State, robot: Robot, k: str) -> int:
    """Squares a move card takes the robot (negative: backwards), its movement
    options counted: Fourth Gear (a move 3 moves 4), Reverse Gear (a back-up moves
    2) and Brakes (a move 1 moves 0 in the registers its seat chose)."""
    if k == MOVE3 and has(state, robot, FOURTH):
        return 4
    if k == BACK and has(state, robot, REVERSE):
        return -2
    if k == MOVE1 and state.phase in robot.brakes and has(state, robot, BRAKES):
        return 0
    return steps_of(k)


def run_card(t: Table, seat: int, card: int, pusher: int, paired: int = 0) -> None:
    """Carry out one program card for the robot ``seat`` (``pusher`` is credited
    with any robot it pushes), with the turn card ``paired`` beside it if any:
    Crab Legs make a Move 1 and a left or right turn one step sideways; Dual
    Processor makes a move and a turn one square shorter (two with a U-turn, as
    far as it goes), then the turn."""
    k = kind(card)
    robot = t.state.robots[seat]
    quarter = turn_of(k)
    if quarter:
        place(t, seat, robot.sq, (robot.facing + quarter) % 4, "card", arrive=False)
        return
    squares = move_length(t.state, robot, k)
    d = robot.facing if squares > 0 else (robot.facing + 2) % 4
    turn = turn_of(kind(paired)) if paired else 0
    if turn in (1, 3) and k == MOVE1 and has(t.state, robot, CRAB):
        step(t, seat, (robot.facing + turn) % 4, "card", by=pusher)
        return
    if turn and has(t.state, robot, DUAL):
        squares = max(0, abs(squares) - (2 if turn == 2 else 1))
    for _ in range(abs(squares)):
        if not step(t, seat, d, "card", by=pusher):
            break
    robot = t.state.robots[seat]
    if turn and robot.alive:
        place(t, seat, robot.sq, (robot.facing + turn) % 4, "card", arrive=False)


# -- board elements --------------------------------------------------------------------
def belts(t: Table, express_only: bool) -> None:
    """Belts move every robot on them one square at once; belts never push: a
    robot whose square is contested, or taken by a robot that stays, stays."""
    state, f = t.state, t.floor
    moves: dict[int, tuple[int, int]] = {}
    for robot in state.robots:
        # (a square asked first, in every loop of a phase over the robots: most are on
        # none of its kind, and a robot off the board, at -1, is on none)
        if robot.sq not in f.belts or has(state, robot, GYRO):
            continue
        if is_turret(state, robot):
            continue
        d, express = f.belts[robot.sq]
        if express_only and not express:
            continue
        to = f.open_edge(robot.sq, d)
        if to is None:
            continue
        facing = robot.facing
        if to in f.belts:
            turn = (f.belts[to][0] - d) % 4
            if turn in (1, 3):  # carried onto a curve: turn with it
                facing = (facing + turn) % 4
        moves[robot.seat] = (to, facing)
    _settle(state, moves)
    _apply(t, moves, "belt")


def _settle(state: State, moves: dict[int, tuple[int, int]]) -> None:
    """Cancel belt moves that conflict (every mover into a contested square, into a
    robot that stays, or head-on), until none does."""
    while True:
        targets: dict[int, int] = {}
        for to, _ in moves.values():
            targets[to] = targets.get(to, 0) + 1
        blocked = []
        for seat in sorted(moves):
            to = moves[seat][0]
            other = robot_at(state, to)
            if targets[to] > 1 or (
                other is not None
                and (other.seat not in moves or moves[other.seat][0] == state.robots[seat].sq)
            ):
                blocked.append(seat)
        if not blocked:
            return
        for seat in blocked:
            del moves[seat]


def _apply(t: Table, moves: dict[int, tuple[int, int]], why: str) -> None:
    """Emit simultaneous moves so no two robots ever share a square: a robot
    moves once its target square is free (the front of a line first)."""
    left = dict(moves)
    while left:
        ready = [s for s in sorted(left) if robot_at(t.state, left[s][0]) is None]
        for seat in ready or sorted(left):
            to, facing = left.pop(seat)
            place(t, seat, to, facing, why, arrive=False)
    for seat in sorted(moves):
        arrived(t, seat)


def pushers(t: Table, register: int) -> None:
    for sq, (d, active) in sorted(t.floor.pushers.items()):
        robot = robot_at(t.state, sq)
        if register in active and robot is not None and not is_turret(t.state, robot):
            step(t, robot.seat, d, "pusher")


def gears(t: Table) -> None:
    state = t.state
    for robot in state.robots:
        if robot.sq in t.floor.gears and not has(state, robot, GYRO):  # (as in belts)
            turn = t.floor.gears[robot.sq]
            place(t, robot.seat, robot.sq, (robot.facing + turn) % 4, "gear", arrive=False)

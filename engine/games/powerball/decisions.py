"""What each seat may answer at each stage, as legal lists (the program, checked
instead, is in ``programs``)."""

from __future__ import annotations

from typing import Any

from engine.games.powerball import bombs
from engine.games.powerball.board import DIRS
from engine.games.powerball.fire import LASER, fire_choices
from engine.games.powerball.state import State, can_hold
from engine.games.powerball.table import Table
from engine.games.powerball.turn import on_flags


def fire_legal(state: State, seat: int) -> list[dict[str, Any]]:
    return fire_choices(Table.reading(state), seat) or [LASER]


def respawn_legal(state: State, seat: int, arrow: str) -> list[dict[str, Any]]:
    """A facing (the flag's arrow first); a destroyed robot's seat also names the
    option it loses (its newest first)."""
    facings = [arrow] + [d for d in DIRS if d != arrow]
    robot = state.robots[seat]
    if not (robot.owes and robot.options):
        return [{"facing": d} for d in facings]
    return [{"facing": d, "discard": o} for o in reversed(robot.options) for d in facings]


def bomb_legal(state: State, seat: int) -> list[dict[str, Any]]:
    t = Table.reading(state)
    return [{"sq": sq} for sq in bombs.free_squares_beside(t, state.robots[seat].sq)]


def trade_legal(state: State, seat: int) -> list[dict[str, Any]]:
    if state.trade == "flag":
        return flag_trades(state, seat)
    return shuffle_trades(state, seat)


def flag_trades(state: State, seat: int) -> list[dict[str, Any]]:
    """Two robots on flags: swap a community option for another player's, or
    steal another player's (not from the other robot on a flag), or pass."""
    flagged = set(on_flags(Table.reading(state)))
    out: list[dict[str, Any]] = [{"do": "pass"}]
    room = can_hold(state.robots[seat])
    for other in state.robots:
        if other.seat == seat:
            continue
        for option in other.options:
            if room and other.seat not in flagged:
                out.append({"do": "steal", "from": other.seat, "option": option})
            for common in state.community:
                out.append(
                    {"do": "replace", "community": common, "from": other.seat, "option": option}
                )
    return out


def shuffle_trades(state: State, seat: int) -> list[dict[str, Any]]:
    """Option Shuffle: the first offered card is kept, traded with a player not on
    a flag, traded with the community, or discarded."""
    option = state.offered[0]
    flagged = set(on_flags(Table.reading(state)))
    room = can_hold(state.robots[seat])
    out: list[dict[str, Any]] = [{"do": "keep", "option": option}] if room else []
    out.append({"do": "discard", "option": option})
    if not room:
        return out
    for other in state.robots:
        if other.seat != seat and other.seat not in flagged:
            out += [
                {"do": "trade", "option": option, "with": other.seat, "for": x}
                for x in other.options
            ]
    out += [{"do": "community", "option": option, "for": c} for c in state.community]
    return out

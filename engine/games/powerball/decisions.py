"""What each seat may answer at each stage: legal lists, and the program checker
(5 of up to 10 cards is too many programs to list)."""

from __future__ import annotations

from typing import Callable

from engine.games.powerball import bombs
from engine.games.powerball.board import DIRS
from engine.games.powerball.fire import LASER, fire_choices
from engine.games.powerball.state import State, can_hold, locked_from
from engine.games.powerball.table import Table
from engine.games.powerball.turn import on_flags

PROGRAM_KEYS = {"cards", "power_down", "pickup"}


def program_size(state: State, seat: int) -> int:
    """How many cards the seat must program: its unlocked registers, if dealt."""
    robot = state.robots[seat]
    return min(locked_from(robot.damage), len(robot.hand))


def default_program(state: State, seat: int) -> dict:
    hand = state.robots[seat].hand
    return {"cards": list(hand[: program_size(state, seat)]), "power_down": False, "pickup": True}


def program_checker(state: State, seat: int) -> Callable[[object], str | None]:
    hand = set(state.robots[seat].hand)
    size = program_size(state, seat)

    def check(action) -> str | None:
        if type(action) is not dict or set(action) != PROGRAM_KEYS:
            return 'a program is {"cards": [...], "power_down": bool, "pickup": bool}'
        cards = action["cards"]
        if type(cards) is not list or len(cards) != size:
            return f"program exactly {size} card(s), one per unlocked register"
        if any(type(c) is not int for c in cards):
            return "cards are named by their priority (an integer)"
        if len(set(cards)) != len(cards):
            return "a card can fill only one register"
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"card {missing[0]} is not in your hand"
        if type(action["power_down"]) is not bool or type(action["pickup"]) is not bool:
            return "power_down and pickup are true or false"
        return None

    return check


def fire_legal(state: State, seat: int) -> list[dict]:
    return fire_choices(Table.reading(state), seat) or [LASER]


def facing_legal() -> list[dict]:
    return [{"facing": d} for d in DIRS]


def bomb_legal(state: State, seat: int) -> list[dict]:
    t = Table.reading(state)
    return [{"sq": sq} for sq in bombs.free_squares_beside(t, state.robots[seat].sq)]


def trade_legal(state: State, seat: int) -> list[dict]:
    if state.trade == "flag":
        return flag_trades(state, seat)
    return shuffle_trades(state, seat)


def flag_trades(state: State, seat: int) -> list[dict]:
    """Two robots on flags: swap a community option for another player's, or
    steal another player's (not from the other robot on a flag), or pass."""
    flagged = set(on_flags(Table.reading(state)))
    out: list[dict] = [{"do": "pass"}]
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


def shuffle_trades(state: State, seat: int) -> list[dict]:
    """Option Shuffle: the first offered card is kept, traded with a player not on
    a flag, traded with the community, or discarded."""
    option = state.offered[0]
    flagged = set(on_flags(Table.reading(state)))
    room = can_hold(state.robots[seat])
    out: list[dict] = [{"do": "keep", "option": option}] if room else []
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

"""What each seat may answer at each stage: legal lists, and the program checker
(5 of up to 10 cards is too many programs to list)."""

from __future__ import annotations

from typing import Callable

from engine.games.powerball import bombs
from engine.games.powerball.board import DIRS
from engine.games.powerball.cards import BRAKES, FLYWHEEL
from engine.games.powerball.fire import LASER, fire_choices
from engine.games.powerball.state import REGISTERS, State, can_hold, has, locked_from
from engine.games.powerball.table import Table
from engine.games.powerball.turn import on_flags

PROGRAM_KEYS = {"cards", "power_down", "pickup"}
#: orders a program may add for the options the robot has (each may be left out)
PROGRAM_EXTRAS = {"armour", "brakes", "flywheel"}


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
        if type(action) is not dict or not PROGRAM_KEYS <= set(action) <= (
            PROGRAM_KEYS | PROGRAM_EXTRAS
        ):
            return (
                'a program is {"cards": [...], "power_down": bool, "pickup": bool}, '
                'and may add "armour", "brakes" and "flywheel"'
            )
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
        return check_extras(state, seat, action)

    return check


def check_extras(state: State, seat: int, action: dict) -> str | None:
    """The option orders a program may carry: ``armour``, the robot's own options
    it discards against damage this turn (one per point, in this order);
    ``brakes``, the registers (1-5) whose Move 1 its Brakes hold to 0;
    ``flywheel``, a card of the hand left out of the program, kept for next turn."""
    robot = state.robots[seat]
    armour = action.get("armour", [])
    if type(armour) is not list or len(set(map(str, armour))) != len(armour):
        return "armour is a list of distinct options"
    if any(o not in robot.options for o in armour):
        return "armour lists only options your robot holds"
    brakes = action.get("brakes", [])
    if type(brakes) is not list or any(type(r) is not int for r in brakes):
        return "brakes is a list of register numbers"
    if brakes and not has(state, robot, BRAKES):
        return "your robot has no Brakes"
    if any(not 1 <= r <= REGISTERS for r in brakes) or len(set(brakes)) != len(brakes):
        return "brakes names distinct registers 1 to 5"
    if "flywheel" in action:
        card = action["flywheel"]
        if not has(state, robot, FLYWHEEL):
            return "your robot has no Flywheel"
        if type(card) is not int or card not in robot.hand or card in action["cards"]:
            return "flywheel keeps one card of your hand that is not in the program"
    return None


def fire_legal(state: State, seat: int) -> list[dict]:
    return fire_choices(Table(state, None), seat) or [LASER]


def respawn_legal(state: State, seat: int, arrow: str) -> list[dict]:
    """A facing (the flag's arrow first); a destroyed robot's seat also names the
    option it loses (its newest first)."""
    facings = [arrow] + [d for d in DIRS if d != arrow]
    robot = state.robots[seat]
    if not (robot.owes and robot.options):
        return [{"facing": d} for d in facings]
    return [{"facing": d, "discard": o} for o in reversed(robot.options) for d in facings]


def bomb_legal(state: State, seat: int) -> list[dict]:
    t = Table(state, None)
    return [{"sq": sq} for sq in bombs.free_squares_beside(t, state.robots[seat].sq)]


def trade_legal(state: State, seat: int) -> list[dict]:
    if state.trade == "flag":
        return flag_trades(state, seat)
    return shuffle_trades(state, seat)


def flag_trades(state: State, seat: int) -> list[dict]:
    """Two robots on flags: swap a community option for another player's, or
    steal another player's (not from the other robot on a flag), or pass."""
    flagged = set(on_flags(Table(state, None)))
    out = [{"do": "pass"}]
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
    flagged = set(on_flags(Table(state, None)))
    room = can_hold(state.robots[seat])
    out = [{"do": "keep", "option": option}] if room else []
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

"""The program decision: what a seat may program (checked, not listed: 5 of up to
10 cards is too many programs to list), and the event that records it.

Besides its cards, a program may carry standing orders for its options, each
left out when unused: ``armour`` (its own options to discard against damage this
turn, one per point, in this order), ``brakes`` (registers 1-5 whose Move 1 its
Brakes hold to 0), ``flywheel`` (a hand card kept for the next hand), ``pairs``
(``[register, turn card]``: Crab Legs or Dual Processor) and ``park`` (a hand
card put on Conditional Program)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.powerball.cards import (
    BRAKES,
    CONDITIONAL,
    CRAB,
    DUAL,
    FLYWHEEL,
    LEFT,
    MOVE1,
    MOVES,
    RIGHT,
    TURNS,
    kind,
)
from engine.games.powerball.events import PROGRAM_SET
from engine.games.powerball.state import EMPTY, REGISTERS, State, has, locked_from
from engine.games.powerball.table import Table

PROGRAM_KEYS = {"cards", "power_down", "pickup"}
PROGRAM_EXTRAS = {"armour", "brakes", "flywheel", "pairs", "park"}
SHAPE = (
    'a program is {"cards": [...], "power_down": bool, "pickup": bool} and may add '
    '"armour", "brakes", "flywheel", "pairs" and "park"'
)


def program_size(state: State, seat: int) -> int:
    """How many cards the seat must program: its unlocked registers, if dealt."""
    robot = state.robots[seat]
    return min(locked_from(robot.damage), len(robot.hand))


def default_program(state: State, seat: int) -> dict[str, Any]:
    hand = state.robots[seat].hand
    return {"cards": list(hand[: program_size(state, seat)]), "power_down": False, "pickup": True}


def program_checker(state: State, seat: int) -> Callable[[object], str | None]:
    hand = set(state.robots[seat].hand)
    size = program_size(state, seat)

    def check(action: object) -> str | None:
        if type(action) is not dict or not PROGRAM_KEYS <= set(action) <= (
            PROGRAM_KEYS | PROGRAM_EXTRAS
        ):
            return SHAPE
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
        if len(action) == len(PROGRAM_KEYS):
            return None  # no standing orders (most programs): nothing more to check
        return _check_orders(state, seat, action)

    return check


def _check_orders(state: State, seat: int, action: dict[str, Any]) -> str | None:
    robot = state.robots[seat]
    armour = action.get("armour", [])
    if type(armour) is not list or any(o not in robot.options for o in armour):
        return "armour lists options your robot holds"
    if len(set(armour)) != len(armour):
        return "armour names each option once"
    brakes = action.get("brakes", [])
    if type(brakes) is not list or any(type(r) is not int for r in brakes):
        return "brakes is a list of register numbers"
    if brakes and not has(state, robot, BRAKES):
        return "your robot has no Brakes"
    if any(not 1 <= r <= REGISTERS for r in brakes) or len(set(brakes)) != len(brakes):
        return "brakes names distinct registers 1 to 5"
    return _check_pairs(state, seat, action) or _check_spares(state, seat, action)


def _check_pairs(state: State, seat: int, action: dict[str, Any]) -> str | None:
    robot = state.robots[seat]
    pairs = action.get("pairs", [])
    if type(pairs) is not list or any(
        type(p) is not list or len(p) != 2 or any(type(x) is not int for x in p) for p in pairs
    ):
        return "pairs is a list of [register, card]"
    if pairs and not (has(state, robot, CRAB) or has(state, robot, DUAL)):
        return "pairing cards needs Crab Legs or Dual Processor"
    cards = action["cards"]
    if len({r for r, _ in pairs}) != len(pairs):
        return "a register takes one paired card"
    for register, card in pairs:
        if not 1 <= register <= len(cards):
            return f"register {register} is not one you program"
        if card not in robot.hand or card in cards:
            return f"the paired card {card} is not a spare card of your hand"
        first, second = kind(cards[register - 1]), kind(card)
        crab = first == MOVE1 and second in (LEFT, RIGHT) and has(state, robot, CRAB)
        dual = first in MOVES and second in TURNS and has(state, robot, DUAL)
        if not (crab or dual):
            return f"register {register}: pair a move with a turn your options allow"
    if len({c for _, c in pairs}) != len(pairs):
        return "a card can be paired only once"
    return None


def _check_spares(state: State, seat: int, action: dict[str, Any]) -> str | None:
    """Flywheel and Conditional Program each keep one spare card of the hand."""
    robot = state.robots[seat]
    used = set(action["cards"]) | {c for _, c in action.get("pairs", [])}
    for key, option in (("flywheel", FLYWHEEL), ("park", CONDITIONAL)):
        if key not in action:
            continue
        card = action[key]
        if not has(state, robot, option):
            return f"your robot has no {option.title()}"
        if type(card) is not int or card not in robot.hand or card in used:
            return f"{key} takes one card of your hand that you did not program"
        used.add(card)
    return None


def program_event(t: Table, seat: int, action: dict[str, Any]) -> None:
    """The program, secret to its seat; locked registers keep their cards (and
    their paired cards)."""
    robot = t.state.robots[seat]
    cards = list(action["cards"])
    registers = cards + list(robot.registers[len(cards) :])
    paired = [EMPTY] * len(cards) + list(robot.paired[len(cards) :])
    for register, card in action.get("pairs", []):
        paired[register - 1] = card
    data = {
        "seat": seat,
        "registers": registers,
        "pickup": action["pickup"],
        "power_down": action["power_down"],
    }
    if any(paired):
        data["paired"] = paired
    for key, field in (
        ("armour", "armour"),
        ("brakes", "brakes"),
        ("flywheel", "stored"),
        ("park", "parked"),
    ):
        if action.get(key):
            data[field] = action[key]
    t.emit(PROGRAM_SET, data, (seat,), {"seat": seat, "power_down": action["power_down"]})

"""Options that change a program while it runs: Conditional Program (a parked card
swapped in before a register is revealed) and Abort Switch (once a turn, a
revealed card and every later one replaced by cards from the deck)."""

from __future__ import annotations

from engine.games.powerball.cards import ABORT, CONDITIONAL
from engine.games.powerball.events import CARD_CHANGED
from engine.games.powerball.state import EMPTY, Robot, State, acting, has, locked_from, spare_cards
from engine.games.powerball.table import Table


def _own_program(state: State, robot: Robot) -> bool:
    return acting(state, robot) and robot.radio_by < 0


def swappers(t: Table) -> list[int]:
    """Seats whose parked card may replace the card of the register about to be
    revealed (one they programmed this turn: not a locked one)."""
    state = t.state
    k = state.phase  # index of the next register (none after phase 5: no register unlocked)
    return [
        r.seat
        for r in state.robots
        if r.parked
        and _own_program(state, r)
        and has(state, r, CONDITIONAL)
        and k < locked_from(r.damage)
        and r.registers[k] != EMPTY
    ]


def swap(t: Table, seat: int) -> None:
    robot = t.state.robots[seat]
    register = t.state.phase + 1
    t.emit(CARD_CHANGED, {"robot": seat, "register": register, "card": robot.parked, "why": "swap"})


def aborters(t: Table) -> list[int]:
    """Seats that may throw their Abort Switch on the card just revealed."""
    state = t.state
    k = state.phase - 1
    return [
        r.seat
        for r in state.robots
        if _own_program(state, r)
        and has(state, r, ABORT)
        and r.aborted != state.round
        and r.registers[k] != EMPTY
    ]


def abort(t: Table, seat: int) -> None:
    """The register's card is replaced by a card from the deck, face up."""
    spare = spare_cards(t.state)
    if spare:
        card = t.rng.choice(spare)
        data = {"robot": seat, "register": t.state.phase, "card": card, "why": "abort"}
        t.emit(CARD_CHANGED, data)


def abort_later(t: Table) -> None:
    """A switch thrown earlier this turn replaces every later register too."""
    state = t.state
    for robot in state.robots:
        if (
            robot.aborted == state.round
            and _own_program(state, robot)
            and robot.registers[state.phase - 1] != EMPTY
        ):
            abort(t, robot.seat)

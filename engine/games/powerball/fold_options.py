"""evolve handlers for the options: dealt, drawn, moved between seats, the
community pool, the discards and the deck, offered by Option Shuffle, charged.
Each writes with ``w``, as every handler of ``fold.py`` does."""

from __future__ import annotations

from typing import Any

from engine.games.powerball.state import Place, State
from engine.states import Writes


def options_dealt(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    dealt = [o for hand in d["hands"] for o in hand] + d["community"]
    for seat, hand in enumerate(d["hands"]):
        state = w.change(state, seat, options=tuple(hand))
    return w.revise(
        state,
        community=tuple(d["community"]),
        option_deck=tuple(o for o in state.option_deck if o not in dealt),
    )


def option_drawn(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    robot = state.robots[d["seat"]]
    option = d["option"]
    state = w.revise(state, option_deck=tuple(o for o in state.option_deck if o != option))
    return w.change(state, robot.seat, options=robot.options + (option,))


def remove(state: State, where: Place, option: str, w: Writes[State]) -> State:
    if where == "deck":
        return w.revise(state, option_deck=tuple(o for o in state.option_deck if o != option))
    if where == "community":
        return w.revise(state, community=tuple(o for o in state.community if o != option))
    if where == "offer":  # (nothing moves out of the discards: Option Shuffle offers first)
        return w.revise(state, offered=tuple(o for o in state.offered if o != option))
    assert isinstance(where, int), where
    robot = state.robots[where]
    return w.change(state, where, options=tuple(o for o in robot.options if o != option))


def add(state: State, where: Place, option: str, w: Writes[State]) -> State:
    if where == "community":
        return w.revise(state, community=state.community + (option,))
    if where == "discards":  # a discarded card is cleared of what it held
        charges = tuple(c for c in state.charges if c[0] != option)
        return w.revise(state, discards=state.discards + (option,), charges=charges)
    assert isinstance(where, int), where
    robot = state.robots[where]
    return w.change(state, where, options=robot.options + (option,))


def option_moved(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    state = add(remove(state, d["from"], d["option"], w), d["to"], d["option"], w)
    if d.get("why") == "destroyed":  # the option a destroyed robot's seat gave up
        state = w.change(state, d["from"], owes=False)
    return state


def charged(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    charges = dict(state.charges)
    charges[d["option"]] = d["charge"]
    return w.revise(state, charges=tuple(sorted(charges.items())))


def offered(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(
        state,
        offered=tuple(d["options"]),
        discards=tuple(o for o in state.discards if o not in d["options"]),
    )


def trading(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, trade=d["trade"], queue=tuple(d["queue"]))

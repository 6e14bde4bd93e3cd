"""Shared builders for the Aimbots tests: hand-made states and loaded dice.

A uniquely named module (not conftest) so other games' test helpers never shadow it."""

from __future__ import annotations

from engine.games.aimbots import GAME
from engine.games.aimbots.dice import east_for
from engine.games.aimbots.fold import fold
from engine.games.aimbots.state import Bot, State
from tests.engine.games.loaded_dice import LoadedDice


def make_bot(id, owner, program, top, north, sq, plates=(), core=1):
    return Bot(id, owner, program, top, north, east_for(top, north), sq, tuple(plates), core)


def make_state(
    bots, seats=2, energy=3, tokens=(), board_scrap=(), pile=(), hands=None, cores=None, **extra
):
    return State(
        seats=seats,
        target=7 if seats == 2 else 5,
        turn_limit=40,
        phase="play",
        order=tuple(range(seats)),
        bots=tuple(bots),
        active=0,
        energy=energy,
        tokens=tuple(tokens),
        board_scrap=tuple(board_scrap),
        pile=tuple(pile),
        hands=hands or ((),) * seats,
        cores=cores or (0,) * seats,
        round=1,
        **extra,
    )


def play(state, action, dice=(), seat=None):
    """Resolve one action of the active seat; returns (events, new state)."""
    seat = state.active if seat is None else seat
    events = GAME.resolve(state, {seat: action}, LoadedDice(dice))
    return events, fold(state, events)

"""Scrap set-up: the 12 tokens shuffled face down onto the scrap spaces."""

from __future__ import annotations

from engine.events import Event
from engine.games.aimbots.board import scrap_spaces
from engine.games.aimbots.events import SCRAP_PLACED
from engine.games.aimbots.scrap import KINDS
from engine.games.aimbots.state import State
from engine.rng import Rng


def scrap_events(state: State, rng: Rng) -> list[Event]:
    """One token face down on each scrap space, the rest a face-down pile.

    Token ids are positions in the shuffled mix, so an id says nothing of its kind.
    The full event is addressed to no seat; everyone sees only where tokens lie."""
    tokens = rng.shuffled(KINDS)
    spaces = scrap_spaces(state.seats)
    board = [[sq, i] for i, sq in enumerate(spaces)]
    pile = list(range(len(spaces), len(tokens)))
    data = {"tokens": tokens, "board": board, "pile": pile}
    public = {"spaces": list(spaces), "pile": len(pile)}
    return [Event(SCRAP_PLACED, data, (), public)]

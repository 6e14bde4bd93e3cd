"""The state behind a tic-tac-toe view: nothing is secret, so the board and the
seat to move are all there is (a view is only asked for while the game goes on)."""

from __future__ import annotations

from typing import Any

from engine.games.tic_tac_toe.rules import State
from engine.rng import Rng


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    return State(tuple(view["board"]), view["to_move"])

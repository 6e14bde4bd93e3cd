"""The state behind a connect four view: nothing is secret, so the board, the
column heights and the seat to move are all there is (a view is only asked for
while the game goes on)."""

from __future__ import annotations

from typing import Any

from engine.games.connect_four.rules import State
from engine.rng import Rng


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    return State(tuple(view["board"]), tuple(view["heights"]), view["to_move"])

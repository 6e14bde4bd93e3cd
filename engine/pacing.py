"""How a game's replay steps and plays (``Pacing``), declared once per game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Pacing:
    """How a replay of the game steps and plays, declared once per game.

    ``turns``: the event types a step by turn stops at, each one the start (or
    the end) of a turn or round of play. ``pace``: events a second at 1x, chosen
    so that a typical match plays in one to two minutes.
    """

    turns: frozenset[str]
    pace: float

    def to_json(self) -> dict[str, Any]:
        return {"turns": sorted(self.turns), "pace": self.pace}


__all__ = ["Pacing"]

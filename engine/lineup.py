"""Turns bot names into seats and players for a match."""

from __future__ import annotations

from typing import Sequence

from engine.game import Game, Seat
from engine.players import BotPlayer
from engine.registry import bot_class


def lineup(game: Game, bots: Sequence[str]) -> tuple[list[Seat], list[BotPlayer]]:
    """Seats and in-process players for the built-in bots named in ``bots``."""
    game.check_seat_count(len(bots))
    classes = [bot_class(game, name) for name in bots]
    return [Seat(name) for name in bots], [BotPlayer(game, cls) for cls in classes]

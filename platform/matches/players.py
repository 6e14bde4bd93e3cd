"""Who plays the seats of a stored match.

The matches app knows built-in bots only (an engine bot by name). An app above it
that seats other kinds of player (``bots``: uploaded bot versions, run in the
sandbox) says so on its ``AppConfig``, as a method ``seat_players(game,
seat_rows)``: the runner here finds it among the installed apps, so it gets those
players without importing that app.
"""

from __future__ import annotations

from typing import Sequence

from django.apps import apps

from engine.game import Game, RulesError
from engine.lineup import players_for
from engine.players import Player

from matches.models import MatchSeat


def builtin_players(game: Game, seat_rows: Sequence[MatchSeat]) -> list[Player]:
    if any(row.bot_version_ref_id is not None for row in seat_rows):
        raise RulesError("this match seats uploaded bots, and no installed app runs them")
    return players_for(game, [row.bot_name for row in seat_rows])[1]


def seat_players(game: Game, seat_rows: Sequence[MatchSeat]) -> list[Player]:
    """One player per seat row, in seat order, from the first installed app that
    makes players for seats, else built-in bots only."""
    for config in apps.get_app_configs():
        make = getattr(config, "seat_players", None)
        if make is not None:
            return make(game, seat_rows)
    return builtin_players(game, seat_rows)

"""Who plays the seats of a stored match.

The matches app knows built-in bots only (an engine bot by name). An app above it
that seats other kinds of player (``bots``: uploaded bot versions, run in the
sandbox) answers the signal ``matches.signals.players_wanted``, so the runner here
gets those players without importing that app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from engine.game import Game, RulesError
from engine.lineup import players_for
from engine.players import Player

from matches.models import MatchSeat
from matches.signals import players_wanted


def builtin_players(game: Game, seat_rows: Sequence[MatchSeat]) -> list[Player]:
    if any(row.bot_version_ref_id is not None for row in seat_rows):
        raise RulesError("this match seats uploaded bots, and no installed app runs them")
    return players_for(game, [row.bot_name for row in seat_rows])[1]


def seat_players(game: Game, seat_rows: Sequence[MatchSeat]) -> list[Player]:
    """One player per seat row, in seat order, from the first app that answers
    ``players_wanted``, else built-in bots only."""
    for _, players in players_wanted.send(sender=MatchSeat, game=game, seat_rows=seat_rows):
        if players is not None:
            return cast("list[Player]", players)  # a receiver's answer (the stubs say str)
    return builtin_players(game, seat_rows)

"""What this app does when the matches app asks (``matches.signals``).

- ``players_wanted``: the players of a stored match's seats
  (``bots.runtime.seat_players``): built-in bots in-process, uploaded versions
  sandboxed.
"""

from __future__ import annotations

from django.dispatch import receiver

from bots.runtime import seat_players
from matches.signals import players_wanted


@receiver(players_wanted, dispatch_uid="bots.seat_players")
def _seat_players(sender, game, seat_rows, **kwargs) -> list:
    return seat_players(game, seat_rows)

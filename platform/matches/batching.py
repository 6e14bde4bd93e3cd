"""How many stored matches travel in one worker message.

A message costs a worker a few milliseconds of Celery and broker work whatever it
carries: as much as the platform's whole work for a tic-tac-toe match. So short
matches travel together, up to ``SCRIMMAGE_MATCHES_PER_MESSAGE`` in one message,
while long ones travel alone, so that idle workers share them. "Short" is what the
platform has measured, not a guess: the mean start-to-finish time of the game's
last ``RECENT`` finished matches, against ``SCRIMMAGE_MESSAGE_SECONDS`` (a game
never played yet: one match a message). The worker runs a message's matches in
order and, once it has spent ``SCRIMMAGE_MESSAGE_SECONDS`` on the message, hands
the rest back one match a message (``matches.tasks``): a batch of matches slower
than their history delays the others by at most that long plus one match.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from django.conf import settings
from django.db.models import Subquery

from matches.models import Match

#: how many of a game's latest finished matches estimate its next ones
RECENT = 20


def typical_seconds(match_ids: Sequence[int]) -> float | None:
    """The mean start-to-finish time of the latest finished matches of these
    matches' game, the first one's (a lot is a round or a challenge: one game);
    None: it has none. One query, read from the end of an index."""
    game = Subquery(Match.objects.filter(pk=match_ids[0]).values("game")[:1])
    spans = [
        (finished - started).total_seconds()
        for started, finished in Match.objects.filter(
            game=game,
            status=Match.Status.FINISHED,
            started_at__isnull=False,
            finished_at__isnull=False,
        )
        .order_by("-created_at")
        .values_list("started_at", "finished_at")[:RECENT]
    ]
    return sum(spans) / len(spans) if spans else None


def matches_per_message(match_ids: Sequence[int]) -> int:
    """How many of these queued matches one message may carry: as many as fit in
    ``SCRIMMAGE_MESSAGE_SECONDS`` by their game's record, from 1 to
    ``SCRIMMAGE_MATCHES_PER_MESSAGE``."""
    most = settings.SCRIMMAGE_MATCHES_PER_MESSAGE
    if len(match_ids) < 2 or most < 2:
        return 1
    typical = typical_seconds(match_ids)
    if typical is None:
        return 1
    # (a hair added: a mean of spans is not exact, and 0.1 / 0.05 must be 2)
    fits = int(settings.SCRIMMAGE_MESSAGE_SECONDS / max(typical, 1e-6) + 1e-9)
    return max(1, min(most, fits))


def in_messages(match_ids: Sequence[int], per_message: int) -> list[list[int]]:
    """``match_ids`` cut into messages of ``per_message``, in order."""
    step = max(1, per_message)
    return [list(match_ids[i : i + step]) for i in range(0, len(match_ids), step)]


def spent(began: float) -> bool:
    """Has a message begun at ``began`` (``time.monotonic()``) had its time?"""
    return time.monotonic() - began >= settings.SCRIMMAGE_MESSAGE_SECONDS

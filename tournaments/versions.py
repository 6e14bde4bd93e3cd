"""Which version of an entry's bot plays a round.

``playing_version(entry, pinned)`` is asked when a round is made; its label is
pinned on each fixture seat and on the match seat, so a match always names the
version that played it. A ladder entry plays its bot's latest valid version
each round, and a change between rounds raises the entry's uncertainty
(``tournaments.core.ratings.version_changed``); a tournament's entry plays the version
pinned at the tournament's start (``pin_versions``) to its end. Built-in bots are
always ``"builtin"``.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery

from bots.models import BotVersion

BUILTIN = "builtin"


def playing_version(entry, pinned: bool = False):
    """What plays for ``entry`` now: its built-in bot's name, or its uploaded bot's
    version (``pinned``: the one pinned at the start; else the latest valid one),
    ``None`` when there is none (its pairings are walkovers)."""
    if entry.builtin:
        return entry.builtin
    if pinned:
        return entry.pinned_version
    return entry.bot.latest_valid() if entry.bot_id else None


def version_label(player) -> str | None:
    """The version label a seat records for ``playing_version``'s answer."""
    if player is None:
        return None
    return BUILTIN if isinstance(player, str) else player.seat_version


def pin_versions(tournament) -> int:
    """Pin each uploaded entry of ``tournament`` to its bot's latest valid version
    (none: it plays no match), in one update. At the start, under its lock."""
    latest = (
        BotVersion.objects.filter(bot=OuterRef("bot"), status=BotVersion.Status.VALID)
        .order_by("-number")
        .values("pk")[:1]
    )
    return tournament.entries.filter(bot__isnull=False).update(pinned_version=Subquery(latest))

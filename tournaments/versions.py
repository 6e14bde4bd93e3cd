"""Which version of an entry's bot plays a round.

``playing_version(entry)`` is asked when a round is made; its label is pinned on
each fixture seat and on the match seat, so a match always names the version that
played it, and a change between rounds raises the entry's uncertainty
(``tournaments.ratings.version_changed``). Built-in bots are always ``"builtin"``;
an uploaded bot plays its latest valid version.
"""

from __future__ import annotations

BUILTIN = "builtin"


def playing_version(entry):
    """What plays for ``entry`` now: its built-in bot's name, its uploaded bot's
    latest valid ``BotVersion``, or ``None`` when the uploaded bot has none."""
    if entry.builtin:
        return entry.builtin
    return entry.bot.latest_valid() if entry.bot_id else None


def version_label(player) -> str | None:
    """The version label a seat records for ``playing_version``'s answer."""
    if player is None:
        return None
    return BUILTIN if isinstance(player, str) else player.seat_version

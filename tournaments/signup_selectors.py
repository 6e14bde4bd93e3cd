"""What the pages show of sign-up: on a season's page, the signed-in person's bots
of its game, each with its entry and what they may do (enter, withdraw, or why
not); on a bot's page, the competitions of its game open to it. A fixed number of
queries, however many bots, entries and competitions; the reasons are
``signup_rules``', as the service gives them. Nothing here reads results, so a
competition that hides them shows the same."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, F, Q
from django.utils import timezone

from bots.selectors import visible_bots
from tournaments.models import Competition, Entry
from tournaments.signup_rules import Places, closed_because, entry_refusal, withdrawal_refusal

S = Competition.Status
#: how many open competitions a bot's page lists
OPEN_LISTED = 20


def _takes_signups():
    """Competitions owners may enter now, but for their end dates."""
    return Competition.objects.exclude(signup=Competition.Signup.ORGANISER).filter(
        Q(status=S.OPEN) | Q(kind=Competition.Kind.SEASON, status__in=(S.RUNNING, S.PAUSED))
    )


def competition_signup(competition: Competition, user) -> dict:
    """The season's or tournament's sign-up panel for ``user``: whether it takes
    entries (``closed``: why not), how many are in play, and ``rows``: each of
    the user's bots of its game with its entry, ``refusal`` (``None``: it may be
    entered) and ``withdrawal`` (a withdrawal's refusal; ``None``: it may)."""
    now = timezone.now()
    panel: dict[str, Any] = {"closed": closed_because(competition, now), "rows": [], "taken": None}
    if competition.signup == Competition.Signup.ORGANISER:
        return panel  # nothing to offer: no query
    playing = Entry.objects.filter(competition=competition, withdrawn_at=None)
    if not user.is_authenticated:
        panel["taken"] = playing.count()
        return panel
    counts = playing.aggregate(taken=Count("pk"), owners=Count("pk", filter=Q(bot__owner=user)))
    panel["taken"] = counts["taken"]
    entries: dict[int | None, Entry] = {}
    for e in (
        Entry.objects.filter(competition=competition, bot__owner=user)
        .select_related("bot")
        .order_by(F("withdrawn_at").asc(nulls_first=True), "pk")
    ):
        entries.setdefault(e.bot_id, e)  # the one in play first
    for bot in visible_bots(user, mine=True, game=competition.game):
        entry = entries.get(bot.pk)
        places = Places(counts["taken"], counts["owners"], entry)
        valid = bot.latest_valid_number is not None
        playing_now = entry is not None and not entry.withdrawn
        panel["rows"].append(
            {
                "bot": bot,
                "entry": entry,
                "refusal": entry_refusal(competition, user.pk, bot, valid, places, now),
                "withdrawal": withdrawal_refusal(competition, user.pk, entry)
                if playing_now
                else None,
                "playing": playing_now,
            }
        )
    return panel


def open_competitions(bot, user, entries: list[Entry]) -> list[dict]:
    """The competitions of ``bot``'s game that owners may enter now and ``bot`` is
    not playing in, newest first, each with ``refusal`` (``None``: one click
    enters it). ``entries``: the bot's entries, read already (the bot's page has)."""
    now = timezone.now()
    # the entry in play last, so it is the one kept
    held = {e.competition_id: e for e in sorted(entries, key=lambda e: not e.withdrawn)}
    in_play = Q(entries__withdrawn_at=None)
    competitions = (
        _takes_signups()
        .filter(game=bot.game)
        .annotate(
            taken=Count("entries", filter=in_play),
            owners=Count("entries", filter=in_play & Q(entries__bot__owner=bot.owner_id)),
        )
        .order_by("-id")[:OPEN_LISTED]
    )
    rows = []
    for c in competitions:
        entry = held.get(c.pk)
        if entry is not None and not entry.withdrawn:
            continue  # in the bot's entries already
        places = Places(c.taken, c.owners, entry)
        valid = bot.latest_valid_number is not None
        user_id = user.pk if user.is_authenticated else None
        rows.append(
            {"competition": c, "refusal": entry_refusal(c, user_id, bot, valid, places, now)}
        )
    return rows


def mark_withdrawals(records: list[dict], user) -> list[dict]:
    """``records`` (``profiles.bot_entries``'), each marked ``can_withdraw``: may
    ``user`` withdraw its entry now (a Withdraw button)?"""
    user_id = user.pk if user.is_authenticated else None
    for r in records:
        entry = r["entry"]
        r["can_withdraw"] = withdrawal_refusal(entry.competition, user_id, entry) is None
    return records

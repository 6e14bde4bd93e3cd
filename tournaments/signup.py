"""Owners entering their own bots (``enter``) and withdrawing them (``withdraw``),
whatever asks (the season's page, the bot's page, the API). The rules are
``tournaments.signup_rules``'; here they are checked under the competition's row
lock, which every writer of its entries holds, so two requests at once cannot
both take the last place (caps hold under concurrent requests)."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from tournaments.entering import create_entries
from tournaments.lifecycle import TournamentError
from tournaments.locking import lock, lock_id
from tournaments.models import Competition, Entry
from tournaments.signup_rules import (
    Places,
    Refusal,
    entry_refusal,
    withdrawal_keeps_entry,
    withdrawal_refusal,
)


class SignupRefused(TournamentError):
    """An entry or a withdrawal refused: ``reason`` is the code, the message why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.reason = refusal.reason
        self.message = refusal.message


def _user_id(user) -> int | None:
    return user.pk if user is not None and user.is_authenticated else None


def places(competition: Competition, bot) -> Places:
    """The facts entering ``bot`` is checked against, read now (three queries)."""
    playing = Entry.objects.filter(competition=competition, withdrawn_at=None)
    counts = playing.aggregate(
        taken=Count("pk"), owners=Count("pk", filter=Q(bot__owner=bot.owner_id))
    )
    # the entry in play first, if the organiser entered the bot more than once
    entry = (
        Entry.objects.filter(competition=competition, bot=bot)
        .order_by(F("withdrawn_at").asc(nulls_first=True), "pk")
        .first()
    )
    return Places(taken=counts["taken"], owners=counts["owners"], entry=entry)


def enter(user, competition: Competition, bot) -> Entry:
    """Enter ``user``'s ``bot`` in ``competition``: a new entry (a season under way
    pairs it from its next round), or its withdrawn entry back in play with the
    rating it had. Raises ``SignupRefused`` with the reason."""
    with transaction.atomic():
        locked = lock(competition)
        facts = places(locked, bot)
        valid = bot.latest_valid() is not None
        refusal = entry_refusal(locked, _user_id(user), bot, valid, facts, timezone.now())
        if refusal is not None:
            raise SignupRefused(refusal)
        entry = facts.entry
        if entry is None:
            return create_entries(locked, [bot])[0]
        Entry.objects.filter(pk=entry.pk).update(withdrawn_at=None)
        entry.withdrawn_at = None
        return entry


def withdraw(user, entry: Entry) -> Entry:
    """Withdraw ``user``'s bot's ``entry``: from a season under way, no pairing from
    its next round on (what it played stays, marked withdrawn); before the start,
    the entry is removed (its ``pk`` is then ``None``). A tournament that has
    started keeps its entries (the organiser disqualifies). Raises
    ``SignupRefused`` with the reason."""
    with transaction.atomic():
        competition = lock_id(entry.competition_id)
        entry = Entry.objects.select_related("bot").get(pk=entry.pk)
        refusal = withdrawal_refusal(competition, _user_id(user), entry)
        if refusal is not None:
            raise SignupRefused(refusal)
        if not withdrawal_keeps_entry(competition):
            entry.delete()
            return entry
        entry.withdrawn_at = timezone.now()
        Entry.objects.filter(pk=entry.pk).update(withdrawn_at=entry.withdrawn_at)
    return entry

"""The organiser's tools beside the status machine: disqualifying an entry and
re-running a failed match."""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.utils import timezone

from matches import claims, storing
from matches.models import Match
from matches.tasks import enqueue
from tournaments.lifecycle import TournamentError
from tournaments.locking import lock
from tournaments.models import Entry, Fixture
from tournaments.rounds import check_round


def disqualify(entry: Entry) -> Entry:
    """No more matches for ``entry``: later rounds leave it out (or give its
    opponents a walkover); its queued matches not yet started are cancelled as
    walkovers. What it has played stays."""
    with transaction.atomic():
        lock(entry.competition)  # serialize with rounds being made and completed
        Entry.objects.filter(pk=entry.pk).update(disqualified=True, disqualified_at=timezone.now())
        pending = Fixture.objects.filter(seats__entry=entry, match__status=Match.Status.QUEUED)
        rounds = set()
        for f in pending.select_related("match"):
            assert f.match is not None  # the filter on its match's status
            storing.fail(f.match, f"cancelled: {entry.name} was disqualified")
            Fixture.objects.filter(pk=f.pk).update(walkover=True)
            rounds.add(f.round_id)
        for rid in rounds:
            transaction.on_commit(partial(check_round, rid))
    entry.refresh_from_db()
    return entry


def rerun_match(match: Match) -> Match:
    """Queue a failed match of a competition again, from the start, with a fresh
    seed and salt (the failed run showed its seed to everyone)."""
    fixture = Fixture.objects.filter(match=match).first()
    if fixture is None:
        raise TournamentError(f"match {match.pk} is not part of a season or tournament")
    if match.status != Match.Status.FAILED:
        raise TournamentError(f"match {match.pk} is {match.status}: only a failed match is re-run")
    with transaction.atomic():
        storing.discard_partial_log(match, reseed=True)
        claims.reset(match.pk)
        enqueue([match.pk])
    match.refresh_from_db()
    return match

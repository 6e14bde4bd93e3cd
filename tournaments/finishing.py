"""What finishing a competition does besides its status, wherever it finishes (the
organiser's Finish, a tournament's last round, a season's last round or end date):
its matches not started yet are cancelled (no worker plays them), and, when it hid
its results, the matches' stored ``hides_results`` flags are cleared in one update
(the reveal). ``sync_hidden_results`` also serves the organiser changing
``hide_results`` on the way."""

from __future__ import annotations

from django.utils import timezone

from matches.models import Match
from matches.storing import cancel_queued
from tournaments.models import Competition
from tournaments.selectors import competition_hides_results


def mark_finished(competition: Competition) -> None:
    """Set ``competition`` (locked by the caller) finished, now."""
    competition.status, competition.finished_at = Competition.Status.FINISHED, timezone.now()
    Competition.objects.filter(pk=competition.pk).update(
        status=competition.status, finished_at=competition.finished_at
    )
    after_finish(competition)


def after_finish(competition: Competition) -> None:
    matches = Match.objects.filter(fixture__competition=competition)
    cancel_queued(matches, f"cancelled: the {competition.kind} finished before it was played")
    if competition.hide_results:
        sync_hidden_results(competition)


def sync_hidden_results(competition: Competition) -> int:
    """Store on every match of ``competition`` whether it hides its results now; at
    the reveal, the matches withheld until then are shown too (a competition that
    starts hiding part-way withholds none of those already shown)."""
    hides = competition_hides_results(competition)
    return Match.objects.filter(fixture__competition=competition).update(
        hides_results=hides, **({} if hides else {"withheld": False})
    )

"""Celery tasks of the matches app: one task runs one stored match."""

from __future__ import annotations

from celery import shared_task

from matches.models import Match


@shared_task(name="matches.run_match")
def run_match_task(match_id: int) -> str:
    """Run the queued match ``match_id`` and store its log; returns its status.

    A match that is no longer queued is left alone, so a task delivered twice
    runs the match once.
    """
    from matches.services import run_stored_match

    match = Match.objects.filter(pk=match_id, status=Match.Status.QUEUED).first()
    if match is None:
        return Match.objects.filter(pk=match_id).values_list("status", flat=True).first() or "missing"
    return run_stored_match(match).status

"""Celery tasks of the matches app: one task runs one stored match.

Challenge matches run through the same runner as the matches of seasons and
tournaments (``tournaments.tasks.run_task``), with the same guarantees: an atomic
claim under the match row's lock (a second delivery while the first runs, or after
it, does nothing), a heartbeat, fenced writes (a worker whose claim was taken over
writes nothing more), retries of database/broker errors, and recovery by the
sweeper (``tournaments.recover_stalled``) of a match whose worker was killed or
whose message was lost.
"""

from __future__ import annotations

from celery import shared_task


@shared_task(name="matches.run_match", bind=True, acks_late=True, reject_on_worker_lost=True,
             max_retries=5)
def run_match_task(self, match_id: int) -> str:
    """Run the queued match ``match_id`` and store its log; returns its status (or
    why this delivery left it alone: ``"running elsewhere"``, ``"missing"``)."""
    from tournaments.tasks import run_task

    return run_task(self, match_id)

"""The task that runs one stored match (run here in-process; the tournaments
tests run it on a real worker and broker)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from matches import services as match_services
from matches import storing
from matches.claims import claim, holds
from matches.models import Match, MatchClaim
from matches.services import create_match
from matches.tasks import run_match

pytestmark = pytest.mark.django_db


def test_the_task_runs_a_queued_match_and_stores_it():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    assert run_match(match.pk) == "finished"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.event_count > 2


def test_a_second_delivery_changes_nothing():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    run_match(match.pk)
    match.refresh_from_db()
    digest, count = match.digest, match.event_count
    assert run_match(match.pk) == "finished"
    match.refresh_from_db()
    assert (match.digest, match.event_count) == (digest, count)


def test_an_unknown_match_is_reported_not_raised():
    assert run_match(999_999) == "missing"


# -- one runner for every stored match: claims, fencing, retries, recovery ----------------

ELSEWHERE = "another-host:4242:first-delivery"


def test_a_second_delivery_while_the_first_runs_does_nothing():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    claimed, why = claim(match.pk, ELSEWHERE)  # the first delivery, on another worker
    assert why == "claimed" and claimed.status == Match.Status.RUNNING
    assert run_match(match.pk) == "running elsewhere"
    match.refresh_from_db()
    assert (match.status, match.event_count) == (Match.Status.RUNNING, 0)
    assert MatchClaim.objects.get(match=match).claimed_by == ELSEWHERE


def test_fail_never_overwrites_a_finished_match():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    assert run_match(match.pk) == "finished"
    match.refresh_from_db()
    digest = match.digest
    storing.fail(match, "StorageError: a late duplicate lost the race")
    match.refresh_from_db()
    assert (match.status, match.error, match.digest) == (Match.Status.FINISHED, "", digest)


def test_a_worker_that_lost_its_claim_writes_nothing():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    match_services.run_stored_match(match, batch_size=1, fence=Q(claim__claimed_by="another"))
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING and match.event_count == 0 and not match.error


def test_a_run_whose_match_was_taken_over_does_not_close_it():
    """The worker was presumed dead (no heartbeat) and another one restarted the
    match; the first one, still alive, reaches the end of its run: it closes nothing
    (its events and result go nowhere), and the new run's match is left to it."""
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    first, _ = claim(match.pk, "first-worker")
    MatchClaim.objects.filter(match=match).update(
        heartbeat_at=timezone.now() - timedelta(seconds=settings.SCRIMMAGE_LEASE_SECONDS + 1)
    )
    second, why = claim(match.pk, ELSEWHERE)
    assert why == "claimed" and second.started_at != first.started_at
    match_services.run_stored_match(first, fence=holds("first-worker"))
    match.refresh_from_db()
    assert (match.status, match.event_count, match.result, match.error) == (
        Match.Status.RUNNING,
        0,
        None,
        "",
    )
    assert MatchClaim.objects.get(match=match).claimed_by == ELSEWHERE


def test_a_run_closes_only_the_match_as_it_started_it():
    """Even with its fence holding, the end of a run closes the match only if the
    match is still the one it started (same start, same stored events)."""
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    mine, _ = claim(match.pk, "worker")
    Match.objects.filter(pk=match.pk).update(started_at=timezone.now() + timedelta(seconds=1))
    match_services.run_stored_match(mine, fence=holds("worker"))
    match.refresh_from_db()
    assert match.status == Match.Status.FAILED and "changed while it ran" in match.error
    assert match.event_count == 0 and match.result is None


# the worker drops its broken connection before retrying, as it must in production;
# only a transactional test database survives that (PostgreSQL ends the test's
# wrapping transaction with the connection)
@pytest.mark.django_db(transaction=True)
def test_a_database_error_in_a_challenge_match_is_retried(monkeypatch):
    from celery.exceptions import Retry
    from django.db import OperationalError

    match = create_match("tic_tac_toe", ["greedy", "random"], 3)

    def broken(*a, **k):
        raise OperationalError("the database went away")

    monkeypatch.setattr(match_services, "finish", broken)
    with pytest.raises(Retry):
        run_match.apply(args=[match.pk], throw=True)
    match.refresh_from_db()
    assert (match.status, match.event_count) == (Match.Status.QUEUED, 0)  # not failed
    monkeypatch.undo()
    assert run_match.apply(args=[match.pk]).get() == "finished"
    assert MatchClaim.objects.get(match=match).attempts == 1

"""The task that runs one stored match (run here in-process; the tournaments
tests run it on a real worker and broker)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from matches import services as match_services
from matches import storing, tasks
from matches.claims import claim, claim_token, holds
from matches.models import Match, MatchClaim
from matches.services import create_match
from matches.tasks import recover_stalled, run_match

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


def test_a_stale_running_challenge_match_is_recovered_by_the_sweeper(monkeypatch):
    sent = []
    monkeypatch.setattr(tasks.run_match, "delay", sent.append)
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    claim(match.pk, ELSEWHERE)
    assert recover_stalled() == {"resent": [], "rounds_completed": 0}  # its worker beats
    # the worker was killed: no heartbeat for longer than the lease
    MatchClaim.objects.filter(match=match).update(
        heartbeat_at=timezone.now() - timedelta(seconds=settings.SCRIMMAGE_LEASE_SECONDS + 1)
    )
    assert recover_stalled()["resent"] == [match.pk]
    assert tasks.run_match(match.pk) == "finished"  # what the re-sent message runs
    assert MatchClaim.objects.get(match=match).attempts == 2  # one restart after a kill


def test_a_queued_challenge_match_whose_message_was_lost_is_sent_again(monkeypatch):
    sent = []
    monkeypatch.setattr(tasks.run_match, "delay", sent.append)
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    assert recover_stalled()["resent"] == []
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert recover_stalled()["resent"] == [match.pk] and sent == [match.pk]
    assert recover_stalled()["resent"] == []  # just sent: not again before requeue_after


def test_a_queued_match_is_sent_again_soon_once_the_broker_queue_is_empty(monkeypatch):
    """Its message was taken by a worker that died before claiming it: nothing is
    left in the queue, so it need not wait for SCRIMMAGE_REQUEUE_AFTER."""
    sent, queue_empty = [], [False]
    monkeypatch.setattr(tasks.run_match, "delay", sent.append)
    monkeypatch.setattr(tasks, "broker_queue_empty", lambda: queue_empty[0])
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    waited = timedelta(seconds=settings.SCRIMMAGE_UNCLAIMED_AFTER + 1)
    MatchClaim.objects.filter(match=match).update(enqueued_at=timezone.now() - waited)
    assert recover_stalled()["resent"] == []  # still in the queue: waiting its turn
    queue_empty[0] = True
    assert recover_stalled()["resent"] == [match.pk] and sent == [match.pk]
    assert recover_stalled()["resent"] == []  # just sent again: its window starts over
    # a sweep that read the claim before another one re-sent it sends nothing
    stale = MatchClaim.objects.get(match=match)
    MatchClaim.objects.filter(pk=stale.pk).update(enqueued_at=timezone.now() - waited)
    assert tasks._mark_resent(MatchClaim.objects.get(pk=stale.pk), timezone.now())
    assert not tasks._mark_resent(stale, timezone.now())


def test_the_sweeper_thread_leaves_the_match_its_own_process_runs_alone(monkeypatch):
    monkeypatch.setattr(tasks.run_match, "delay", lambda mid: None)
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    claim(match.pk, claim_token("running-here"))  # this process runs it now
    assert recover_stalled(beside_matches=True)["resent"] == []
    # a task of this process runs one match at a time: a claim of ours it finds is over
    assert recover_stalled()["resent"] == [match.pk]


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


@pytest.mark.parametrize("broker", ["redis", "filesystem"])
def test_the_sweep_counts_the_broker_queue_truly_empty_or_not(tmp_path, broker):
    """An empty Redis queue is no key at all: it must count as empty, not as a
    queue the broker cannot count (which the sweep takes as busy)."""
    from celery import Celery

    from tests.private_redis import PrivateRedis

    server = None
    if broker == "redis":
        server = PrivateRedis(tmp_path)
        server.start()
        app = Celery("counting", broker=server.url, set_as_current=False)
    else:
        folder = tmp_path / "broker"
        folder.mkdir()
        app = Celery("counting", broker="filesystem://", set_as_current=False)
        app.conf.broker_transport_options = {
            "data_folder_in": str(folder),
            "data_folder_out": str(folder),
            "control_folder": str(folder),
        }
    try:
        assert tasks.broker_queue_empty(app)
        app.send_task("matches.run_match", args=[1], queue="celery", priority=0)
        assert not tasks.broker_queue_empty(app)
        if server is not None:  # a message of another priority is in a list of its own
            server.client().flushdb()
            assert tasks.broker_queue_empty(app)
            app.send_task("matches.run_match", args=[1], queue="celery", priority=9)
            assert not tasks.broker_queue_empty(app)
    finally:
        app.close()
        if server is not None:
            server.stop()

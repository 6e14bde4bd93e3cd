"""Recovering lost matches (``matches.recovery``): a claimer that died, a message
that was lost, the broker's queue counted, and the sweeper beside its own
process's match (run here in-process; tests/faults runs it on real workers)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from matches import recovery, tasks
from matches.claims import claim, claim_token
from matches.models import Match, MatchClaim
from matches.recovery import recover_stalled
from matches.services import create_match

pytestmark = pytest.mark.django_db

# a claimer in another process (its heartbeat is what tells whether it lives)
ELSEWHERE = "another-host:4242:first-delivery"


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
    monkeypatch.setattr(recovery, "broker_queue_empty", lambda: queue_empty[0])
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
    assert recovery._mark_resent(MatchClaim.objects.get(pk=stale.pk), timezone.now())
    assert not recovery._mark_resent(stale, timezone.now())


def test_the_sweeper_thread_leaves_the_match_its_own_process_runs_alone(monkeypatch):
    monkeypatch.setattr(tasks.run_match, "delay", lambda mid: None)
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    claim(match.pk, claim_token("running-here"))  # this process runs it now
    assert recover_stalled(beside_matches=True)["resent"] == []
    # a task of this process runs one match at a time: a claim of ours it finds is over
    assert recover_stalled()["resent"] == [match.pk]


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
        assert recovery.broker_queue_empty(app)
        app.send_task("matches.run_match", args=[1], queue="celery", priority=0)
        assert not recovery.broker_queue_empty(app)
        if server is not None:  # a message of another priority is in a list of its own
            server.client().flushdb()
            assert recovery.broker_queue_empty(app)
            app.send_task("matches.run_match", args=[1], queue="celery", priority=9)
            assert not recovery.broker_queue_empty(app)
    finally:
        app.close()
        if server is not None:
            server.stop()

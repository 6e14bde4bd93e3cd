"""A paused worker stalls nobody. A worker never waits on a match row another
transaction holds (a worker paused while it held the lock): that delivery leaves
the match alone and sends it again after a backoff, and the worker goes on with
its other matches (a real second PostgreSQL connection holds the lock). And a
stopped worker's claim is taken over without waiting for its lease to run out."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.db import connection

from matches import tasks
from matches.claims import LOCKED
from matches.models import Match
from matches.services import create_match

pytestmark = pytest.mark.django_db(transaction=True)

#: only a bound on a hang (main's claim waited on the lock for ever)
PATIENCE = 120.0


@pytest.fixture
def other_connection():
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's (SQLite locks the whole file)")
    params = connection.settings_dict
    conn = psycopg.connect(
        dbname=params["NAME"],
        host=params["HOST"] or None,
        port=params["PORT"] or None,
        user=params["USER"] or None,
        password=params["PASSWORD"] or None,
    )
    yield conn
    conn.close()


def run_bounded(match_id: int, **kw):
    """``run_match`` in a thread, given up on after PATIENCE (it must not hang)."""
    result = {}

    def target():
        try:
            result["status"] = tasks.run_match(match_id, **kw)
        finally:
            connection.close()

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(PATIENCE)
    assert not thread.is_alive(), "the worker waited on a row lock another transaction holds"
    return result["status"]


def test_a_locked_match_is_skipped_and_sent_again_and_the_next_one_runs(
    other_connection, monkeypatch
):
    later = []
    monkeypatch.setattr(
        tasks.run_match,
        "apply_async",
        lambda args, kwargs, countdown: later.append((args, kwargs, countdown)),
    )
    held = create_match("tic_tac_toe", ["greedy", "random"], 3)
    behind = create_match("tic_tac_toe", ["greedy", "random"], 4)
    with_it = create_match("tic_tac_toe", ["greedy", "random"], 5)
    # a paused worker: its transaction holds the row lock and does nothing more
    other_connection.execute("SELECT id FROM matches_match WHERE id = %s FOR UPDATE", [held.pk])

    assert run_bounded(held.pk) == LOCKED
    assert later == [((held.pk,), {"skipped": 1}, tasks.backoff(0))]  # re-sent, not dropped
    assert run_bounded(behind.pk) == "finished"  # the worker goes on with other work
    # a message of several matches runs those it can and sends the locked one again
    assert run_bounded(held.pk, then=[with_it.pk], skipped=1) == LOCKED
    assert Match.objects.get(pk=with_it.pk).status == Match.Status.FINISHED
    assert later[-1] == ((held.pk,), {"skipped": 2}, tasks.backoff(1))  # waits longer
    assert Match.objects.get(pk=held.pk).status == Match.Status.QUEUED

    other_connection.rollback()  # the paused worker lets go (or is gone)
    args, kwargs, _ = later[-1]
    assert run_bounded(*args, **kwargs) == "finished"


def test_a_stopped_worker_on_this_host_holds_its_claim_no_longer():
    """A SIGSTOPped worker runs nothing (its heartbeat thread neither), yet its
    last beat is fresh: its claim is taken over at the next sweep, not a lease later."""
    import signal
    import subprocess
    import sys

    from django.utils import timezone

    from matches.claims import HOST, claimer_alive
    from matches.models import MatchClaim

    worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        match = create_match("tic_tac_toe", ["greedy", "random"], 3)
        held = MatchClaim.objects.get(match=match)
        held.claimed_by, held.heartbeat_at = f"{HOST}:{worker.pid}:task", timezone.now()
        assert claimer_alive(held)
        worker.send_signal(signal.SIGSTOP)
        deadline = time.monotonic() + PATIENCE  # the kernel stops it a moment later
        while claimer_alive(held):
            assert time.monotonic() < deadline, "a stopped worker still counts as alive"
            time.sleep(0.01)
        worker.send_signal(signal.SIGCONT)
        while not claimer_alive(held):
            assert time.monotonic() < deadline, "a continued worker still counts as dead"
            time.sleep(0.01)
    finally:
        worker.kill()
        worker.wait()


def test_a_message_claims_its_queued_matches_but_never_waits_on_one_whose_row_is_held(
    other_connection,
):
    """A message's queued matches are claimed together, read ``SKIP LOCKED``: one
    whose row a paused worker holds is left out (claimed on its own later)."""
    from matches.claims import claim_queued

    held = create_match("tic_tac_toe", ["greedy", "random"], 3)
    free = create_match("tic_tac_toe", ["greedy", "random"], 4)
    other_connection.execute("SELECT id FROM matches_match WHERE id = %s FOR UPDATE", [held.pk])
    assert list(claim_queued([held.pk, free.pk], "me:1:a")) == [free.pk]
    other_connection.rollback()
    assert Match.objects.get(pk=held.pk).status == Match.Status.QUEUED

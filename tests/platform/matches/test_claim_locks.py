"""A worker never waits on a match row another transaction holds (a worker paused
while it held the lock): that delivery leaves the match alone and sends it again
after a backoff, and the worker goes on with its other matches. A real second
PostgreSQL connection holds the lock."""

from __future__ import annotations

import threading

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

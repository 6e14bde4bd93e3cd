"""Claims, one function at a time (the contract in ``matches.claims`` and
docs/tournaments.md, "Running"): who counts as a live claimer, what a delivery
does with a match in each state, how starts are counted, and how a claim is
given up."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from tests.platform.matches.test_match_restarts import store_first_events

from matches import claims
from matches.claims import HOST, MAX_ATTEMPTS, claim, claim_queued, claimer_alive
from matches.models import Match, MatchClaim, MatchEvent
from matches.services import create_match

pytestmark = pytest.mark.django_db

LEASE = timedelta(seconds=settings.SCRIMMAGE_LEASE_SECONDS)
ELSEWHERE = "another-host:4242:task"


def new_match(seed: int = 3) -> Match:
    return create_match("tic_tac_toe", ["greedy", "random"], seed)


def claim_row(match: Match) -> MatchClaim:
    return MatchClaim.objects.get(match=match)


def with_events(match: Match, count: int = 3) -> None:
    """A partial log of ``count`` events, as a run leaves it."""
    store_first_events(Match.objects.get(pk=match.pk), count)


def gone_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


# -- the claimer's token and whether it lives ---------------------------------------------
def test_a_claim_token_is_host_pid_and_task_id():
    assert claims.claim_token("t-1") == f"{socket.gethostname()}:{os.getpid()}:t-1"
    assert claims.claim_token(None) == f"{socket.gethostname()}:{os.getpid()}:-"


def beating(claimed_by: str, age: timedelta = timedelta(0)) -> MatchClaim:
    return MatchClaim(claimed_by=claimed_by, heartbeat_at=timezone.now() - age)


def test_a_claimer_on_another_host_lives_while_its_heartbeat_is_younger_than_the_lease():
    assert claimer_alive(beating(ELSEWHERE))
    assert claimer_alive(beating(ELSEWHERE, LEASE - timedelta(seconds=5)))
    assert not claimer_alive(beating(ELSEWHERE, LEASE + timedelta(seconds=1)))
    assert not claimer_alive(MatchClaim(claimed_by=ELSEWHERE, heartbeat_at=None))
    assert not claimer_alive(beating(""))  # nobody claims it


def test_a_heartbeat_exactly_a_lease_old_is_dead(monkeypatch):
    now = timezone.now()
    monkeypatch.setattr(claims.timezone, "now", lambda: now)
    assert not claimer_alive(MatchClaim(claimed_by=ELSEWHERE, heartbeat_at=now - LEASE))
    assert claimer_alive(
        MatchClaim(claimed_by=ELSEWHERE, heartbeat_at=now - LEASE + timedelta(microseconds=1))
    )


def test_a_claimer_on_this_host_lives_only_while_its_process_does():
    assert not claimer_alive(beating(f"{HOST}:{gone_pid()}:task"))
    worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        assert claimer_alive(beating(f"{HOST}:{worker.pid}:task"))
    finally:
        worker.kill()
        worker.wait()
    # the pid is the token's second field, whatever the task id holds
    assert not claimer_alive(beating(f"{HOST}:{gone_pid()}:task:with:colons"))
    # a token whose pid is not a number proves nothing about a process: the beat decides
    assert claimer_alive(beating(f"{HOST}:not-a-pid:task"))


def test_an_exited_process_not_yet_reaped_is_a_dead_claimer():
    zombie = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        while Path(f"/proc/{zombie.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
            pass  # the kernel marks it a zombie as it exits
        assert not claimer_alive(beating(f"{HOST}:{zombie.pid}:task"))
    finally:
        zombie.wait()


def test_a_claim_of_this_very_process_is_alive_only_to_the_sweeper_thread_beside_it():
    mine = beating(claims.claim_token("task"))
    assert not claimer_alive(mine)
    assert claimer_alive(mine, ours=True)


# -- the fence and the lock wait ----------------------------------------------------------
def test_the_fence_of_a_token_holds_only_the_matches_it_claimed():
    mine, other = new_match(3), new_match(4)
    claim(mine.pk, "me:1:a")
    claim(other.pk, ELSEWHERE)
    assert list(Match.objects.filter(claims.holds("me:1:a")).values_list("pk", flat=True)) == [
        mine.pk
    ]


def test_a_claim_waits_at_most_two_seconds_on_a_lock():
    if connection.vendor != "postgresql":
        pytest.skip("lock_timeout is PostgreSQL's")

    def lock_timeout():
        with connection.cursor() as cursor:
            cursor.execute("SHOW lock_timeout")
            return cursor.fetchone()[0]

    with transaction.atomic():
        claims.wait_for_locks_at_most()
        assert lock_timeout() == "2s"
        claims.wait_for_locks_at_most("5s")
        assert lock_timeout() == "5s"


# -- claim: what a delivery does with the match in each state -----------------------------
def test_claiming_a_queued_match_marks_it_running_under_the_token_as_its_first_start():
    match = new_match()
    claimed, why = claim(match.pk, "me:1:a")
    assert why == "claimed"
    held = claim_row(match)
    match.refresh_from_db()
    assert (held.claimed_by, held.attempts) == ("me:1:a", 1)
    assert match.status == Match.Status.RUNNING
    assert match.started_at == held.heartbeat_at is not None
    # the match handed back says the same as the rows
    assert claimed.status == Match.Status.RUNNING and claimed.started_at == match.started_at
    assert (claimed.claim.claimed_by, claimed.claim.attempts) == ("me:1:a", 1)
    assert claimed.claim.heartbeat_at == held.heartbeat_at


def test_a_match_made_before_claims_existed_gets_its_claim_row_when_claimed():
    match = new_match()
    MatchClaim.objects.filter(match=match).delete()
    claimed, why = claim(match.pk, "me:1:a")
    assert why == "claimed" and claim_row(match).claimed_by == "me:1:a"


def test_a_missing_finished_or_failed_match_is_not_claimed_and_the_delivery_says_why():
    assert claim(999_999, "me:1:a") == (None, "missing")
    for status in (Match.Status.FINISHED, Match.Status.FAILED):
        match = new_match()
        Match.objects.filter(pk=match.pk).update(status=status)
        assert claim(match.pk, "me:1:a") == (None, status)
        assert claim_row(match).claimed_by == ""


def test_a_running_match_of_a_dead_claimer_restarts_from_the_start_counting_one_start_more():
    match = new_match()
    claim(match.pk, ELSEWHERE)
    with_events(match)
    MatchClaim.objects.filter(match=match).update(heartbeat_at=timezone.now() - LEASE * 2)
    claimed, why = claim(match.pk, "me:1:a")
    assert why == "claimed" and claimed.event_count == 0
    assert not MatchEvent.objects.filter(match=match).exists()
    assert claim_row(match).attempts == 2 and claim_row(match).claimed_by == "me:1:a"


def test_a_running_match_nobody_claims_restarts_without_counting_a_start():
    """A claim given up (``release``) with its match still running is no death."""
    match = new_match()
    claim(match.pk, ELSEWHERE)
    with_events(match)
    MatchClaim.objects.filter(match=match).update(claimed_by="", heartbeat_at=None)
    claimed, why = claim(match.pk, "me:1:a")
    assert why == "claimed" and claimed.event_count == 0 and claim_row(match).attempts == 1


def test_the_same_delivery_claiming_again_starts_afresh_without_counting_a_start():
    match = new_match()
    claim(match.pk, "me:1:a")
    with_events(match)
    claimed, why = claim(match.pk, "me:1:a")
    assert why == "claimed" and claimed.event_count == 0 and claim_row(match).attempts == 1


def test_the_death_that_makes_max_attempts_fails_the_match_and_clears_its_claim():
    match = new_match()
    claim(match.pk, ELSEWHERE)
    MatchClaim.objects.filter(match=match).update(
        attempts=MAX_ATTEMPTS, heartbeat_at=timezone.now() - LEASE * 2
    )
    assert claim(match.pk, "me:1:a") == (None, Match.Status.FAILED)
    match.refresh_from_db()
    assert match.error == f"gave up: the worker running it died {MAX_ATTEMPTS} times"
    held = claim_row(match)
    assert (held.claimed_by, held.heartbeat_at, held.attempts) == ("", None, MAX_ATTEMPTS)


def test_one_death_fewer_than_max_attempts_restarts_the_match():
    match = new_match()
    claim(match.pk, ELSEWHERE)
    MatchClaim.objects.filter(match=match).update(
        attempts=MAX_ATTEMPTS - 1, heartbeat_at=timezone.now() - LEASE * 2
    )
    claimed, why = claim(match.pk, "me:1:a")
    assert why == "claimed" and claim_row(match).attempts == MAX_ATTEMPTS


def test_a_restart_is_logged_with_who_held_the_claim(caplog):
    match = new_match()
    claim(match.pk, ELSEWHERE)
    MatchClaim.objects.filter(match=match).update(heartbeat_at=timezone.now() - LEASE * 2)
    with caplog.at_level("WARNING", logger="matches.claims"):
        claim(match.pk, "me:1:a")
    assert f"match {match.pk}: restarting from the start (was claimed by {ELSEWHERE})" in (
        caplog.messages
    )
    MatchClaim.objects.filter(match=match).update(claimed_by="")
    caplog.clear()
    with caplog.at_level("WARNING", logger="matches.claims"):
        claim(match.pk, "me:1:a")
    assert caplog.messages == [
        f"match {match.pk}: restarting from the start (was claimed by nobody)"
    ]


# -- a message's matches at once ----------------------------------------------------------
def test_claim_queued_claims_only_the_queued_matches_as_first_starts():
    queued, running, finished = new_match(3), new_match(4), new_match(5)
    claim(running.pk, ELSEWHERE)
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    claimed = claim_queued([queued.pk, running.pk, finished.pk], "me:1:a")
    assert list(claimed) == [queued.pk]
    assert claimed[queued.pk].status == Match.Status.RUNNING
    assert claimed[queued.pk].claim.claimed_by == "me:1:a"
    assert (claim_row(queued).attempts, claim_row(running).claimed_by) == (1, ELSEWHERE)
    assert claim_queued([running.pk, finished.pk], "me:1:a") == {}


def test_the_matches_claim_queued_hands_back_carry_their_claims(django_assert_num_queries):
    """One query for a message's matches and their claims, not one more a match."""
    ids = [new_match(seed).pk for seed in (3, 4, 5)]
    claimed = claim_queued(ids, "me:1:a")
    with django_assert_num_queries(0):
        assert {m.claim.claimed_by for m in claimed.values()} == {"me:1:a"}


def test_claim_queued_counts_a_requeued_matchs_earlier_starts():
    match = new_match()
    MatchClaim.objects.filter(match=match).update(attempts=2)
    claim_queued([match.pk], "me:1:a")
    assert claim_row(match).attempts == 2


def test_claim_queued_leaves_a_match_without_a_claim_row_to_claim():
    match = new_match()
    MatchClaim.objects.filter(match=match).delete()
    assert claim_queued([match.pk], "me:1:a") == {}
    assert claim(match.pk, "me:1:a")[1] == "claimed"


#: release closes a connection that has outlived its age (before a retry, the worker's
#: may be broken): only a transactional test database survives that
RELEASE = pytest.mark.django_db(transaction=True)


# -- giving a claim up --------------------------------------------------------------------
def test_release_unstarted_queues_again_only_the_token_s_matches_with_no_events():
    unstarted, started, others = new_match(3), new_match(4), new_match(5)
    claim_queued([unstarted.pk, started.pk], "me:1:a")
    claim(others.pk, ELSEWHERE)
    with_events(started)
    before = timezone.now()
    claims.release_unstarted([unstarted.pk, started.pk, others.pk], "me:1:a")
    for match in (unstarted, started, others):
        match.refresh_from_db()
    assert (unstarted.status, unstarted.started_at) == (Match.Status.QUEUED, None)
    held = claim_row(unstarted)
    assert (held.claimed_by, held.heartbeat_at) == ("", None) and held.enqueued_at >= before
    assert started.status == others.status == Match.Status.RUNNING
    assert claim_row(started).claimed_by == "me:1:a"
    assert claim_row(others).claimed_by == ELSEWHERE


def test_release_unstarted_leaves_the_token_s_other_matches_and_a_match_no_longer_running():
    handed_back, kept, failed = new_match(3), new_match(4), new_match(5)
    claim_queued([handed_back.pk, kept.pk, failed.pk], "me:1:a")
    Match.objects.filter(pk=failed.pk).update(status=Match.Status.FAILED)
    claims.release_unstarted([handed_back.pk, failed.pk], "me:1:a")
    statuses = dict(Match.objects.values_list("pk", "status"))
    assert statuses[handed_back.pk] == Match.Status.QUEUED
    assert (statuses[kept.pk], statuses[failed.pk]) == (Match.Status.RUNNING, Match.Status.FAILED)
    assert claim_row(kept).claimed_by == claim_row(failed).claimed_by == "me:1:a"


@RELEASE
def test_release_gives_the_claim_up_and_queues_the_match_afresh():
    match = new_match()
    claim(match.pk, "me:1:a")
    with_events(match)
    before = timezone.now()
    assert claims.release(match.pk, "me:1:a") is True
    match.refresh_from_db()
    assert (match.status, match.event_count) == (Match.Status.QUEUED, 0)
    assert not MatchEvent.objects.filter(match=match).exists()
    held = claim_row(match)
    assert (held.claimed_by, held.heartbeat_at) == ("", None) and held.enqueued_at >= before
    assert held.attempts == 1  # not a restart


@RELEASE
def test_release_of_a_claim_not_held_or_a_missing_match_changes_nothing():
    match = new_match()
    claim(match.pk, ELSEWHERE)
    with_events(match)
    mine = new_match(4)
    claim(mine.pk, "me:1:a")  # a claim the token does hold, of another match
    assert claims.release(match.pk, "me:1:a") is False
    assert claims.release(999_999, "me:1:a") is False
    match.refresh_from_db()
    assert (match.status, match.event_count) == (Match.Status.RUNNING, 3)
    assert claim_row(match).claimed_by == ELSEWHERE
    assert claim_row(mine).claimed_by == "me:1:a"


@RELEASE
def test_release_of_a_match_no_longer_running_keeps_its_log():
    match = new_match()
    claim(match.pk, "me:1:a")
    with_events(match)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FAILED)
    assert claims.release(match.pk, "me:1:a") is True
    match.refresh_from_db()
    assert (match.status, match.event_count) == (Match.Status.FAILED, 3)
    assert claim_row(match).claimed_by == ""


@RELEASE
def test_release_is_best_effort_it_reports_a_database_error_as_false(monkeypatch, caplog):
    match = new_match()
    claim(match.pk, "me:1:a")

    def gone(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(claims, "discard_partial_log", gone)
    with caplog.at_level("WARNING", logger="matches.claims"):
        assert claims.release(match.pk, "me:1:a") is False
    assert caplog.messages == [f"match {match.pk}: could not release the claim"]
    assert caplog.records[0].exc_info[0] is RuntimeError  # with its traceback


def test_reset_forgets_who_ran_the_match_and_how_often():
    match = new_match()
    claim(match.pk, "me:1:a")
    MatchClaim.objects.filter(match=match).update(attempts=2)
    claims.reset(match.pk)
    held = claim_row(match)
    assert (held.claimed_by, held.heartbeat_at, held.attempts) == ("", None, 0)


# -- the heartbeat ------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)  # it beats from a thread, on a connection of its own
def test_the_heartbeat_beats_the_claims_of_its_token_until_it_is_stopped(settings):
    settings.SCRIMMAGE_HEARTBEAT_SECONDS = 0.01
    mine, other = new_match(3), new_match(4)
    claim(mine.pk, "me:1:a")
    claim(other.pk, ELSEWHERE)
    old = timezone.now() - LEASE * 2
    MatchClaim.objects.update(heartbeat_at=old)
    with claims.Heartbeat("me:1:a") as beat:
        assert beat.daemon and beat.name == "heartbeat-me:1:a"
        while claim_row(mine).heartbeat_at == old:
            assert beat.is_alive()
    assert not beat.is_alive()
    assert claim_row(other).heartbeat_at == old

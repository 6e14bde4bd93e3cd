"""The one Celery task that runs a stored match, and the recovery of lost ones.

Every stored match (a competition's fixture, a challenge, a fork) runs the same way:
``enqueue`` hands it to the broker once the caller's transaction commits;
``run_match`` claims it (``matches.claims``), plays it with its seats' players
(``matches.players``), stores the log and result with fenced writes, and tells the
apps above that it is over (``matches.signals.matches_over``: tournaments check
the round there, in the same task, once per message). A message may carry several short matches, run
one after another, each claimed on its own (``matches.batching``).

- **retries**: ``INFRASTRUCTURE_ERRORS`` (database or broker gone) give the claim
  up (the match is queued again, not counted as a restart) and retry with
  exponential backoff up to ``max_retries`` (with the matches of its message not
  run yet); then the match is marked failed (shown in the admin, re-runnable) and
  the rest of its message is sent again. A bot's fault is not an error: the engine
  records it and the match ends with a result. An engine/rules error fails the
  match at once (retrying would fail the same way).
- **recovery**: ``recover_stalled`` re-sends matches whose claimer died and queued
  matches whose message was lost (the filesystem broker deletes a message when it
  is read, so the message of a worker killed before it claimed the match does not
  come back by itself), then lets the apps above recover theirs
  (``matches.signals.recovery_sweep``). Every worker runs it itself, at start and
  then every ``SCRIMMAGE_SWEEP_SECONDS`` (``Sweeper``), so recovery never waits for
  beat (which also sends it every minute). A queued match counts as lost once it
  has waited ``SCRIMMAGE_UNCLAIMED_AFTER`` seconds while the broker's queue is
  empty (its message is then nowhere but in a dead worker), or in any case after
  ``SCRIMMAGE_REQUEUE_AFTER``. A re-send bumps the match's ``enqueued_at`` by a
  compare-and-set, so workers sweeping at once send it once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable, Sequence
from datetime import timedelta
from typing import cast

from celery import current_app, shared_task
from celery.signals import worker_ready, worker_shutting_down
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Q
from django.utils import timezone

from matches import batching
from matches.claims import (
    LOCKED,
    Heartbeat,
    claim,
    claim_queued,
    claim_token,
    claimer_alive,
    holds,
    release,
    release_unstarted,
)
from matches.models import Match, MatchClaim
from matches.services import INFRASTRUCTURE_ERRORS, run_stored_match
from matches.signals import matches_over, recovery_sweep
from matches.storing import fail

logger = logging.getLogger(__name__)

OVER = (Match.Status.FINISHED, Match.Status.FAILED)


def enqueue(match_ids: Iterable[int]) -> None:
    """Hand queued matches to the workers once the current transaction commits,
    short ones several to a message (``matches.batching``)."""
    ids = list(match_ids)
    if ids:
        MatchClaim.objects.filter(pk__in=ids).update(enqueued_at=timezone.now())
        per_message = batching.matches_per_message(ids)
        transaction.on_commit(lambda: _send(ids, per_message))


def _send(match_ids: Sequence[int], per_message: int = 1) -> None:
    for first, *then in batching.in_messages(match_ids, per_message):
        if then:
            run_match.delay(first, then=then)
        else:
            run_match.delay(first)


def play(match_id: int, token: str, claimed: Match | None = None) -> str:
    """Claim and run one match (``claimed``: claimed already, with its message);
    its status after, or why this delivery left it alone ("running elsewhere",
    "missing", ``LOCKED``). Every write of the run is fenced by the claim: if another worker
    takes the match over (this one was presumed dead), this run stops and writes
    nothing. The caller keeps the claim's heartbeat going."""
    match = claimed
    if match is None:
        match, why = claim(match_id, token)
        if match is None:
            return why
    run_stored_match(match, fence=holds(token))
    return match.status


def run(match_id: int, token: str) -> str:
    """One match, as a message of one runs it (the inline runners use it too)."""
    with Heartbeat(token):
        status = _run(match_id, token)
    _tell_over([match_id] if status in OVER else [])
    return status


def _run(match_id: int, token: str, claimed: Match | None = None) -> str:
    """``play``, logging the time it took: the platform's work for the match, but
    for the round check that follows its message (the benchmarks read it)."""
    began = time.perf_counter()
    status = play(match_id, token, claimed)
    logger.info("match %s: %s in %.2f ms", match_id, status, (time.perf_counter() - began) * 1000)
    return status


def _tell_over(match_ids: list[int]) -> None:
    """Tell the apps above which matches are over (also those an earlier delivery
    ran: their receivers are idempotent, and a worker may have died between the
    two): once for a whole message, so a round is checked once, not per match."""
    if not match_ids:
        return
    began = time.perf_counter()
    try:
        matches_over.send(sender=Match, match_ids=match_ids)
    except INFRASTRUCTURE_ERRORS:  # the matches are stored; the sweep checks their rounds
        logger.warning("could not tell that matches %s are over", match_ids, exc_info=True)
        close_old_connections()
        return
    logger.info("matches %s over: told in %.2f ms", match_ids, (time.perf_counter() - began) * 1000)


def backoff(retries: int) -> float:
    return min(
        settings.SCRIMMAGE_RETRY_BACKOFF_MAX, settings.SCRIMMAGE_RETRY_BACKOFF * (2**retries)
    )


@shared_task(
    name="matches.run_match", bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=5
)
def run_match(self, match_id: int, then: Sequence[int] = (), skipped: int = 0) -> str | None:
    """Run the stored match ``match_id``, then those of ``then`` in order (see the
    module docstring); returns the status of ``match_id``, or why this delivery
    left it alone. Once the message has had its time (``matches.batching``), the
    matches not started yet go back to the broker, one a message. A match whose
    row another transaction holds is sent again after a backoff (``skipped``: how
    often it was in a row), never waited on: the worker goes on with its other work."""
    token = claim_token(self.request.id)
    began, ids = time.monotonic(), [match_id, *then]
    statuses: list[str | None] = []
    with Heartbeat(token):
        claimed = _claim_all(ids, token) if then else {}
        for n, current in enumerate(ids):
            if n and batching.spent(began):
                _hand_back(ids[n:], token)
                break
            try:
                statuses.append(_run(current, token, claimed.get(current)))
            except INFRASTRUCTURE_ERRORS as exc:
                # those over before it are told by the sweep (it checks unfinished rounds)
                statuses.append(_retry_or_fail(self, current, ids[n + 1 :], token, exc))
                break
    _tell_over([pk for pk, status in zip(ids, statuses) if status in OVER])
    _send_later([pk for pk, status in zip(ids, statuses) if status == LOCKED], skipped)
    return statuses[0]


def _send_later(match_ids: list[int], skipped: int) -> None:
    """Send matches whose row was locked again, after a backoff that grows with
    each skip in a row (a paused worker may hold the row for long)."""
    for match_id in match_ids:
        logger.info("match %s: its row is locked elsewhere; sent again later", match_id)
        try:
            run_match.apply_async((match_id,), {"skipped": skipped + 1}, countdown=backoff(skipped))
        except INFRASTRUCTURE_ERRORS:  # the broker is gone: the sweep sends it later
            logger.warning("could not send match %s again", match_id, exc_info=True)


def _claim_all(match_ids: list[int], token: str) -> dict[int, Match]:
    """The message's queued matches, claimed at once; none if the database is
    away (each is then claimed on its own, with its own retries)."""
    try:
        return claim_queued(match_ids, token)
    except INFRASTRUCTURE_ERRORS:
        logger.warning("could not claim matches %s at once", match_ids, exc_info=True)
        close_old_connections()
        return {}


def _hand_back(match_ids: list[int], token: str) -> None:
    """Send the matches of a message not started yet on, one a message, first
    giving up the claims taken with the message."""
    release_unstarted(match_ids, token)
    _send(match_ids)


def _retry_or_fail(task, match_id: int, rest: list[int], token: str, exc: Exception) -> str | None:
    """After an infrastructure error in ``match_id``: give its claim up and retry it
    (with ``rest``, its message's matches not run yet) later; after ``max_retries``,
    fail it and send ``rest`` again on their own."""
    release(match_id, token)
    try:
        release_unstarted(rest, token)
    except INFRASTRUCTURE_ERRORS:  # the retry takes over what it could not give up
        logger.warning("could not give up the claims of matches %s", rest, exc_info=True)
    close_old_connections()
    if task.request.retries < task.max_retries:
        raise task.retry(
            args=(match_id,),
            kwargs={"then": rest} if rest else {},
            exc=exc,
            countdown=backoff(task.request.retries),
        )
    logger.error("match %s: giving up after %s retries", match_id, task.request.retries)
    match = Match.objects.filter(pk=match_id).first()
    if match is not None:  # unless another worker has it now; never a finished one
        fail(
            match,
            f"infrastructure error after {task.request.retries} retries: "
            f"{type(exc).__name__}: {exc}",
            fence=Q(claim__claimed_by__in=("", token)),
        )
    try:
        _send(rest)
    except INFRASTRUCTURE_ERRORS:  # the broker is gone too: the sweeper sends them later
        logger.warning("could not send matches %s again", rest, exc_info=True)
    return Match.objects.filter(pk=match_id).values_list("status", flat=True).first()


# -- recovery ---------------------------------------------------------------------------
def broker_queue_empty(app=None) -> bool:
    """Is the queue match messages go to empty right now? ``False`` when the
    broker cannot tell (then only ``SCRIMMAGE_REQUEUE_AFTER`` re-sends).

    The queue is counted by a declaring (not passive) ``queue_declare``: kombu's
    Redis transport answers a passive one by ``EXISTS``, and Redis keeps no empty
    list, so an empty queue would look missing (and be taken as busy); the
    declaring one counts with ``LLEN`` over the queue and its priority lists, the
    filesystem transport by its message files."""
    app = app or current_app
    queue = getattr(run_match, "queue", None) or app.conf.task_default_queue
    try:
        with app.connection_for_read() as conn:
            declared = conn.default_channel.queue_declare(
                queue=queue, passive=False, durable=True, auto_delete=False
            )
        return declared.message_count == 0
    except Exception:
        logger.warning("could not count the messages of queue %s", queue, exc_info=True)
        return False


class _Lost:
    """Decides whether a queued match, sent at some time, has lost its message."""

    def __init__(self, now, requeue_after: float, unclaimed: float) -> None:
        self.now = now
        self.requeue_after = timedelta(seconds=requeue_after)
        self.unclaimed = timedelta(seconds=unclaimed)
        self._empty: bool | None = None  # the broker is asked once, and only if needed

    def __call__(self, sent) -> bool:
        if sent is None or self.now - sent > self.requeue_after:
            return True
        if self.now - sent <= self.unclaimed:
            return False
        if self._empty is None:
            self._empty = broker_queue_empty()
        return self._empty


def _mark_resent(held: MatchClaim, now) -> bool:
    """Bump ``enqueued_at`` if no other sweep did since we read it: one re-send."""
    return bool(
        MatchClaim.objects.filter(pk=held.pk, enqueued_at=held.enqueued_at).update(enqueued_at=now)
    )


def _due(requeue_after: float, beside_matches: bool) -> list[MatchClaim]:
    """The claims of stored matches to send again: running with a dead claimer, or
    queued with a lost message. A match made before claims were stored gets one."""
    now = timezone.now()
    lost = _Lost(now, requeue_after, min(settings.SCRIMMAGE_UNCLAIMED_AFTER, requeue_after))
    due = []
    live = Match.objects.filter(
        status__in=[Match.Status.QUEUED, Match.Status.RUNNING]
    ).select_related("claim")
    for match in live:
        held = getattr(match, "claim", None)
        if held is None:
            held = MatchClaim.objects.get_or_create(
                match=match, defaults={"enqueued_at": match.created_at}
            )[0]
        if match.status == Match.Status.RUNNING:
            if held.claimed_by and not claimer_alive(held, beside_matches):  # none: inline
                due.append(held)
        elif lost(held.enqueued_at or match.created_at):
            due.append(held)
    return [held for held in due if _mark_resent(held, now)]


@shared_task(name="matches.recover_stalled")
def recover_stalled(requeue_after: float | None = None, *, beside_matches: bool = False) -> dict:
    """Re-send matches whose worker died or whose message was lost, then let the
    apps above recover theirs. Safe to run any time (duplicates are no-ops).
    ``beside_matches``: run by the sweeper thread, beside the matches this process
    runs (their claims are alive while their heartbeat is)."""
    if requeue_after is None:
        requeue_after = settings.SCRIMMAGE_REQUEUE_AFTER
    resend = [held.pk for held in _due(requeue_after, beside_matches)]
    _send(resend)
    found = {"resent": resend}
    for _, recovered in recovery_sweep.send(sender=Match):
        # what a receiver recovered, {kind: [pks]} (the stubs type a response as a str)
        found.update(cast(dict[str, list], recovered or {}))
    return found


class Sweeper(threading.Thread):
    """Runs ``recover_stalled`` in a worker process, at once and then every
    ``SCRIMMAGE_SWEEP_SECONDS``: workers recover lost matches without beat, and
    without a message (which a busy or dead worker might be the one to hold)."""

    def __init__(self, every: float) -> None:
        super().__init__(daemon=True, name="scrimmage-sweeper")
        self.every = every
        self.stopped = threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            try:
                close_old_connections()
                found = recover_stalled(beside_matches=True)
                if any(found.values()):
                    logger.warning("sweep: %s", found)
            except Exception:
                logger.warning("sweep failed", exc_info=True)
            finally:
                connection.close()
            self.stopped.wait(self.every)

    def stop(self) -> None:
        self.stopped.set()


class _Sweeping:
    """The sweeper of this worker process (one per process, started when it is ready)."""

    thread: Sweeper | None = None


@worker_ready.connect
def _recover_on_start(sender=None, **kwargs):
    """A worker (re)starting is the moment to pick up what a killed one left; it
    goes on sweeping while it runs (``SCRIMMAGE_SWEEP_SECONDS`` of 0: only at start)."""
    every = settings.SCRIMMAGE_SWEEP_SECONDS
    if every <= 0:
        try:
            recover_stalled.delay()
        except Exception:
            logger.warning("could not send recover_stalled", exc_info=True)
        return
    if _Sweeping.thread is None or not _Sweeping.thread.is_alive():
        _Sweeping.thread = Sweeper(every)
        _Sweeping.thread.start()


@worker_shutting_down.connect
def _stop_sweeping(sender=None, **kwargs):
    if _Sweeping.thread is not None:
        _Sweeping.thread.stop()

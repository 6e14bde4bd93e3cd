"""The one Celery task that runs a stored match.

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

Recovering matches whose worker or message was lost is ``matches.recovery``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Sequence

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import Q
from django.utils import timezone

from matches import batching
from matches.claims import (
    LOCKED,
    Heartbeat,
    claim,
    claim_queued,
    claim_token,
    holds,
    release,
    release_unstarted,
)
from matches.models import Match, MatchClaim
from matches.services import INFRASTRUCTURE_ERRORS, run_stored_match
from matches.signals import matches_over
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
        transaction.on_commit(lambda: send(ids, per_message))


def send(match_ids: Sequence[int], per_message: int = 1) -> None:
    """Hand the matches to the broker now, up to ``per_message`` to a message."""
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
    send(match_ids)


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
        send(rest)
    except INFRASTRUCTURE_ERRORS:  # the broker is gone too: the sweeper sends them later
        logger.warning("could not send matches %s again", rest, exc_info=True)
    return Match.objects.filter(pk=match_id).values_list("status", flat=True).first()

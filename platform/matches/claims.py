"""Who runs a stored match: claims, their heartbeat and the fence of a run's writes.

Delivery of a match's task is at least once (``acks_late``,
``reject_on_worker_lost``), so a worker first **claims** the match under its row's
lock (``host:pid:task id`` in its ``MatchClaim``) and marks it running. A finished
or failed match is never touched again (a second delivery is a no-op). A running
match is someone's: if its claimer is alive (a heartbeat younger than the lease
and, on this host, a live pid) this delivery does nothing; if it is dead (a worker
killed mid-match) its partial log is discarded and the match runs again from the
start: a restart, counted in ``attempts`` (at ``MAX_ATTEMPTS`` the match fails).

Every write of a run (events, finish, fail) is **fenced**: it is made only where
this worker still holds the claim (a condition of the locking read or the
conditional update that writes), so a worker whose claim was taken over writes
nothing more.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import Q
from django.db.models.functions import Greatest
from django.utils import timezone

from matches.models import Match, MatchClaim
from matches.storing import Fence, discard_partial_log, fail

logger = logging.getLogger(__name__)
HOST = socket.gethostname()

#: starts of one match: the first, plus one per restart after its worker died (a
#: claim taken over from a dead claimer). Retries after infrastructure errors do
#: not count (they have their own limit, the task's ``max_retries``).
MAX_ATTEMPTS = 3
#: why a delivery leaves a match alone whose row another transaction holds
LOCKED = "locked"


def claim_token(task_id: str | None) -> str:
    return f"{HOST}:{os.getpid()}:{task_id or '-'}"


def _pid_alive(pid: int, ours: bool = False) -> bool:
    if pid == os.getpid():
        # a task of this process runs one match at a time: an older claim of ours is
        # over; but the sweeper thread sees the match this process is running now
        return ours
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            # a zombie is dead; a stopped process (SIGSTOP) runs nothing until it is
            # continued, and its claim is taken over at once instead of after the
            # lease (its fenced writes fail if it comes back)
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "T")
    except OSError:
        return True


def claimer_alive(claim: MatchClaim, ours: bool = False) -> bool:
    """Is the worker that claimed this match still running it? Only if its heartbeat
    is younger than the lease, and (on this host) its process still exists. A pid
    alone proves nothing: with ``-c 2`` a retry on the sibling child sees the old
    child alive although it has long given the match up. ``ours``: what to think of
    a claim of this very process (the sweeper thread runs beside the match)."""
    if not claim.claimed_by:
        return False
    beat = claim.heartbeat_at
    if beat is None or timezone.now() - beat >= timedelta(seconds=settings.SCRIMMAGE_LEASE_SECONDS):
        return False
    host, _, rest = claim.claimed_by.partition(":")
    pid = rest.partition(":")[0]
    if host == HOST and pid.isdigit():
        return _pid_alive(int(pid), ours)
    return True


def holds(token: str) -> Fence:
    """The fence of a run: ``token`` still holds the match's claim."""
    return Q(claim__claimed_by=token)


#: the longest a claim waits on a lock (a claim row a sweep or heartbeat is
#: updating); a match row held by another transaction is never waited on
LOCK_WAIT = "2s"


def wait_for_locks_at_most(limit: str = LOCK_WAIT) -> None:
    """In the current transaction, give up waiting on a lock after ``limit`` (an
    ``OperationalError``, which a worker retries) instead of waiting on a worker
    that may be paused. PostgreSQL only: SQLite locks the whole database."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %s, true)", [limit])


def _lock_with_claim(match_id: int) -> Match | None:
    """The match, locked, with its claim (made if an older match has none); None
    when it is missing or its row is locked by another transaction (not waited on)."""
    match = (
        Match.objects.select_for_update(of=("self",), skip_locked=True)
        .select_related("claim")
        .filter(pk=match_id)
        .first()
    )
    if match is not None and not hasattr(match, "claim"):
        match.claim = MatchClaim.objects.create(match=match)
    return match


def claim(match_id: int, token: str) -> tuple[Match | None, str]:
    """Claim the match for ``token``; ``(match, why)`` with ``match`` None when this
    delivery must not run it (``why`` then says why: its status, "missing",
    "running elsewhere", or ``LOCKED``: another transaction holds its row, perhaps
    of a paused worker, and this one does not wait for it)."""
    with transaction.atomic():
        wait_for_locks_at_most()
        match = _lock_with_claim(match_id)
        if match is None:
            return None, LOCKED if Match.objects.filter(pk=match_id).exists() else "missing"
        if match.is_over:
            return None, match.status
        held = match.claim
        attempts = held.attempts or 1  # the first start counts once
        if match.status == Match.Status.RUNNING:
            if held.claimed_by and held.claimed_by != token and claimer_alive(held):
                return None, "running elsewhere"
            stolen = bool(held.claimed_by) and held.claimed_by != token
            logger.warning(
                "match %s: restarting from the start (was claimed by %s)",
                match_id,
                held.claimed_by or "nobody",
            )
            if stolen:  # its worker died mid-match: a restart after a kill
                if held.attempts >= MAX_ATTEMPTS:
                    fail(match, f"gave up: the worker running it died {held.attempts} times")
                    MatchClaim.objects.filter(pk=match_id).update(claimed_by="", heartbeat_at=None)
                    return None, Match.Status.FAILED
                attempts = held.attempts + 1
            discard_partial_log(match)
        now = _take([match_id], token, attempts)
        held.claimed_by, held.heartbeat_at, held.attempts = token, now, attempts
        match.status, match.started_at = Match.Status.RUNNING, now
    return match, "claimed"


def claim_queued(match_ids: Sequence[int], token: str) -> dict[int, Match]:
    """Claim, at once, those of ``match_ids`` that are queued (a message of several
    short matches: one transaction instead of one per match); the matches claimed,
    by id. The others are claimed one by one as their turn comes (``claim``), which
    knows what to do with a running, finished, missing or locked match."""
    with transaction.atomic():
        wait_for_locks_at_most()
        ids = list(
            Match.objects.select_for_update(skip_locked=True)
            .order_by()
            .filter(pk__in=match_ids, status=Match.Status.QUEUED, claim__isnull=False)
            .values_list("pk", flat=True)
        )
        if not ids:
            return {}
        _take(ids, token, Greatest("attempts", 1))  # the first start counts once
    return {match.pk: match for match in Match.objects.filter(pk__in=ids).select_related("claim")}


def _take(match_ids: Sequence[int], token: str, attempts) -> datetime:
    """Mark the (locked) matches running, claimed by ``token`` with ``attempts``
    starts; when."""
    now = timezone.now()
    MatchClaim.objects.filter(pk__in=match_ids).update(
        claimed_by=token, heartbeat_at=now, attempts=attempts
    )
    Match.objects.filter(pk__in=match_ids).update(status=Match.Status.RUNNING, started_at=now)
    return now


def release_unstarted(match_ids: Sequence[int], token: str) -> None:
    """Queue again those of ``match_ids`` that ``token`` claimed and has not started
    (the rest of a message handed back): not a restart, nothing to discard."""
    now = timezone.now()
    with transaction.atomic():
        held = list(
            Match.objects.select_for_update(of=("self",))
            .order_by()
            .filter(
                pk__in=match_ids,
                status=Match.Status.RUNNING,
                event_count=0,
                claim__claimed_by=token,
            )
            .values_list("pk", flat=True)
        )
        MatchClaim.objects.filter(pk__in=held).update(
            claimed_by="", heartbeat_at=None, enqueued_at=now
        )
        Match.objects.filter(pk__in=held).update(status=Match.Status.QUEUED, started_at=None)


def release(match_id: int, token: str) -> bool:
    """Give the claim up before a retry (after an infrastructure error): the partial
    log is discarded and the match is queued again, so the retry (on any worker)
    starts it afresh without counting a restart. Best effort: with the database
    still gone, the retry finds the stale claim and takes it over (counted)."""
    try:
        close_old_connections()
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id).first()
            if match is None or not MatchClaim.objects.filter(pk=match_id, claimed_by=token).update(
                claimed_by="", heartbeat_at=None, enqueued_at=timezone.now()
            ):
                return False
            if match.status == Match.Status.RUNNING:
                discard_partial_log(match)
        return True
    except Exception:
        logger.warning("match %s: could not release the claim", match_id, exc_info=True)
        return False


def reset(match_id: int) -> None:
    """Forget who ran the match and how often (before an organiser re-runs it)."""
    MatchClaim.objects.filter(pk=match_id).update(claimed_by="", heartbeat_at=None, attempts=0)


class Heartbeat(threading.Thread):
    """Refreshes the claims of one delivery (its ``token``) every
    ``SCRIMMAGE_HEARTBEAT_SECONDS`` while it runs them; a context manager."""

    def __init__(self, token: str) -> None:
        super().__init__(daemon=True, name=f"heartbeat-{token}")
        self.token = token
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(settings.SCRIMMAGE_HEARTBEAT_SECONDS):
                try:
                    MatchClaim.objects.filter(claimed_by=self.token).update(
                        heartbeat_at=timezone.now()
                    )
                except Exception:
                    logger.warning("heartbeat of %s failed", self.token, exc_info=True)
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.join(timeout=5)

    def __enter__(self) -> Heartbeat:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

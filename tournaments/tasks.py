"""Celery tasks that run stored matches (of seasons, tournaments and challenges).

Delivery is at least once (``acks_late``, ``reject_on_worker_lost``), so:

- **claim**: under the match row's lock a worker claims the match
  (``host:pid:task id``, on its ``Fixture``, or on a ``MatchClaim`` for a match
  that is not a fixture: challenges run through this same runner) and marks it
  running. A match that is finished or failed is never touched again (a second
  delivery is a no-op). A match that is *running* is someone's: if the claimer is
  alive (its heartbeat is younger than the lease and, on this host, its pid
  exists), this delivery does nothing; if it is dead (a worker killed mid-match,
  ``kill -9``), its partial log is discarded (``discard_partial_log``) and the match
  runs again from the start: a restart, counted in ``attempts`` (the first start
  plus restarts; at ``MAX_ATTEMPTS`` the match is marked failed).
- **fencing**: every write of a run (events, finish, fail) checks, under the match
  row's lock, that this worker still holds the claim; one whose claim was taken
  over stops and writes nothing more.
- **heartbeat**: a thread refreshes the claim every few seconds while the engine runs.
- **retries**: ``INFRASTRUCTURE_ERRORS`` (database or broker gone) give the claim
  up (the match is queued again, not counted as a restart) and retry with
  exponential backoff up to ``max_retries``; then the match is marked failed
  (shown in the admin, re-runnable). A bot's fault is not an error: the engine
  records it and the match ends with a result. An engine/rules error fails the
  match at once (retrying would fail the same way).
- **round check**: after each match ``check_round`` runs as its own task; the
  round is completed once (see ``rounds.check_round``).
- **recovery**: ``recover_stalled`` re-sends matches whose claimer died and queued
  matches whose message was lost (the filesystem broker deletes a message when it
  is read, so the message of a worker killed before it claimed the match does not
  come back by itself), challenge matches included, and completes rounds whose
  last check was lost. Every worker runs it itself, at start and then every
  ``SCRIMMAGE_SWEEP_SECONDS`` (``Sweeper``), so recovery never waits for beat
  (which also sends it every minute). A queued match counts as lost once it has
  waited ``SCRIMMAGE_UNCLAIMED_AFTER`` seconds while the broker's queue is empty
  (its message is then nowhere but in a dead worker), or in any case after
  ``SCRIMMAGE_REQUEUE_AFTER``. A re-send bumps the match's ``enqueued_at`` by a
  compare-and-set, so workers sweeping at once send it once.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready, worker_shutting_down
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from matches.models import Match
from matches.services import INFRASTRUCTURE_ERRORS, discard_partial_log, fail, run_stored_match
from tournaments import rounds
from tournaments.models import Competition, Fixture, MatchClaim, Round

logger = logging.getLogger(__name__)
HOST = socket.gethostname()


def _setting(name: str, default):
    return getattr(settings, name, default)


def lease_seconds() -> float:
    return float(_setting("SCRIMMAGE_LEASE_SECONDS", 60))


def heartbeat_seconds() -> float:
    return float(_setting("SCRIMMAGE_HEARTBEAT_SECONDS", 5))


#: starts of one match: the first, plus one per restart after its worker died (a
#: claim taken over from a dead claimer). Retries after infrastructure errors do
#: not count (they have their own limit, the task's ``max_retries``).
MAX_ATTEMPTS = 3


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
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


Lease = Fixture | MatchClaim  # the row that holds a match's claim


def claimer_alive(lease: Lease, ours: bool = False) -> bool:
    """Is the worker that claimed this match still running it? Only if its heartbeat
    is younger than the lease, and (on this host) its process still exists. A pid
    alone proves nothing: with ``-c 2`` a retry on the sibling child sees the old
    child alive although it has long given the match up. ``ours``: what to think of
    a claim of this very process (the sweeper thread runs beside the match)."""
    if not lease.claimed_by:
        return False
    beat = lease.heartbeat_at
    if beat is None or timezone.now() - beat >= timedelta(seconds=lease_seconds()):
        return False
    host, _, rest = lease.claimed_by.partition(":")
    pid = rest.partition(":")[0]
    if host == HOST and pid.isdigit():
        return _pid_alive(int(pid), ours)
    return True


def lease_model(match_id: int) -> type[Fixture] | type[MatchClaim]:
    """Where the match's claim lives: its ``Fixture``, or (a challenge match) its
    ``MatchClaim``."""
    return Fixture if Fixture.objects.filter(match_id=match_id).exists() else MatchClaim


def _lock_lease(match_id: int) -> Lease:
    fixture = Fixture.objects.select_for_update().filter(match_id=match_id).first()
    if fixture is not None:
        return fixture
    MatchClaim.objects.get_or_create(match_id=match_id)
    return MatchClaim.objects.select_for_update().get(match_id=match_id)


def holds(match_id: int, token: str) -> bool:
    """Does ``token`` still hold the match's claim (the fence of its writes)?"""
    return lease_model(match_id).objects.filter(match_id=match_id, claimed_by=token).exists()


def claim(match_id: int, token: str) -> tuple[Match | None, str]:
    """Claim the match for ``token``; ``(match, why)`` with ``match`` None when this
    delivery must not run it. Works for every stored match (fixture or not)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            return None, "missing"
        if match.status in (Match.Status.FINISHED, Match.Status.FAILED):
            return None, match.status
        lease = _lock_lease(match_id)
        attempts = lease.attempts or 1  # the first start counts once
        if match.status == Match.Status.RUNNING:
            if lease.claimed_by and lease.claimed_by != token and claimer_alive(lease):
                return None, "running elsewhere"
            stolen = bool(lease.claimed_by) and lease.claimed_by != token
            logger.warning("match %s: restarting from the start (was claimed by %s)",
                           match_id, lease.claimed_by or "nobody")
            if stolen:  # its worker died mid-match: a restart after a kill
                if lease.attempts >= MAX_ATTEMPTS:
                    fail(match, f"gave up: the worker running it died {lease.attempts} times")
                    type(lease).objects.filter(pk=lease.pk).update(claimed_by="", heartbeat_at=None)
                    return None, "failed"
                attempts = lease.attempts + 1
            discard_partial_log(match)
        type(lease).objects.filter(pk=lease.pk).update(
            claimed_by=token, heartbeat_at=timezone.now(), attempts=attempts)
        Match.objects.filter(pk=match_id).update(status=Match.Status.RUNNING,
                                                 started_at=timezone.now())
        match.refresh_from_db()
    return match, "claimed"


def release(match_id: int, token: str) -> bool:
    """Give the claim up before a retry (after an infrastructure error): the partial
    log is discarded and the match is queued again, so the retry (on any worker)
    starts it afresh without counting a restart. Best effort: with the database
    still gone, the retry finds the stale claim and takes it over (counted)."""
    try:
        close_old_connections()
        with transaction.atomic():
            match = Match.objects.select_for_update().filter(pk=match_id).first()
            model = lease_model(match_id)
            if match is None or not model.objects.filter(match_id=match_id, claimed_by=token).update(
                    claimed_by="", heartbeat_at=None, enqueued_at=timezone.now()):
                return False
            if match.status == Match.Status.RUNNING:
                discard_partial_log(match)
        return True
    except Exception:  # noqa: BLE001 - the retry copes with a claim left behind
        logger.warning("match %s: could not release the claim", match_id, exc_info=True)
        return False


class Heartbeat(threading.Thread):
    def __init__(self, match_id: int, token: str, model=Fixture) -> None:
        super().__init__(daemon=True, name=f"heartbeat-{match_id}")
        self.match_id, self.token, self.model = match_id, token, model
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(heartbeat_seconds()):
                try:
                    self.model.objects.filter(match_id=self.match_id, claimed_by=self.token).update(
                        heartbeat_at=timezone.now())
                except Exception:  # noqa: BLE001 - a missed beat is not fatal
                    logger.warning("heartbeat of match %s failed", self.match_id, exc_info=True)
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.join(timeout=5)


def play(match_id: int, token: str) -> str:
    """Claim and run one match (the body of the task, also used by ``--inline``).
    Every write of the run is fenced by the claim: if another worker takes the
    match over (this one was presumed dead), this run stops and writes nothing."""
    match, why = claim(match_id, token)
    if match is None:
        return why
    model = lease_model(match_id)
    beat = Heartbeat(match_id, token, model)
    beat.start()
    try:
        run_stored_match(match, batch_size=int(_setting("SCRIMMAGE_EVENT_BATCH", 200)),
                         fence=lambda: holds(match_id, token))
    finally:
        beat.stop()
    model.objects.filter(match_id=match_id, claimed_by=token).update(heartbeat_at=timezone.now())
    return Match.objects.filter(pk=match_id).values_list("status", flat=True).first()


def _backoff(retries: int) -> float:
    base = float(_setting("SCRIMMAGE_RETRY_BACKOFF", 2))
    return min(float(_setting("SCRIMMAGE_RETRY_BACKOFF_MAX", 120)), base * (2 ** retries))


def run_task(task, match_id: int) -> str:
    """The body of every task that runs a stored match (``tournaments.play_match``
    and the challenges' ``matches.run_match``): claim, run, retry infrastructure
    errors, and check the round of a fixture."""
    token = claim_token(task.request.id)
    try:
        status = play(match_id, token)
    except INFRASTRUCTURE_ERRORS as exc:
        release(match_id, token)
        if task.request.retries < task.max_retries:
            close_old_connections()
            raise task.retry(exc=exc, countdown=_backoff(task.request.retries))
        logger.error("match %s: giving up after %s retries", match_id, task.request.retries)
        match = Match.objects.filter(pk=match_id).first()
        if match is not None:  # unless another worker has it now; never a finished one
            fail(match, f"infrastructure error after {task.request.retries} retries: "
                        f"{type(exc).__name__}: {exc}",
                 fence=lambda: lease_model(match_id).objects.filter(
                     match_id=match_id, claimed_by__in=("", token)).exists())
        status = Match.objects.filter(pk=match_id).values_list("status", flat=True).first()
    if status in (Match.Status.FINISHED, Match.Status.FAILED):
        round_id = Fixture.objects.filter(match_id=match_id).values_list("round_id", flat=True).first()
        if round_id is not None:
            check_round_task.delay(match_id)
    return status


MATCH_TASK_OPTIONS = {"bind": True, "acks_late": True, "reject_on_worker_lost": True,
                      "max_retries": 5}


@shared_task(name="tournaments.play_match", **MATCH_TASK_OPTIONS)
def play_match(self, match_id: int) -> str:
    """Run the stored match ``match_id`` (see the module docstring), then check its
    round when it is a fixture."""
    return run_task(self, match_id)


@shared_task(bind=True, name="tournaments.check_round", acks_late=True, max_retries=8)
def check_round_task(self, match_id: int) -> str:
    """'Round complete?' after a match is over (``rounds.after_match``)."""
    try:
        return rounds.after_match(match_id)
    except INFRASTRUCTURE_ERRORS as exc:
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))


@shared_task(bind=True, name="tournaments.season_tick", max_retries=3)
def season_tick(self, season_id: int) -> str:
    try:
        return rounds.ladder_tick(season_id)
    except INFRASTRUCTURE_ERRORS as exc:
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))


def sweep_seconds() -> float:
    return float(_setting("SCRIMMAGE_SWEEP_SECONDS", 20))


def unclaimed_after() -> float:
    return float(_setting("SCRIMMAGE_UNCLAIMED_AFTER", 30))


def broker_queue_empty() -> bool:
    """Is the queue match messages go to empty right now? ``False`` when the
    broker cannot tell (then only ``SCRIMMAGE_REQUEUE_AFTER`` re-sends)."""
    from celery import current_app

    queue = getattr(play_match, "queue", None) or current_app.conf.task_default_queue
    try:
        with current_app.connection_for_read() as conn:
            declared = conn.default_channel.queue_declare(queue=queue, passive=True)
        return declared.message_count == 0
    except Exception:  # noqa: BLE001 - a broker that cannot count: assume it is not
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


def _mark_resent(model, lease, now) -> bool:
    """Bump ``enqueued_at`` if no other sweep did since we read it: one re-send."""
    if lease.pk is None:
        return model.objects.get_or_create(match_id=lease.match_id,
                                           defaults={"enqueued_at": now})[1]
    return bool(model.objects.filter(pk=lease.pk, enqueued_at=lease.enqueued_at)
                .update(enqueued_at=now))


@shared_task(name="tournaments.recover_stalled")
def recover_stalled(requeue_after: float | None = None, *, beside_matches: bool = False) -> dict:
    """Re-send matches whose worker died or whose message was lost; complete rounds
    whose last check was lost. Safe to run any time (duplicates are no-ops).
    ``beside_matches``: run by the sweeper thread, beside the matches this process
    runs (their claims are alive while their heartbeat is)."""
    if requeue_after is None:
        requeue_after = float(_setting("SCRIMMAGE_REQUEUE_AFTER", 600))
    now = timezone.now()
    lost = _Lost(now, requeue_after, min(unclaimed_after(), requeue_after))
    live = (Competition.Status.RUNNING, Competition.Status.PAUSED)
    fixtures = (Fixture.objects.filter(match__status__in=[Match.Status.QUEUED, Match.Status.RUNNING])
                .select_related("match", "competition"))
    due, checked = [], 0  # (lease model, lease) of every match to send again
    for f in fixtures:
        if f.competition.status not in live:
            continue
        if f.match.status == Match.Status.RUNNING:
            if not claimer_alive(f, beside_matches):
                due.append((Fixture, f))
        elif lost(f.enqueued_at):
            due.append((Fixture, f))
    # stored matches that are not fixtures (challenges): the same rules
    loose = (Match.objects.filter(fixture__isnull=True,
                                  status__in=[Match.Status.QUEUED, Match.Status.RUNNING])
             .select_related("claim"))
    for m in loose:
        c = getattr(m, "claim", None)
        if m.status == Match.Status.RUNNING:
            if c is not None and not claimer_alive(c, beside_matches):  # no claim: inline
                due.append((MatchClaim, c))
        elif lost((c.enqueued_at or m.created_at) if c is not None else m.created_at):
            due.append((MatchClaim, c if c is not None else MatchClaim(match_id=m.pk)))
    resend = [lease.match_id for model, lease in due if _mark_resent(model, lease, now)]
    for mid in resend:
        play_match.delay(mid)
    for rnd in Round.objects.filter(status=Round.Status.RUNNING):
        if rounds.check_round(rnd.pk) == "completed":
            checked += 1
    return {"resent": resend, "rounds_completed": checked}


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
                if found["resent"] or found["rounds_completed"]:
                    logger.warning("sweep: re-sent %s, completed %s round(s)",
                                   found["resent"], found["rounds_completed"])
            except Exception:  # noqa: BLE001 - the next sweep tries again
                logger.warning("sweep failed", exc_info=True)
            finally:
                connection.close()
            self.stopped.wait(self.every)

    def stop(self) -> None:
        self.stopped.set()


_sweeper: Sweeper | None = None


@worker_ready.connect
def _recover_on_start(sender=None, **kwargs):
    """A worker (re)starting is the moment to pick up what a killed one left; it
    goes on sweeping while it runs (``SCRIMMAGE_SWEEP_SECONDS`` of 0: only at start)."""
    global _sweeper
    every = sweep_seconds()
    if every <= 0:
        try:
            recover_stalled.delay()
        except Exception:  # noqa: BLE001 - never stop a worker from starting
            logger.warning("could not send recover_stalled", exc_info=True)
        return
    if _sweeper is None or not _sweeper.is_alive():
        _sweeper = Sweeper(every)
        _sweeper.start()


@worker_shutting_down.connect
def _stop_sweeping(sender=None, **kwargs):
    if _sweeper is not None:
        _sweeper.stop()

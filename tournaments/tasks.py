"""Celery tasks of tournaments: one task runs one match of a season or tournament.

Delivery is at least once (``acks_late``, ``reject_on_worker_lost``), so:

- **claim**: under the match row's lock a worker claims the fixture
  (``host:pid:task id``) and marks the match running. A match that is finished or
  failed is never touched again (a second delivery is a no-op). A match that is
  *running* is someone's: if the claimer is alive (same host: its pid exists;
  elsewhere: its heartbeat is younger than the lease), this delivery does
  nothing; if it is dead (a worker killed mid-match, ``kill -9``), its partial log
  is discarded (``discard_partial_log``) and the match runs again from the start.
- **heartbeat**: a thread refreshes the claim every few seconds while the engine runs.
- **retries**: ``INFRASTRUCTURE_ERRORS`` (database or broker gone) retry with
  exponential backoff up to ``max_retries``; then the match is marked failed
  (shown in the admin, re-runnable). A bot's fault is not an error: the engine
  records it and the match ends with a result. An engine/rules error fails the
  match at once (retrying would fail the same way).
- **round check**: after each match ``check_round`` runs as its own task; the
  round is completed once (see ``services.check_round``).
- **recovery**: ``recover_stalled`` (on every worker start and periodically from
  beat) re-sends matches whose claimer died and queued matches whose message was
  lost (the filesystem broker deletes a message when it is read, so a killed
  worker's message does not come back by itself), and completes rounds whose
  last check was lost.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from matches.models import Match
from matches.services import INFRASTRUCTURE_ERRORS, discard_partial_log, fail, run_stored_match
from tournaments import services
from tournaments.models import Competition, Fixture, Round

logger = logging.getLogger(__name__)
HOST = socket.gethostname()


def _setting(name: str, default):
    return getattr(settings, name, default)


def lease_seconds() -> float:
    return float(_setting("SCRIMMAGE_LEASE_SECONDS", 60))


def heartbeat_seconds() -> float:
    return float(_setting("SCRIMMAGE_HEARTBEAT_SECONDS", 5))


MAX_ATTEMPTS = 3  # starts of one match (kills included) before it is marked failed


def claim_token(task_id: str | None) -> str:
    return f"{HOST}:{os.getpid()}:{task_id or '-'}"


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process runs one match at a time: an older claim of ours is over
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


def claimer_alive(fixture: Fixture) -> bool:
    if not fixture.claimed_by:
        return False
    host, _, rest = fixture.claimed_by.partition(":")
    pid = rest.partition(":")[0]
    if host == HOST and pid.isdigit():
        return _pid_alive(int(pid))
    beat = fixture.heartbeat_at
    return beat is not None and timezone.now() - beat < timedelta(seconds=lease_seconds())


def claim(match_id: int, token: str) -> tuple[Match | None, str]:
    """Claim the match for ``token``; ``(match, why)`` with ``match`` None when this
    delivery must not run it."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            return None, "missing"
        fixture = Fixture.objects.select_for_update().filter(match_id=match_id).first()
        if fixture is None:
            return None, "not a fixture"
        if match.status in (Match.Status.FINISHED, Match.Status.FAILED):
            return None, match.status
        if match.status == Match.Status.RUNNING:
            if fixture.claimed_by != token and claimer_alive(fixture):
                return None, "running elsewhere"
            logger.warning("match %s: restarting from the start (was claimed by %s)",
                           match_id, fixture.claimed_by or "nobody")
            discard_partial_log(match)
        if fixture.attempts >= MAX_ATTEMPTS:
            fail(match, f"gave up after {fixture.attempts} starts (the worker died each time)")
            return None, "failed"
        Fixture.objects.filter(pk=fixture.pk).update(
            claimed_by=token, heartbeat_at=timezone.now(), attempts=fixture.attempts + 1)
        Match.objects.filter(pk=match_id).update(status=Match.Status.RUNNING,
                                                 started_at=timezone.now())
        match.refresh_from_db()
    return match, "claimed"


class Heartbeat(threading.Thread):
    def __init__(self, match_id: int, token: str) -> None:
        super().__init__(daemon=True, name=f"heartbeat-{match_id}")
        self.match_id, self.token = match_id, token
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(heartbeat_seconds()):
                try:
                    Fixture.objects.filter(match_id=self.match_id, claimed_by=self.token).update(
                        heartbeat_at=timezone.now())
                except Exception:  # noqa: BLE001 - a missed beat is not fatal
                    logger.warning("heartbeat of match %s failed", self.match_id, exc_info=True)
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.join(timeout=5)


def play(match_id: int, token: str) -> str:
    """Claim and run one match (the body of the task, also used by ``--inline``)."""
    match, why = claim(match_id, token)
    if match is None:
        return why
    beat = Heartbeat(match_id, token)
    beat.start()
    try:
        run_stored_match(match, batch_size=int(_setting("SCRIMMAGE_EVENT_BATCH", 200)))
    finally:
        beat.stop()
    Fixture.objects.filter(match_id=match_id, claimed_by=token).update(heartbeat_at=timezone.now())
    return Match.objects.filter(pk=match_id).values_list("status", flat=True).first()


def _backoff(retries: int) -> float:
    base = float(_setting("SCRIMMAGE_RETRY_BACKOFF", 2))
    return min(float(_setting("SCRIMMAGE_RETRY_BACKOFF_MAX", 120)), base * (2 ** retries))


@shared_task(bind=True, name="tournaments.play_match", acks_late=True,
             reject_on_worker_lost=True, max_retries=5)
def play_match(self, match_id: int) -> str:
    """Run the fixture match ``match_id`` (see the module docstring), then check its round."""
    token = claim_token(self.request.id)
    try:
        status = play(match_id, token)
    except INFRASTRUCTURE_ERRORS as exc:
        if self.request.retries < self.max_retries:
            close_old_connections()
            raise self.retry(exc=exc, countdown=_backoff(self.request.retries))
        logger.error("match %s: giving up after %s retries", match_id, self.request.retries)
        match = Match.objects.filter(pk=match_id).first()
        if match is not None and match.status != Match.Status.FINISHED:
            fail(match, f"infrastructure error after {self.request.retries} retries: "
                        f"{type(exc).__name__}: {exc}")
        status = "failed"
    if status in (Match.Status.FINISHED, Match.Status.FAILED):
        round_id = Fixture.objects.filter(match_id=match_id).values_list("round_id", flat=True).first()
        if round_id is not None:
            check_round_task.delay(match_id)
    return status


@shared_task(bind=True, name="tournaments.check_round", acks_late=True, max_retries=8)
def check_round_task(self, match_id: int) -> str:
    """'Round complete?' after a match is over (``services.after_match``)."""
    try:
        return services.after_match(match_id)
    except INFRASTRUCTURE_ERRORS as exc:
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))


@shared_task(bind=True, name="tournaments.season_tick", max_retries=3)
def season_tick(self, season_id: int) -> str:
    try:
        return services.ladder_tick(season_id)
    except INFRASTRUCTURE_ERRORS as exc:
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))


@shared_task(name="tournaments.recover_stalled")
def recover_stalled(requeue_after: float | None = None) -> dict:
    """Re-send matches whose worker died or whose message was lost; complete rounds
    whose last check was lost. Safe to run any time (duplicates are no-ops)."""
    if requeue_after is None:
        requeue_after = float(_setting("SCRIMMAGE_REQUEUE_AFTER", 600))
    now = timezone.now()
    live = (Competition.Status.RUNNING, Competition.Status.PAUSED)
    fixtures = (Fixture.objects.filter(match__status__in=[Match.Status.QUEUED, Match.Status.RUNNING])
                .select_related("match", "season", "tournament"))
    resend, checked = [], 0
    for f in fixtures:
        if f.competition.status not in live:
            continue
        if f.match.status == Match.Status.RUNNING:
            if not claimer_alive(f):
                resend.append(f.match_id)
        elif f.enqueued_at is None or now - f.enqueued_at > timedelta(seconds=requeue_after):
            resend.append(f.match_id)
    if resend:
        Fixture.objects.filter(match_id__in=resend).update(enqueued_at=now)
        for mid in resend:
            play_match.delay(mid)
    for rnd in Round.objects.filter(status=Round.Status.RUNNING):
        if services.check_round(rnd.pk) == "completed":
            checked += 1
    return {"resent": resend, "rounds_completed": checked}


@worker_ready.connect
def _recover_on_start(sender=None, **kwargs):
    """A worker (re)starting is the moment to pick up what a killed one left."""
    try:
        recover_stalled.delay()
    except Exception:  # noqa: BLE001 - never stop a worker from starting
        logger.warning("could not send recover_stalled", exc_info=True)

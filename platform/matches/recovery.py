"""Recovering matches whose worker died or whose message was lost.

``recover_stalled`` re-sends matches whose claimer died and queued matches whose
message was lost (the filesystem broker deletes a message when it
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
from datetime import timedelta
from typing import cast

from celery import current_app, shared_task
from celery.signals import worker_ready, worker_shutting_down
from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

from matches import tasks
from matches.claims import claimer_alive
from matches.models import Match, MatchClaim
from matches.signals import recovery_sweep

logger = logging.getLogger(__name__)


def broker_queue_empty(app=None) -> bool:
    """Is the queue match messages go to empty right now? ``False`` when the
    broker cannot tell (then only ``SCRIMMAGE_REQUEUE_AFTER`` re-sends).

    The queue is counted by a declaring (not passive) ``queue_declare``: kombu's
    Redis transport answers a passive one by ``EXISTS``, and Redis keeps no empty
    list, so an empty queue would look missing (and be taken as busy); the
    declaring one counts with ``LLEN`` over the queue and its priority lists, the
    filesystem transport by its message files."""
    app = app or current_app
    queue = getattr(tasks.run_match, "queue", None) or app.conf.task_default_queue
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
    tasks.send(resend)
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

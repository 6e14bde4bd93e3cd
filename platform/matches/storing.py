"""Services that write a match's stored log and its end: the only writers of
``MatchEvent`` rows.

- ``append_events`` (lines from outside: each must parse to a canonical event), a
  running match's batches (``store_batch``, from ``services.EventWriter``) and
  ``finish``'s last batch all go through ``_chained``, which checks that each
  event has the next ``seq`` and chains it from the last stored hash;
- ``finish`` closes a match with its result, ``fail`` with an error,
  ``cancel_queued`` before it ran; ``discard_partial_log`` clears a run's events
  for a retry from the start.

A worker's writes are fenced (``Fence``): made only while it holds the match.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from engine.events import EVERYONE, MATCH_ENDED, Event, chain
from engine.plain import LogError
from engine.reading import parse_event_line

from matches import seeding
from matches.bulk import insert_rows, update_rows
from matches.models import Match, MatchEvent, MatchSeat

logger = logging.getLogger(__name__)


class StorageError(ValueError):
    """A line offered to a stored log breaks the log contract (seq, chain, shape)."""


class ClaimLost(Exception):
    """The worker running a match no longer holds its claim (another worker took it
    over after this one was presumed dead): it must stop writing to the match."""


#: ``fence``: what must hold of the match row (a condition on it and its claim)
#: for a worker's run to write to it: "this worker still holds the match". Every
#: write of a run (events, finish, fail) is made only where it holds, so a worker
#: whose claim was taken over cannot touch the new run's match.
Fence = Q


def _lock(match_id: int, fence: Fence | None, *fields: str) -> Match:
    """The match row, locked, if the fence lets us."""
    rows = Match.objects.select_for_update(of=("self",)).filter(pk=match_id)
    if fields:
        rows = rows.only(*fields)
    locked = rows.filter(fence).first() if fence is not None else rows.first()
    if locked is None:
        raise _missing_or_lost(match_id)
    return locked


def _missing_or_lost(match_id: int) -> Exception:
    if Match.objects.filter(pk=match_id).exists():
        return ClaimLost(f"match {match_id}: this worker's claim was taken over")
    return Match.DoesNotExist(f"match {match_id} does not exist")


def _parse_line(line: bytes | str, expected_seq: int) -> tuple[Event, bytes]:
    raw = line if isinstance(line, bytes) else line.encode("utf-8")
    try:
        return parse_event_line(raw, canonical=True), raw
    except LogError as exc:
        raise StorageError(f"event {expected_seq}: not an event of a log ({exc})") from None


def append_events(match: Match, lines: Iterable[bytes | str]) -> int:
    """Append canonical event lines to a match's stored log, in one transaction.

    Each line must decode to an event whose ``seq`` is the next one and is stored
    with its chain link ``sha256(previous link + line)``. Returns the new event
    count. Raises ``StorageError`` (and stores nothing) when a line breaks that.
    """
    pairs: list[tuple[Event, bytes]] = []
    for line in lines:
        event, raw = _parse_line(line, match.event_count + len(pairs))
        pairs.append((event, raw))
    return store_batch(match, pairs)


def store_batch(
    match: Match, pairs: Sequence[tuple[Event, bytes]], fence: Fence | None = None
) -> int:
    """Store ``(event, canonical line)`` pairs: the engine's ``Log`` listener path,
    whose lines the engine has just encoded, so they are not parsed again; the
    ``seq`` of each and the chain are still checked against what is stored."""
    with transaction.atomic(using=_db()):
        locked = _lock(match.pk, fence, "id", "status", "event_count", "digest")
        if locked.status not in (Match.Status.QUEUED, Match.Status.RUNNING):
            raise StorageError(f"match {match.pk} is {locked.status}: its log is closed")
        count, digest = _store(locked, pairs)
        Match.objects.filter(pk=match.pk).update(event_count=count, digest=digest)
    match.event_count, match.digest = count, digest
    return count


def _store(locked: Match, pairs: Sequence[tuple[Event, bytes]]) -> tuple[int, str]:
    """Insert the rows of ``pairs`` after the locked match's stored events; returns
    its new event count and digest (for the caller to write on the match)."""
    rows, count, digest = _chained(locked.pk, locked.event_count, locked.digest, pairs)
    insert_rows(MatchEvent, _COLUMNS, rows)
    return count, digest


def _chained(
    match_id: int, count: int, digest: str, pairs: Sequence[tuple[Event, bytes]]
) -> tuple[list[tuple], int, str]:
    """The event rows of ``pairs``, stored after ``count`` events ending in the
    chain link ``digest``; with the count and digest after them."""
    rows, dumps = [], _json_dumps
    for event, raw in pairs:
        if event.seq != count:
            raise StorageError(f"expected seq {count}, got {event.seq}")
        digest = chain(digest, raw)
        to = event.to
        rows.append(
            (
                match_id,
                count,
                event.type,
                dumps(EVERYONE if to == EVERYONE else list(to)),
                to == EVERYONE,
                dumps(event.data),
                None if event.public is None else dumps(event.public),
                raw.decode("utf-8"),
                digest,
            )
        )
        count += 1
    return rows, count, digest


_json_dumps = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode
_COLUMNS = ("match_id", "seq", "type", "to", "is_public", "data", "public", "line", "chain_hash")


def _db() -> str:
    return MatchEvent.objects.db


def finish(
    match: Match,
    ended: Mapping[str, Any],
    expected_digest: str | None = None,
    fault_reasons: Mapping[int, str] | None = None,
    fence: Fence | None = None,
    pending: Sequence[tuple[Event, bytes]] = (),
) -> Match:
    """Close a match whose log ends with ``MatchEnded`` (``ended`` is its data):
    store the ``pending`` events (the last batch), write the result and each seat's
    rank, score and faults, once, in one transaction.

    ``match`` is the run's own view of the row (its start, the events it stored):
    the match is closed by one conditional update that holds only if the row is
    still that (and the ``fence`` holds), which also locks it for the rest."""
    with transaction.atomic():
        last = pending[-1][0].type if pending else _last_stored_type(match)
        if last != MATCH_ENDED:
            raise StorageError(f"match {match.pk}: the stored log does not end with {MATCH_ENDED}")
        rows, count, digest = _chained(match.pk, match.event_count, match.digest, pending)
        if expected_digest is not None and digest != expected_digest:
            raise StorageError(
                f"match {match.pk}: stored digest {digest} is not the engine's {expected_digest}"
            )
        now = timezone.now()
        as_run = Q(
            pk=match.pk,
            status__in=(Match.Status.QUEUED, Match.Status.RUNNING),
            started_at=match.started_at,
            event_count=match.event_count,
        )
        if not Match.objects.filter(as_run & (fence or Q())).update(
            event_count=count,
            digest=digest,
            result=dict(ended),
            status=Match.Status.FINISHED,
            finished_at=now,
        ):
            raise _why_not_closed(match, fence)
        insert_rows(MatchEvent, _COLUMNS, rows)
        _write_seat_results(match.pk, ended, fault_reasons or {})
    match.event_count, match.digest, match.result = count, digest, dict(ended)
    match.status, match.finished_at = Match.Status.FINISHED, now
    return match


def _why_not_closed(match: Match, fence: Fence | None) -> Exception:
    """Why ``finish``'s conditional update found no row to close."""
    stored = Match.objects.filter(pk=match.pk).values_list("status", flat=True).first()
    if stored is None:
        return Match.DoesNotExist(f"match {match.pk} does not exist")
    if stored in (Match.Status.FINISHED, Match.Status.FAILED):
        return StorageError(f"match {match.pk} is already {stored}")
    if fence is not None and not Match.objects.filter(Q(pk=match.pk) & fence).exists():
        return ClaimLost(f"match {match.pk}: this worker's claim was taken over")
    return StorageError(
        f"match {match.pk} changed while it ran (restarted, or events stored by another writer)"
    )


def _last_stored_type(match: Match) -> str | None:
    return match.events.order_by("-seq").values_list("type", flat=True).first()


def _write_seat_results(
    match_id: int, ended: Mapping[str, Any], fault_reasons: Mapping[int, str]
) -> None:
    """Every seat's rank, score, faults and fault reason, in one statement."""
    faults = list(ended.get("faults", []))
    update_rows(
        MatchSeat,
        "index",
        {"match_id": match_id},
        ["rank", "score", "faults", "fault_reason"],
        [
            (
                i,
                rank,
                ended["scores"][i],
                faults[i] if i < len(faults) else 0,
                fault_reasons.get(i, ""),
            )
            for i, rank in enumerate(ended["ranks"])
        ],
    )


def fail(match: Match, error: str, fence: Fence | None = None) -> Match:
    """Mark a match failed with the reason; its stored events stay as they are.

    A finished match is never turned failed (its result stands: a late failure of
    a duplicate run is ignored), and with a ``fence`` a worker that lost its claim
    changes nothing. Returns the match as stored."""
    with transaction.atomic():
        try:
            locked = _lock(match.pk, fence, "id", "status")
        except ClaimLost:
            logger.warning("match %s: not failed by a worker that lost its claim", match.pk)
        except Match.DoesNotExist:
            pass
        else:
            if locked.status != Match.Status.FINISHED:
                Match.objects.filter(pk=match.pk).update(
                    status=Match.Status.FAILED, error=error[:2000], finished_at=timezone.now()
                )
    match.refresh_from_db()
    return match


def cancel_queued(matches, reason: str) -> int:
    """Fail the matches of ``matches`` (a queryset) that no worker has started, with
    ``reason``: a delivery that comes later finds them over and leaves them alone."""
    return matches.filter(status=Match.Status.QUEUED).update(
        status=Match.Status.FAILED, error=reason[:2000], finished_at=timezone.now()
    )


def discard_partial_log(match: Match, *, reseed: bool = False) -> None:
    """Throw away the events of a match that did not finish, so it can be run again
    from the start (the at-least-once worker's retry). A finished log is never
    discarded here. This and ``matches.pruning`` (whole matches of demo data) are
    the only ways events leave the database; both bypass the append-only guards on
    purpose.

    ``reseed``: draw a fresh secret seed and salt too, for a match whose seed may
    have been shown (a failed match reveals it): re-run with it, anyone could play
    the new run's hidden draws ahead."""
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        if locked.status == Match.Status.FINISHED:
            raise StorageError(f"match {match.pk} is finished: its log is permanent")
        MatchEvent.objects.filter(match_id=match.pk)._raw_delete(using=MatchEvent.objects.db)
        locked.event_count, locked.digest, locked.error = 0, "", ""
        locked.status, locked.started_at, locked.finished_at = Match.Status.QUEUED, None, None
        if reseed:
            locked.seed, locked.seed_salt = seeding.new_seed(), seeding.new_salt()
        locked.save()
    match.refresh_from_db()

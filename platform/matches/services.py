"""Services that write matches (HackSoft style: views and commands call these).

- ``create_match`` queues a match row with its seats;
- ``run_stored_match`` plays a queued match with its seats' players
  (``matches.players``), appending its events in batches while it runs (so a running
  match can be watched), then ``finish``\\es it with the last batch, before its
  bots hear the result;
- ``play_and_store`` is both (workers run stored matches: ``matches.tasks``);
- ``append_events`` (lines from outside: each must parse to a canonical event),
  the running match's batches and ``finish``'s last batch are the writers of
  ``MatchEvent`` rows, all through ``_chained``, which checks that each event has
  the next ``seq`` and chains it from the last stored hash;

Verifying a stored log is a read: ``matches.verification``.
"""

from __future__ import annotations

import json
import logging
from typing import Any, Iterable, Mapping, Sequence

from django.conf import settings
from django.db import transaction
from django.db.models import Q, prefetch_related_objects
from django.utils import timezone

from engine import registry
from engine.events import (
    EVERYONE,
    FAULT_TYPES,
    MATCH_ENDED,
    PLAYER_FORFEITED,
    Event,
    LogError,
    chain,
)
from engine.game import RulesError, Seat
from engine.reading import parse_event_line
from engine.runner import Match as EngineMatch
from matches import seeding
from matches.bulk import insert_rows, update_rows
from matches.models import Match, MatchClaim, MatchEvent, MatchSeat
from matches.players import seat_players

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


#: errors of the infrastructure (the database or the broker going away), not of the
#: match: a worker retries them (the match is run again from the start) instead of
#: recording a failed match. Everything else a match raises is the match's failure.
def _infrastructure_errors() -> tuple[type[Exception], ...]:
    from django.db import InterfaceError, OperationalError

    errors: list[type[Exception]] = [OperationalError, InterfaceError]
    try:
        from kombu.exceptions import OperationalError as KombuOperationalError

        errors.append(KombuOperationalError)
    except ImportError:  # pragma: no cover - kombu comes with celery
        pass
    return tuple(errors)


INFRASTRUCTURE_ERRORS = _infrastructure_errors()


# -- creating and running ---------------------------------------------------------------
def create_seated_match(
    game: str,
    entries: Sequence[Any],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    hides_results: bool = False,
) -> Match:
    """A queued match whose seats are ``entries``: built-in bot names (``str``) or
    pinned uploaded bot versions (``bots.BotVersion``: the seat records its label
    and links the version). Raises ``RulesError`` for an unknown game or bot, a
    wrong seat count, a bad seed or bad options, before anything is stored.

    Without a ``seed`` the match gets a fresh secret one (``matches.seeding``);
    a given seed (``manage.py play --seed``, the demo) is kept but still committed
    to with a secret salt. ``hides_results``: the match belongs to a competition
    that keeps results hidden until it finishes."""
    return create_seated_matches(
        game, [entries], options, seeds=[seed], hides_results=hides_results
    )[0]


def create_seated_matches(
    game: str,
    lineups: Sequence[Sequence[Any]],
    options: Mapping[str, Any] | None = None,
    *,
    seeds: Sequence[int | None] | None = None,
    teams: Sequence[Sequence[int | None]] | None = None,
    hides_results: bool = False,
    withheld: bool = False,
) -> list[Match]:
    """Queued matches, one per lineup (its seats' entries, as ``create_seated_match``
    takes them), in a few statements whatever their number: the one place matches
    and their seats are made. ``seeds``: one per lineup (``None``: a fresh secret
    one); ``teams``: each lineup's team per seat; ``withheld``: the matches stay out
    of sight until the reveal (``Match.withheld``, with ``hides_results``).
    Everything is checked before anything is stored."""
    rules = registry.get(game)
    resolved = rules.resolve_options(dict(options or {}))
    seeds = list(seeds) if seeds is not None else [None] * len(lineups)
    for entries, seed in zip(lineups, seeds):
        _check_lineup(rules, entries, seed, resolved)
    with transaction.atomic():
        made = Match.objects.bulk_create(
            Match(
                game=rules.name,
                rules_version=rules.rules_version,
                seed=seeding.new_seed() if seed is None else seed,
                seed_salt=seeding.new_salt(),
                options=resolved,
                hides_results=hides_results or withheld,
                withheld=withheld,
            )
            for seed in seeds
        )
        MatchSeat.objects.bulk_create(
            _seat(match, i, entry, team=(teams[n][i] if teams else None))
            for n, (match, entries) in enumerate(zip(made, lineups))
            for i, entry in enumerate(entries)
        )
        MatchClaim.objects.bulk_create(MatchClaim(match=match) for match in made)
    return made


def _check_lineup(rules, entries: Sequence[Any], seed: int | None, options: dict) -> None:
    rules.check_seat_count(len(entries))
    if seed is not None and (type(seed) is not int or not 0 <= seed <= seeding.MAX_STORED_SEED):
        raise RulesError(
            f"the seed must be an integer from 0 to {seeding.MAX_STORED_SEED}, not {seed!r}"
        )
    for entry in entries:
        if isinstance(entry, str) and entry not in rules.bots:
            raise RulesError(
                f"{rules.name} has no built-in bot {entry!r} "
                f"(bots: {', '.join(sorted(rules.bots))})"
            )
    rules.check_setup(len(entries), options)


def _seat(match: Match, index: int, entry: Any, *, team: int | None = None) -> MatchSeat:
    if isinstance(entry, str):
        return MatchSeat(match=match, index=index, bot_name=entry, team=team)
    # an uploaded bot's version (duck-typed: the matches app does not import bots)
    return MatchSeat(
        match=match,
        index=index,
        bot_name=entry.bot.label,
        team=team,
        bot_version=entry.seat_version,
        bot_version_ref=entry,
    )


def create_match(
    game: str,
    bots: Sequence[str],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> Match:
    """A queued match of built-in ``bots`` (see ``create_seated_match``)."""
    if any(not isinstance(b, str) for b in bots):
        raise RulesError("create_match takes built-in bot names")
    return create_seated_match(game, list(bots), seed, options)


class EventWriter:
    """A ``Log`` listener that stores events in batches of ``batch_size``."""

    def __init__(
        self, match: Match, batch_size: int | None = None, fence: Fence | None = None
    ) -> None:
        self.match = match
        self.batch_size = batch_size or settings.SCRIMMAGE_EVENT_BATCH
        self.fence = fence
        self.buffer: list[tuple[Event, bytes]] = []
        self.fault_reasons: dict[int, str] = {}

    def __call__(self, event: Event, line: bytes) -> None:
        if event.type in FAULT_TYPES:
            self.fault_reasons[event.data["seat"]] = f"{event.type}: {event.data.get('reason', '')}"
        elif event.type == PLAYER_FORFEITED:
            self.fault_reasons[event.data["seat"]] = (
                f"forfeited after {event.data.get('faults')} faults"
            )
        self.buffer.append((event, line))
        if len(self.buffer) >= self.batch_size:
            self.flush()

    def flush(self) -> None:
        if self.buffer:
            _append(self.match, self.take(), fence=self.fence)

    def take(self) -> list[tuple[Event, bytes]]:
        """The events not stored yet (the caller stores them)."""
        pairs, self.buffer = self.buffer, []
        return pairs


def run_stored_match(
    match: Match,
    batch_size: int | None = None,
    players: Sequence | None = None,
    fence: Fence | None = None,
) -> Match:
    """Play a queued match with its seats' bots and store it (a fork: from its
    split point, after storing the parent's prefix again).

    The match ends ``finished`` (with its result) or ``failed`` (with the error);
    engine and rules errors do not escape. ``INFRASTRUCTURE_ERRORS`` (the database
    or broker unreachable) do: the match is left ``running`` with a partial log, for
    the caller to retry from the start (``discard_partial_log``) or give up.
    With a ``fence`` (a worker's claim), every write checks it first; once it is
    lost the run stops (the engine's listener raises ``ClaimLost``) and nothing
    more is written: the match belongs to the worker that took it over.
    """
    game = registry.get(match.game)
    seat_rows = list(match.seats.order_by("index"))
    if any(row.bot_version_ref_id is not None for row in seat_rows):  # uploaded bots
        prefetch_related_objects(seat_rows, "bot_version_ref")
    seats = [Seat(s.bot_name, s.bot_version, s.team) for s in seat_rows]
    if players is None:
        players = seat_players(game, seat_rows)
    if match.status != Match.Status.RUNNING:  # a worker's claim has marked it already
        match.started_at = timezone.now()
        Match.objects.filter(pk=match.pk).update(
            status=Match.Status.RUNNING, started_at=match.started_at
        )
        match.status = Match.Status.RUNNING
    writer = EventWriter(match, batch_size, fence=fence)
    try:
        played = _begin(game, match, seats, writer)

        def stamp_end(outcome) -> None:
            # stored before any bot hears ``end``: a bot that dawdles over the
            # result (only when it won, say) cannot stretch the match's time
            finish(
                match,
                played.log.events[-1].data,
                expected_digest=played.log.digest,
                fault_reasons=writer.fault_reasons,
                fence=fence,
                pending=writer.take(),
            )

        played.play(players, on_end=stamp_end)
    except ClaimLost:
        logger.warning("match %s: claim taken over by another worker, stopped", match.pk)
        match.refresh_from_db()
    except INFRASTRUCTURE_ERRORS:
        logger.warning("match %s: infrastructure error, left for a retry", match.pk, exc_info=True)
        raise
    except Exception as exc:  # noqa: BLE001 - the match must end, failed, with the reason
        logger.exception("match %s failed", match.pk)
        fail(match, f"{type(exc).__name__}: {exc}", fence=fence)
    return match


def _begin(game, match: Match, seats: Sequence[Seat], writer: EventWriter) -> EngineMatch:
    """The engine match, begun and listened to by ``writer``: a new one, or for a
    fork the parent's prefix re-simulated (``matches.forks.resume``), whose events
    are stored first."""
    if match.parent_id is None:
        return EngineMatch.begin(
            game, seats, match.seed, match.options, [writer], salt=match.seed_salt or None
        )
    from matches.forks import resume

    live = resume(match)
    for event, line in zip(live.log.events, live.log.lines):
        writer(event, line)
    live.log.listeners.append(writer)
    return live


def play_and_store(
    game: str,
    bots: Sequence[str],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    batch_size: int | None = None,
) -> Match:
    """Create, play and store a match of built-in bots; returns it finished or failed."""
    return run_stored_match(create_match(game, bots, seed, options), batch_size)


# -- appending -------------------------------------------------------------------
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
    return _append(match, pairs)


def _append(match: Match, pairs: Sequence[tuple[Event, bytes]], fence: Fence | None = None) -> int:
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
    discarded: this is the only way events leave the database, and it bypasses the
    append-only guards on purpose.

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

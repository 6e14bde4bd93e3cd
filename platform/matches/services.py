"""Services that write matches (HackSoft style: views and commands call these).

- ``create_match`` queues a match row with its seats;
- ``run_stored_match`` plays a queued match with its seats' players
  (``matches.players``), appending its events in batches while it runs (so a running
  match can be watched), then ``finish``\\es it with the last batch, before its
  bots hear the result;
- ``play_and_store`` is both (workers run stored matches: ``matches.tasks``);
- storing the log and the end (``append_events``, ``finish``, ``fail``, ...) are
  ``matches.storing``'s.

Verifying a stored log is a read: ``matches.verification``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone

from engine import registry
from engine.events import (
    FAULT_TYPES,
    PLAYER_FORFEITED,
    Event,
)
from engine.game import RulesError, Seat, team_sizes
from engine.runner import Match as EngineMatch

from matches import seeding
from matches.models import Match, MatchClaim, MatchSeat
from matches.players import seat_players
from matches.storing import ClaimLost, Fence, fail, finish, store_batch

logger = logging.getLogger(__name__)


class ServiceAway(Exception):
    """A service a match needs besides the database and the broker cannot be reached
    just now (the bot store: ``bots.store``); an app above raises a subclass of it."""


#: errors of the infrastructure (the database, the broker or another service going
#: away), not of the match: a worker retries them (the match is run again from the
#: start) instead of recording a failed match. Everything else a match raises is
#: the match's failure.
def _infrastructure_errors() -> tuple[type[Exception], ...]:
    from django.db import InterfaceError, OperationalError

    errors: list[type[Exception]] = [OperationalError, InterfaceError, ServiceAway]
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
    for n, (entries, seed) in enumerate(zip(lineups, seeds)):
        _check_lineup(rules, entries, seed, resolved, teams[n] if teams else None)
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


def _check_lineup(
    rules, entries: Sequence[Any], seed: int | None, options: dict, teams=None
) -> None:
    """``RulesError`` when the game cannot be played so (``teams``: each seat's
    team, or ``None``)."""
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
    rules.check_teams(len(entries), options, team_sizes(teams) if teams else None)


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
            store_batch(self.match, self.take(), fence=self.fence)

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
    except Exception as exc:
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

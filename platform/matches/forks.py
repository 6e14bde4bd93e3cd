""" "What if" forks: a finished match played on from one of its events with other
bots in some seats.

- ``create_fork`` checks the request, re-simulates the parent's prefix (the engine
  moves the cut to the nearest decision point: ``engine.replay.fork``) and queues a
  new match that records its ``parent`` and the actual split point ``fork_at``;
- ``resume`` (on the worker) rebuilds the live engine match at the split point, and
  checks that its log is the parent's first ``fork_at + 1`` lines, byte for byte;
- ``shares_prefix`` checks a stored fork against its stored parent.

A fork plays on with the parent's seed, which the parent's ``MatchEnded`` has made
public: the fork's hidden draws are knowable to anyone who looks. Forks are
explorations: no fixture, no standings, no ratings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from engine import registry
from engine.events import MATCH_ENDED, Event
from engine.game import RulesError
from engine.plain import LogError
from engine.replay import fork
from engine.runner import Match as LiveMatch

from matches.models import Match, MatchClaim, MatchEvent, MatchSeat


class ForkError(ValueError):
    """A refused fork: ``field`` names the request's part at fault."""

    def __init__(self, message: str, field: str = "non_field_errors") -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def fork_point(match: Match) -> tuple[Match, int]:
    """A fork's parent and the event it splits at (``ForkError`` for a match that
    is not a fork)."""
    if match.parent is None or match.fork_at is None:
        raise ForkError(f"match {match.pk} is not a fork")
    return match.parent, match.fork_at


def check_forkable(parent: Match) -> None:
    """Only a finished match whose results are public can be forked."""
    if parent.status != Match.Status.FINISHED:
        raise ForkError(
            f"match {parent.pk} is {parent.status}: only a finished match can be forked"
        )
    if parent.hides_results:
        raise ForkError(
            f"match {parent.pk}'s results are hidden until its season or "
            "tournament finishes: it can be forked then"
        )


def _events(match: Match, upto: int | None = None) -> list[Event]:
    rows = match.events.order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    return [row.to_engine() for row in rows.iterator(chunk_size=2000)]


def _ending(match: Match) -> Mapping[str, Any] | None:
    last = match.events.filter(seq=match.event_count - 1).first()
    return last.data if last is not None and last.type == MATCH_ENDED else None


def _rules(match: Match):
    try:
        return registry.get(match.game)
    except RulesError as exc:
        raise ForkError(f"match {match.pk} cannot be forked: {exc}") from None


def _live_fork(parent: Match, at: int) -> LiveMatch:
    """The engine match at the decision point nearest after event ``at`` of
    ``parent``, its log checked line by line against the parent's."""
    game = _rules(parent)
    try:
        live = fork(game, _events(parent, at), _ending(parent))
    except RulesError as exc:  # rules changed since the match was played
        raise ForkError(f"match {parent.pk} cannot be forked: {exc}") from None
    except LogError as exc:
        raise ForkError(
            f"match {parent.pk} cannot be forked at event {at}: {exc}", field="at"
        ) from None
    stored = list(
        parent.events.filter(seq__lt=len(live.log)).order_by("seq").values_list("line", flat=True)
    )
    if [line.encode("utf-8") for line in stored] != live.log.lines:
        raise ForkError(
            f"match {parent.pk}'s stored events do not re-simulate: verify it", field="at"
        )
    return live


def check_seats(game, seat_count: int, replacements: Mapping[Any, Any]) -> dict[int, Any]:
    """``{seat index: built-in name or BotVersion}`` checked against the game: a
    clear error naming the seat otherwise."""
    if not replacements:
        raise ForkError("name at least one seat to give another bot", field="seats")
    checked: dict[int, Any] = {}
    for seat, entry in replacements.items():
        if type(seat) is not int or not 0 <= seat < seat_count:
            raise ForkError(
                f"seat {seat!r}: this match has seats 0 to {seat_count - 1}", field="seats"
            )
        if isinstance(entry, str):
            if entry not in game.bots:
                raise ForkError(
                    f"seat {seat}: {game.name} has no built-in bot {entry!r} "
                    f"(bots: {', '.join(sorted(game.bots))})",
                    field="seats",
                )
        elif getattr(getattr(entry, "bot", None), "game", None) != game.name:
            raise ForkError(f"seat {seat}: that bot does not play {game.name}", field="seats")
        checked[seat] = entry
    return checked


def create_fork(parent: Match, at: Any, replacements: Mapping[int, Any], forked_by=None) -> Match:
    """A queued fork of ``parent`` after its event ``at``, with the seats in
    ``replacements`` (index -> built-in bot name or pinned ``bots.BotVersion``)
    played by other bots and the others by the same bots as before. Raises
    ``ForkError`` (nothing stored) for an unfinished or hidden parent, an event out
    of range or past the decisive step, or a bad seat."""
    check_forkable(parent)
    if type(at) is not int or not 0 <= at < parent.event_count:
        raise ForkError(
            f"at must be an event of match {parent.pk}: 0 to {parent.event_count - 1}, not {at!r}",
            field="at",
        )
    game = _rules(parent)
    seats = list(parent.seats.order_by("index"))
    checked = check_seats(game, len(seats), replacements)
    live = _live_fork(parent, at)
    with transaction.atomic():
        made = Match.objects.create(
            game=parent.game,
            rules_version=parent.rules_version,
            seed=parent.seed,
            seed_salt=parent.seed_salt,
            options=parent.options,
            parent=parent,
            fork_at=len(live.log) - 1,
            forked_by=forked_by,
        )
        MatchSeat.objects.bulk_create(_seat(made, row, checked.get(row.index)) for row in seats)
        MatchClaim.objects.create(match=made)
    return made


def _seat(fork_match: Match, parent_seat: MatchSeat, entry: Any) -> MatchSeat:
    if entry is None:  # the same bot as in the parent, started afresh
        return MatchSeat(
            match=fork_match,
            index=parent_seat.index,
            team=parent_seat.team,
            bot_name=parent_seat.bot_name,
            bot_version=parent_seat.bot_version,
            bot_version_ref=parent_seat.bot_version_ref,
        )
    if isinstance(entry, str):
        return MatchSeat(
            match=fork_match, index=parent_seat.index, team=parent_seat.team, bot_name=entry
        )
    return MatchSeat(
        match=fork_match,
        index=parent_seat.index,
        team=parent_seat.team,
        bot_name=entry.bot.label,
        bot_version=entry.seat_version,
        bot_version_ref=entry,
    )


def resume(match: Match) -> LiveMatch:
    """The live engine match of the fork ``match`` at its split point, ready for
    its players: its log is exactly the parent's events 0..``fork_at``."""
    parent, fork_at = fork_point(match)
    live = _live_fork(parent, fork_at)
    if len(live.log) != fork_at + 1:
        raise LogError(f"the parent's prefix now ends at event {len(live.log) - 1}, not {fork_at}")
    return live


def shares_prefix(match: Match) -> bool:
    """Does the stored fork start with its stored parent's events 0..``fork_at``?
    One link of each hash chain decides: ``h[fork_at]`` covers every line before it
    (``verify_stored_match`` checks the fork's own chain)."""
    fork_at = match.fork_at  # (its parent is not loaded: one query)
    if fork_at is None:
        return False  # not a fork
    links = dict(
        MatchEvent.objects.filter(
            match_id__in=(match.pk, match.parent_id), seq=fork_at
        ).values_list("match_id", "chain_hash")
    )
    return len(links) == 2 and links[match.pk] == links[match.parent_id]


def seat_changes(match: Match) -> list[dict]:
    """For a fork: each seat whose bot differs from the parent's, ``{"index",
    "before", "after"}``."""
    parent, _ = fork_point(match)
    before = {s.index: s for s in parent.seats.all()}
    changes = []
    for seat in match.seats.all():
        old = before.get(seat.index)
        if old is None or (old.bot_name, old.bot_version, old.bot_version_ref_id) != (
            seat.bot_name,
            seat.bot_version,
            seat.bot_version_ref_id,
        ):
            changes.append(
                {"index": seat.index, "before": old.bot_name if old else "", "after": seat.bot_name}
            )
    return changes

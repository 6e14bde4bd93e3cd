"""Selectors that read matches (HackSoft style): queries and replay frames.

Visibility rule, in one place: while a match runs only public events are served,
private events replaced by their public twins or left out; once it is over,
everything. A match whose season or tournament hides results (``Match.hides_results``)
serves no event and no state at all until the results are revealed: every game's
late events and final state tell who won (a full board, a score), so nothing short
of the whole log is safe to show.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections import OrderedDict
from typing import Any, Iterator

from django.db.models import Prefetch, Q, QuerySet

from engine import registry
from engine.events import EVERYONE
from engine.replay import Replay

from matches.models import Match, MatchEvent, MatchSeat

SPECTATOR = "spectator"
#: a seat's fields that tell how the match went: ``None`` while results are hidden
#: (a bot's stderr too: the end message it may print carries its rank and score)
SEAT_RESULT_FIELDS = ("rank", "score", "faults", "fault_reason", "stderr")
#: a match's fields that tell how it went: ``None`` while results are hidden. Its
#: length gives the winner away in some games (the parity of a tic-tac-toe log), its
#: times give it away to a bot that dawdles when it wins, an error may name a position
MATCH_RESULT_FIELDS = ("result", "event_count", "started_at", "finished_at", "error")
RESULTS_HIDDEN = (
    "this match's results are hidden until its season or tournament "
    "finishes: its events and states are served then"
)
logger = logging.getLogger(__name__)


class SelectorError(ValueError):
    """A request a selector cannot serve; ``param`` names the parameter at fault."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(message)
        self.param = param
        self.message = message


class Forbidden(SelectorError):
    """The request is well formed but asks for something not visible yet."""


# -- lists --------------------------------------------------------------------------
def match_list(
    *,
    game: str | None = None,
    bot: str | None = None,
    competition: str | None = None,
    status: str | None = None,
    created_after: dt.datetime | None = None,
    created_before: dt.datetime | None = None,
    search: str | None = None,
) -> QuerySet:
    """Matches, newest first, with their seats, filtered by whatever is given."""
    qs = Match.objects.visible().prefetch_related(
        Prefetch("seats", queryset=MatchSeat.objects.order_by("index"))
    )
    if game:
        qs = qs.filter(game=game)
    if bot:
        # "owner/name" exactly, or a plain name: a built-in bot or any owner's bot of it
        cond = Q(seats__bot_name=bot)
        if "/" not in bot:
            cond |= Q(seats__bot_name__endswith=f"/{bot}")
        qs = qs.filter(cond)
    if competition:
        qs = filter_by_competition(qs, competition)
    if status:
        qs = qs.filter(status=status)
    if created_after:
        qs = qs.filter(created_at__gte=created_after)
    if created_before:
        qs = qs.filter(created_at__lt=created_before)
    if search:
        term = search.strip()
        cond = Q(game__icontains=term) | Q(seats__bot_name__icontains=term)
        if is_id(term.lstrip("#")):
            cond |= Q(pk=int(term.lstrip("#")))
        qs = qs.filter(cond)
    if bot or search:
        qs = qs.distinct()
    return qs.order_by("-id")


#: the largest id a database stores (a signed 64-bit integer); SQLite cannot even
#: take a larger number as a query parameter
MAX_ID = 2**63 - 1


def is_id(text: str | None) -> bool:
    """True for a plain ASCII decimal number ("12") a database can hold, not "",
    "-1", "1.5", "²" or a 25-digit number."""
    return (
        text is not None
        and text != ""
        and text.isascii()
        and text.isdecimal()
        and len(text.lstrip("0")) <= len(str(MAX_ID))
        and int(text) <= MAX_ID
    )


def blank_hidden_seats(seats: list[MatchSeat]) -> list[MatchSeat]:
    """Seat rows with their result fields set to ``None`` (unsaved) where their
    match hides results: the one place pages and the API blank them."""
    for seat in seats:
        if seat.match.hides_results:
            for field in SEAT_RESULT_FIELDS:
                setattr(seat, field, None)
    return seats


def check_results_shown(match: Match) -> None:
    """``Forbidden`` while ``match`` hides its results."""
    if match.hides_results:
        raise Forbidden("match", RESULTS_HIDDEN)


def filter_by_competition(qs: QuerySet, competition: str) -> QuerySet:
    """Matches of a season or tournament (by id). The link lives on the tournaments
    side (``tournaments.Fixture``, one-to-one to a match), so matches know no
    competitions."""
    return qs.filter(fixture__competition_id=int(competition)) if is_id(competition) else qs.none()


def recent_matches(limit: int = 10) -> list[Match]:
    return list(match_list()[:limit])


def games_summary() -> list[dict]:
    """Every registered game with its count of matches the public may know of."""
    from django.db.models import Count

    counts = dict(Match.objects.visible().values_list("game").annotate(n=Count("id")))
    return [
        {
            "name": g.name,
            "title": g.title or g.name,
            "seats": list(g.seat_counts),
            "bots": sorted(g.bots),
            "rules_version": g.rules_version,
            "matches": counts.get(g.name, 0),
        }
        for g in registry.games().values()
    ]


# -- events -------------------------------------------------------------------------
def event_json(row: MatchEvent, reveal: bool) -> dict | None:
    """One stored event as served: whole when ``reveal``, else as a spectator sees
    it (its public twin) or ``None`` when a spectator sees nothing of it."""
    if reveal:
        out = {
            "seq": row.seq,
            "type": row.type,
            "to": row.to,
            "data": row.data,
            "hash": row.chain_hash,
        }
        if row.public is not None:
            out["public"] = row.public
        return out
    if row.is_public:
        return {"seq": row.seq, "type": row.type, "to": EVERYONE, "data": row.data}
    if row.public is not None:
        return {
            "seq": row.seq,
            "type": row.type,
            "to": EVERYONE,
            "data": row.public,
            "redacted": True,
        }
    return None


def events_page(match: Match, after: int = -1, limit: int = 200) -> tuple[list[dict], bool]:
    """Events with ``seq > after``, at most ``limit``, and whether more follow."""
    check_results_shown(match)
    if not -1 <= after < match.event_count:
        raise SelectorError(
            "after",
            f"after must be between -1 and {match.event_count - 1} "
            f"(this match has {match.event_count} events)",
        )
    reveal = match.reveals_everything
    qs = MatchEvent.objects.filter(match=match, seq__gt=after)
    if not reveal:
        qs = qs.public()
    rows = list(qs.order_by("seq")[: limit + 1])
    more = len(rows) > limit
    out = [e for e in (event_json(r, reveal) for r in rows[:limit]) if e is not None]
    return add_sentences(match, out), more


def add_sentences(match: Match, served: list[dict]) -> list[dict]:
    """Each served event with ``text``: the game's sentence for what is served (a
    redacted event is described from its public twin, so words leak nothing)."""
    game = registry.games().get(match.game)
    if game is None:
        return served
    names = [s.bot_name for s in match.seats.order_by("index")]
    for event in served:
        event["text"] = game.describe(event, names)
    return served


def export_lines(match: Match) -> Iterator[bytes]:
    """The stored log as JSON lines, byte-identical to the engine's ``to_jsonl``."""
    rows = (
        MatchEvent.objects.filter(match=match)
        .order_by("seq")
        .values_list("line", flat=True)
        .iterator(chunk_size=2000)
    )
    buffer: list[str] = []
    for line in rows:
        buffer.append(line)
        if len(buffer) >= 500:
            yield ("\n".join(buffer) + "\n").encode("utf-8")
            buffer = []
    if buffer:
        yield ("\n".join(buffer) + "\n").encode("utf-8")


def export_bytes(match: Match) -> bytes:
    return b"".join(export_lines(match))


# -- replay frames ----------------------------------------------------------------------
class _ReplayCache:
    """Replays of matches that are over, kept per process (their logs never change)."""

    def __init__(self, size: int = 16) -> None:
        self.size = size
        self._items: OrderedDict[tuple[int, int], Replay] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match: Match) -> Replay:
        key = (match.pk, match.event_count)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        replay = _build_replay(match, match.event_count - 1)
        with self._lock:
            self._items[key] = replay
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return replay

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


replay_cache = _ReplayCache()


def _build_replay(match: Match, upto: int) -> Replay:
    rows = MatchEvent.objects.filter(match=match, seq__lte=upto).order_by("seq")
    events = [
        r.to_engine()
        for r in rows.only("seq", "type", "to", "data", "public").iterator(chunk_size=2000)
    ]
    return Replay(registry.get(match.game), events)


def parse_seat(match: Match, seat: str | None) -> int | str | None:
    """``None`` (everything), ``"spectator"`` or a seat index; ``SelectorError`` else."""
    if seat in (None, "", "all"):
        return None
    if seat == SPECTATOR:
        return SPECTATOR
    seats = match.seats.count()
    if not is_id(seat) or int(seat) >= seats:
        raise SelectorError(
            "seat", f"seat must be 'spectator' or a seat index 0..{seats - 1}, not {seat!r}"
        )
    return int(seat)


def frame(match: Match, at: int, seat: int | str | None) -> dict:
    """The state after event ``at`` as ``seat`` sees it, and its SVG drawing.

    ``seat`` is ``None`` for everything (the omniscient state), ``"spectator"`` or
    a seat index. While a match runs only the spectator's view is served (asking
    for everything gives the spectator's view; a seat's view is refused).
    """
    check_results_shown(match)
    if not 0 <= at < match.event_count:
        raise SelectorError(
            "at",
            f"at must be between 0 and {match.event_count - 1} "
            f"(this match has {match.event_count} events)",
        )
    if not match.reveals_everything:
        if isinstance(seat, int):
            raise Forbidden("seat", "a seat's view is served once the match is over")
        seat = SPECTATOR
    game = registry.get(match.game)
    if match.is_over:
        replay = replay_cache.get(match)
    else:
        replay = _build_replay(match, at)
    state = replay.state_at(at)
    if seat is None:
        shown: Any = game.state_json(state)
    else:
        shown = game.view(state, seat if isinstance(seat, int) else None)  # else the spectator
    out = {
        "match": match.pk,
        "at": at,
        "seat": seat if seat is not None else "all",
        "state": shown,
        "svg": "",
        "event_count": match.event_count,
        "status": match.status,
    }
    svg, problem = _draw(game, shown)
    if problem and seat is None:
        # the game could not draw its whole state: draw what a spectator sees instead
        svg, _ = _draw(game, game.view(state, None))
    out["svg"] = svg
    if problem:
        out["render_error"] = problem
    return out


def _draw(game, shown: Any) -> tuple[str, str | None]:
    """The game's SVG of ``shown`` and ``None``, or ``""`` and what went wrong."""
    if game.render is None:
        return "", f"{game.name} has no drawing (GAME.render)"
    try:
        return game.render(shown), None
    except Exception as exc:  # noqa: BLE001 - a game's drawing bug must not break the API
        logger.exception("%s: render failed", game.name)
        return "", f"{game.name} could not draw this state: {type(exc).__name__}: {exc}"

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
from collections.abc import Iterator
from typing import Any

from django.db.models import BooleanField, ExpressionWrapper, Prefetch, Q, QuerySet

from engine import registry, viewing
from engine.highlight import ring_changes
from engine.viewing import ALL, EVERYTHING, SPECTATOR

from matches import event_pages
from matches.event_pages import DEFAULT_PAGE, EventsPage
from matches.models import Match, MatchEvent, MatchSeat
from matches.replays import replay_cache

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


def games_summary() -> list[dict]:
    """Every registered game with its count of matches the public may know of, and
    of those being played now."""
    from django.db.models import Count, Q

    counts = {
        game: (n, live)
        for game, n, live in Match.objects.visible()
        .values_list("game")
        .annotate(n=Count("id"), live=Count("id", filter=Q(status=Match.Status.RUNNING)))
    }
    return [
        {
            "name": g.name,
            "title": g.title or g.name,
            "seats": list(g.seat_counts),
            "bots": sorted(g.bots),
            "rules_version": g.rules_version,
            "matches": counts.get(g.name, (0, 0))[0],
            "live": counts.get(g.name, (0, 0))[1],
        }
        for g in registry.games().values()
    ]


# -- events -------------------------------------------------------------------------
def parse_view(match: Match, text: str | None, param: str = "view") -> viewing.View:
    """A view of ``match`` by name (``engine.viewing.parse_view``); ``SelectorError``
    naming ``param`` else."""
    if text in (None, "", ALL, EVERYTHING, SPECTATOR):  # no seat to count
        return viewing.parse_view(text, 0)
    try:
        return viewing.parse_view(text, match.seats.count())
    except viewing.ViewError as exc:
        raise SelectorError(param, str(exc)) from None


def served_view(match: Match, view: viewing.View, param: str = "view") -> viewing.View:
    """The view ``match`` may serve now: while it runs, only the spectator's (asking
    for everything gives the spectator's; a seat's is refused)."""
    if match.reveals_everything:
        return view
    if isinstance(view, int):
        raise Forbidden(param, "a seat's view is served once the match is over")
    return SPECTATOR


def events_page(
    match: Match,
    after: int = -1,
    limit: int = DEFAULT_PAGE,
    view: viewing.View = EVERYTHING,
    text: bool = True,
) -> EventsPage:
    """Events with ``seq > after`` as ``view`` saw them, at most ``limit`` stored
    ones read, as JSON bytes, each with the game's sentence when ``text``: whole
    with its chain link for everything (once the match is over); a seat's own
    secrets whole and the public twins of the others' for a seat or the spectator
    (the only view while it runs). Built from the stored lines
    (``matches.event_pages``), no row decoded into a model; a finished match's
    pages are kept in the shared cache (its log no longer changes).
    """
    check_results_shown(match)
    if not -1 <= after < match.event_count:
        raise SelectorError(
            "after",
            f"after must be between -1 and {match.event_count - 1} "
            f"(this match has {match.event_count} events)",
        )
    view = served_view(match, view)
    return event_pages.cached(match, after, limit, view, text, _events)


def _events(match: Match, after: int, limit: int, view: viewing.View, text: bool) -> EventsPage:
    """The page of ``events_page``, read from the database."""
    describe = describer(match) if text else None
    qs = MatchEvent.objects.filter(match=match, seq__gt=after).order_by("seq")
    rows: list[tuple]
    if view == EVERYTHING:
        rows = list(qs.values_list("seq", "line", "chain_hash")[: limit + 1])
        events = event_pages.spliced(rows[:limit], describe)
    else:
        if view == SPECTATOR:  # no row of a secret without a twin is even read
            qs = qs.public()
        twin = ExpressionWrapper(Q(public__isnull=False), output_field=BooleanField())
        rows = list(qs.values_list("seq", "line", "is_public", twin)[: limit + 1])
        seat = view if isinstance(view, int) else None  # anything else: the spectator's
        events = event_pages.seen(rows[:limit], seat, describe)
    return EventsPage(events, rows[limit - 1][0] if rows[limit:] else None, len(rows) > limit)


def names_at(match: Match):
    """``seq -> the seats' bot names at that event``: a fork's shared events (up to
    ``fork_at``) were played by its parent's bots, the rest by its own."""
    names = [s.bot_name for s in match.seats.order_by("index")]
    parent = match.parent
    if parent is None:
        return lambda seq: names
    before = [s.bot_name for s in parent.seats.order_by("index")]
    return lambda seq: before if seq <= match.fork_at else names


def describer(match: Match) -> event_pages.Describe | None:
    """The game's sentence for an event as served (a redacted event is described
    from its public twin, so words leak nothing), naming the bots that played it;
    ``None`` for an unknown game."""
    game = registry.games().get(match.game)
    if game is None:
        return None
    names = names_at(match)
    return lambda event: game.describe(event, names(event["seq"]))


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
def frame(match: Match, at: int, view: viewing.View, param: str = "view") -> tuple[dict, int]:
    """The state after event ``at`` as ``view`` saw it, its SVG drawing (the last
    event's change ringed) and the words beside it (``panel``, the game's
    ``engine.panel`` shape); and what it cost: the events read and folded to reach
    it (``matches.replays``). While a match runs only the spectator's view is served
    (``served_view``; ``param`` names the view in a refusal)."""
    check_results_shown(match)
    if not 0 <= at < match.event_count:
        raise SelectorError(
            "at",
            f"at must be between 0 and {match.event_count - 1} "
            f"(this match has {match.event_count} events)",
        )
    view = served_view(match, view, param)
    game = registry.get(match.game)
    # the state before first (the ring compares with it): stepping forward, the
    # replay's cursor is there already, and the state asked for is one fold on
    previous, cost = replay_cache.state(match, at - 1) if at > 0 else (None, 0)
    state, more = replay_cache.state(match, at)
    cost += more
    shown = viewing.shown_state(game, state, view)
    out = {
        "match": match.pk,
        "at": at,
        "seat": ALL if view == EVERYTHING else view,
        "view": view,
        "state": shown,
        "svg": "",
        "panel": [],
        "event_count": match.event_count,
        "status": match.status,
    }
    svg, problem = _draw(game, shown)
    if problem and view == EVERYTHING:
        # the game could not draw its whole state: draw what a spectator sees instead
        svg, _ = _draw(game, game.view(state, None))
    elif at > 0 and not problem:
        # the last event's change ringed: this view's drawing against its one before
        before, trouble = _draw(game, viewing.shown_state(game, previous, view))
        if trouble is None:
            svg = ring_changes(before, svg)
    out["svg"] = svg
    if problem:
        out["render_error"] = problem
    if game.panel is not None:
        out["panel"] = _panel(game, shown)
    return out, cost


def _panel(game, shown: Any) -> list[dict]:
    """The words beside the drawing; none when the game cannot say them."""
    try:
        return game.panel(shown)
    except Exception:
        logger.exception("%s: panel failed", game.name)
        return []


def _draw(game, shown: Any) -> tuple[str, str | None]:
    """The game's SVG of ``shown`` and ``None``, or ``""`` and what went wrong."""
    if game.render is None:
        return "", f"{game.name} has no drawing (GAME.render)"
    try:
        return game.render(shown), None
    except Exception as exc:
        logger.exception("%s: render failed", game.name)
        return "", f"{game.name} could not draw this state: {type(exc).__name__}: {exc}"

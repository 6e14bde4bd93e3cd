"""A knockout's bracket as its page draws it: the winners' bracket, the losers'
bracket and the final apart, each a row of rounds, and for every match the one its
winner plays next (the page draws a line between them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import Prefetch

from matches.models import Match, MatchSeat
from tournaments.models import Competition, Entry, Fixture
from tournaments.selectors import competition_hides_results, rounds_shown

#: the sections of a bracket, in the page's order, and the fixtures' brackets in each
SECTIONS = (
    ("winners", "Winners' bracket", ("W",)),
    ("losers", "Losers' bracket", ("L",)),
    ("final", "Final", ("GF", "GF2")),
)
ROUND_TITLES = {"GF": "Grand final", "GF2": "Grand final (reset)"}


def bracket(tournament: Competition) -> list[dict]:
    """The sections that have fixtures, each with its columns (one a round) of
    fixtures with names, winners and ``next``; while results are hidden, only the
    rounds shown (``rounds_shown``)."""
    fixtures = _fixtures(tournament)
    hidden = competition_hides_results(tournament)
    names = dict(Entry.objects.filter(competition=tournament).values_list("pk", "name"))
    following = _next_fixtures(fixtures)
    columns: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for f in fixtures:
        shown = _fixture(f, names, hidden)
        shown["next"] = following.get(f.pk)
        columns[(f.bracket or "W", f.round_no)].append(shown)
    sections = []
    for key, title, brackets in SECTIONS:
        rows = sorted((k, items) for k, items in columns.items() if k[0] in brackets)
        if not rows:
            continue
        sections.append(
            {
                "key": key,
                "title": title,
                "columns": [
                    {"bracket": br, "round": rno, "title": _round_title(br, rno), "fixtures": items}
                    for (br, rno), items in rows
                ],
            }
        )
    return sections


def _fixtures(tournament: Competition) -> list[Fixture]:
    fixtures = Fixture.objects.filter(competition=tournament)
    shown = rounds_shown(tournament)
    if shown is not None:
        fixtures = fixtures.filter(round__number__lte=shown)
    return list(
        fixtures.select_related("match")
        .prefetch_related(
            Prefetch("seats"),
            Prefetch("match__seats", queryset=MatchSeat.objects.order_by("index")),
        )
        .order_by("round_no", "table", "leg")
    )


def _round_title(bracket: str, number: int) -> str:
    return ROUND_TITLES.get(bracket, f"Round {number}")


def _fixture(f: Fixture, names: dict[int, str], hidden: bool) -> dict:
    ranks: dict[int, int | None] = {}
    if f.match is not None and f.match.status == Match.Status.FINISHED and not hidden:
        ranks = {s.index: s.rank for s in f.match.seats.all()}
    alone_first = list(ranks.values()).count(1) == 1
    players = []
    for s in sorted(f.seats.all(), key=lambda s: s.index):
        rank = ranks.get(s.index)
        players.append(
            {
                "entry": s.entry_id,
                "name": names.get(s.entry_id, "?"),
                "rank": rank,
                "won": (rank == 1 and alone_first) or (f.bye and not hidden),
            }
        )
    return {
        "fixture": f.pk,
        "table": f.table,
        "leg": f.leg,
        "bye": f.bye,
        "walkover": f.walkover,
        "match": f.match_id,
        "status": f.match.status if f.match else "",
        "players": players,
    }


def _next_fixtures(fixtures: Iterable[Fixture]) -> dict[int, int]:
    """Each fixture's next: the first fixture of a later round, in its own bracket
    or the final, that seats one of its entries (a winners' loser drops to the
    losers' bracket: no line is drawn across; nor from a drawn leg). Quadratic in the fixtures: a
    bracket has a few hundred at most."""
    ordered = sorted(fixtures, key=lambda f: (f.round_no, f.table, f.leg))
    seated = {f.pk: {s.entry_id for s in f.seats.all()} for f in ordered}
    replayed = {(f.bracket, f.round_no, f.table, f.leg - 1) for f in ordered if f.leg > 1}
    out: dict[int, int] = {}
    for f in ordered:
        if (f.bracket, f.round_no, f.table, f.leg) in replayed:
            continue  # drawn: its replay, below it, goes on
        onward = {f.bracket or "W", "GF", "GF2"}
        for later in ordered:
            if later.round_no <= f.round_no or (later.bracket or "W") not in onward:
                continue
            if seated[f.pk] & seated[later.pk]:
                out[f.pk] = later.pk
                break
    return out

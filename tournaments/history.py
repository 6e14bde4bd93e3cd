"""A competition's stored pairings and results, read as the pure core's values
(``tournaments.core.formats``): what rating, standings, the next round and a rebuild
start from."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import QuerySet
from django.db.models.fields.json import KT

from engine.events import MATCH_ENDED

from matches.models import Match, MatchEvent
from tournaments.core.formats import MatchResult, Pairing
from tournaments.models import Competition, Entry, Fixture, FixtureSeat


@dataclass
class History:
    """Everything stored about a competition, as the pure core's values."""

    entries: list[int] = field(default_factory=list)  # seed order, all entries
    pairings: list[Pairing] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)  # played and finished
    versions: dict[int, tuple[str, ...]] = field(default_factory=dict)  # match id -> per seat
    walkovers: list[MatchResult] = field(default_factory=list)  # synthetic, for the format
    byes: list[int] = field(default_factory=list)  # byes and walkovers won


#: a finished match's ranks and scores (empty when its result has none), per seat
Outcome = tuple[tuple[int, ...], tuple[int, ...]]
#: the fixture columns a history is made of, in this order
FIXTURE_FIELDS = (
    "pk",
    "round_no",
    "table",
    "leg",
    "bracket",
    "bye",
    "walkover",
    "teams",
    "match_id",
    "round_id",
)
#: an entry as a history starts from it: its id and whether it is disqualified
EntryRow = tuple[int, bool]


def load_history(
    competition: Competition, *, from_log: bool = False, rounds: Iterable[int] | None = None
) -> History:
    """The stored pairings and results. ``from_log``: read each result from the
    ``MatchEnded`` event of the stored log instead of the match row.

    Read as value rows, not model instances: a rebuild reads every fixture of a
    competition (100,000 and more)."""
    fixtures = Fixture.objects.filter(competition=competition)
    if rounds is not None:
        fixtures = fixtures.filter(round__number__in=list(rounds))
    return _read(competition, fixtures, from_log=from_log)[0]


def load_round_history(
    competition: Competition,
    round_id: int,
    *,
    whole: bool = False,
    entries: Sequence[EntryRow] | None = None,
) -> tuple[History, History | None]:
    """Round ``round_id``'s history (``load_history`` of that round) and, with
    ``whole``, the whole history, from one read of the whole: what completing a
    round rates, ranks and makes the next round from. ``entries``: the
    competition's entries in seed order, when the caller has read them."""
    fixtures = Fixture.objects.filter(competition=competition)
    if not whole:
        return _read(competition, fixtures.filter(round_id=round_id), entries=entries)[0], None
    read, this_round = _read(competition, fixtures, entries=entries, round_id=round_id)
    return this_round, read


def _read(
    competition: Competition,
    fixtures: QuerySet,
    *,
    from_log: bool = False,
    entries: Sequence[EntryRow] | None = None,
    round_id: int | None = None,
) -> tuple[History, History]:
    """The history of ``fixtures``, and the part of it round ``round_id`` makes
    (empty without it): both start from every entry."""
    if entries is None:
        entries = list(
            Entry.objects.filter(competition=competition)
            .order_by("seed", "id")
            .values_list("pk", "disqualified")
        )
    h = History(entries=[pk for pk, _ in entries])
    part = History(entries=list(h.entries))
    dq = {pk for pk, disqualified in entries if disqualified}
    seats = _seats_of(fixtures)
    outcomes = _outcomes_of(fixtures, from_log=from_log)
    for row in fixtures.order_by("round_no", "table", "leg").values_list(*FIXTURE_FIELDS):
        for into in (h, part) if row[-1] == round_id else (h,):
            _add(into, row, seats.get(row[0], ()), outcomes, dq)
    return h, part


def _add(
    h: History,
    row: tuple,
    seats: Sequence[tuple[int, str]],
    outcomes: dict[int, Outcome],
    dq: set[int],
) -> None:
    """Add one fixture (its ``FIXTURE_FIELDS``, its seats) to ``h``."""
    pk, round_no, table, leg, bracket, bye, walkover, teams, match_id, _ = row
    entries = tuple(entry for entry, _ in seats)
    h.pairings.append(
        Pairing(round_no, table, entries, bye, tuple(teams) if teams else None, leg, bracket)
    )
    if bye:
        h.byes.append(entries[0])
    elif walkover:
        ranks = tuple(2 if e in dq else 1 for e in entries)
        if len(set(ranks)) == 1:
            ranks = (1,) * len(entries)
        h.walkovers.append(
            MatchResult(
                -pk,
                round_no,
                entries,
                ranks,
                teams=tuple(teams) if teams else None,
                table=table,
                leg=leg,
            )
        )
        h.byes.extend(e for e in entries if e not in dq)
    elif match_id in outcomes:
        ranks, scores = outcomes[match_id]
        h.results.append(
            MatchResult(
                match_id, round_no, entries, ranks, scores, teams and tuple(teams), table, leg
            )
        )
        h.versions[match_id] = tuple(version for _, version in seats)


def _seats_of(fixtures: QuerySet) -> dict[int, list[tuple[int, str]]]:
    """Fixture id -> ``(entry id, pinned version)`` per seat, in seat order."""
    seats: dict[int, list[tuple[int, str]]] = {}
    for fixture, entry, version in (
        FixtureSeat.objects.filter(fixture__in=fixtures)
        .order_by("fixture_id", "index")
        .values_list("fixture_id", "entry_id", "version")
    ):
        seats.setdefault(fixture, []).append((entry, version))
    return seats


def _outcomes_of(fixtures: QuerySet, *, from_log: bool) -> dict[int, Outcome]:
    """Match id -> the ranks and scores of each finished match of ``fixtures``: from
    the ``MatchEnded`` event of its stored log (``from_log``) or its match row. Read
    as JSON text and parsed here: decoding the whole JSON fields took three times as
    long as the query itself (100,000 matches)."""
    finished = Match.objects.filter(fixture__in=fixtures, status=Match.Status.FINISHED)
    if from_log:
        rows = (
            MatchEvent.objects.filter(match__in=finished, type=MATCH_ENDED)
            .order_by()
            .annotate(ranks=KT("data__ranks"), scores=KT("data__scores"))
            .values_list("match_id", "ranks", "scores")
        )
    else:
        rows = (
            finished.order_by()
            .annotate(ranks=KT("result__ranks"), scores=KT("result__scores"))
            .values_list("pk", "ranks", "scores")
        )
    return {
        match_id: (tuple(json.loads(ranks)), tuple(json.loads(scores)) if scores else ())
        for match_id, ranks, scores in rows
        if ranks is not None
    }

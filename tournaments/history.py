"""A competition's stored pairings and results, read as the pure core's values
(``tournaments.formats``): what rating, standings, the next round and a rebuild
start from."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterable

from django.db.models import QuerySet
from django.db.models.fields.json import KT

from engine.events import MATCH_ENDED
from matches.models import Match, MatchEvent
from tournaments.formats import MatchResult, Pairing
from tournaments.models import Competition, Entry, Fixture, FixtureSeat


@dataclass
class History:
    """Everything stored about a competition, as the pure core's values."""

    entries: list[int] = field(default_factory=list)          # seed order, all entries
    pairings: list[Pairing] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)  # played and finished
    versions: dict[int, tuple[str, ...]] = field(default_factory=dict)  # match id -> per seat
    walkovers: list[MatchResult] = field(default_factory=list)  # synthetic, for the format
    byes: list[int] = field(default_factory=list)              # byes and walkovers won


#: a finished match's ranks and scores (empty when its result has none), per seat
Outcome = tuple[tuple[int, ...], tuple[int, ...]]
#: the fixture columns a history is made of, in this order
FIXTURE_FIELDS = ("pk", "round_no", "table", "leg", "bracket", "bye", "walkover", "teams",
                  "match_id")


def load_history(competition: Competition, *, from_log: bool = False,
                 rounds: Iterable[int] | None = None) -> History:
    """The stored pairings and results. ``from_log``: read each result from the
    ``MatchEnded`` event of the stored log instead of the match row.

    Read as value rows, not model instances: a rebuild reads every fixture of a
    competition (100,000 and more)."""
    h = History(entries=list(Entry.objects.filter(competition=competition)
                             .order_by("seed", "id").values_list("pk", flat=True)))
    dq = set(Entry.objects.filter(competition=competition, disqualified=True)
             .values_list("pk", flat=True))
    fixtures = Fixture.objects.filter(competition=competition)
    if rounds is not None:
        fixtures = fixtures.filter(round__number__in=list(rounds))
    seats = _seats_of(fixtures)
    outcomes = _outcomes_of(fixtures, from_log=from_log)
    for pk, round_no, table, leg, bracket, bye, walkover, teams, match_id in (
            fixtures.order_by("round_no", "table", "leg").values_list(*FIXTURE_FIELDS)):
        entries = tuple(entry for entry, _ in seats.get(pk, ()))
        h.pairings.append(Pairing(round_no, table, entries, bye,
                                  tuple(teams) if teams else None, leg, bracket))
        if bye:
            h.byes.append(entries[0])
        elif walkover:
            ranks = tuple(2 if e in dq else 1 for e in entries)
            if len(set(ranks)) == 1:
                ranks = (1,) * len(entries)
            h.walkovers.append(MatchResult(-pk, round_no, entries, ranks,
                                           teams=tuple(teams) if teams else None,
                                           table=table, leg=leg))
            h.byes.extend(e for e in entries if e not in dq)
        elif match_id in outcomes:
            ranks, scores = outcomes[match_id]
            h.results.append(MatchResult(match_id, round_no, entries, ranks, scores,
                                         teams and tuple(teams), table, leg))
            h.versions[match_id] = tuple(version for _, version in seats[pk])
    return h


def _seats_of(fixtures: QuerySet) -> dict[int, list[tuple[int, str]]]:
    """Fixture id -> ``(entry id, pinned version)`` per seat, in seat order."""
    seats: dict[int, list[tuple[int, str]]] = {}
    for fixture, entry, version in (FixtureSeat.objects.filter(fixture__in=fixtures)
                                    .order_by("fixture_id", "index")
                                    .values_list("fixture_id", "entry_id", "version")):
        seats.setdefault(fixture, []).append((entry, version))
    return seats


def _outcomes_of(fixtures: QuerySet, *, from_log: bool) -> dict[int, Outcome]:
    """Match id -> the ranks and scores of each finished match of ``fixtures``: from
    the ``MatchEnded`` event of its stored log (``from_log``) or its match row. Read
    as JSON text and parsed here: decoding the whole JSON fields took three times as
    long as the query itself (100,000 matches)."""
    finished = Match.objects.filter(fixture__in=fixtures, status=Match.Status.FINISHED)
    if from_log:
        rows = (MatchEvent.objects.filter(match__in=finished, type=MATCH_ENDED).order_by()
                .annotate(ranks=KT("data__ranks"), scores=KT("data__scores"))
                .values_list("match_id", "ranks", "scores"))
    else:
        rows = (finished.order_by()
                .annotate(ranks=KT("result__ranks"), scores=KT("result__scores"))
                .values_list("pk", "ranks", "scores"))
    return {match_id: (tuple(json.loads(ranks)), tuple(json.loads(scores)) if scores else ())
            for match_id, ranks, scores in rows if ranks is not None}

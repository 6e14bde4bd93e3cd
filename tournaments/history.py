"""A competition's stored pairings and results, read as the pure core's values
(``tournaments.formats``): what rating, standings, the next round and a rebuild
start from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from matches.models import Match, MatchEvent
from tournaments.formats import MatchResult, Pairing
from tournaments.models import Competition, Entry, Fixture


@dataclass
class History:
    """Everything stored about a competition, as the pure core's values."""

    entries: list[int] = field(default_factory=list)          # seed order, all entries
    pairings: list[Pairing] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)  # played and finished
    versions: dict[int, tuple[str, ...]] = field(default_factory=dict)  # match id -> per seat
    walkovers: list[MatchResult] = field(default_factory=list)  # synthetic, for the format
    byes: list[int] = field(default_factory=list)              # byes and walkovers won


def _result_from(match_id: int, fixture: Fixture, entries: tuple[int, ...], ended: dict
                 ) -> MatchResult:
    return MatchResult(match_id, fixture.round_no, entries, tuple(ended["ranks"]),
                       tuple(ended.get("scores") or ()), fixture.teams and tuple(fixture.teams),
                       fixture.table, fixture.leg)


def load_history(competition: Competition, *, from_log: bool = False,
                 rounds: Iterable[int] | None = None) -> History:
    """The stored pairings and results. ``from_log``: read each result from the
    ``MatchEnded`` event of the stored log instead of the match row."""
    h = History(entries=list(Entry.objects.filter(competition=competition)
                             .order_by("seed", "id").values_list("pk", flat=True)))
    dq = set(Entry.objects.filter(competition=competition, disqualified=True)
             .values_list("pk", flat=True))
    fixtures = (Fixture.objects.filter(competition=competition).select_related("match")
                .prefetch_related("seats"))
    if rounds is not None:
        fixtures = fixtures.filter(round__number__in=list(rounds))
    fixtures = list(fixtures.order_by("round_no", "table", "leg"))
    ended_from_log = {}
    if from_log:
        ids = [f.match_id for f in fixtures if f.match_id]
        ended_from_log = dict(MatchEvent.objects.filter(match_id__in=ids, type="MatchEnded")
                              .values_list("match_id", "data"))
    for f in fixtures:
        seats = sorted(f.seats.all(), key=lambda s: s.index)
        entries = tuple(s.entry_id for s in seats)
        h.pairings.append(Pairing(f.round_no, f.table, entries, f.bye,
                                  tuple(f.teams) if f.teams else None, f.leg, f.bracket))
        if f.bye:
            h.byes.append(entries[0])
        elif f.walkover:
            ranks = tuple(2 if e in dq else 1 for e in entries)
            if len(set(ranks)) == 1:
                ranks = (1,) * len(entries)
            h.walkovers.append(MatchResult(-f.pk, f.round_no, entries, ranks,
                                           teams=tuple(f.teams) if f.teams else None,
                                           table=f.table, leg=f.leg))
            h.byes.extend(e for e in entries if e not in dq)
        elif f.match is not None and f.match.status == Match.Status.FINISHED:
            ended = ended_from_log.get(f.match_id) if from_log else f.match.result
            if ended is None:
                continue
            h.results.append(_result_from(f.match_id, f, entries, ended))
            h.versions[f.match_id] = tuple(s.version for s in seats)
    return h


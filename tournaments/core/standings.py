"""Standings: a pure projection of results (and byes) onto a ranked table.

Points per match, by *side* (a team, or a seat playing for itself):

- two sides: win 3, draw 1, loss 0 (``Points``, changeable);
- more sides (free-for-all): ``sides - side_rank`` (last gets 0, the winner
  ``sides - 1``); tied sides share the better rank, so ``(1, 1, 3)`` gives 2, 2, 0.
- W/D/L: a win is a first place held alone, a draw a shared first place, anything
  else a loss. A bye counts as a game won worth a win's points (``Points.bye``)
  and is counted in ``byes`` too.

Tie-breaks (higher is better), named in ``tie_breaks``:

- ``buchholz``: the sum of the final points of every opponent met (once per match);
- ``sonneborn_berger``: the sum of the final points of each opponent beaten, plus
  half of those of each opponent drawn with (ranked level with);
- ``head_to_head``: among entries level on points only, the pairwise score
  against each other (1 per opponent beaten, 1/2 per opponent drawn with);
- ``wins``: the number of wins.

Opponents are the entries on other sides; team-mates are not opponents. The
order is points, then the tie-breaks in turn, then the entry id (a final,
deterministic key). Entries level on points and every tie-break share a rank.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.core.formats.base import (
    SWISS_TIE_BREAKS,
    FormatError,
    MatchResult,
)

TIE_BREAKS = ("buchholz", "sonneborn_berger", "head_to_head", "wins")


@dataclass(frozen=True, slots=True)
class Points:
    """Points for two-sided matches; free-for-all uses ``sides - side_rank``."""

    win: int = 3
    draw: int = 1
    loss: int = 0
    #: points for a bye; ``None``: the points of a win (in free-for-all, ``sides - 1``)
    bye: int | None = None

    def for_side(self, side_rank: int, sides: int, shared: bool) -> int:
        if sides == 2:
            if side_rank == 1:
                return self.draw if shared else self.win
            return self.loss
        return sides - side_rank

    def for_bye(self, sides: int = 2) -> int:
        if self.bye is not None:
            return self.bye
        return self.win if sides == 2 else sides - 1


@dataclass(frozen=True, slots=True)
class Standing:
    entry: int
    points: int
    wins: int
    draws: int
    losses: int
    games: int
    byes: int
    buchholz: int
    sonneborn_berger: float
    head_to_head: float
    rank: int


@dataclass(frozen=True, slots=True)
class Meeting:
    """One entry's view of one match: its points, and each opponent with the
    fraction of a win it scored against that opponent (1, 1/2 or 0)."""

    entry: int
    points: int
    outcome: str  # "W", "D" or "L"
    opponents: tuple[tuple[int, float], ...]


def meetings(result: MatchResult, points: Points = Points()) -> list[Meeting]:
    """Split a result into one ``Meeting`` per entry."""
    sides = result.sides()
    ranks = result.side_ranks()
    firsts = ranks.count(1)
    out: list[Meeting] = []
    for side, rank in zip(sides, ranks):
        shared = ranks.count(rank) > 1
        outcome = "L" if rank != 1 else ("D" if firsts > 1 else "W")
        pts = points.for_side(rank, len(sides), shared)
        opponents = tuple(
            (e, 1.0 if rank < other_rank else 0.5 if rank == other_rank else 0.0)
            for other, other_rank in zip(sides, ranks)
            if other is not side
            for e in other
        )
        out.extend(Meeting(e, pts, outcome, opponents) for e in side)
    return out


def compute_standings(
    entries: Sequence[int],
    results: Iterable[MatchResult],
    byes: Iterable[int] = (),
    *,
    tie_breaks: Sequence[str] = SWISS_TIE_BREAKS,
    points: Points = Points(),
    bye_sides: int = 2,
) -> list[Standing]:
    """The ranked table of ``entries`` (best first) from ``results`` and ``byes``
    (one entry id per bye given; an entry may appear more than once)."""
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown:
        raise FormatError(f"unknown tie-break(s) {unknown}; known: {TIE_BREAKS}")
    ids = list(entries)
    known = set(ids)
    pts = dict.fromkeys(ids, 0)
    wdl = {e: {"W": 0, "D": 0, "L": 0} for e in ids}
    games = dict.fromkeys(ids, 0)
    bye_count = dict.fromkeys(ids, 0)
    met: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for result in results:
        for m in meetings(result, points):
            if m.entry not in known:
                raise FormatError(
                    f"result {result.match_id} names entry {m.entry}, "
                    "which is not in the tournament"
                )
            pts[m.entry] += m.points
            wdl[m.entry][m.outcome] += 1
            games[m.entry] += 1
            met[m.entry].extend(m.opponents)
    for e in byes:
        if e not in known:
            raise FormatError(f"a bye names entry {e}, which is not in the tournament")
        pts[e] += points.for_bye(bye_sides)
        wdl[e]["W"] += 1
        games[e] += 1
        bye_count[e] += 1

    buchholz = {e: sum(pts[o] for o, _ in met[e]) for e in ids}
    sb = {e: sum(pts[o] * share for o, share in met[e]) for e in ids}
    h2h = {e: sum(share for o, share in met[e] if pts[o] == pts[e]) for e in ids}
    values: dict[str, Mapping[int, float]] = {
        "buchholz": buchholz,
        "sonneborn_berger": sb,
        "head_to_head": h2h,
        "wins": {e: wdl[e]["W"] for e in ids},
    }

    def merit(e: int) -> tuple:
        return (pts[e], *(values[t][e] for t in tie_breaks))

    order = sorted(ids, key=lambda e: (tuple(-v for v in merit(e)), e))
    table, rank = [], 0
    for i, e in enumerate(order):
        if i == 0 or merit(e) != merit(order[i - 1]):
            rank = i + 1
        table.append(
            Standing(
                e,
                pts[e],
                wdl[e]["W"],
                wdl[e]["D"],
                wdl[e]["L"],
                games[e],
                bye_count[e],
                buchholz[e],
                sb[e],
                h2h[e],
                rank,
            )
        )
    return table

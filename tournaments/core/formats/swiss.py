"""Swiss: a fixed number of rounds, each pairing entries on equal points.

- Rounds: ``ceil(log2 n)`` unless given.
- Order: points (from the results and byes so far), then seed (entries' order).
- Pairing (two seats): the highest unpaired entry takes, among those it has not
  met, the nearest on points; within its own score group it prefers the entry
  half a group below (the Dutch system: round 1 is 1 v n/2+1, 2 v n/2+2 ...).
  A backtracking search finds a pairing with no rematch when one exists (it
  stops after a fixed budget); otherwise rematches are allowed, the fewest
  repeated meetings preferred over staying in the score group.
- Free-for-all groups of ``group_size``: the same search, each group filled from
  the top of the order with entries none of the group has met.
- Byes: ``n % group_size`` entries sit out each round, chosen from the bottom
  of the order among entries that have had no bye yet (so an entry has at most
  one bye while that is possible). A bye is a win.
- Seats: ``tournaments.core.formats.seats`` (with two seats: the entry that has sat
  first less often sits first, then the one that sat second last time, then the
  higher placed). With teams, members are dealt to teams snake-fashion by order
  and the seating keeps those teams.
- ``blind``: every round is paired as if no game had been played (by seed, with
  no rematch while one can be avoided), for a competition that hides its results:
  pairings that followed the points would publish them.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.formats.base import (
    SWISS_TIE_BREAKS,
    FormatBase,
    FormatError,
    MatchResult,
    Pairing,
    check_entries,
    last_round,
    require_complete,
    seat_sides,
)
from tournaments.core.formats.seats import seat_round, tally_seats
from tournaments.core.standings import Points, compute_standings

#: how many nodes the rematch-free search may visit before giving up
SEARCH_BUDGET = 200_000


def snake_teams(members: Sequence[int], teams: Sequence[int]) -> tuple[int, ...]:
    """Deal ``members`` (best first) to teams snake-fashion; seats team by team."""
    buckets: list[list[int]] = [[] for _ in teams]
    order = list(range(len(teams)))
    i, forward = 0, True
    for m in members:
        while True:
            team = order[i] if forward else order[-1 - i]
            i += 1
            if i == len(teams):
                i, forward = 0, not forward
            if len(buckets[team]) < teams[team]:
                buckets[team].append(m)
                break
    return tuple(m for b in buckets for m in b)


def _groups(
    order: list[int], size: int, met: dict[int, Counter], points: dict[int, int], strict: bool
) -> list[tuple[int, ...]] | None:
    """Partition ``order`` into groups of ``size`` (see the module docstring);
    ``strict``: no two members of a group may have met. ``None`` if not found."""
    position = {e: i for i, e in enumerate(order)}
    score_groups: dict[int, list[int]] = {}
    for e in order:
        score_groups.setdefault(points[e], []).append(e)
    in_group = {e: i for g in score_groups.values() for i, e in enumerate(g)}

    def preference(x: int, y: int) -> tuple:
        same = points[y] == points[x]
        ideal = in_group[x] + len(score_groups[points[x]]) // 2 if size == 2 else in_group[x]
        return (
            met[x][y],
            abs(points[x] - points[y]),
            abs(in_group[y] - ideal) if same else 0,
            position[y],
        )

    prefs = {x: sorted((y for y in order if y != x), key=lambda y: preference(x, y)) for x in order}
    used: set[int] = set()
    out: list[tuple[int, ...]] = []
    budget = [SEARCH_BUDGET]

    def fill(group: list[int], start: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if len(group) == size:
            used.update(group)
            out.append(tuple(group))
            if solve():
                return True
            out.pop()
            used.difference_update(group)
            return False
        candidates = prefs[group[0]]
        for k in range(start, len(candidates)):
            y = candidates[k]
            if y in used or (strict and any(met[y][g] for g in group)):
                continue
            group.append(y)
            if fill(group, k + 1):
                return True
            group.pop()
            if budget[0] < 0:
                return False
        return False

    def solve() -> bool:
        top = next((e for e in order if e not in used), None)
        return top is None or fill([top], 0)

    return out if solve() else None


@dataclass(frozen=True)
class Swiss(FormatBase):
    rounds: int | None = None  # None: ceil(log2 n)
    group_size: int = 2
    teams: tuple[int, ...] | None = None
    #: pair without the results (see the module docstring)
    blind: bool = False

    name = "swiss"
    tie_breaks = SWISS_TIE_BREAKS

    def __post_init__(self) -> None:
        if self.group_size < 2:
            raise FormatError("a match needs at least two seats")
        if self.teams is not None:
            seat_sides(self.group_size, self.teams)

    def total_rounds(self, entries: Sequence[int]) -> int:
        n = len(entries)
        return self.rounds if self.rounds is not None else max(1, math.ceil(math.log2(n)))

    def planned_rounds(self, entries: Sequence[int]) -> int | None:
        return self.total_rounds(entries)

    def next_round(
        self,
        entries: Sequence[int],
        pairings: Sequence[Pairing],
        results: Sequence[MatchResult],
        seed: int = 0,
    ) -> list[Pairing] | None:
        ids = check_entries(entries, self.group_size)
        done = last_round(pairings)
        require_complete(pairings, results, done)
        if done >= self.total_rounds(ids):
            return None
        sides = len(self.teams) if self.teams else self.group_size
        bye_list = [p.entries[0] for p in pairings if p.bye]
        table = compute_standings(
            ids,
            () if self.blind else results,
            () if self.blind else bye_list,
            tie_breaks=(),
            bye_sides=sides,
            points=Points(),
        )
        points = {s.entry: s.points for s in table}
        seed_of = {e: i for i, e in enumerate(ids)}
        order = sorted(ids, key=lambda e: (-points[e], seed_of[e]))

        met: dict[int, Counter] = {e: Counter() for e in ids}
        for p in pairings:
            if p.bye:
                continue
            for a in p.entries:
                for b in p.entries:
                    if a != b:
                        met[a][b] += 1

        had_bye = Counter(bye_list)
        sitting_out = len(ids) % self.group_size
        byes: list[int] = []
        for e in reversed(order):  # the bottom of the table first
            if len(byes) == sitting_out:
                break
            if had_bye[e] == 0:
                byes.append(e)
        for e in reversed(order):
            if len(byes) == sitting_out:
                break
            if e not in byes:
                byes.append(e)
        playing = [e for e in order if e not in byes]
        groups = _groups(playing, self.group_size, met, points, strict=True) or _groups(
            playing, self.group_size, met, points, strict=False
        )
        assert groups is not None  # the non-strict search always succeeds

        rank = {e: i for i, e in enumerate(order)}
        round_ = done + 1
        out = []
        for t, group in enumerate(groups, start=1):
            members = tuple(sorted(group, key=rank.__getitem__))
            if self.teams:
                members = snake_teams(members, self.teams)
            out.append(Pairing(round_, t, members, teams=self.teams))
        out = seat_round(out, tally_seats(pairings, self.group_size))
        for t, e in enumerate(sorted(byes, key=rank.__getitem__), start=len(out) + 1):
            out.append(Pairing(round_, t, (e,), bye=True))
        return out

    def is_finished(
        self, entries: Sequence[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> bool:
        played = {r.key for r in results}
        return last_round(pairings) >= self.total_rounds(entries) and all(
            p.bye or p.key in played for p in pairings
        )

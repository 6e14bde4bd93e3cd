"""Ladder: a season of rounds, each bot meeting about ``k`` bots near its rating.

``ladder_round`` is the pairing itself. Entries are ordered by rating ordinal
(best first) after adding a small deterministic jitter (``Rng(seed, round)``) so
that neighbours vary from round to round. Walking that order, each entry that
still needs games forms a group (a pair, or ``group_size`` for free-for-all and
alliances) with the nearest entries (by position) that still need games and
that it has not met this round (in groups of three or more a pair may meet
twice in a round when that is the only way to fill a group). Every entry is in ``k`` groups except near the
bottom, where the last ones are topped up with entries that already have ``k``
(the fewest extra games first, then the nearest): at most ``ceil(n * k / group_size)`` plus a
few groups, O(n), never all pairs. Seats follow ``tournaments.core.formats.seats``
over the season's seat history (``seats``), group by group in table order, so an
entry with several games in a round alternates within it; ties go to a shuffle
by the same generator. With teams, members are dealt to teams snake-fashion by
rating and the seating keeps those teams.

``Ladder`` wraps it as a format: ratings are rebuilt from the results so far with
``tournaments.core.ratings.apply_results`` (from ``initial`` ratings), so the pairing
of a round is a pure function of the stored history and the seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.rng import Rng

from tournaments.core.formats.base import (
    FormatBase,
    FormatError,
    MatchResult,
    Pairing,
    check_entries,
    last_round,
    require_complete,
    seat_sides,
)
from tournaments.core.formats.seats import SeatTally, seat_round, tally_seats
from tournaments.core.formats.swiss import snake_teams
from tournaments.core.ratings import Rating, apply_results

#: how far (in positions) to look for partners before accepting entries that are full
WINDOW = 8


def _unit(rng: Rng) -> float:
    return rng.below(1 << 53) / float(1 << 53)


def ladder_round(
    ratings: Mapping[int, Rating],
    round_: int,
    seed: int,
    k: int = 2,
    group_size: int = 2,
    teams: tuple[int, ...] | None = None,
    jitter: float = 1.0,
    seats: SeatTally | None = None,
) -> list[Pairing]:
    """The pairings of one ladder round (see the module docstring).

    ``ratings`` holds every entry that plays this round. ``jitter`` is the width
    (in ordinal points) of the random nudge applied before sorting; 0 sorts by
    rating alone (ties by entry id). ``seats``: the seats taken so far this season
    (not changed here); ``None`` is a season with no games yet.
    """
    if k < 1:
        raise FormatError("each entry needs at least one match a round")
    if teams is not None:
        seat_sides(group_size, teams)
    ids = sorted(ratings)
    if len(ids) < group_size:
        raise FormatError(f"a ladder round needs at least {group_size} entries")
    rng = Rng(seed, round_)
    key = {e: ratings[e].ordinal + jitter * _unit(rng) for e in ids}
    order = sorted(ids, key=lambda e: (-key[e], e))
    n = len(order)
    need = [k] * n
    met: list[set[int]] = [set() for _ in range(n)]  # positions met this round
    groups: list[list[int]] = []

    def nearest(i: int, group: list[int], allow_full: bool, allow_met: bool) -> int | None:
        def fits(j: int) -> bool:
            return (
                j not in group
                and (allow_full or need[j] > 0)
                and (allow_met or all(j not in met[g] for g in group))
            )

        if allow_full:  # the fewest extra games first, then the nearest
            return min(
                (j for j in range(n) if fits(j)),
                key=lambda j: (max(0, -need[j]), abs(j - i), j),
                default=None,
            )
        for d in range(1, WINDOW * group_size + 1):
            for j in (i + d, i - d):
                if 0 <= j < n and fits(j):
                    return j
        return None

    # partners, in order of preference: still needing games and new to the group;
    # still needing games (groups of three or more may repeat a pair); then full ones
    passes = [(False, False), (False, True), (True, False), (True, True)]
    if group_size == 2:
        passes = [(False, False), (True, False)]  # a pair never plays twice in a round
    for i in range(n):
        while need[i] > 0:
            group = [i]
            while len(group) < group_size:
                j = next(
                    (
                        j
                        for full, again in passes
                        if (j := nearest(i, group, full, again)) is not None
                    ),
                    None,
                )
                if j is None:
                    break
                group.append(j)
            if len(group) < group_size:
                break  # everyone has been met already: fewer games this round
            for g in group:
                need[g] -= 1
                met[g].update(x for x in group if x != g)
            groups.append(group)

    out = []
    for t, group in enumerate(groups, start=1):
        members = [order[g] for g in sorted(group)]  # best first
        dealt = snake_teams(members, teams) if teams else tuple(rng.shuffled(members))
        out.append(Pairing(round_, t, dealt, teams=teams))
    tally = seats.copy() if seats is not None else SeatTally(group_size)
    return seat_round(out, tally)


@dataclass(frozen=True)
class Ladder(FormatBase):
    k: int = 2
    group_size: int = 2
    teams: tuple[int, ...] | None = None
    rounds: int | None = None  # None: a season that runs until it is closed
    jitter: float = 1.0
    initial: Mapping[int, Rating] = field(default_factory=dict)

    name = "ladder"
    tie_breaks = ()

    def ratings(self, entries: Sequence[int], results: Sequence[MatchResult]) -> dict[int, Rating]:
        start = {e: self.initial.get(e, Rating()) for e in entries}
        current, _ = apply_results(start, results)
        return {e: current[e] for e in entries}

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
        if self.rounds is not None and done >= self.rounds:
            return None
        return ladder_round(
            self.ratings(ids, results),
            done + 1,
            seed,
            self.k,
            self.group_size,
            self.teams,
            self.jitter,
            tally_seats(pairings, self.group_size),
        )

"""Fair seats: over a competition each entry plays each seat about equally often.

A format decides who meets whom; this module decides who sits where. The rule is
Swiss colour allocation generalised to ``n`` seats. For every seat an entry could
take, look at its seat counts after taking it; choose the seating of the group
that, in order:

1. keeps the largest *spread* (an entry's most-played seat count minus its
   least-played one) as small as possible, then has as few entries at that
   spread as possible (balance);
2. puts entries in seats they have played least;
3. keeps entries out of the seat they had in their last game (alternate);
4. gives the lower seats to the entries the format prefers (its own order: seed,
   standing, or a seeded shuffle).

With two seats this is the familiar rule: the entry that has sat first less often
sits first; when both have sat first equally often, the one that sat second last
time sits first; otherwise the format's preferred entry does. With alliances the
teams the format dealt stay together: members move within their team's block of
seats, and teams of the same size may swap blocks.

A ``SeatTally`` is rebuilt from the pairings so far (byes are not seats; a
walkover is a seat, as it is a stored fixture), so seats, like pairings, are a
pure function of the stored history.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import TYPE_CHECKING

from tournaments.core.formats.base import FormatError, Pairing, seat_sides

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: how a seating is compared: (balance weight, seats played before, repeated last seats)
Cost = tuple[int, int, int]


@dataclass
class SeatTally:
    """How often each entry has taken each seat, and the seat of its last game."""

    seats: int
    counts: dict[int, list[int]] = field(default_factory=dict)
    last: dict[int, int] = field(default_factory=dict)

    def of(self, entry: int) -> list[int]:
        return list(self.counts.get(entry) or [0] * self.seats)

    def spread(self, entry: int) -> int:
        counts = self.of(entry)
        return max(counts) - min(counts)

    def add(self, entry: int, seat: int) -> None:
        """Count one game of ``entry`` in ``seat`` (games are added in play order)."""
        if not 0 <= seat < self.seats:
            raise FormatError(f"seat {seat} of a {self.seats}-seat game")
        self.counts.setdefault(entry, [0] * self.seats)[seat] += 1
        self.last[entry] = seat

    def record(self, entries: Sequence[int]) -> None:
        """Count one game whose entries are in seat order."""
        if len(entries) != self.seats:
            raise FormatError(f"{len(entries)} entries in a {self.seats}-seat game")
        for seat, entry in enumerate(entries):
            self.add(entry, seat)

    def copy(self) -> SeatTally:
        return SeatTally(self.seats, {e: list(c) for e, c in self.counts.items()}, dict(self.last))


def tally_seats(pairings: Iterable[Pairing], seats: int) -> SeatTally:
    """The seats taken in ``pairings`` (byes skipped), in the order they were played."""
    tally = SeatTally(seats)
    for p in sorted((p for p in pairings if not p.bye), key=lambda p: p.key):
        tally.record(p.entries)
    return tally


def _cost(tally: SeatTally, entry: int, seat: int, group: int) -> Cost:
    counts = tally.of(entry)
    after = list(counts)
    after[seat] += 1
    # (group + 1) ** spread: one entry a step further out outweighs every entry of
    # the group a step nearer, so the largest spread is minimised first
    return (
        (group + 1) ** (max(after) - min(after)),
        counts[seat] - min(counts),
        int(tally.last.get(entry) == seat),
    )


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _assign(
    members: Sequence[int], seats: Sequence[int], cost: Callable[[int, int], Cost]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cheapest way to put ``members`` in ``seats`` (one each): the seat of
    each member and the cost, with the preference (earlier members in earlier
    seats) as the last key. Exact, by dynamic programming over the seats taken."""
    k = len(members)
    costs = [[cost(m, s) for s in seats] for m in members]
    best: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {0: ((0, 0, 0, 0), ())}
    for mask in range(1 << k):  # a mask is reached only from its subsets, all smaller
        if mask not in best:
            continue
        so_far, chosen = best[mask]
        i = len(chosen)
        if i == k:
            continue
        for j in range(k):
            if mask & (1 << j):
                continue
            step = (*costs[i][j], j * k ** (k - 1 - i))
            candidate = (_add(so_far, step), (*chosen, seats[j]))
            nxt = mask | (1 << j)
            if nxt not in best or candidate < best[nxt]:
                best[nxt] = candidate
    total, chosen = best[(1 << k) - 1]
    return chosen, total


def fair_seats(
    members: Sequence[int], tally: SeatTally, teams: Sequence[int] | None = None
) -> tuple[int, ...]:
    """``members`` in their fair seat order (see the module docstring).

    ``members`` come in the format's order: without teams, its preference (the
    first wins ties for the lower seats); with teams, in seat order, team by team,
    as the format dealt them (the teams are kept, their seats may move).
    """
    group = len(members)
    if group != tally.seats:
        raise FormatError(f"{group} entries in a {tally.seats}-seat game")

    def cost(entry: int, seat: int) -> Cost:
        return _cost(tally, entry, seat, group)

    if teams is None:
        chosen, _ = _assign(members, range(group), cost)
        seat_of = dict(zip(members, chosen))
    else:
        seat_of = _team_seating(members, seat_sides(group, teams), cost)
    return tuple(sorted(members, key=seat_of.__getitem__))


def _team_seating(
    members: Sequence[int], sides: list[tuple[int, ...]], cost: Callable[[int, int], Cost]
) -> dict[int, int]:
    """The seat of each member when each team's members stay in one block of
    seats; teams of the same size may trade blocks (keeping them wins ties)."""
    blocks = [list(members[side[0] : side[-1] + 1]) for side in sides]
    best: tuple | None = None
    trades = (
        p
        for p in permutations(range(len(sides)))  # the identity comes first
        if all(len(sides[to]) == len(sides[team]) for team, to in enumerate(p))
    )
    for order, to in enumerate(trades):
        seat_of: dict[int, int] = {}
        total: tuple[int, ...] = (0, 0, 0)
        lex: list[tuple[int, ...]] = []
        for team, block in enumerate(blocks):
            chosen, sub = _assign(block, sides[to[team]], cost)
            seat_of.update(zip(block, chosen))
            total = _add(total, sub[:3])
            lex.append(sub[3:])
        if best is None or (total, order, lex) < best[0]:
            best = ((total, order, lex), seat_of)
    assert best is not None
    return best[1]


def seat_round(
    pairings: Sequence[Pairing],
    tally: SeatTally,
    prefer: Callable[[int], SupportsRichComparison] | None = None,
) -> list[Pairing]:
    """Seat every pairing of a round fairly, in table order, counting each in
    ``tally`` as it goes (an entry may play several games in a ladder round).
    ``prefer`` orders the members of a team-less pairing before seating (the
    lower key wins ties); by default the pairing's own order is the preference."""
    out = []
    for p in pairings:
        if p.bye:
            out.append(p)
            continue
        members = list(p.entries)
        if prefer is not None and p.teams is None:
            members.sort(key=prefer)
        seated = fair_seats(members, tally, p.teams)
        tally.record(seated)
        out.append(replace(p, entries=seated))
    return out

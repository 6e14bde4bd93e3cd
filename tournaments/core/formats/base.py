"""The plain values every format trades in, and the interface formats share.

Nothing here touches Django or a database: a format is a set of pure functions
from (entries, pairings so far, results so far, seed) to the next pairings, so
the platform can store pairings and results however it likes and rebuild any
tournament's state from them.

Conventions
-----------
- An *entry* is an ``int`` (the platform's entry id). Formats that seed take the
  entries **in seed order**: ``entries[0]`` is seed 1.
- A pairing's ``entries`` are in seat order. ``teams`` (alliances) gives team
  sizes in seat order: ``(2, 2)`` means seats 0-1 are one team, seats 2-3 the
  other. ``None`` means every seat plays for itself.
- A bye is a pairing of one entry with ``bye=True``; it is never played.
- A result points back at its pairing through ``(round, table, leg)``; ``leg``
  counts replays of an undecided elimination match (1 is the first game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

#: standings tie-breaks per format family (see ``tournaments.core.standings``)
SWISS_TIE_BREAKS: tuple[str, ...] = ("buchholz", "sonneborn_berger")
ROUND_ROBIN_TIE_BREAKS: tuple[str, ...] = ("head_to_head", "sonneborn_berger")


class FormatError(ValueError):
    """A request a format cannot serve: too few entries, an unfinished round."""


class RoundIncomplete(FormatError):
    """``next_round`` was asked for while some pairing of the round has no result."""


def seat_sides(seats: int, teams: Sequence[int] | None) -> list[tuple[int, ...]]:
    """Seat indices of each side: ``seat_sides(4, (2, 2)) == [(0, 1), (2, 3)]``."""
    if teams is None:
        return [(s,) for s in range(seats)]
    if any(size < 1 for size in teams) or sum(teams) != seats:
        raise FormatError(f"team sizes {tuple(teams)} do not add up to {seats} seats")
    sides, start = [], 0
    for size in teams:
        sides.append(tuple(range(start, start + size)))
        start += size
    return sides


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match to play (or one bye) in a round."""

    round: int
    table: int
    entries: tuple[int, ...]
    bye: bool = False
    teams: tuple[int, ...] | None = None
    #: 1 for the first game; 2, 3 ... for replays of a drawn elimination match
    leg: int = 1
    #: elimination only: "W" winners bracket, "L" losers bracket, "GF"/"GF2" grand final
    bracket: str = ""

    def __post_init__(self) -> None:
        if len(set(self.entries)) != len(self.entries) or not self.entries:
            raise FormatError(f"a pairing needs distinct entries, not {self.entries}")
        if self.bye and len(self.entries) != 1:
            raise FormatError("a bye is given to exactly one entry")
        if self.teams is not None:
            seat_sides(len(self.entries), self.teams)

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.round, self.table, self.leg)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match: entries in seat order, the engine's ranks per seat
    (1 best, ties share a rank) and scores."""

    match_id: int
    round: int
    entries: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...] = ()
    teams: tuple[int, ...] | None = None
    table: int = 0
    leg: int = 1

    def __post_init__(self) -> None:
        if len(self.ranks) != len(self.entries) or len(self.entries) < 2:
            raise FormatError("a result needs one rank per seat and at least two seats")
        if len(set(self.entries)) != len(self.entries):
            raise FormatError(f"an entry sits twice in match {self.match_id}")
        if self.scores and len(self.scores) != len(self.entries):
            raise FormatError("scores, when given, are one per seat")
        seat_sides(len(self.entries), self.teams)

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.round, self.table, self.leg)

    def sides(self) -> list[tuple[int, ...]]:
        """The entries of each side (team, or single seat), in seat order."""
        return [
            tuple(self.entries[s] for s in side)
            for side in seat_sides(len(self.entries), self.teams)
        ]

    def side_ranks(self) -> list[int]:
        """Competition rank of each side among the sides: a team ranks as its best
        seat; ``(1, 1, 3)`` stays ``[1, 1, 3]``, teams ``(1, 1 | 3, 3)`` give ``[1, 2]``."""
        raw = [
            min(self.ranks[s] for s in side) for side in seat_sides(len(self.entries), self.teams)
        ]
        return [1 + sum(1 for other in raw if other < r) for r in raw]

    def winners(self) -> tuple[int, ...]:
        """Entries on the side(s) ranked first."""
        return tuple(e for side, r in zip(self.sides(), self.side_ranks()) if r == 1 for e in side)

    def decided(self) -> bool:
        """Exactly one side ranks first."""
        return self.side_ranks().count(1) == 1


def check_entries(entries: Sequence[int], minimum: int = 2) -> list[int]:
    out = list(entries)
    if len(set(out)) != len(out):
        raise FormatError("entries must be distinct")
    if len(out) < minimum:
        raise FormatError(f"this format needs at least {minimum} entries")
    return out


def last_round(pairings: Iterable[Pairing]) -> int:
    return max((p.round for p in pairings), default=0)


def results_by_key(results: Iterable[MatchResult]) -> dict[tuple[int, int, int], MatchResult]:
    out: dict[tuple[int, int, int], MatchResult] = {}
    for r in results:
        if r.key in out:
            raise FormatError(f"two results for round {r.round} table {r.table} leg {r.leg}")
        out[r.key] = r
    return out


def require_complete(
    pairings: Iterable[Pairing], results: Iterable[MatchResult], round_: int
) -> None:
    """Raise ``RoundIncomplete`` unless every played pairing of ``round_`` has a result."""
    done = results_by_key(results)
    missing = [p for p in pairings if p.round == round_ and not p.bye and p.key not in done]
    if missing:
        raise RoundIncomplete(
            f"round {round_} has {len(missing)} "
            f"{'match' if len(missing) == 1 else 'matches'} without a result"
        )


class Format(Protocol):
    """What every tournament format offers (all pure, all deterministic)."""

    name: str

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The tie-breaks its standings use, in order (``tournaments.core.standings``)."""

    def first_round(self, entries: Sequence[int], seed: int) -> list[Pairing]:
        """The pairings of round 1."""
        ...

    def next_round(
        self,
        entries: Sequence[int],
        pairings: Sequence[Pairing],
        results: Sequence[MatchResult],
        seed: int,
    ) -> list[Pairing] | None:
        """What to play next given everything so far, ``None`` when finished.

        Usually the pairings of round ``last + 1``; elimination formats may first
        return replays (same round and table, ``leg + 1``) of drawn matches.
        Raises ``RoundIncomplete`` while the last round lacks results.
        """
        ...

    def is_finished(
        self, entries: Sequence[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> bool: ...

    def planned_rounds(self, entries: Sequence[int]) -> int | None:
        """How many rounds the format plays with ``entries``, ``None`` when the
        results decide it (an elimination's replays and losers' bracket)."""
        ...


class FormatBase:
    """Shared defaults: ``first_round`` is ``next_round`` with no history."""

    name = "format"
    tie_breaks: tuple[str, ...] = ()
    #: ``next_round`` needs every earlier pairing and result; ``False``: the last
    #: round's pairings are enough (the platform then reads only those)
    reads_history = True

    def planned_rounds(self, entries: Sequence[int]) -> int | None:
        return None

    def first_round(self, entries: Sequence[int], seed: int) -> list[Pairing]:
        out = self.next_round(entries, (), (), seed)  # type: ignore[attr-defined]
        assert out is not None
        return out

    def is_finished(
        self, entries: Sequence[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> bool:
        try:
            return self.next_round(entries, pairings, results, 0) is None  # type: ignore[attr-defined]
        except RoundIncomplete:
            return False

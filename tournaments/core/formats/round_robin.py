"""Round robin by the circle method: everyone meets everyone once per cycle.

With an odd number of entries a phantom takes the fixed place of the circle;
whoever draws it has a bye. A double round robin (``cycles=2``) plays the first
cycle again with the seats of every pairing swapped. The schedule depends only on
the entries' order; the seed is not used. Two-seat games only.

Seats (see ``tournaments.core.formats.seats`` for the rule elsewhere): the fixed
entry sits first in odd rounds and second in even ones; any other pair sits by
the places on the circle, the entry at an odd place first. An entry that is not
fixed visits every place once a cycle, stepping one place a round, so it
alternates seats, and over places ``1 .. m-2`` it sits first as often as second;
its one game against the fixed entry (or its bye) is the only one left over. So
in one cycle every entry's firsts and seconds differ by at most 1 (by 0 with an
odd number of entries, where the fixed place is the phantom), and a double round
robin evens them exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.core.formats.base import (
    ROUND_ROBIN_TIE_BREAKS,
    FormatBase,
    FormatError,
    MatchResult,
    Pairing,
    check_entries,
    last_round,
)


def circle_rounds(entries: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """One cycle: per round, the pairs in seat order, then the bye (a 1-tuple) if any."""
    slots: list[int | None] = list(entries)
    if len(slots) % 2:
        slots.insert(0, None)  # the phantom holds the fixed place; every entry walks the circle
    m = len(slots)
    rounds = []
    for r in range(m - 1):
        games, byes = [], []
        for t in range(m // 2):
            a, b = slots[t], slots[m - 1 - t]
            if a is None or b is None:  # the odd one out's slot: one of them is empty
                byes.append(tuple(e for e in (a, b) if e is not None))
                continue
            # places t (top) and m-1-t have opposite parities: the odd place sits first
            first = r % 2 == 0 if t == 0 else t % 2 == 1
            games.append((a, b) if first else (b, a))
        rounds.append(games + byes)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds


@dataclass(frozen=True)
class RoundRobin(FormatBase):
    cycles: int = 1  # 2: double round robin, seats swapped in the second cycle

    name = "round_robin"
    tie_breaks = ROUND_ROBIN_TIE_BREAKS
    reads_history = False  # the schedule is fixed: only the last round's number counts

    def __post_init__(self) -> None:
        if self.cycles < 1:
            raise FormatError("a round robin has at least one cycle")

    def schedule(self, entries: Sequence[int]) -> list[list[Pairing]]:
        """Every round of the tournament, in order."""
        ids = check_entries(entries)
        cycle = circle_rounds(ids)
        out = []
        for c in range(self.cycles):
            for r, groups in enumerate(cycle):
                number = c * len(cycle) + r + 1
                out.append(
                    [
                        Pairing(
                            number,
                            t + 1,
                            g if len(g) == 1 or c % 2 == 0 else g[::-1],
                            bye=len(g) == 1,
                        )
                        for t, g in enumerate(groups)
                    ]
                )
        return out

    def rounds(self, entries: Sequence[int]) -> int:
        n = len(entries)
        return self.cycles * (n - 1 if n % 2 == 0 else n)

    def planned_rounds(self, entries: Sequence[int]) -> int | None:
        return self.rounds(entries)

    def next_round(
        self,
        entries: Sequence[int],
        pairings: Sequence[Pairing],
        results: Sequence[MatchResult],
        seed: int = 0,
    ) -> list[Pairing] | None:
        done = last_round(pairings)
        schedule = self.schedule(entries)
        return schedule[done] if done < len(schedule) else None

    def is_finished(
        self, entries: Sequence[int], pairings: Sequence[Pairing], results: Sequence[MatchResult]
    ) -> bool:
        played = {r.key for r in results}
        return last_round(pairings) >= self.rounds(entries) and all(
            p.bye or p.key in played for p in pairings
        )

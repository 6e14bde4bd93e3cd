"""Round robin by the circle method: everyone meets everyone once per cycle.

With an odd number of entries a phantom is added; whoever draws it has a bye.
A double round robin (``cycles=2``) plays the first cycle again with the seats
of every pairing swapped. Seats alternate within a cycle (the fixed entry
alternates every round; the others as the circle turns). The schedule depends
only on the entries' order; the seed is not used. Two-seat games only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from tournaments.formats.base import (ROUND_ROBIN_TIE_BREAKS, FormatBase, FormatError,
                                      MatchResult, Pairing, check_entries, last_round)


def circle_rounds(entries: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """One cycle: per round, the pairs in seat order, then the bye (a 1-tuple) if any."""
    slots: list[int | None] = list(entries)
    if len(slots) % 2:
        slots.append(None)
    m = len(slots)
    rounds = []
    for r in range(m - 1):
        games, byes = [], []
        for t in range(m // 2):
            a, b = slots[t], slots[m - 1 - t]
            if a is None or b is None:
                byes.append((a if b is None else b,))
                continue
            games.append((a, b) if (r + t) % 2 == 0 else (b, a))
        rounds.append(games + byes)
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds


@dataclass(frozen=True)
class RoundRobin(FormatBase):
    cycles: int = 1  # 2: double round robin, seats swapped in the second cycle

    name = "round_robin"
    tie_breaks = ROUND_ROBIN_TIE_BREAKS

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
                out.append([
                    Pairing(number, t + 1, g if len(g) == 1 or c % 2 == 0 else g[::-1],
                            bye=len(g) == 1)
                    for t, g in enumerate(groups)])
        return out

    def rounds(self, entries: Sequence[int]) -> int:
        n = len(entries)
        return self.cycles * (n - 1 if n % 2 == 0 else n)

    def next_round(self, entries: Sequence[int], pairings: Sequence[Pairing],
                   results: Sequence[MatchResult], seed: int = 0) -> list[Pairing] | None:
        done = last_round(pairings)
        schedule = self.schedule(entries)
        return schedule[done] if done < len(schedule) else None

    def is_finished(self, entries: Sequence[int], pairings: Sequence[Pairing],
                    results: Sequence[MatchResult]) -> bool:
        played = {r.key for r in results}
        return (last_round(pairings) >= self.rounds(entries)
                and all(p.bye or p.key in played for p in pairings))

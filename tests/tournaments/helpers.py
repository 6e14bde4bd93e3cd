"""Drive a format to its end with made-up results (no database)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.rng import Rng

from tournaments.core.formats.base import MatchResult, Pairing

#: decides the ranks of a pairing: (pairing, match id) -> ranks per seat
Judge = Callable[[Pairing, int], tuple[int, ...]]


def best_seed_wins(entries: Sequence[int]) -> Judge:
    seed = {e: i for i, e in enumerate(entries)}

    def judge(p: Pairing, match_id: int) -> tuple[int, ...]:
        order = sorted(p.entries, key=seed.__getitem__)
        return tuple(1 + order.index(e) for e in p.entries)

    return judge


def random_judge(seed: int, draw_chance: int = 0) -> Judge:
    """Random ranks; with ``draw_chance`` percent, everyone ties."""

    def judge(p: Pairing, match_id: int) -> tuple[int, ...]:
        rng = Rng(seed, match_id)
        if rng.below(100) < draw_chance:
            return (1,) * len(p.entries)
        order = rng.shuffled(list(p.entries))
        return tuple(1 + order.index(e) for e in p.entries)

    return judge


def play(
    fmt, entries: Sequence[int], judge: Judge, seed: int = 7, limit: int = 200
) -> tuple[list[Pairing], list[MatchResult]]:
    pairings: list[Pairing] = []
    results: list[MatchResult] = []
    batch = fmt.first_round(entries, seed)
    while batch is not None:
        limit -= 1
        assert limit > 0, "the format does not finish"
        assert not fmt.is_finished(entries, pairings, results) or not pairings
        pairings += batch
        for p in batch:
            if not p.bye:
                mid = len(results) + 1
                results.append(
                    MatchResult(
                        mid,
                        p.round,
                        p.entries,
                        judge(p, mid),
                        teams=p.teams,
                        table=p.table,
                        leg=p.leg,
                    )
                )
        batch = fmt.next_round(entries, pairings, results, seed)
    assert fmt.is_finished(entries, pairings, results)
    return pairings, results

from collections import Counter

import pytest

from .helpers import best_seed_wins, play, random_judge
from tournaments.core.formats import DoubleElimination, SingleElimination
from tournaments.core.formats.base import MatchResult
from tournaments.core.formats.elimination import seed_positions


def test_seed_positions_keep_the_top_seeds_apart():
    assert seed_positions(2) == [1, 2]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_eight_entries():
    entries = [11, 12, 13, 14, 15, 16, 17, 18]  # seeds 1..8
    fmt = SingleElimination()
    first = fmt.first_round(entries, 0)
    assert [p.entries for p in first] == [(11, 18), (14, 15), (12, 17), (13, 16)]
    pairings, results = play(fmt, entries, best_seed_wins(entries))
    assert [p.entries for p in pairings if p.round == 2] == [(11, 14), (12, 13)]
    assert [p.entries for p in pairings if p.round == 3] == [(11, 12)]
    assert len(results) == 7
    assert fmt.champion(entries, pairings, results) == 11


def test_six_entries_give_byes_to_the_top_seeds():
    entries = [1, 2, 3, 4, 5, 6]
    fmt = SingleElimination()
    first = fmt.first_round(entries, 0)
    assert [(p.entries, p.bye) for p in first] == [
        ((1,), True),
        ((4, 5), False),
        ((2,), True),
        ((3, 6), False),
    ]
    judge = lambda p, mid: (2, 1)  # noqa: E731 - the second seat always wins
    pairings, results = play(fmt, entries, judge)
    # 5 and 6 sat second in round 1 and 1 and 2 had byes: 5 and 6 sit first now
    assert [p.entries for p in pairings if p.round == 2] == [(5, 1), (6, 2)]
    # 1 and 2 have each sat second once: the better seed sits first
    assert [p.entries for p in pairings if p.round == 3] == [(1, 2)]
    assert fmt.champion(entries, pairings, results) == 2


@pytest.mark.parametrize("n", range(2, 20))
def test_any_size_runs_to_a_champion(n):
    entries = list(range(1, n + 1))
    pairings, results = play(SingleElimination(), entries, random_judge(n, 10))
    decided = [r for r in results if r.decided()]
    assert 0 < len(decided) <= n - 1


def test_a_drawn_match_is_replayed_with_seats_swapped_then_the_better_seed_advances():
    fmt = SingleElimination(max_replays=2)
    entries = [1, 2]
    p1 = fmt.first_round(entries, 0)
    r1 = [MatchResult(1, 1, (1, 2), (1, 1), table=1)]
    replay = fmt.next_round(entries, p1, r1)
    assert [(p.round, p.table, p.entries, p.leg) for p in replay] == [(1, 1, (2, 1), 2)]
    r2 = r1 + [MatchResult(2, 1, (2, 1), (1, 1), table=1, leg=2)]
    replay2 = fmt.next_round(entries, p1 + replay, r2)
    assert [(p.entries, p.leg) for p in replay2] == [((1, 2), 3)]
    r3 = r2 + [MatchResult(3, 1, (1, 2), (1, 1), table=1, leg=3)]
    pairings = p1 + replay + replay2
    assert fmt.next_round(entries, pairings, r3) is None
    assert fmt.champion(entries, pairings, r3) == 1
    # a replay that is decided counts
    r3b = r2 + [MatchResult(3, 1, (1, 2), (2, 1), table=1, leg=3)]
    assert fmt.champion(entries, pairings, r3b) == 2


def check_double(entries, pairings, results, fmt):
    champion = fmt.champion(entries, pairings, results)
    assert champion in entries
    losses: Counter = Counter()
    for r in sorted(results, key=lambda r: r.match_id):
        assert all(losses[e] < 2 for e in r.entries), "an eliminated entry played"
        if r.decided():
            w = r.winners()[0]
            losses[next(e for e in r.entries if e != w)] += 1
        elif r.leg > fmt.max_replays:  # the better seed advanced
            a, b = sorted(r.entries, key=entries.index)
            losses[b] += 1
    assert losses[champion] <= 1
    assert all(losses[e] == 2 for e in entries if e != champion)
    return champion, losses


@pytest.mark.parametrize("n", [4, 5])
def test_double_elimination_small(n):
    entries = list(range(1, n + 1))
    fmt = DoubleElimination()
    pairings, results = play(fmt, entries, best_seed_wins(entries))
    champion, losses = check_double(entries, pairings, results, fmt)
    assert champion == 1 and losses[1] == 0
    assert [p.bracket for p in pairings][-1] == "GF"
    assert {p.bracket for p in pairings} == {"W", "L", "GF"}


@pytest.mark.parametrize("n", range(2, 17))
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_double_elimination_any_size_with_draws(n, seed):
    entries = list(range(50, 50 + n))
    fmt = DoubleElimination()
    pairings, results = play(fmt, entries, random_judge(seed, 20))
    check_double(entries, pairings, results, fmt)


def test_bracket_reset():
    entries = [1, 2, 3, 4]

    def judge(p, mid):
        """The best seed wins everywhere but in the finals: the losers-bracket entry
        wins the grand final, the second seat the reset."""
        if p.bracket == "GF":
            return tuple(2 if e == 1 else 1 for e in p.entries)
        return (2, 1) if p.bracket == "GF2" else best_seed_wins(entries)(p, mid)

    fmt = DoubleElimination()
    pairings, results = play(fmt, entries, judge)
    assert [p.bracket for p in pairings[-2:]] == ["GF", "GF2"]
    assert fmt.champion(entries, pairings, results) == pairings[-1].entries[1]
    check_double(entries, pairings, results, fmt)
    no_reset = DoubleElimination(bracket_reset=False)
    pairings, results = play(no_reset, entries, judge)
    assert pairings[-1].bracket == "GF"
    assert no_reset.champion(entries, pairings, results) != 1

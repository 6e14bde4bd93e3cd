from collections import Counter
from itertools import combinations

import pytest

from .helpers import play, random_judge
from tournaments.core.formats import RoundIncomplete, RoundRobin
from tournaments.core.formats.base import FormatError


@pytest.mark.parametrize("n", range(2, 10))
def test_every_pair_meets_exactly_once(n):
    entries = list(range(10, 10 + n))
    pairings, _ = play(RoundRobin(), entries, random_judge(1, 20))
    games = [frozenset(p.entries) for p in pairings if not p.bye]
    assert Counter(games) == Counter(frozenset(c) for c in combinations(entries, 2))
    rounds = max(p.round for p in pairings)
    assert rounds == (n - 1 if n % 2 == 0 else n)
    for r in range(1, rounds + 1):  # everyone plays or sits out once per round
        seated = [e for p in pairings if p.round == r for e in p.entries]
        assert sorted(seated) == entries


@pytest.mark.parametrize("n", [3, 5, 7])
def test_odd_counts_give_each_entry_one_bye(n):
    pairings = [p for rnd in RoundRobin().schedule(list(range(n))) for p in rnd]
    byes = Counter(p.entries[0] for p in pairings if p.bye)
    assert byes == Counter(range(n))
    assert all(sum(p.bye for p in pairings if p.round == r) == 1 for r in range(1, n + 1))


@pytest.mark.parametrize("n", [4, 5, 6])
def test_double_round_robin_swaps_seats(n):
    schedule = RoundRobin(cycles=2).schedule(list(range(n)))
    games = [p.entries for rnd in schedule for p in rnd if not p.bye]
    assert Counter(games) == Counter((a, b) for a in range(n) for b in range(n) if a != b)
    half = len(schedule) // 2
    for first, second in zip(schedule[:half], schedule[half:]):
        assert [p.entries[::-1] for p in first if not p.bye] == [
            p.entries for p in second if not p.bye
        ]


def test_first_seats_alternate_for_a_fair_share():
    schedule = RoundRobin().schedule(list(range(6)))
    firsts = Counter(p.entries[0] for rnd in schedule for p in rnd)
    assert max(firsts.values()) - min(firsts.values()) <= 2


def test_finishes_and_needs_entries():
    fmt = RoundRobin()
    assert fmt.next_round([1, 2], [], []) is not None
    pairings = fmt.first_round([1, 2], 0)
    assert fmt.next_round([1, 2], pairings, []) is None
    assert not fmt.is_finished([1, 2], pairings, [])
    with pytest.raises(FormatError):
        fmt.first_round([1], 0)
    with pytest.raises(FormatError):
        fmt.first_round([1, 1], 0)
    assert RoundIncomplete  # exported

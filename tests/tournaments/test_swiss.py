import math
from collections import Counter
from itertools import combinations

import pytest

from .helpers import best_seed_wins, play, random_judge
from tournaments.core.formats import RoundIncomplete, Swiss
from tournaments.core.formats.base import MatchResult
from tournaments.core.standings import compute_standings


def pairs_played(pairings):
    return Counter(frozenset(c) for p in pairings if not p.bye for c in combinations(p.entries, 2))


def test_round_one_is_top_half_against_bottom_half():
    first = Swiss().first_round(list(range(1, 9)), 0)
    assert [p.entries for p in first] == [(1, 5), (2, 6), (3, 7), (4, 8)]


@pytest.mark.parametrize("n", range(4, 17))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_rematches_and_at_most_one_bye(n, seed):
    entries = list(range(100, 100 + n))
    pairings, _ = play(Swiss(), entries, random_judge(seed, 15), seed)
    assert max(p.round for p in pairings) == math.ceil(math.log2(n))
    assert max(pairs_played(pairings).values()) == 1
    byes = Counter(p.entries[0] for p in pairings if p.bye)
    assert max(byes.values(), default=1) == 1
    for r in range(1, max(p.round for p in pairings) + 1):
        this = [p for p in pairings if p.round == r]
        assert sum(p.bye for p in this) == n % 2
        assert sorted(e for p in this for e in p.entries) == entries


def test_rematches_only_when_unavoidable():
    # 4 entries, 4 rounds: after 3 rounds everyone has met everyone
    pairings, _ = play(Swiss(rounds=4), [1, 2, 3, 4], random_judge(5))
    counts = pairs_played(pairings)
    assert len(counts) == 6 and sum(counts.values()) == 8


def test_score_groups_are_respected():
    entries = list(range(1, 9))
    fmt = Swiss()
    judge = best_seed_wins(entries)
    pairings = fmt.first_round(entries, 0)
    results = []
    for _r in (1, 2):
        for p in pairings[-4:]:
            results.append(
                MatchResult(len(results) + 1, p.round, p.entries, judge(p, 0), table=p.table)
            )
        points = {s.entry: s.points for s in compute_standings(entries, results)}
        nxt = fmt.next_round(entries, pairings, results, 0)
        assert all(points[p.entries[0]] == points[p.entries[1]] for p in nxt)
        pairings += nxt
    with pytest.raises(RoundIncomplete):  # round 3 (the last) lacks results
        fmt.next_round(entries, pairings, results, 0)
    assert not fmt.is_finished(entries, pairings, results)


def test_the_bye_goes_to_the_bottom_and_counts_as_a_win():
    entries = [1, 2, 3, 4, 5]
    first = Swiss().first_round(entries, 0)
    assert [p.entries for p in first if p.bye] == [(5,)]
    results = [
        MatchResult(i + 1, 1, p.entries, (1, 2), table=p.table)
        for i, p in enumerate(p for p in first if not p.bye)
    ]
    table = {s.entry: s for s in compute_standings(entries, results, [5])}
    assert (table[5].points, table[5].wins, table[5].byes) == (3, 1, 1)
    second = Swiss().next_round(entries, first, results, 0)
    assert [p.entries for p in second if p.bye] != [(5,)]


def test_free_for_all_groups_of_three():
    entries = list(range(1, 11))
    pairings, results = play(Swiss(group_size=3, rounds=3), entries, random_judge(3))
    for r in (1, 2, 3):
        this = [p for p in pairings if p.round == r]
        assert sorted(len(p.entries) for p in this) == [1, 3, 3, 3]
    assert Counter(p.entries[0] for p in pairings if p.bye).most_common(1)[0][1] == 1
    assert max(pairs_played(pairings).values()) == 1


def test_alliances_deal_teams_snake_fashion():
    first = Swiss(group_size=4, teams=(2, 2)).first_round(list(range(1, 9)), 0)
    assert all(p.teams == (2, 2) for p in first)
    assert first[0].entries == (1, 4, 2, 3)

import math
from collections import Counter

import pytest

from .helpers import play, random_judge
from tournaments.core.formats import Ladder, ladder_round
from tournaments.core.formats.base import FormatError
from tournaments.core.formats.seats import tally_seats
from tournaments.core.ratings import Rating


def spread(n):
    """Distinct ratings: entry e has ordinal about 2e (entry n-1 is best)."""
    return {e: Rating(mu=2.0 * e + 3 * 2.0, sigma=2.0) for e in range(n)}


def opponents(pairings):
    out: dict[int, list[int]] = {}
    for p in pairings:
        for e in p.entries:
            out.setdefault(e, []).extend(x for x in p.entries if x != e)
    return out


@pytest.mark.parametrize(
    "n, k", [(n, k) for n in (2, 3, 5, 10, 31, 100, 257) for k in (1, 2, 3) if k < n]
)
def test_k_opponents_near_the_rating_and_linear_match_count(n, k):
    pairings = ladder_round(spread(n), 1, seed=5, k=k, jitter=0.0)
    assert len(pairings) <= n * k / 2 + k
    opp = opponents(pairings)
    assert set(opp) == set(range(n))
    for e, them in opp.items():
        assert len(them) == len(set(them))  # no pair twice in a round
        assert k <= len(them) <= k + 1  # k each, a few at the bottom k+1
        assert all(abs(o - e) <= 2 * k for o in them)  # neighbours by rating
    assert sum(len(t) > k for t in opp.values()) <= 2 * k  # the extras, at the bottom


def test_not_all_pairs():
    pairings = ladder_round(spread(200), 1, seed=1, k=3)
    assert len(pairings) <= 303 < 200 * 199 / 2


def test_deterministic_for_a_seed():
    ratings = {e: Rating() for e in range(40)}
    a = ladder_round(ratings, 3, seed=11, k=2)
    assert a == ladder_round(dict(reversed(list(ratings.items()))), 3, seed=11, k=2)
    assert a != ladder_round(ratings, 3, seed=12, k=2)
    assert a != ladder_round(ratings, 4, seed=11, k=2)  # rounds differ too


@pytest.mark.parametrize("size", [3, 4])
@pytest.mark.parametrize("n", [4, 9, 30, 101])
def test_free_for_all_groups(size, n):
    k = 2
    pairings = ladder_round(spread(n), 1, seed=2, k=k, group_size=size, jitter=0.0)
    assert all(len(p.entries) == size for p in pairings)
    assert len(pairings) <= math.ceil(n * k / size) + k
    games = Counter(e for p in pairings for e in p.entries)
    assert set(games) == set(range(n))
    assert all(k <= g <= k + 1 for g in games.values())
    assert all(abs(a - b) <= 3 * size * k for p in pairings for a in p.entries for b in p.entries)


def test_alliances_deal_balanced_teams():
    pairings = ladder_round(spread(8), 1, seed=2, k=1, group_size=4, teams=(2, 2), jitter=0.0)
    assert [p.entries for p in pairings] == [(7, 4, 6, 5), (3, 0, 2, 1)]
    assert all(p.teams == (2, 2) for p in pairings)


def test_ladder_format_pairs_by_the_ratings_of_the_results_so_far():
    entries = list(range(1, 13))
    fmt = Ladder(k=2, rounds=3)
    pairings, results = play(fmt, entries, random_judge(8), seed=3)
    assert max(p.round for p in pairings) == 3
    assert fmt.next_round(entries, pairings, results, 3) is None
    ratings = fmt.ratings(entries, [r for r in results if r.round < 3])
    seats = tally_seats([p for p in pairings if p.round < 3], 2)
    assert [p for p in pairings if p.round == 3] == ladder_round(ratings, 3, 3, k=2, seats=seats)
    # a season without a fixed length goes on
    season = Ladder()
    assert season.next_round(entries, pairings, results, 3) is not None


def test_ladder_round_rejects_bad_requests():
    with pytest.raises(FormatError):
        ladder_round(spread(2), 1, 0, group_size=3)
    with pytest.raises(FormatError):
        ladder_round(spread(5), 1, 0, k=0)

"""Fair seats: each entry plays each seat about as often as every other seat.

The bounds tested here are the ones docs/tournaments.md states ("Seats"): exact
for round robin; for the formats whose pairings follow results (Swiss, ladder,
elimination) the rule's own guarantee, checked game by game, and the largest
spread measured on fixed runs of many rounds and entry counts.
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .helpers import play, random_judge
from tournaments.core.formats import (
    DoubleElimination,
    Ladder,
    RoundRobin,
    SingleElimination,
    Swiss,
    ladder_round,
)
from tournaments.core.formats.base import FormatError, Pairing, seat_sides
from tournaments.core.formats.seats import SeatTally, fair_seats, seat_round, tally_seats
from tournaments.core.ratings import Rating


def largest_spread(pairings, seats):
    tally = tally_seats(pairings, seats)
    return max((tally.spread(e) for e in tally.counts), default=0)


def assert_rule_game_by_game(pairings, seats):
    """Replay the games in order. Two seats: a game never widens the larger of
    the two entries' balances (firsts minus seconds) unless they were level, and
    then by one. Any seats: a game widens the group's largest spread by at most one."""
    tally = SeatTally(seats)
    for p in sorted((p for p in pairings if not p.bye), key=lambda p: p.key):
        before = {e: tally.of(e) for e in p.entries}
        tally.record(p.entries)
        widest = max(max(c) - min(c) for c in before.values())
        assert max(tally.spread(e) for e in p.entries) <= widest + 1
        if seats == 2:
            a, b = (c[0] - c[1] for c in before.values())
            first = p.entries[0]
            assert before[first][0] - before[first][1] == min(a, b), "the lower balance sits first"
            if a != b:
                assert max(abs(x[0] - x[1]) for x in map(tally.of, p.entries)) <= max(
                    abs(a), abs(b)
                )


# -- the rule ---------------------------------------------------------------------------
def test_two_seats_balance_then_alternate_then_preference():
    tally = SeatTally(2)
    assert fair_seats([1, 2], tally) == (1, 2)  # nothing played: preference
    tally.record((1, 2))
    assert fair_seats([1, 2], tally) == (2, 1)  # 2 has sat first less often
    tally.record((3, 4))
    tally.record((4, 3))  # 3, 4 level; 3 sat second last
    assert fair_seats([4, 3], tally) == (3, 4)
    tally.record((5, 6))
    tally.record((6, 5))
    tally.record((5, 7))
    tally.record((7, 5))  # 5: two firsts, two seconds
    tally.record((6, 8))  # 6: two firsts, one second
    assert fair_seats([6, 5], tally) == (5, 6)
    tally.record((9, 1))
    tally.record((10, 2))  # 1, 2 level, both last second
    assert fair_seats([2, 1], tally) == (2, 1)  # so the preference decides


def test_four_seats_go_to_the_seat_played_least():
    tally = SeatTally(4)
    tally.record((1, 2, 3, 4))
    seated = fair_seats([1, 2, 3, 4], tally)
    assert all(seated[s] != e for s, e in enumerate((1, 2, 3, 4)))


@pytest.mark.parametrize("size", [2, 3, 4, 6])
@given(order=st.permutations(range(6)))
@settings(max_examples=20, deadline=None)
def test_a_group_that_keeps_meeting_rotates_through_every_seat(size, order):
    members = [e for e in order if e < size]
    tally = SeatTally(size)
    for _ in range(3 * size):
        tally.record(fair_seats(members, tally))
    assert all(tally.of(e) == [3] * size for e in members)


def test_teams_rotate_through_every_seat_and_stay_together():
    tally = SeatTally(4)
    games = []
    for _ in range(4):
        seated = fair_seats(games[-1] if games else (1, 2, 3, 4), tally, (2, 2))
        assert {frozenset(seated[:2]), frozenset(seated[2:])} == {
            frozenset({1, 2}),
            frozenset({3, 4}),
        }
        tally.record(seated)
        games.append(seated)
    assert all(tally.of(e) == [1, 1, 1, 1] for e in (1, 2, 3, 4))


def test_unequal_teams_keep_their_blocks():
    tally = SeatTally(3)
    tally.record((1, 2, 3))
    seated = fair_seats([1, 2, 3], tally, (1, 2))
    assert seated[0] == 1 and set(seated[1:]) == {2, 3}
    assert seated == (1, 3, 2)


def test_bad_requests_are_refused():
    with pytest.raises(FormatError, match="3 entries in a 2-seat game"):
        fair_seats([1, 2, 3], SeatTally(2))
    with pytest.raises(FormatError, match="3 entries in a 2-seat game"):
        SeatTally(2).record((1, 2, 3))
    with pytest.raises(FormatError, match="seat 2 of a 2-seat game"):
        SeatTally(2).add(1, 2)
    with pytest.raises(FormatError, match="do not add up"):
        fair_seats([1, 2, 3, 4], SeatTally(4), (2, 1))
    with pytest.raises(FormatError):
        tally_seats([Pairing(1, 1, (1, 2, 3))], 2)


def _allowed(members, teams):
    """Every seating that keeps the teams (brute force, for the check below)."""
    sides = seat_sides(len(members), teams)
    team_of = {e: i for i, side in enumerate(sides) for e in (members[s] for s in side)}
    for perm in permutations(members):
        blocks = [{team_of[perm[s]] for s in side} for side in sides]
        if all(len(b) == 1 for b in blocks):
            yield perm


def _score(tally, seating):
    k = len(seating)
    spreads, excess, repeats = [], 0, 0
    for seat, e in enumerate(seating):
        counts = tally.of(e)
        after = list(counts)
        after[seat] += 1
        spreads.append(max(after) - min(after))
        excess += counts[seat] - min(counts)
        repeats += tally.last.get(e) == seat
    return sorted(spreads, reverse=True), excess, repeats, k


@given(
    counts=st.lists(st.lists(st.integers(0, 4), min_size=4, max_size=4), min_size=4, max_size=4),
    last=st.lists(st.integers(-1, 3), min_size=4, max_size=4),
    teams=st.sampled_from([None, (2, 2), (1, 3), (1, 1, 2)]),
)
@settings(max_examples=200, deadline=None)
def test_the_seating_is_the_best_one_by_brute_force(counts, last, teams):
    tally = SeatTally(
        4, {e: c for e, c in enumerate(counts)}, {e: s for e, s in enumerate(last) if s >= 0}
    )
    members = [0, 1, 2, 3]
    seated = fair_seats(members, tally, teams)
    allowed = list(_allowed(members, teams))
    assert seated in allowed
    assert _score(tally, seated) == min(_score(tally, p) for p in allowed)


def test_seat_round_counts_each_game_as_it_goes_and_keeps_byes():
    tally = SeatTally(2)
    out = seat_round(
        [Pairing(1, 1, (1, 2)), Pairing(1, 2, (1, 3)), Pairing(1, 3, (4,), bye=True)], tally
    )
    assert [p.entries for p in out] == [(1, 2), (3, 1), (4,)]
    assert tally.of(1) == [1, 1] and 4 not in tally.counts


# -- round robin: exact -------------------------------------------------------------------
@given(n=st.integers(2, 40), cycles=st.integers(1, 4))
@settings(max_examples=80, deadline=None)
def test_round_robin_seats_are_even_within_one(n, cycles):
    """One cycle: firsts and seconds differ by at most 1 (an even count plays an odd
    number of games), by 0 for an odd count; a second cycle swaps every seat."""
    pairings = [p for rnd in RoundRobin(cycles=cycles).schedule(list(range(n))) for p in rnd]
    bound = 0 if n % 2 or cycles % 2 == 0 else 1
    assert largest_spread(pairings, 2) == bound


def test_round_robin_seats_alternate_but_once_a_cycle():
    """The fixed entry alternates; the others repeat a seat only around their game
    against it."""
    n = 8
    pairings = [p for rnd in RoundRobin().schedule(list(range(n))) for p in rnd]
    for e in range(n):
        seats = [
            p.entries.index(e) for p in sorted(pairings, key=lambda p: p.round) if e in p.entries
        ]
        repeats = sum(a == b for a, b in zip(seats, seats[1:]))
        assert repeats <= (0 if e == 0 else 1)


# -- formats that pair by results --------------------------------------------------------
def _four_seat_formats():
    return [
        Swiss(rounds=8, group_size=4),
        Swiss(rounds=8, group_size=4, teams=(2, 2)),
        Ladder(k=2, rounds=10, group_size=4),
        Ladder(k=1, rounds=10, group_size=4, teams=(2, 2)),
    ]


def _two_seat_formats():
    return [
        Swiss(),
        Swiss(rounds=10),
        SingleElimination(),
        DoubleElimination(),
        Ladder(k=1, rounds=12),
        Ladder(k=2, rounds=12),
        Ladder(k=3, rounds=8),
    ]


@pytest.mark.parametrize("seats, formats", [(2, _two_seat_formats()), (4, _four_seat_formats())])
@given(data=st.data(), n=st.integers(4, 11), seed=st.integers(1, 10_000))
@settings(max_examples=30, deadline=None)
def test_every_format_follows_the_rule_game_by_game(seats, formats, data, n, seed):
    fmt = data.draw(st.sampled_from(formats))
    pairings, _ = play(fmt, list(range(1, n + 1)), random_judge(seed, 15), seed, limit=500)
    assert_rule_game_by_game(pairings, seats)


@pytest.mark.parametrize("n, seed", [(4, 81), (5, 11)])
def test_a_replayed_draw_is_seated_by_the_rule_too(n, seed):
    """Found by the property test above: a drawn grand final replayed with its
    seats swapped put the entry that had sat first more often first again."""
    pairings, _ = play(
        DoubleElimination(), list(range(1, n + 1)), random_judge(seed, 15), seed, limit=500
    )
    assert any(p.leg > 1 for p in pairings)
    assert_rule_game_by_game(pairings, 2)


#: the largest spread measured on the fixed runs below (docs/tournaments.md, "Seats")
MEASURED = {"swiss": 2, "single_elimination": 3, "double_elimination": 3, "ladder": 2}


@pytest.mark.parametrize(
    "fmt",
    [
        Swiss(rounds=9),
        SingleElimination(),
        DoubleElimination(),
        Ladder(k=1, rounds=16),
        Ladder(k=2, rounds=16),
    ],
    ids=lambda f: f.name,
)
@pytest.mark.parametrize("n", [3, 4, 5, 8, 13])
def test_two_seat_spreads_stay_small(fmt, n):
    worst = max(
        largest_spread(
            play(fmt, list(range(1, n + 1)), random_judge(seed, 15), seed, limit=500)[0], 2
        )
        for seed in (1, 2, 3)
    )
    assert worst <= MEASURED[fmt.name]


@pytest.mark.parametrize("fmt", _four_seat_formats(), ids=lambda f: f"{f.name}-{f.teams}")
@pytest.mark.parametrize("n", [4, 6, 9])
def test_four_seat_spreads_stay_small(fmt, n):
    worst = max(
        largest_spread(
            play(fmt, list(range(1, n + 1)), random_judge(seed, 15), seed, limit=500)[0], 4
        )
        for seed in (1, 2)
    )
    assert worst <= MEASURED[fmt.name]


def test_the_three_entry_ladder_of_the_report_evens_out_every_round():
    """Three entries, two games each a round: every pair meets once a round, so the
    rule leaves every entry level after each round, whatever the results."""
    pairings, _ = play(Ladder(k=2, rounds=7), [1, 2, 3], random_judge(4), 4)
    for r in range(1, 8):
        tally = tally_seats([p for p in pairings if p.round <= r], 2)
        assert [tally.of(e) for e in (1, 2, 3)] == [[r, r]] * 3


def test_a_ladder_round_leaves_the_history_it_is_given_alone():
    ratings = {e: Rating() for e in range(6)}
    seats = SeatTally(2, {0: [3, 0]}, {0: 0})
    pairings = ladder_round(ratings, 2, seed=1, k=2, seats=seats)
    assert seats.counts == {0: [3, 0]}
    assert all(p.entries[1] == 0 for p in pairings if 0 in p.entries)
    with pytest.raises(FormatError, match="2 entries in a 4-seat game"):
        ladder_round(ratings, 2, seed=1, k=2, seats=SeatTally(4))

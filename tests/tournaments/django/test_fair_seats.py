"""Fair seats in the database: the stored seats of a season or tournament are the
pure formats' fair seats (see tests/tournaments/test_seats.py for the rule)."""

from __future__ import annotations

import pytest

from tests.tournaments.django.conftest import make_tournament

from tournaments import history, lifecycle, rounds, seat_tally
from tournaments.core.formats.seats import tally_seats
from tournaments.models import FixtureSeat

pytestmark = pytest.mark.django_db(transaction=True)


def stored_seats(competition) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for name, index in FixtureSeat.objects.filter(
        **{"fixture__competition": competition, "fixture__bye": False}
    ).values_list("entry__name", "index"):
        out.setdefault(name, [0] * competition.group_size)[index] += 1
    return out


def play_season(game: str, bots: list[str], round_count: int, inline, **settings):
    s = lifecycle.create_season("s", game=game, period_seconds=20, **settings)
    lifecycle.add_entries(s, bots=bots)
    lifecycle.open_entries(s)
    lifecycle.start(s)
    inline()
    for r in range(2, round_count + 1):
        assert rounds.ladder_tick(s.pk) == f"round {r} scheduled"
        inline()
    return s


def assert_read_back_as_the_format_counts(season, django_assert_num_queries):
    """The tally a season reads back is the one the pure format counts from its
    pairings, in one query (its entries keep it) however long the season."""
    with django_assert_num_queries(1):
        stored = seat_tally.stored_tally(season)
    assert stored == tally_seats(history.load_history(season).pairings, season.group_size)


def test_the_three_entry_ladder_of_the_report_moves_first_half_the_time(
    inline, django_assert_num_queries
):
    """The report: one entry of a 3-entry tic-tac-toe ladder moved first in 11 of 14."""
    s = play_season("tic_tac_toe", ["greedy", "random", "greedy"], 7, inline, k=2, seed=5)
    assert stored_seats(s) == {"greedy": [7, 7], "random": [7, 7], "greedy-2": [7, 7]}
    assert_read_back_as_the_format_counts(s, django_assert_num_queries)


def test_a_four_seat_season_keeps_every_entry_within_two(inline, django_assert_num_queries):
    s = play_season("aimbots", ["random"] * 5, 5, inline, group_size=4, k=1, seed=2)
    seats = stored_seats(s)
    assert len(seats) == 5
    assert all(max(c) - min(c) <= 2 for c in seats.values()), seats
    assert_read_back_as_the_format_counts(s, django_assert_num_queries)


def test_a_double_round_robin_stores_even_seats(inline):
    t = make_tournament("double_round_robin", bots=("greedy", "random", "greedy", "random"))
    lifecycle.start(t)
    inline()
    assert all(c == [3, 3] for c in stored_seats(t).values())

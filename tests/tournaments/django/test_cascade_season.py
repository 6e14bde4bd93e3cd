"""Cascade Effect as a ladder season's game: alliances of two seats each, as
the season's teams number them (seats 0-1 red, 2-3 blue)."""

from __future__ import annotations

import pytest

from matches.models import Match
from tournaments import lifecycle
from tournaments.rebuild import rebuild

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_cascade_effect_season_plays_alliance_matches(inline):
    s = lifecycle.create_season(
        "cascade", game="cascade_effect", group_size=4, teams=[2, 2], k=1, period_seconds=60, seed=3
    )
    lifecycle.add_entries(s, bots=["greedy", "greedy", "random", "random"])
    lifecycle.open_entries(s)
    lifecycle.start(s)
    inline()
    matches = list(Match.objects.filter(fixture__competition=s))
    assert matches and all(m.status == Match.Status.FINISHED for m in matches)
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda seat: seat.index)
        teams = [seat.team for seat in seats]
        ranks = [seat.rank for seat in seats]
        assert teams == [0, 0, 1, 1]
        assert ranks[0] == ranks[1] and ranks[2] == ranks[3]  # an alliance shares its rank
    assert rebuild(s, check=True) == []

"""Every registered game can be a ladder season's game: a round plays, every
match finishes and verifies, and standings rebuild exactly from the logs."""

from __future__ import annotations

import pytest

from engine import registry
from engine.search.bot import quick_builtins

from matches.models import Match
from matches.verification import verify_stored_match
from tournaments import lifecycle
from tournaments.rebuild import rebuild

pytestmark = pytest.mark.django_db(transaction=True)  # rounds are dispatched on commit

#: the games whose length is an option play short matches here: what is checked is
#: the season's part (a round made, played, verified, its standings rebuilt), which a
#: match of 6 rounds passes through as one of 30 does (the full lengths are played by
#: the games' own tests and the demo). The search bot in them made Powerball's round
#: 11 s of CPU, Aimbots' 3.5, of this file's 25.
SHORT = {"powerball": {"rounds": 6}, "aimbots": {"turn_limit": 10}, "dogfight": {"rounds": 5}}


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_a_season_of_every_game_plays_a_round(inline, name):
    game = registry.get(name)
    seats = min(game.seat_counts)
    s = lifecycle.create_season(
        f"{name} ladder", game=name, group_size=seats, k=1, seed=4, options=SHORT.get(name)
    )
    # the quick built-ins (a search bot at its smallest budget among them): every
    # built-in at full strength would make a round of minutes
    lifecycle.add_entries(s, bots=quick_builtins(game.bots) * seats)
    lifecycle.open_entries(s)
    lifecycle.start(s)
    inline()
    matches = list(Match.objects.filter(fixture__competition=s))
    assert matches and all(m.status == Match.Status.FINISHED for m in matches)
    assert all(m.options == s.options for m in matches)  # the season's length, as asked
    assert all(verify_stored_match(m).ok for m in matches)
    assert rebuild(s, check=True) == []

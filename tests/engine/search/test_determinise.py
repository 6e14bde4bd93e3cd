"""Every game's ``determinise`` draws a state the seat cannot tell from the true
one: its view of the drawn state is the view it was given, at every decision
of seeded matches, for several draws."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.events import ACTION_SUBMITTED
from engine.lineup import lineup
from engine.replay import Replay
from engine.rng import Rng
from engine.runner import run_match
from tests.engine.search.search_helpers import SEARCHED


def decision_points(name: str, seed: int):
    """(state, seat) before every submitted action of a greedy-versus-random match."""
    game = registry.get(name)
    seats, players = lineup(game, ["greedy", "random"])
    events = run_match(game, players, seats, seed=seed).log.events
    replay = Replay(game, events, every=1)
    for e in events:
        if e.type == ACTION_SUBMITTED:
            yield replay.state_at(e.seq - 1), e.data["seat"]


def plain(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize("name", SEARCHED)
@pytest.mark.parametrize("seed", [3, 8])
def test_a_drawn_state_shows_the_seat_its_own_view(name, seed):
    game = registry.get(name)
    assert game.determinise is not None
    rng = Rng(seed, 99)
    checked = 0
    for state, seat in decision_points(name, seed):
        view = game.view(state, seat)
        for _ in range(2):
            drawn = game.determinise(view, seat, rng)
            assert plain(game.view(drawn, seat)) == plain(view), (name, seed, checked)
        checked += 1
    assert checked

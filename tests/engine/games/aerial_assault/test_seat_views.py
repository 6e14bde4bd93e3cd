"""Each seat's view is built from what all seats see alike, once per state
(``view.SeatViews``): it must be the view built for that seat alone, key order
included, and a bot that changes its view must change nothing another seat or a
later request reads."""

from __future__ import annotations

import json

import pytest
from aa_helpers import match

from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.view import SeatViews, view_of

LINEUPS = [["random"] * 6, ["greedy", "random", "greedy", "random", "random"], ["greedy"] * 3]


def states_of(bots, seed):
    state, states = None, []
    for event in match(bots, seed).log.events:
        state = GAME.evolve(state, event)
        states.append(state)
    return states[1:]


def vandalise(value):
    """Change every dict and list inside a view, as a careless bot might."""
    if isinstance(value, dict):
        for key in list(value):
            vandalise(value[key])
        value["vandal"] = True
    elif isinstance(value, list):
        for item in value:
            vandalise(item)
        value.append("vandal")


@pytest.mark.parametrize("bots", LINEUPS, ids=lambda bots: f"{len(bots)}_seats")
def test_every_seats_view_is_the_view_built_for_it_alone(bots):
    views = SeatViews()
    for seed in (1, 2):
        for state in states_of(bots, seed):
            for seat in [*range(len(bots)), None]:
                alone = json.dumps(view_of(state, seat, False))
                assert json.dumps(views.view(state, seat)) == alone


def test_a_bot_changing_its_view_changes_no_other_view_nor_the_state():
    views, checked_staged = SeatViews(), 0
    for state in states_of(["random"] * 6, 3):
        before = json.dumps(GAME.state_json(state))
        for seat in range(6):
            view = views.view(state, seat)
            vandalise(view)
            assert json.dumps(views.view(state, seat)) == json.dumps(view_of(state, seat, False))
        assert json.dumps(GAME.state_json(state)) == before
        checked_staged += bool(state.staged)
    assert checked_staged, "the match never staged plays for blocks"


def test_a_spectator_changing_its_view_changes_no_later_spectators_view():
    views = SeatViews()
    for state in states_of(["random"] * 4, 4)[::7]:
        vandalise(views.view(state, None))
        assert json.dumps(views.view(state, None)) == json.dumps(view_of(state, None, False))

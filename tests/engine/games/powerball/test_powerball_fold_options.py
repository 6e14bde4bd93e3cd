"""How the options' events change the state (``fold_options.py``): the deal, draws,
Option Shuffle's offer, the discards (RULES.md "Options", "The six events")."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import blank, fold, put, table

from engine.games.powerball.cards import (
    BRAKES,
    FLYWHEEL,
    OPTIONS,
    PRESSOR,
    RADIO,
    SCRAMBLER,
    TRACTOR,
)
from engine.games.powerball.events import OPTION_MOVED, OPTIONS_DEALT, OPTIONS_OFFERED
from engine.games.powerball.fold import initial
from engine.games.powerball.turn import draw_option
from engine.games.powerball.view import view


def test_the_options_dealt_at_the_start_leave_the_deck():
    """Each seat is dealt one option and two more go to the community."""
    state = initial({"seats": [{}, {}], "options": {}})
    hands, community = [[RADIO], [SCRAMBLER]], [PRESSOR, TRACTOR]
    state = fold(state, OPTIONS_DEALT, hands=hands, community=community)
    assert [r.options for r in state.robots] == [(RADIO,), (SCRAMBLER,)]
    assert state.community == (PRESSOR, TRACTOR)
    dealt = {RADIO, SCRAMBLER, PRESSOR, TRACTOR}
    assert set(state.option_deck) == set(OPTIONS) - dealt and len(state.option_deck) == 21
    assert view(state, 0)["option_deck"] == 21


def test_an_option_drawn_leaves_the_deck():
    state = put(put(blank(2), 0, 1, 1), 1, 5, 5)
    state = replace(state, option_deck=(BRAKES, FLYWHEEL))
    t = table(state)
    draw_option(t, 1)
    assert t.state.robots[1].options == (BRAKES,) and t.state.option_deck == (FLYWHEEL,)
    draw_option(t, 1)
    assert t.state.robots[1].options == (BRAKES, FLYWHEEL) and t.state.option_deck == ()


def test_option_shuffle_takes_the_offered_options_off_the_discard_pile():
    """A robot on a flag turns up the top two discards: they are offered, no
    longer in the pile, until kept, traded or discarded again."""
    state = put(put(blank(2), 0, 1, 1), 1, 5, 5)
    state = replace(state, discards=(RADIO, BRAKES, FLYWHEEL))
    state = fold(state, OPTIONS_OFFERED, seat=0, options=[FLYWHEEL, BRAKES])
    assert state.offered == (FLYWHEEL, BRAKES) and state.discards == (RADIO,)
    state = fold(state, OPTION_MOVED, option=FLYWHEEL, **{"from": "offer", "to": "discards"})
    assert state.offered == (BRAKES,) and state.discards == (RADIO, FLYWHEEL)


def test_the_option_a_destroyed_robots_seat_gave_up_settles_what_it_owed():
    state = put(put(blank(2), 0, 1, 1, options=(BRAKES, FLYWHEEL), owes=True), 1, 5, 5)
    data = {"option": BRAKES, "from": 0, "to": "discards", "why": "destroyed"}
    state = fold(state, OPTION_MOVED, **data)
    assert state.robots[0].options == (FLYWHEEL,) and state.discards == (BRAKES,)
    assert state.robots[0].owes is False and view(state, 0)["robots"][0]["owes"] is False

"""A turn's legal actions and their energy (moves.py): what 3 energy buys, which
bots may act, and the scrap a seat may play."""

from dataclasses import replace

from aimbots_helpers import make_bot, make_state

from engine.games.aimbots.board import sq
from engine.games.aimbots.moves import END, accepts_play, can_act, play_actions


def kinds(state, bot=None):
    return sorted(
        {a["do"] for a in play_actions(state) if bot is None or a.get("bot") == bot} - {"end"}
    )


def arena(energy, program="Jack", top=3, tokens=(), hands=None, **changes):
    """Seat 0's bot on a scrap token, next to seat 1's bot."""
    mine = make_bot(0, 0, program, top, 2, sq(3, 3))
    foe = make_bot(1, 1, "Jack", 3, 1, sq(4, 3))
    state = make_state(
        [mine, foe], energy=energy, tokens=("core1",) + tuple(tokens), board_scrap=((sq(3, 3), 0),)
    )
    return replace(state, hands=hands or ((), ()), **changes)


def test_what_each_amount_of_energy_buys():
    """Pivot and boost cost 1, pick-up and attack 2; using scrap and ending cost nothing."""
    assert kinds(arena(3)) == ["attack", "boost", "pickup", "pivot"]
    assert kinds(arena(2)) == ["attack", "boost", "pickup", "pivot"]
    assert kinds(arena(1)) == ["boost", "pivot"]
    assert kinds(arena(0)) == [] and not can_act(arena(0))
    assert play_actions(arena(0)) == [END]


def test_a_scavenger_picks_up_for_one_energy_and_a_scout_pivots_once_for_nothing():
    assert kinds(arena(1, "Scavenger", 1)) == ["boost", "pickup", "pivot"]
    scout = arena(0, "Scout", 1)
    assert kinds(scout) == ["pivot"] and can_act(scout)
    assert kinds(replace(scout, free_pivots=(0,))) == []
    assert not can_act(replace(scout, free_pivots=(0,)))


def test_one_attack_a_turn_and_only_the_active_seats_living_placed_bots_act():
    assert kinds(arena(3, attacked=True)) == ["boost", "pickup", "pivot"]
    state = arena(3, active=1)
    assert kinds(state, 0) == [] and kinds(state, 1) == ["attack", "boost", "pivot"]
    lost = replace(state.bots[0], alive=False, sq=-1)
    assert kinds(replace(state, active=0, bots=(lost, state.bots[1]))) == []


def test_held_scrap_is_played_for_nothing_targeting_only_before_the_attack():
    hands = ((1, 2, 3), ())
    state = arena(0, tokens=("targeting", "overcharge", "core2"), hands=hands)
    uses = [a for a in play_actions(state) if a["do"] == "use"]
    assert uses == [{"do": "use", "token": t} for t in (1, 2, 3)] and can_act(state)
    after = replace(state, attacked=True)
    assert [a["token"] for a in play_actions(after) if a["do"] == "use"] == [2, 3]


def test_a_repair_lists_each_plate_of_each_of_the_seats_living_bots():
    state = arena(3, tokens=("repair",), hands=((1,), ()))
    plated = replace(state.bots[0], plates=(2, 5))
    foe = replace(state.bots[1], plates=(6,))
    dead = replace(make_bot(2, 0, "Jack", 3, 1, -1, plates=(1,)), alive=False)
    state = replace(state, bots=(plated, foe, dead))
    uses = [a for a in play_actions(state) if a["do"] == "use"]
    assert uses == [
        {"do": "use", "token": 1, "bot": 0, "face": 2},
        {"do": "use", "token": 1, "bot": 0, "face": 5},
    ]
    assert not [
        a for a in play_actions(arena(3, tokens=("repair",), hands=((1,), ()))) if a["do"] == "use"
    ]


def test_the_turns_actions_are_listed_scrap_first_then_bot_by_bot_and_end_last():
    state = arena(3, tokens=("core1",), hands=((1,), ()))
    actions = play_actions(state)
    assert actions[0] == {"do": "use", "token": 1} and actions[-1] == END
    assert [a["do"] for a in actions[1:3]] == ["attack", "pickup"]


def test_an_action_is_accepted_only_as_listed():
    state = arena(3)
    for action in play_actions(state):
        assert accepts_play(state, action)
    boost = next(a for a in play_actions(state) if a["do"] == "boost")
    assert not accepts_play(state, {**boost, "bot": 1})  # the other seat's bot
    assert not accepts_play(state, {**boost, "bot": True})  # JSON true is not bot 0
    assert not accepts_play(state, {**boost, "steps": 9})
    assert not accepts_play(state, {**boost, "dir": "NE"})
    assert not accepts_play(state, {**boost, "extra": 1})
    assert not accepts_play(arena(0), boost)  # no energy left
    assert not accepts_play(state, {"do": "fly", "bot": 0})
    assert not accepts_play(state, [boost])
    assert not accepts_play(state, {"do": 3})
    assert accepts_play(state, {"do": "end"}) and not accepts_play(state, {"do": "end", "x": 1})


def test_a_bot_in_the_north_west_corner_acts_like_any_other():
    """Square 0 is on the board: a bot there pivots, boosts and attacks."""
    corner = make_bot(0, 0, "Jack", 3, 2, sq(0, 0))
    foe = make_bot(1, 1, "Jack", 3, 2, sq(1, 0))
    state = make_state([corner, foe])
    assert kinds(state) == ["attack", "boost", "pivot"] and can_act(state)
    for action in play_actions(state):
        assert accepts_play(state, action)


def test_the_last_energy_still_buys_a_boost_and_a_kind_must_be_a_name():
    state = arena(1)
    boost = next(a for a in play_actions(state) if a["do"] == "boost")
    assert accepts_play(state, boost)
    assert not accepts_play(state, {**boost, "do": ["boost"]})
    assert not accepts_play(state, {"do": "end", "bot": 0})


def test_a_repair_is_offered_beside_the_other_tokens_held():
    state = arena(3, tokens=("core1", "repair"), hands=((1, 2), ()))
    state = replace(state, bots=(replace(state.bots[0], plates=(5,)), state.bots[1]))
    uses = [a for a in play_actions(state) if a["do"] == "use"]
    assert uses == [
        {"do": "use", "token": 1},
        {"do": "use", "token": 2, "bot": 0, "face": 5},
    ]


def test_a_bot_in_the_north_west_corner_blocks_a_boost_into_it():
    corner = make_bot(1, 1, "Jack", 3, 2, sq(0, 0))
    below = make_bot(0, 0, "Jack", 3, 2, sq(0, 1))
    state = make_state([below, corner])
    assert not [a for a in play_actions(state) if a["do"] == "boost" and a["dir"] == "N"]

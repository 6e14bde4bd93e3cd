"""What a seat may answer (``decisions.py``): the legal lists of the respawn facing,
the buzz bomb's square, the flag trades and Option Shuffle (RULES.md "Death",
"Respawning", "End of turn", "The six events", "Decisions"), default first."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import ARENA, N, blank, put, sq, xy

from engine.games.powerball.cards import BRAKES, CRAB, DUAL, FLYWHEEL, GYRO, MEMORY, RADIO
from engine.games.powerball.decisions import (
    bomb_legal,
    fire_legal,
    respawn_legal,
    shuffle_trades,
    trade_legal,
)
from engine.games.powerball.state import Bomb

FLAGS = [xy(s) for s, _ in ARENA.flags]  # (2,2) E, (9,2) S, (9,9) W, (2,9) N


def on_flag(state, seat, number, **fields):
    return put(state, seat, *FLAGS[number - 1], N, **fields)


# -- respawning ------------------------------------------------------------------------------
def test_a_respawn_faces_the_flags_arrow_by_default_or_any_other_way():
    state = blank(2)
    assert respawn_legal(state, 0, "S") == [
        {"facing": "S"},
        {"facing": "N"},
        {"facing": "E"},
        {"facing": "W"},
    ]
    assert [a["facing"] for a in respawn_legal(state, 0, "N")] == ["N", "E", "S", "W"]


def test_a_destroyed_robots_seat_also_names_the_option_it_loses_newest_first():
    state = put(blank(2), 0, 1, 1, options=(BRAKES, FLYWHEEL), owes=True)
    legal = respawn_legal(state, 0, "W")
    facings = ["W", "N", "E", "S"]
    assert legal == [{"facing": f, "discard": FLYWHEEL} for f in facings] + [
        {"facing": f, "discard": BRAKES} for f in facings
    ]
    # nothing to give up: no option held, or owed none (the start, a v1 log)
    assert respawn_legal(put(blank(2), 0, 1, 1, owes=True), 0, "W")[0] == {"facing": "W"}
    held = put(blank(2), 0, 1, 1, options=(BRAKES,))
    assert respawn_legal(held, 0, "W") == [{"facing": f} for f in facings]


# -- firing ----------------------------------------------------------------------------------
def test_a_robot_with_nothing_to_choose_fires_its_laser_by_default():
    state = put(put(blank(2), 0, 1, 1, down=True), 1, 1, 5)
    assert fire_legal(state, 0) == [{"do": "laser"}]
    state = put(put(blank(2), 0, 2, 7, N, balls=1), 1, 2, 4)
    legal = fire_legal(state, 0)
    assert legal[0] == {"do": "laser"} and {"do": "throw", "target": 1, "balls": 1} in legal


# -- buzz bombs --------------------------------------------------------------------------------
def test_a_bomb_goes_on_a_free_square_beside_its_robot_never_a_pit_a_robot_or_a_bomb():
    state = put(put(blank(2), 0, 3, 4), 1, 4, 4)  # the pit (3, 5) is south of robot 0
    assert bomb_legal(state, 0) == [{"sq": sq(3, 3)}, {"sq": sq(2, 4)}]
    state = replace(state, bombs=(Bomb(1, sq(3, 3)),))
    assert bomb_legal(state, 0) == [{"sq": sq(2, 4)}]


# -- trades ------------------------------------------------------------------------------------
def flags_and_one_more(**zero):
    """Seats 0 and 1 on flags 1 and 2, seat 2 off the flags."""
    state = on_flag(on_flag(blank(3, phase=5), 0, 1, **zero), 1, 2, options=(CRAB,))
    state = put(state, 2, 6, 0, options=(DUAL, MEMORY))
    return replace(state, community=(GYRO, RADIO), trade="flag")


def test_a_flag_trade_passes_steals_from_a_robot_off_the_flags_or_swaps_with_the_community():
    state = flags_and_one_more()
    assert trade_legal(state, 0) == [
        {"do": "pass"},
        {"do": "replace", "community": GYRO, "from": 1, "option": CRAB},
        {"do": "replace", "community": RADIO, "from": 1, "option": CRAB},
        {"do": "steal", "from": 2, "option": DUAL},
        {"do": "replace", "community": GYRO, "from": 2, "option": DUAL},
        {"do": "replace", "community": RADIO, "from": 2, "option": DUAL},
        {"do": "steal", "from": 2, "option": MEMORY},
        {"do": "replace", "community": GYRO, "from": 2, "option": MEMORY},
        {"do": "replace", "community": RADIO, "from": 2, "option": MEMORY},
    ]


def test_a_seat_holding_three_options_steals_none_but_may_still_swap():
    state = flags_and_one_more(options=(BRAKES, FLYWHEEL, GYRO))
    legal = trade_legal(state, 0)
    assert {"do": "pass"} in legal and not any(a["do"] == "steal" for a in legal)
    assert {"do": "replace", "community": RADIO, "from": 2, "option": MEMORY} in legal
    assert not any(a.get("from") == 0 for a in legal)  # never with itself


def test_option_shuffle_keeps_trades_with_a_robot_off_the_flags_or_the_community_or_discards():
    state = replace(flags_and_one_more(), trade="shuffle", offered=(BRAKES, FLYWHEEL))
    assert trade_legal(state, 0) == [
        {"do": "keep", "option": BRAKES},
        {"do": "discard", "option": BRAKES},
        {"do": "trade", "option": BRAKES, "with": 2, "for": DUAL},
        {"do": "trade", "option": BRAKES, "with": 2, "for": MEMORY},
        {"do": "community", "option": BRAKES, "for": GYRO},
        {"do": "community", "option": BRAKES, "for": RADIO},
    ]


def test_option_shuffle_leaves_a_seat_holding_three_options_only_the_discard():
    state = flags_and_one_more(options=(DUAL, CRAB, GYRO))
    state = replace(state, trade="shuffle", offered=(BRAKES,))
    assert shuffle_trades(state, 0) == [{"do": "discard", "option": BRAKES}]

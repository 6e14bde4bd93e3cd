"""The base programmed-movement game (RULES.md "Program deck" to "Lasers"): each
test restates a rule of the reconstructed base game and checks the engine on it."""

from __future__ import annotations

from collections import Counter

from powerball_helpers import (
    BACK,
    EMPTY_FLOOR,
    LEFT,
    MOVE1,
    MOVE1_HI,
    MOVE2,
    MOVE3,
    RIGHT,
    U_TURN,
    E,
    N,
    S,
    W,
    at,
    blank,
    custom_floor,
    on,
    program,
    put,
    run_step,
    table,
)

from engine.games.powerball.cards import ABLATIVE, BRAKES, PRIORITIES, SHIELD, kind
from engine.games.powerball.harm import damage
from engine.games.powerball.motion import belts, gears, pushers, run_card
from engine.games.powerball.programs import program_checker, program_size
from engine.games.powerball.state import change, locked_from
from engine.games.powerball.turn import cleanup, deal


# -- the program deck ---------------------------------------------------------------
def test_deck_has_84_cards_with_unique_priorities_and_the_classic_mix():
    assert len(PRIORITIES) == len(set(PRIORITIES)) == 84
    counts = Counter(kind(c) for c in PRIORITIES)
    assert counts == {"u": 6, "l": 18, "r": 18, "b": 6, "1": 18, "2": 12, "3": 6}
    assert kind(660) == "1" and kind(670) == "2" and kind(840) == "3"


def test_a_robot_is_dealt_nine_cards_less_one_per_damage():
    state = put(put(blank(2, phase=0), 0, 0, 0), 1, 11, 0, damage=3)
    t = table(state)
    deal(t, None)
    hands = [len(r.hand) for r in t.state.robots]
    assert hands == [9, 6]
    assert not set(t.state.robots[0].hand) & set(t.state.robots[1].hand)
    dealt = [e for e in t.events if e.type == "HandDealt"]
    assert all(e.to == (e.data["seat"],) and "cards" not in e.public for e in dealt)


def test_registers_lock_from_five_damage_register_five_first():
    assert [locked_from(d) + 1 for d in range(10)] == [6, 6, 6, 6, 6, 5, 4, 3, 2, 1]


def test_a_locked_register_keeps_its_card_at_cleanup_and_leaves_the_deck():
    state = program(put(blank(2, phase=5), 0, 0, 0, damage=6), 0, 70, 80, 90, 100, 110)
    state = put(state, 1, 11, 11)
    t = table(state)
    cleanup(t, None)
    assert t.state.robots[0].registers == (0, 0, 0, 100, 110)
    deal(t, None)
    assert not {100, 110} & set(t.state.robots[1].hand)
    assert program_size(t.state, 0) == 3


def test_the_program_checker_names_what_is_wrong():
    state = change(put(blank(2), 0, 0, 0), 0, hand=(70, 80, 90, 490, 500, 510, 670, 680, 790))
    check = program_checker(state, 0)
    good = {"cards": [70, 80, 90, 490, 500], "power_down": False, "pickup": True}
    assert check(good) is None
    assert "exactly 5" in check({**good, "cards": [70]})
    assert "not in your hand" in check({**good, "cards": [70, 80, 90, 490, 840]})
    assert "only one register" in check({**good, "cards": [70, 70, 90, 490, 500]})
    assert "true or false" in check({**good, "pickup": 1})
    assert check([70]) is not None and check({"cards": []}) is not None
    assert "integer" in check({**good, "cards": ["70", 80, 90, 490, 500]})


# -- moving -------------------------------------------------------------------------
def test_cards_move_forward_back_and_turn():
    state = put(blank(1 + 1), 0, 5, 6, E)
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE2, 0)
    assert at(t, 0) == (7, 6, E)
    run_card(t, 0, BACK, 0)
    assert at(t, 0) == (6, 6, E)
    run_card(t, 0, LEFT, 0)
    assert at(t, 0) == (6, 6, N)
    run_card(t, 0, RIGHT, 0)
    run_card(t, 0, U_TURN, 0)
    assert at(t, 0) == (6, 6, W)


def test_robots_move_in_priority_order_highest_first():
    """Both aim for the same square: the higher priority gets there first and the
    other then pushes it on."""
    state = put(put(blank(2), 0, 4, 6, E), 1, 6, 5, S)
    state = program(program(state, 0, MOVE1), 1, MOVE1_HI)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert at(t, 1) == (6, 6, S)
    assert at(t, 0) == (5, 6, E)
    state = program(program(state, 0, MOVE2), 1, MOVE1)  # now seat 0 goes first ...
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert at(t, 1) == (6, 6, S)  # ... and seat 1 then pushes it south
    assert at(t, 0) == (6, 7, E)


def test_a_move_pushes_every_robot_in_line_and_a_wall_stops_the_whole_line():
    state = put(put(put(blank(3), 0, 2, 6, E), 1, 3, 6, N), 2, 4, 6, S)
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE2, 0)
    assert [at(t, s) for s in range(3)] == [(4, 6, E), (5, 6, N), (6, 6, S)]
    walled = custom_floor(walls=[{"at": [6, 6], "side": "E"}])
    t = on(walled, state)
    run_card(t, 0, MOVE3, 0)
    assert [at(t, s) for s in range(3)] == [(4, 6, E), (5, 6, N), (6, 6, S)]


def test_the_perimeter_is_a_wall():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 0, 0, W))
    run_card(t, 0, MOVE3, 0)
    assert at(t, 0) == (0, 0, W)


def test_a_pit_destroys_a_robot_that_enters_it_even_passing_over():
    floor_ = custom_floor(pits=[[5, 6]])
    t = on(floor_, put(blank(2), 0, 4, 6, E))
    run_card(t, 0, MOVE3, 0)
    assert not t.state.robots[0].alive
    assert [e.data["cause"] for e in t.events if e.type == "Destroyed"] == ["pit"]


# -- board elements ---------------------------------------------------------------------
def test_express_belts_move_twice_and_normal_belts_once():
    floor_ = custom_floor(
        belts=[
            {"at": [2, 2], "dir": "E", "express": True},
            {"at": [3, 2], "dir": "E", "express": True},
            {"at": [2, 8], "dir": "E", "express": False},
            {"at": [3, 8], "dir": "E", "express": False},
        ]
    )
    t = on(floor_, put(put(blank(2), 0, 2, 2, N), 1, 2, 8, N))
    run_step(t, "elements")
    assert at(t, 0) == (4, 2, N) and at(t, 1) == (3, 8, N)


def test_a_belt_carrying_a_robot_onto_a_curve_turns_it():
    floor_ = custom_floor(
        belts=[
            {"at": [2, 2], "dir": "E", "express": False},
            {"at": [3, 2], "dir": "S", "express": False},
        ]
    )
    t = on(floor_, put(blank(2), 0, 2, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (3, 2, E)


def test_belts_never_push_a_robot_that_stays():
    floor_ = custom_floor(belts=[{"at": [2, 2], "dir": "E", "express": False}])
    t = on(floor_, put(put(blank(2), 0, 2, 2, N), 1, 3, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (2, 2, N) and at(t, 1) == (3, 2, N)


def test_belts_that_would_meet_in_one_square_move_neither_robot():
    floor_ = custom_floor(
        belts=[
            {"at": [2, 2], "dir": "E", "express": False},
            {"at": [4, 2], "dir": "W", "express": False},
        ]
    )
    t = on(floor_, put(put(blank(2), 0, 2, 2, N), 1, 4, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (2, 2, N) and at(t, 1) == (4, 2, N)


def test_a_line_of_robots_on_one_belt_moves_together():
    floor_ = custom_floor(belts=[{"at": [x, 2], "dir": "E", "express": False} for x in (2, 3)])
    t = on(floor_, put(put(blank(2), 0, 2, 2, N), 1, 3, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (3, 2, N) and at(t, 1) == (4, 2, N)


def test_pushers_push_only_on_their_registers():
    floor_ = custom_floor(pushers=[{"at": [0, 6], "dir": "E", "registers": [2, 4]}])
    state = put(blank(2), 0, 0, 6, N)
    t = on(floor_, state)
    pushers(t, 1)
    assert at(t, 0) == (0, 6, N)
    pushers(t, 2)
    assert at(t, 0) == (1, 6, N)


def test_gears_turn_the_robot_on_them():
    floor_ = custom_floor(gears=[{"at": [2, 5], "turn": "cw"}, {"at": [7, 5], "turn": "ccw"}])
    t = on(floor_, put(put(blank(2), 0, 2, 5, N), 1, 7, 5, N))
    gears(t)
    assert at(t, 0) == (2, 5, E) and at(t, 1) == (7, 5, W)


# -- lasers ------------------------------------------------------------------------------
def test_robot_lasers_hit_the_first_robot_ahead_and_walls_stop_them():
    state = put(put(put(blank(3), 0, 1, 6, E), 1, 5, 6, W), 2, 9, 6, W)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [1, 2, 0]
    walled = custom_floor(walls=[{"at": [3, 6], "side": "E"}])
    t = on(walled, state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [0, 1, 0]


def test_board_lasers_hit_the_first_robot_in_the_beam_including_the_emitter_square():
    floor_ = custom_floor(lasers=[{"at": [0, 4], "dir": "E", "beams": 2}])
    state = put(put(blank(2), 0, 0, 4, N, down=True), 1, 6, 4, N, down=True)
    t = on(floor_, state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [2, 0]


def test_ten_damage_destroys():
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, N, damage=9, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert not t.state.robots[1].alive
    destroyed = [e.data for e in t.events if e.type == "Destroyed"]
    assert [(d["credit"], d["cause"]) for d in destroyed] == [(0, "damage")]


def test_nine_damage_does_not_destroy_a_robot():
    """Powerball rulebook, "Robot Death": a robot dies on receiving 10 damage
    tokens, so a robot at 8 hit once more is still on the board with 9."""
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, N, damage=8, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    robot = t.state.robots[1]
    assert robot.alive and robot.damage == 9
    assert "Destroyed" not in [e.type for e in t.events]


def test_no_damage_and_damage_to_a_robot_off_the_board_change_nothing():
    """``harm.damage``'s contract: it deals damage to a robot on the board. No
    damage, or any to a robot already destroyed (off the board until it comes
    back), spends no shield, coat or named option and tells nothing."""
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, N, down=True)
    state = change(state, 1, options=(SHIELD, ABLATIVE, BRAKES), armour=(BRAKES,))
    t = table(state)
    damage(t, 1, 0, 0, "laser", side=W)
    assert t.events == [] and t.state == state
    destroyed = change(state, 1, sq=-1, damage=0)
    t = table(destroyed)
    damage(t, 1, 3, 0, "laser", side=W)
    assert t.events == [] and t.state == destroyed


# -- power down ------------------------------------------------------------------------------
def test_a_power_down_announced_now_takes_effect_next_turn_and_clears_damage():
    state = put(put(blank(2, phase=5), 0, 0, 0, damage=4, announced=True), 1, 11, 11)
    t = table(state)
    deal(t, None)
    robot = t.state.robots[0]
    assert robot.down and robot.damage == 0 and robot.hand == ()
    assert program_size(t.state, 0) == 0


def test_a_powered_down_robot_neither_moves_nor_fires():
    state = program(put(put(blank(2), 0, 1, 6, E, down=True), 1, 5, 6, W), 0, MOVE3)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    run_step(t, "lasers", {})
    assert at(t, 0) == (1, 6, E)
    assert [r.damage for r in t.state.robots] == [1, 0]

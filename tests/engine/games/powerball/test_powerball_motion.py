"""Robots moving (RULES.md "A register phase", steps 2 and 3, "Credit for a death",
"Death" and the movement options): card moves and their pushes, belts, pushers and
gears, what entering a square does, and what a destroyed robot leaves behind.
Each test restates a rule and checks the engine's ``motion`` module on it."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    BACK,
    EMPTY_FLOOR,
    LEFT,
    MOVE1,
    MOVE1_HI,
    MOVE2,
    MOVE3,
    PIT_FLOOR,
    RIGHT,
    E,
    N,
    S,
    W,
    at,
    blank,
    custom_floor,
    events,
    on,
    program,
    put,
    run_step,
    sq,
    types,
)

from engine.games.powerball.cards import CRAB, DUAL, FOURTH, GYRO, RAMMING, SHIELD
from engine.games.powerball.fold import evolve
from engine.games.powerball.motion import belts, gears, pushers, run_card
from engine.games.powerball.state import change


def belt(x: int, y: int, d: str, express: bool = False) -> dict:
    return {"at": [x, y], "dir": d, "express": express}


def moved(t) -> list[tuple[int, str, int]]:
    """Who moved, why, and who is credited with the push (-1: nobody)."""
    return [(d["robot"], d["why"], d.get("by", -1)) for d in events(t, "Moved")]


# -- what each move says moved the robot -----------------------------------------------------
def test_a_card_move_pushes_the_robot_ahead_and_each_move_names_its_cause():
    """The log tells why each robot moved: its own card, a push (credited to the
    pusher), and one Moved per square of a move."""
    state = put(put(blank(2), 0, 4, 6, E), 1, 6, 6, N)
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE2, 0)
    assert moved(t) == [(0, "card", -1), (1, "push", 0), (0, "card", -1)]
    assert at(t, 0) == (6, 6, E) and at(t, 1) == (7, 6, N)
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, LEFT, 0)
    assert moved(t) == [(0, "card", -1)] and at(t, 0) == (4, 6, N)


def test_belts_gears_and_pushers_name_themselves_as_the_cause():
    floor_ = custom_floor(
        belts=[belt(2, 2, "E")],
        gears=[{"at": [7, 7], "turn": "cw"}],
        pushers=[{"at": [0, 6], "dir": "E", "registers": [1]}],
    )
    state = put(put(put(put(blank(4), 0, 2, 2, N), 1, 7, 7, N), 2, 0, 6, N), 3, 1, 6, S)
    t = on(floor_, state)
    belts(t, express_only=False)
    pushers(t, 1)
    gears(t)
    assert moved(t) == [(0, "belt", -1), (3, "push", -1), (2, "pusher", -1), (1, "gear", -1)]
    assert [at(t, s) for s in range(4)] == [(3, 2, N), (7, 7, E), (1, 6, N), (2, 6, S)]


# -- credit ----------------------------------------------------------------------------------
def test_a_robot_pushed_earlier_in_the_phase_that_walks_into_a_pit_credits_its_pusher():
    """Credit goes to the last seat that pushed the robot in this phase, if not the
    robot itself: its own move into the pit does not take the credit back."""
    state = put(put(blank(2), 0, 3, 6, E), 1, 2, 6, E)
    state = program(program(state, 0, MOVE1), 1, MOVE2)  # seat 1 (670) moves first
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    destroyed = events(t, "Destroyed")
    assert [(d["robot"], d["credit"], d["vp"]) for d in destroyed] == [(0, 1, 2)]
    assert t.state.robots[1].vp == 2


def test_a_fall_credited_to_nobody_is_worth_no_points():
    state = put(blank(2), 0, 5, 6, E, balls=1)
    t = on(PIT_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    assert [(d["credit"], d["vp"]) for d in events(t, "Destroyed")] == [(-1, 0)]
    assert [r.vp for r in t.state.robots] == [0, 0]


def test_a_scramble_of_an_earlier_phase_leaves_a_fall_to_the_radio_controller():
    """The Scrambler is credited for a fall only by this phase's card; failing that,
    the seat running the robot by Radio Control is."""
    state = put(put(blank(3, phase=2), 0, 0, 0, E), 1, 5, 6, E, radio_by=0)
    state = change(state, 1, scrambled_by=2, scrambled_clock=11)  # phase 1's card
    state = program(state, 0, 0, MOVE1)
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    assert [(d["robot"], d["credit"]) for d in events(t, "Destroyed")] == [(1, 0)]


def test_balls_count_for_the_killer_only_in_a_fall_into_a_pit():
    """A robot shot down holding balls scores its killer 2, not 2 plus its balls:
    the ball bonus is for a push into a pit; the event tells the balls it held."""
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, E, balls=2, damage=9, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    [destroyed] = events(t, "Destroyed")
    assert (destroyed["credit"], destroyed["vp"], destroyed["balls"]) == (0, 2, 2)
    assert t.state.robots[0].vp == 2


# -- dropped balls ---------------------------------------------------------------------------
def test_a_robot_facing_west_into_a_wall_drops_its_second_ball_to_the_east():
    state = put(put(blank(2), 0, 3, 6, W), 1, 0, 6, W, balls=2, damage=9, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert t.state.balls == (sq(0, 6), sq(1, 6))


def test_a_robot_walled_in_ahead_and_behind_drops_every_ball_on_its_own_square():
    walls = [{"at": [5, 6], "side": "E"}, {"at": [5, 6], "side": "W"}]
    state = put(put(blank(2), 0, 5, 2, S), 1, 5, 6, E, balls=2, damage=9, down=True)
    t = on(custom_floor(walls=walls), state)
    run_step(t, "lasers", {})
    assert t.state.balls == (sq(5, 6), sq(5, 6))


# -- entering squares ------------------------------------------------------------------------
def test_turning_in_place_is_not_entering_a_square_so_picks_up_nothing():
    """A robot picks a ball up by entering its square; one standing on a ball that
    turns (a card, a gear, a paired turn) only picks it up at the end of the phase."""
    floor_ = custom_floor(gears=[{"at": [5, 6], "turn": "ccw"}])
    state = put(blank(2), 0, 5, 6, N, options=(DUAL,))
    state = replace(state, balls=(sq(5, 6),))
    t = on(floor_, state)
    run_card(t, 0, RIGHT, 0)
    gears(t)
    run_card(t, 0, MOVE1, 0, LEFT)  # Dual Processor: moves 0, then turns
    assert "Picked" not in types(t)
    assert at(t, 0) == (5, 6, W) and t.state.balls == (sq(5, 6),)


def test_a_push_moves_the_whole_line_before_anyone_lands():
    """A step is resolved whole: the pushed robot and the mover both move, then each
    lands (the pushed robot first): here the pushed robot falls into the pit and the
    mover picks up the ball it was standing on (its order was not to pick up)."""
    state = put(put(blank(2), 0, 4, 6, E), 1, 5, 6, N, pickup=False)
    state = replace(state, balls=(sq(5, 6),))
    t = on(PIT_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    assert types(t) == ["Moved", "Moved", "Destroyed", "Picked"]
    assert t.state.robots[0].balls == 1


def test_belts_move_every_robot_before_any_picks_up():
    floor_ = custom_floor(belts=[belt(2, 2, "E"), belt(3, 2, "E")])
    state = put(put(blank(2), 0, 3, 2, N), 1, 2, 2, N)
    state = replace(state, balls=(sq(4, 2),))
    t = on(floor_, state)
    belts(t, express_only=False)
    assert types(t) == ["Moved", "Moved", "Picked"]
    assert at(t, 0) == (4, 2, N) and t.state.robots[0].balls == 1


# -- pushing and Ramming Gear --------------------------------------------------------------
def test_ramming_gear_deals_1_damage_to_each_robot_pushed():
    state = put(put(put(blank(3), 0, 2, 6, E, options=(RAMMING,)), 1, 3, 6, N), 2, 4, 6, N)
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    damaged = [(d["robot"], d["amount"], d["by"], d["source"]) for d in events(t, "Damaged")]
    assert damaged == [(1, 1, 0, "ramming"), (2, 1, 0, "ramming")]
    assert [r.damage for r in t.state.robots] == [0, 1, 1]


def test_a_ram_hits_the_pushed_robot_on_the_side_facing_the_rammer():
    """A Power-Down Shield stops a ram from the side it comes from: pushed west, the
    robot is hit on its east side."""
    state = put(put(blank(2), 0, 6, 6, W, options=(RAMMING,)), 1, 5, 6, N, down=True)
    state = change(state, 1, options=(SHIELD,))
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    assert events(t, "DamageShielded") == [{"robot": 1, "side": E, "by": 0, "source": "ramming"}]
    assert t.state.robots[1].damage == 0 and at(t, 1) == (4, 6, N)


def test_pushes_without_ramming_gear_do_no_damage():
    """Only a robot with Ramming Gear damages what it pushes: not a board pusher,
    even with a Ramming Gear elsewhere on the table, nor a plain robot."""
    floor_ = custom_floor(pushers=[{"at": [0, 6], "dir": "E", "registers": [1]}])
    state = put(put(put(blank(3), 0, 0, 6, N), 1, 1, 6, N), 2, 8, 8, N, options=(RAMMING,))
    t = on(floor_, state)
    pushers(t, 1)
    assert at(t, 0) == (1, 6, N) and at(t, 1) == (2, 6, N)
    t2 = on(EMPTY_FLOOR, put(put(blank(2), 0, 2, 6, E), 1, 3, 6, N))
    run_card(t2, 0, MOVE1, 0)
    assert at(t2, 1) == (4, 6, N)
    assert "Damaged" not in types(t) + types(t2)
    assert [r.damage for r in t.state.robots + t2.state.robots] == [0] * 5


# -- belts -----------------------------------------------------------------------------------
def test_a_belt_moves_its_robot_whoever_else_is_off_the_belts():
    floor_ = custom_floor(belts=[belt(6, 2, "E")])
    t = on(floor_, put(put(blank(2), 0, 1, 1, N), 1, 6, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (1, 1, N) and at(t, 1) == (7, 2, N)


def test_a_belt_into_a_wall_holds_its_robot_and_the_others_still_move():
    floor_ = custom_floor(belts=[belt(0, 2, "W"), belt(6, 2, "E")])
    t = on(floor_, put(put(blank(2), 0, 0, 2, N), 1, 6, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (0, 2, N) and at(t, 1) == (7, 2, N)


def test_a_turret_on_a_belt_stays_and_the_belt_still_moves_the_others():
    floor_ = custom_floor(belts=[belt(2, 2, "E"), belt(6, 2, "E")])
    t = on(floor_, put(put(blank(2), 0, 2, 2, N, turret=1), 1, 6, 2, N))
    belts(t, express_only=False)
    assert at(t, 0) == (2, 2, N) and at(t, 1) == (7, 2, N)


def test_the_express_step_moves_robots_on_express_belts_only():
    floor_ = custom_floor(belts=[belt(2, 2, "E"), belt(6, 2, "E", express=True)])
    t = on(floor_, put(put(blank(2), 0, 2, 2, N), 1, 6, 2, N))
    belts(t, express_only=True)
    assert at(t, 0) == (2, 2, N) and at(t, 1) == (7, 2, N)


def test_a_belt_carrying_a_robot_onto_a_left_curve_turns_it_left():
    floor_ = custom_floor(belts=[belt(2, 2, "E"), belt(3, 2, "N")])
    t = on(floor_, put(blank(2), 0, 2, 2, S))
    belts(t, express_only=False)
    assert at(t, 0) == (3, 2, E)


def test_robots_coming_head_on_along_belts_both_stay():
    floor_ = custom_floor(belts=[belt(4, 5, "E"), belt(5, 5, "W")])
    t = on(floor_, put(put(blank(2), 0, 4, 5, N), 1, 5, 5, N))
    belts(t, express_only=False)
    assert at(t, 0) == (4, 5, N) and at(t, 1) == (5, 5, N)


def test_a_line_on_a_belt_moves_front_first_so_no_two_robots_share_a_square():
    """Belts move a line of robots together; the log moves the front robot first,
    so a replay never shows two robots on one square."""
    floor_ = custom_floor(belts=[belt(x, 5, "E") for x in (4, 5, 6)])
    state = put(put(put(blank(3), 0, 4, 5, N), 1, 5, 5, N), 2, 6, 5, N)
    t = on(floor_, state)
    belts(t, express_only=False)
    assert [at(t, s) for s in range(3)] == [(5, 5, N), (6, 5, N), (7, 5, N)]
    assert [d["robot"] for d in events(t, "Moved")] == [2, 1, 0]
    replayed = state
    for event in t.events:
        replayed = evolve(replayed, event)
        squares = [r.sq for r in replayed.robots if r.alive]
        assert len(squares) == len(set(squares))


def test_a_ring_of_robots_on_a_belt_loop_all_move_one_square():
    """Belts move every robot at once: robots filling a loop of belts all move on."""
    loop = [belt(2, 2, "E"), belt(3, 2, "S"), belt(3, 3, "W"), belt(2, 3, "N")]
    state = put(put(put(put(blank(4), 0, 2, 2, N), 1, 3, 2, N), 2, 3, 3, N), 3, 2, 3, N)
    t = on(custom_floor(belts=loop), state)
    belts(t, express_only=False)
    # each is carried onto the next belt, a right curve, and turns with it
    assert [at(t, s) for s in range(4)] == [(3, 2, E), (3, 3, E), (2, 3, E), (2, 2, E)]


# -- movement options ------------------------------------------------------------------------
def test_a_back_up_facing_west_moves_east():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, W))
    run_card(t, 0, BACK, 0)
    assert at(t, 0) == (6, 6, W)


def test_fourth_gear_makes_a_move_3_move_4_and_leaves_other_moves_alone():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 10, N, options=(FOURTH,)))
    run_card(t, 0, MOVE3, 0)
    assert at(t, 0) == (5, 6, N)
    run_card(t, 0, MOVE1, 0)
    assert at(t, 0) == (5, 5, N)


def test_gyroscopic_stabilizer_keeps_gears_from_turning_the_robot():
    floor_ = custom_floor(gears=[{"at": [2, 5], "turn": "cw"}])
    t = on(floor_, put(blank(2), 0, 2, 5, N, options=(GYRO,)))
    gears(t)
    assert at(t, 0) == (2, 5, N) and "Moved" not in types(t)


def test_crab_legs_change_only_a_paired_move_1():
    """Crab Legs step sideways on a Move 1 paired with a left or right turn; an
    unpaired Move 2 still goes forward 2."""
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, N, options=(CRAB,)))
    run_card(t, 0, MOVE2, 0)
    assert at(t, 0) == (5, 4, N)


def test_crab_legs_facing_west_step_right_to_the_north():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, W, options=(CRAB,)))
    run_card(t, 0, MOVE1, 0, RIGHT)
    assert at(t, 0) == (5, 5, W) and moved(t) == [(0, "card", -1)]


def test_a_crab_step_that_pushes_a_robot_into_a_pit_credits_the_crab():
    state = put(put(blank(2), 0, 4, 6, N, options=(CRAB,)), 1, 5, 6, N)
    t = on(PIT_FLOOR, state)
    run_card(t, 0, MOVE1_HI, 0, RIGHT)
    assert at(t, 0) == (5, 6, N) and at(t, 1) is None
    assert [(d["credit"], d["vp"]) for d in events(t, "Destroyed")] == [(0, 2)]


def test_dual_processor_leaves_an_unpaired_move_whole():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, N, options=(DUAL,)))
    run_card(t, 0, MOVE2, 0)
    assert at(t, 0) == (5, 4, N)


def test_dual_processor_move_1_with_a_turn_only_turns():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, W, options=(DUAL,)))
    run_card(t, 0, MOVE1, 0, RIGHT)
    assert at(t, 0) == (5, 6, N) and moved(t) == [(0, "card", -1)]


def test_dual_processor_still_turns_after_a_wall_stops_its_move():
    floor_ = custom_floor(walls=[{"at": [5, 6], "side": "N"}])
    t = on(floor_, put(blank(2), 0, 5, 6, N, options=(DUAL,)))
    run_card(t, 0, MOVE3, 0, LEFT)
    assert at(t, 0) == (5, 6, W)

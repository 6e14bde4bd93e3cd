"""The Powerball variant, paragraph by paragraph (rulebook sections "Spawning a
Powerball" to "Causing a Death"), restated in RULES.md and checked here."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    ARENA,
    EMPTY_FLOOR,
    MOVE1,
    MOVE3,
    PIT_FLOOR,
    E,
    N,
    W,
    blank,
    custom_floor,
    events,
    on,
    program,
    put,
    run_step,
    sq,
    table,
    xy,
)

from engine.games.powerball.balls import deliver, phase_end_pickups, spawn
from engine.games.powerball.cards import ARM
from engine.games.powerball.fire import fire_choices
from engine.games.powerball.motion import run_card
from engine.games.powerball.phases import order
from engine.games.powerball.state import change


# -- spawning -----------------------------------------------------------------------
def test_a_robot_on_a_wrench_rolls_a_d20_and_the_ball_goes_to_that_spawn_square():
    state = put(put(blank(2), 0, 10, 4), 1, 4, 1)  # wrench 2 and wrench 1
    t = table(state, 5, 7)
    spawn(t)
    spawned = events(t, "Spawned")
    assert [(d["wrench"], d["roll"], d["slot"]) for d in spawned] == [(1, 5, 5), (2, 7, 7)]
    assert t.state.balls == tuple(sorted([ARENA.spawns[4], ARENA.spawns[6]]))
    assert t.state.pool == 6


def test_a_taken_spawn_square_passes_the_ball_to_the_next_number_and_20_wraps_to_1():
    state = replace(put(blank(2), 0, 4, 1), balls=tuple(sorted(ARENA.spawns[i] for i in (19, 0))))
    t = table(state, 20)
    spawn(t)
    assert events(t, "Spawned")[0]["slot"] == 2


def test_no_ball_spawns_when_the_pool_is_empty():
    state = replace(put(blank(2), 0, 4, 1), pool=0)
    t = table(state)
    spawn(t)
    assert events(t, "Spawned") == []


def test_flags_are_not_wrenches_for_spawning():
    flag_sq = ARENA.flags[0][0]
    state = change(blank(2), 0, sq=flag_sq, died=0)
    t = table(state)
    spawn(t)
    assert events(t, "Spawned") == []


def test_an_empty_wrench_spawns_nothing_and_the_next_wrench_still_rolls():
    state = put(blank(2), 1, 10, 4)  # wrench 2; wrench 1 is empty
    t = table(state, 7)
    spawn(t)
    spawned = {"wrench": 2, "robot": 1, "roll": 7, "slot": 7, "sq": ARENA.spawns[6]}
    assert events(t, "Spawned") == [spawned]


def test_the_last_ball_of_the_pool_goes_to_the_first_wrench_in_number_order():
    state = replace(put(put(blank(2), 0, 10, 4), 1, 4, 1), pool=1)  # wrenches 2 and 1
    t = table(state, 5, 7)
    spawn(t)
    assert [d["wrench"] for d in events(t, "Spawned")] == [1]
    assert t.state.pool == 0


def test_no_ball_spawns_when_every_spawn_square_holds_one():
    """A floor whose 20 spawn numbers share one square: no free number, no ball."""
    floor_ = custom_floor(wrenches=[{"number": 1, "at": [4, 1], "double": False}])
    state = replace(put(blank(2), 0, 4, 1), balls=(sq(0, 0),))
    t = on(floor_, state, 5)
    spawn(t)
    assert events(t, "Spawned") == [] and t.state.balls == (sq(0, 0),)


# -- picking up ---------------------------------------------------------------------
def test_moving_over_a_ball_picks_it_up_by_default_up_to_two():
    state = replace(put(blank(2), 0, 2, 6, E), balls=(sq(3, 6), sq(4, 6), sq(5, 6)))
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE3, 0)
    assert t.state.robots[0].balls == 2
    assert t.state.balls == (sq(5, 6),)


def test_a_seat_may_order_its_robot_not_to_pick_up():
    state = replace(put(blank(2), 0, 2, 6, E, pickup=False), balls=(sq(3, 6),))
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE3, 0)
    assert t.state.robots[0].balls == 0 and t.state.balls == (sq(3, 6),)


# -- throwing -------------------------------------------------------------------------
def test_a_ball_may_be_thrown_only_at_a_robot_two_or_more_squares_away():
    state = put(put(put(blank(3), 0, 4, 6, E, balls=1), 1, 5, 6, N), 2, 4, 9, N)
    t = on(EMPTY_FLOOR, state)
    targets = {a["target"] for a in fire_choices(t, 0) if a["do"] == "throw"}
    assert targets == {2}  # seat 1 is adjacent; seat 2 is three squares south
    assert fire_choices(t, 0)[0] == {"do": "laser"}


def test_a_ball_may_be_thrown_at_a_robot_exactly_two_squares_away():
    """Powerball rulebook, "Laser Fire or Powerball?": a throw needs the target at least two
    spaces away, so two spaces is already far enough."""
    state = put(put(blank(2), 0, 4, 6, E, balls=1), 1, 6, 6, N)
    t = on(EMPTY_FLOOR, state)
    assert {"do": "throw", "target": 1, "balls": 1} in fire_choices(t, 0)


def test_a_hit_deals_2_damage_pushes_back_2_and_the_ball_lands_where_it_hit():
    state = put(put(blank(2), 0, 1, 6, E, balls=1), 1, 4, 6, W)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "throw", "target": 1, "balls": 1}})
    target = t.state.robots[1]
    assert xy(target.sq) == (6, 6)
    # 2 from the ball; its own laser hits the thrower, whose laser did not fire
    assert target.damage == 2 and t.state.robots[0].damage == 1
    assert t.state.balls == (sq(4, 6),) and t.state.robots[0].balls == 0


def test_a_wall_stops_the_push_back():
    floor_ = custom_floor(walls=[{"at": [4, 6], "side": "E"}])
    state = put(put(blank(2), 0, 1, 6, E, balls=1), 1, 4, 6, N)
    t = on(floor_, state)
    run_step(t, "lasers", {0: {"do": "throw", "target": 1, "balls": 1}})
    assert xy(t.state.robots[1].sq) == (4, 6)


# -- delivering -----------------------------------------------------------------------
def test_a_robot_next_to_a_pit_and_facing_it_delivers_one_ball_per_phase():
    state = put(blank(2), 0, 5, 6, E, balls=2)
    t = on(PIT_FLOOR, state)
    deliver(t)
    deliver(t)  # a second step of the same phase
    robot = t.state.robots[0]
    assert robot.vp == 1 and robot.balls == 1 and t.state.pool == 9
    t.state = replace(t.state, phase=2)
    deliver(t)
    assert t.state.robots[0].vp == 2


def test_no_delivery_facing_away_or_through_a_wall():
    t = on(PIT_FLOOR, put(blank(2), 0, 5, 6, W, balls=1))
    deliver(t)
    assert t.state.robots[0].vp == 0
    walled = custom_floor(pits=[[6, 6]], walls=[{"at": [5, 6], "side": "E"}])
    t = on(walled, put(blank(2), 0, 5, 6, E, balls=1))
    deliver(t)
    assert t.state.robots[0].vp == 0


def test_a_delivery_can_come_at_the_end_of_the_move_step():
    state = program(put(blank(2), 0, 4, 6, E, balls=1), 0, MOVE1)
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    assert events(t, "Delivered") == [{"robot": 0, "pit": sq(6, 6)}]


def test_a_mechanical_arm_delivers_into_a_pit_on_any_side():
    for x, y in [(6, 5), (7, 6), (6, 7), (5, 6)]:  # the pit north, east, south, west
        t = on(custom_floor(pits=[[x, y]]), put(blank(2), 0, 6, 6, E, balls=1, options=(ARM,)))
        deliver(t)
        assert events(t, "Delivered") == [{"robot": 0, "pit": sq(x, y)}]


def test_a_powered_down_robot_does_not_deliver_and_the_robots_after_it_still_do():
    floor_ = custom_floor(pits=[[6, 6], [6, 9]])
    state = put(put(blank(2), 0, 5, 6, E, balls=1, down=True), 1, 5, 9, E, balls=1)
    t = on(floor_, state)
    deliver(t)
    assert events(t, "Delivered") == [{"robot": 1, "pit": sq(6, 9)}]


def test_a_robot_with_no_ball_and_no_arm_holds_up_no_delivery_after_it():
    """Each robot holding a ball delivers (rulebook "Scoring"): an empty-handed robot in
    an earlier seat changes nothing for the seats after it."""
    state = put(put(blank(3), 0, 2, 2, E), 1, 9, 9, E)
    t = on(PIT_FLOOR, put(state, 2, 5, 6, E, balls=1))
    deliver(t)
    assert events(t, "Delivered") == [{"robot": 2, "pit": sq(6, 6)}]


def test_a_robot_stationed_as_a_turret_last_turn_delivers_again():
    """A robot on a flag is a turret for the next turn only (RULES.md "Turrets"): a turn
    later it runs its program again, delivering the ball it holds."""
    state = put(blank(2, round_=3), 0, 5, 6, E, balls=1, turret=2)
    t = on(PIT_FLOOR, state)
    deliver(t)
    assert events(t, "Delivered") == [{"robot": 0, "pit": sq(6, 6)}]


def test_a_ball_that_comes_to_rest_under_a_robot_is_picked_up_at_the_end_of_the_phase():
    state = put(put(blank(2), 0, 3, 3), 1, 8, 8, pickup=False)
    t = on(EMPTY_FLOOR, replace(state, balls=(sq(3, 3), sq(8, 8), sq(5, 5))))
    phase_end_pickups(t)
    assert [r.balls for r in t.state.robots] == [1, 0]  # seat 1 ordered no pick-up
    assert sorted(t.state.balls) == [sq(5, 5), sq(8, 8)]


# -- dying with balls ---------------------------------------------------------------------
def test_a_robot_destroyed_by_damage_drops_its_balls_along_its_facing():
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, E, balls=2, damage=9, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert t.state.balls == (sq(5, 6), sq(6, 6))


def test_a_wall_ahead_sends_the_second_ball_the_other_way():
    floor_ = custom_floor(walls=[{"at": [5, 6], "side": "E"}])
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, E, balls=2, damage=9, down=True)
    t = on(floor_, state)
    run_step(t, "lasers", {})
    assert t.state.balls == (sq(4, 6), sq(5, 6))


def test_balls_held_by_a_robot_falling_into_a_pit_go_back_to_the_pool():
    state = replace(put(blank(2), 0, 5, 6, E, balls=2), pool=3)
    t = on(PIT_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    assert t.state.pool == 5 and t.state.balls == ()


def test_a_ball_dropped_on_a_pit_goes_back_to_the_pool():
    state = put(put(blank(2), 0, 1, 6, E), 1, 5, 6, E, balls=2, damage=9, down=True)
    t = on(PIT_FLOOR, replace(state, pool=0))
    run_step(t, "lasers", {})
    assert t.state.balls == (sq(5, 6),) and t.state.pool == 1


# -- credit for a death --------------------------------------------------------------------
def test_example_a_a_push_into_a_pit_credits_the_pusher_with_2_plus_1_per_ball():
    state = put(put(blank(2), 0, 4, 6, E), 1, 5, 6, N, balls=2)
    state = program(program(state, 0, MOVE1), 1, 80)  # seat 1 only turns, later
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    assert not t.state.robots[1].alive
    assert t.state.robots[0].vp == 2 + 2 and t.state.robots[0].kills == 1


def test_example_b_a_push_in_an_earlier_phase_earns_nothing():
    floor_ = custom_floor(pits=[[6, 6]], belts=[{"at": [5, 6], "dir": "E", "express": False}])
    state = put(put(blank(2, phase=2), 0, 0, 0), 1, 5, 6, N, hit_by=0, hit_clock=11)
    t = on(floor_, state)
    run_step(t, "elements")
    assert not t.state.robots[1].alive
    assert events(t, "Destroyed")[0]["credit"] == -1 and t.state.robots[0].vp == 0


def test_falling_by_its_own_move_credits_nobody():
    state = program(put(put(blank(2), 0, 5, 6, E), 1, 0, 0), 0, MOVE1)
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    assert events(t, "Destroyed")[0]["credit"] == -1


def test_radio_control_credits_the_controller_for_a_fall_into_a_pit():
    """Seat 0 radio-controls seat 1, which runs seat 0's move into the pit."""
    state = put(put(blank(2, phase=2), 0, 0, 0, E), 1, 5, 6, E, radio_by=0)
    state = program(state, 0, 0, MOVE1)
    t = on(PIT_FLOOR, state)
    assert order(t) == [(0, MOVE1, 0), (1, MOVE1, 1)]
    run_step(t, "move")
    assert events(t, "Destroyed")[0]["credit"] == 0


def test_radio_control_yields_to_a_push_in_the_same_phase():
    state = put(put(put(blank(3, phase=2), 0, 0, 0, N), 1, 5, 6, N, radio_by=0), 2, 4, 6, E)
    state = program(program(state, 0, 0, 80), 2, 0, MOVE1)
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    assert events(t, "Destroyed")[0]["credit"] == 2


def test_radio_control_yields_to_the_laser_that_kills():
    state = put(put(put(blank(3), 0, 0, 0, N), 1, 5, 6, N, radio_by=0, damage=9), 2, 1, 6, E)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert events(t, "Destroyed")[0]["credit"] == 2


def test_scrambler_credits_the_scrambler_when_the_new_card_walks_into_a_pit():
    state = put(put(blank(2, phase=2), 0, 0, 0, N), 1, 5, 6, E, scrambled_by=0, scrambled_clock=12)
    state = program(state, 1, 80, MOVE1)
    t = on(PIT_FLOOR, state)
    run_step(t, "move")
    assert events(t, "Destroyed")[0]["credit"] == 0
    assert t.state.robots[0].vp == 2


def test_a_scramble_replaces_the_targets_next_register():
    state = put(put(blank(2, phase=2), 0, 1, 6, E, options=("scrambler",)), 1, 5, 6, N)
    state = program(state, 1, 70, 80, 90, 100, 110)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "scramble", "target": 1}})
    robot = t.state.robots[1]
    assert robot.registers[2] != 90 and robot.scrambled_by == 0
    assert robot.damage == 0  # used instead of the laser


def test_the_thrower_is_credited_for_a_ball_that_pushes_into_a_pit():
    state = put(put(blank(2), 0, 1, 6, E, balls=1), 1, 4, 6, W, balls=1)
    t = on(PIT_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "throw", "target": 1, "balls": 1}})
    assert not t.state.robots[1].alive
    assert t.state.robots[0].vp == 2 + 1


def test_a_throw_is_not_made_once_a_tractor_beam_pulls_the_thrower_next_to_its_target():
    """A ball needs a target at least two squares away; the target's Tractor Beam
    acts first (options before throws) and pulls the thrower to the next square."""
    state = put(put(blank(2), 0, 1, 6, E, balls=1), 1, 3, 6, W, options=("tractor beam",))
    t = on(EMPTY_FLOOR, state)
    actions = {0: {"do": "throw", "target": 1, "balls": 1}, 1: {"do": "tractor", "target": 0}}
    run_step(t, "lasers", actions)
    assert xy(t.state.robots[0].sq) == (2, 6)  # pulled next to its target
    assert events(t, "Thrown") == [] and t.state.robots[0].balls == 1
    assert t.state.robots[1].damage == 0 and xy(t.state.robots[1].sq) == (3, 6)


def test_a_robot_that_loses_extra_memory_keeps_three_balls_but_picks_up_no_more():
    """The limit of 2 ("unless options allow for additional") is a pick-up limit:
    nothing in the text drops a ball for losing the option (RULES.md)."""
    state = replace(put(blank(2), 0, 2, 6, E, balls=3), balls=(sq(3, 6),))
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    assert t.state.robots[0].balls == 3 and t.state.balls == (sq(3, 6),)

"""The laser step of a register phase (RULES.md "Lasers", "Firing or throwing",
"Credit for a death" and the laser-substitute options of "Options"): what a robot
may do instead of firing its laser, and what each choice does."""

from __future__ import annotations

import json
from dataclasses import replace

from powerball_helpers import (
    EMPTY_FLOOR,
    MOVE1,
    MOVE3,
    E,
    N,
    S,
    W,
    blank,
    custom_floor,
    events,
    on,
    program,
    put,
    run_step,
    sq,
    xy,
)

from engine.games.powerball.cards import (
    ABLATIVE,
    BRAKES,
    DOUBLE,
    FIRE_CONTROL,
    HIGH_POWER,
    HOWITZER,
    PRESSOR,
    RADIO,
    REAR,
    REVERSE,
    SCRAMBLER,
    SHIELD,
    TRACTOR,
)
from engine.games.powerball.fire import fire_choices

LASER = {"do": "laser"}
PIT_FLOOR = custom_floor(pits=[[5, 6]])


def hits(t):
    """Each ``Damaged`` event as (robot, amount, shooter, source)."""
    return [(d["robot"], d["amount"], d["by"], d["source"]) for d in events(t, "Damaged")]


def shielded(t):
    return [(d["robot"], d["side"], d["by"], d["source"]) for d in events(t, "DamageShielded")]


def canon(action):
    return json.dumps(action, sort_keys=True)


def others(choices):
    """The choices besides the laser, which comes first (the default), in a set order."""
    assert choices[0] == LASER
    return sorted(choices[1:], key=canon)


def listed(*actions):
    return sorted(actions, key=canon)


def throw(target, balls=1, **more):
    return {"do": "throw", "target": target, "balls": balls, **more}


# -- what a robot may choose ---------------------------------------------------------------
def test_a_ball_may_be_thrown_at_the_first_robot_seen_in_each_of_the_four_directions():
    """Any direction, the first robot in the line, at least two squares away; a
    robot on a diagonal or hidden behind another is not in view."""
    state = put(blank(8), 0, 5, 5, N, balls=1)
    state = put(put(state, 1, 5, 2, down=True), 5, 5, 1, down=True)  # north; 5 hidden
    state = put(put(state, 2, 7, 5, down=True), 3, 5, 9, down=True)  # east, south
    state = put(put(state, 4, 1, 5, down=True), 6, 7, 3, down=True)  # west; 6 diagonal
    t = on(EMPTY_FLOOR, state)
    assert others(fire_choices(t, 0)) == listed(throw(1), throw(2), throw(3), throw(4))


def test_double_barrel_adds_a_throw_with_a_laser_shot_and_two_balls_only_when_two_are_held():
    target = put(blank(2), 1, 4, 6, N, down=True)
    with_one = on(EMPTY_FLOOR, put(target, 0, 1, 6, E, balls=1, options=(DOUBLE,)))
    assert others(fire_choices(with_one, 0)) == listed(throw(1), throw(1, laser=True))
    with_two = on(EMPTY_FLOOR, put(target, 0, 1, 6, E, balls=2, options=(DOUBLE,)))
    assert others(fire_choices(with_two, 0)) == listed(throw(1), throw(1, laser=True), throw(1, 2))
    without = on(EMPTY_FLOOR, put(target, 0, 1, 6, E, balls=2))
    assert others(fire_choices(without, 0)) == [throw(1)]


def test_a_powered_down_or_respawned_robot_chooses_nothing():
    """Only a robot running its own program fires or throws."""
    target = put(blank(2), 1, 4, 6, N, down=True)
    for idle in ({"down": True}, {"respawned": True}):
        t = on(EMPTY_FLOOR, put(target, 0, 1, 6, E, balls=1, options=(RADIO,), **idle))
        assert fire_choices(t, 0) == []


def test_each_laser_substitute_option_is_offered_at_the_robot_the_laser_would_hit():
    """Radio Control, Scrambler, Pressor Beam, Tractor Beam and Mini Howitzer, held
    or from the community, each at the first robot ahead (not the one behind it);
    no Scrambler in phase 5, no Tractor Beam at an adjacent robot."""
    state = put(blank(3, phase=3), 0, 1, 6, E, options=(RADIO, SCRAMBLER, PRESSOR))
    state = replace(state, community=(TRACTOR, HOWITZER))
    state = put(state, 2, 6, 6, N, down=True)
    every = ["howitzer", "pressor", "radio", "scramble", "tractor"]

    def offered(phase, x):
        t = on(EMPTY_FLOOR, put(replace(state, phase=phase), 1, x, 6, N, down=True))
        choices = others(fire_choices(t, 0))
        assert {a["target"] for a in choices} == {1}
        return sorted(a["do"] for a in choices)

    assert offered(3, 4) == every
    assert offered(5, 4) == ["howitzer", "pressor", "radio", "tractor"]
    assert offered(3, 2) == ["howitzer", "pressor", "radio", "scramble"]
    alone = on(EMPTY_FLOOR, put(put(blank(2), 0, 1, 6, E, options=(PRESSOR,)), 1, 4, 6))
    assert others(fire_choices(alone, 0)) == [{"do": "pressor", "target": 1}]


def test_fire_control_is_offered_beside_the_laser_once_per_option_of_the_target():
    state = put(blank(2), 0, 1, 6, E, options=(FIRE_CONTROL,))
    t = on(EMPTY_FLOOR, put(state, 1, 4, 6, N, options=(REVERSE, BRAKES)))
    assert others(fire_choices(t, 0)) == listed(
        {"do": "fire control", "target": 1, "option": BRAKES},
        {"do": "fire control", "target": 1, "option": REVERSE},
    )
    run_step(t, "lasers", {0: {"do": "fire control", "target": 1, "option": BRAKES}})
    assert events(t, "OptionMoved") == [
        {"option": BRAKES, "from": 1, "to": "discards", "why": "fire control"}
    ]


# -- lasers -----------------------------------------------------------------------------------
def test_a_high_powered_laser_passes_through_one_robot_or_one_wall_only():
    state = put(blank(4), 0, 1, 6, E, options=(HIGH_POWER,))
    for seat, x in ((1, 3), (2, 5), (3, 7)):
        state = put(state, seat, x, 6, N, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [0, 1, 1, 0]
    walls = custom_floor(walls=[{"at": [1, 6], "side": "E"}, {"at": [2, 6], "side": "E"}])
    t = on(walls, state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [0, 0, 0, 0]


def test_a_rear_firing_laser_also_fires_backwards_for_1_damage():
    state = put(blank(5), 0, 5, 6, W, options=(REAR,))
    state = put(put(state, 1, 2, 6, N, down=True), 2, 8, 6, N, down=True)  # ahead, behind
    state = put(put(state, 3, 5, 3, N, down=True), 4, 5, 9, N, down=True)  # to the sides
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert sorted(hits(t)) == [(1, 1, 0, "laser"), (2, 1, 0, "rear laser")]


def test_a_turret_reaches_four_squares_not_five_and_other_robots_still_fire():
    state = put(blank(3, round_=2), 0, 2, 6, E, turret=2)
    state = put(put(state, 1, 6, 9, N), 2, 6, 6, W, down=True)  # 4 ahead of the turret
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert sorted(hits(t)) == [(2, 1, 1, "laser"), (2, 2, 0, "turret")]
    t = on(EMPTY_FLOOR, put(state, 2, 7, 6, W, down=True))  # 5 ahead, out of the line of 1
    run_step(t, "lasers", {})
    assert hits(t) == []


def test_a_board_laser_kill_credits_nobody():
    floor_ = custom_floor(lasers=[{"at": [0, 4], "dir": "E", "beams": 1}])
    state = put(blank(2), 1, 3, 4, N, damage=9, down=True)
    t = on(floor_, state)
    run_step(t, "lasers", {})
    assert hits(t) == [(1, 1, -1, "board laser")]
    assert [d["credit"] for d in events(t, "Destroyed")] == [-1]
    assert [r.vp for r in t.state.robots] == [0, 0]


# -- a Power-Down Shield counts the side each hit comes from --------------------------------------
def shield_floor(emitter_x):
    """A board laser firing west from ``(emitter_x, 6)``."""
    return custom_floor(lasers=[{"at": [emitter_x, 6], "dir": "W", "beams": 1}])


def shielded_target(seats):
    """Seat 1 powered down on (5, 6) with a Power-Down Shield."""
    return put(blank(seats), 1, 5, 6, N, down=True, options=(SHIELD,))


def test_a_board_laser_and_a_robot_laser_from_the_same_side_are_stopped_once():
    state = put(shielded_target(2), 0, 10, 6, W)
    t = on(shield_floor(8), state)
    run_step(t, "lasers", {})
    assert shielded(t) == [(1, E, -1, "board laser")]
    assert hits(t) == [(1, 1, 0, "laser")]


def test_a_turret_shot_from_the_side_a_board_laser_came_from_is_not_stopped():
    state = put(replace(shielded_target(2), round=2), 0, 9, 6, W, turret=2)
    t = on(shield_floor(7), state)
    run_step(t, "lasers", {})
    assert shielded(t) == [(1, E, -1, "board laser")]
    assert hits(t) == [(1, 2, 0, "turret")]


def test_a_mini_howitzer_shot_is_stopped_unless_a_board_laser_came_first_from_its_side():
    state = put(shielded_target(2), 0, 7, 6, W, options=(HOWITZER,))
    howitzer = {0: {"do": "howitzer", "target": 1}}
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", howitzer)
    assert shielded(t) == [(1, E, 0, "howitzer")] and hits(t) == []
    t = on(shield_floor(6), state)
    run_step(t, "lasers", howitzer)
    assert hits(t) == [(1, 1, 0, "howitzer")]
    assert xy(t.state.robots[1].sq) == (4, 6)


def test_a_ball_is_stopped_once_unless_a_board_laser_came_first_from_its_side():
    state = put(shielded_target(2), 0, 8, 6, W, balls=1)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: throw(1)})
    assert shielded(t) == [(1, E, 0, "ball")] and hits(t) == [(1, 1, 0, "ball")]
    t = on(shield_floor(6), state)
    run_step(t, "lasers", {0: throw(1)})
    assert hits(t) == [(1, 2, 0, "ball")]
    assert xy(t.state.robots[1].sq) == (3, 6)


# -- throwing ---------------------------------------------------------------------------------
def test_a_ball_pushes_its_target_away_from_the_thrower_in_every_direction():
    """2 damage, 2 squares away from the thrower; the ball rests where the target
    was hit, and a thrower holding 2 balls throws one."""
    for d, (x, y), (to_x, to_y) in ((N, (5, 2), (5, 0)), (E, (8, 5), (10, 5))) + (
        (S, (5, 8), (5, 10)),
        (W, (2, 5), (0, 5)),
    ):
        state = put(put(blank(2), 0, 5, 5, (d + 1) % 4, balls=2), 1, x, y, N, down=True)
        t = on(EMPTY_FLOOR, state)
        run_step(t, "lasers", {0: throw(1)})
        target = t.state.robots[1]
        assert (xy(target.sq), target.damage) == ((to_x, to_y), 2), d
        assert t.state.balls == (sq(x, y),) and t.state.pool == state.pool
        assert t.state.robots[0].balls == 1
        assert [(m["robot"], m["why"]) for m in events(t, "Moved")] == [(1, "throw")] * 2


def test_a_ball_thrown_at_a_robot_two_squares_away_hits_it():
    state = put(put(blank(2), 1, 1, 6, E, balls=1), 0, 3, 6, N, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {1: throw(0)})
    assert t.state.robots[0].damage == 2 and xy(t.state.robots[0].sq) == (5, 6)


def test_a_ball_that_destroys_its_target_rests_where_it_hit():
    state = put(put(blank(2), 0, 1, 6, E, balls=1), 1, 4, 6, N, damage=8, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: throw(1)})
    assert not t.state.robots[1].alive and t.state.balls == (sq(4, 6),)
    assert [d["credit"] for d in events(t, "Destroyed")] == [0]


def test_a_ball_stopped_by_a_wall_or_a_pit_still_rests_where_it_hit():
    walled = custom_floor(walls=[{"at": [4, 6], "side": "E"}])
    state = put(put(blank(2), 0, 1, 6, E, balls=1), 1, 4, 6, N, down=True)
    for floor_ in (walled, PIT_FLOOR):  # the push stops at once, or at the pit's edge
        t = on(floor_, state)
        run_step(t, "lasers", {0: throw(1)})
        assert events(t, "Thrown") == [
            {"robot": 0, "target": 1, "count": 1, "land": [sq(4, 6)], "returned": 0}
        ]
        assert t.state.balls == (sq(4, 6),) and t.state.robots[0].balls == 0


def test_a_ball_whose_damage_is_soaked_still_credits_the_thrower_for_a_pit():
    """The thrower pushed the target (RULES.md "Credit for a death"), even when an
    Ablative Coat took the ball's damage."""
    state = put(blank(2), 0, 1, 6, E, balls=1)
    t = on(PIT_FLOOR, put(state, 1, 4, 6, N, down=True, options=(ABLATIVE,)))
    run_step(t, "lasers", {0: throw(1)})
    assert hits(t) == [] and not t.state.robots[1].alive
    assert [d["credit"] for d in events(t, "Destroyed")] == [0] and t.state.robots[0].vp == 2


def test_double_barrel_throws_a_ball_and_fires_one_laser_shot():
    state = put(blank(2), 0, 1, 6, E, balls=1, options=(DOUBLE,))
    t = on(EMPTY_FLOOR, put(state, 1, 4, 6, N, down=True))
    run_step(t, "lasers", {0: throw(1, laser=True)})
    assert hits(t) == [(1, 1, 0, "laser"), (1, 2, 0, "ball")]
    assert xy(t.state.robots[1].sq) == (6, 6)


def test_two_balls_against_a_wall_land_on_the_target_and_back_towards_the_thrower():
    walled = custom_floor(walls=[{"at": [5, 6], "side": "W"}])
    state = put(blank(2), 0, 8, 6, W, balls=2, options=(DOUBLE,))
    t = on(walled, put(state, 1, 5, 6, N, down=True))
    run_step(t, "lasers", {0: throw(1, 2)})
    assert xy(t.state.robots[1].sq) == (5, 6) and t.state.robots[1].damage == 4
    assert t.state.balls == (sq(5, 6), sq(6, 6))


def later_throw(state, seat):
    """``state`` with ``seat`` on (1, 0), later than seat 0 in the firing order,
    and the next seat on (4, 0); and ``seat``'s throw at it, still to be made."""
    state = put(put(state, seat, 1, 0, E, balls=1), seat + 1, 4, 0, N, down=True)
    return state, {seat: throw(seat + 1)}


def test_a_throw_at_a_robot_destroyed_earlier_in_the_step_is_not_made():
    state = put(put(blank(5), 0, 1, 6, E, balls=1), 1, 4, 6, N, damage=9, down=True)
    state, later = later_throw(put(state, 2, 4, 9, N), 3)  # seat 2's laser destroys seat 1
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: throw(1), **later})
    assert not t.state.robots[1].alive
    assert [d["robot"] for d in events(t, "Thrown")] == [3] and t.state.robots[0].balls == 1


def test_a_throw_at_a_robot_pushed_out_of_line_by_an_option_is_not_made():
    state = put(put(blank(5), 0, 1, 6, E, balls=1), 1, 4, 6, N, down=True)
    state = put(state, 2, 4, 3, S, options=(PRESSOR,))  # pushes seat 1 south first
    state, later = later_throw(state, 3)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: throw(1), 2: {"do": "pressor", "target": 1}, **later})
    assert xy(t.state.robots[1].sq) == (4, 7) and t.state.robots[1].damage == 0
    assert [d["robot"] for d in events(t, "Thrown")] == [3] and t.state.robots[0].balls == 1


def test_a_throw_at_a_robot_now_hidden_behind_another_is_not_made():
    """The target must still be the first robot seen: a Pressor Beam pushed
    another robot into the line between."""
    state = put(put(blank(4), 0, 1, 6, E, balls=1), 1, 5, 6, N, down=True)
    state = put(put(state, 2, 3, 3, S, options=(PRESSOR,)), 3, 3, 5, E, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: throw(1), 2: {"do": "pressor", "target": 3}})
    assert xy(t.state.robots[3].sq) == (3, 6)
    assert events(t, "Thrown") == [] and t.state.robots[1].damage == 0


# -- laser-substitute options -----------------------------------------------------------------
def test_a_pressor_beam_pushes_its_target_one_square_and_is_credited_for_a_pit():
    state = put(put(blank(2), 0, 1, 6, E, options=(PRESSOR,)), 1, 4, 6, N, down=True)
    t = on(PIT_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "pressor", "target": 1}})
    assert events(t, "Moved")[0]["why"] == "pressor"
    assert not t.state.robots[1].alive and t.state.robots[1].damage == 0
    assert [d["credit"] for d in events(t, "Destroyed")] == [0] and t.state.robots[0].vp == 2


def test_a_tractor_beam_pulls_its_target_one_square_towards_the_robot():
    state = put(put(blank(2), 0, 8, 6, W, options=(TRACTOR,)), 1, 5, 6, N, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "tractor", "target": 1}})
    assert xy(t.state.robots[1].sq) == (6, 6) and t.state.robots[1].damage == 0
    assert [(m["robot"], m["why"]) for m in events(t, "Moved")] == [(1, "tractor")]


def test_an_option_no_longer_hits_a_robot_pushed_out_of_its_line_before_it_acts():
    """Options act in priority order: a Pressor Beam that pushed the target aside
    first leaves nothing in the line of the slower robot's Pressor Beam; a robot
    after it in the order still uses its own."""
    state = put(blank(5, phase=1), 0, 1, 6, E, options=(PRESSOR,))
    state = put(put(state, 1, 4, 6, N, down=True), 2, 4, 3, S, options=(PRESSOR,))
    state = put(put(state, 3, 1, 0, E, options=(PRESSOR,)), 4, 4, 0, N, down=True)
    state = program(program(state, 0, MOVE1), 2, MOVE3)  # seat 2, then 0, then 3
    t = on(EMPTY_FLOOR, state)
    pressor = {"do": "pressor", "target": 1}
    run_step(t, "lasers", {0: pressor, 2: pressor, 3: {"do": "pressor", "target": 4}})
    assert xy(t.state.robots[1].sq) == (4, 7) and xy(t.state.robots[4].sq) == (5, 0)


def test_an_option_at_a_robot_destroyed_by_a_laser_in_this_step_is_not_used():
    """Options act on the targets still standing once every laser has fired; the
    next robot's option still acts."""
    state = put(blank(5, phase=1), 0, 1, 6, E, options=(RADIO,))
    state = put(put(state, 1, 4, 6, N, damage=9, down=True), 2, 4, 9, N)  # 2 destroys 1
    state = put(put(state, 3, 1, 2, E, options=(PRESSOR,)), 4, 4, 2, N, down=True)
    state = program(program(state, 0, MOVE3), 3, MOVE1)  # seat 0 first
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "radio", "target": 1}, 3: {"do": "pressor", "target": 4}})
    assert not t.state.robots[1].alive and events(t, "RadioControlled") == []
    assert xy(t.state.robots[4].sq) == (5, 2)

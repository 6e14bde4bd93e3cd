"""Options (rulebook "Options" and "Special Options"; RULES.md "Options")."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    EMPTY_FLOOR,
    MOVE1,
    PIT_FLOOR,
    E,
    N,
    S,
    W,
    blank,
    custom_floor,
    on,
    put,
    run_step,
    sq,
    xy,
)

from engine.games.powerball.balls import deliver
from engine.games.powerball.cards import (
    ARM,
    DOUBLE,
    GYRO,
    HIGH_POWER,
    MEMORY,
    OPTIONS,
    RADIO,
    REVERSE,
    SCRAMBLER,
)
from engine.games.powerball.fire import fire_choices
from engine.games.powerball.motion import belts, run_card
from engine.games.powerball.state import capacity, change, hand_size, has


def test_superior_archive_is_out_of_the_game_and_every_option_is_unique():
    assert "superior archive" not in OPTIONS
    assert len(set(OPTIONS)) == len(OPTIONS)
    assert {RADIO, SCRAMBLER, ARM, REVERSE, MEMORY, DOUBLE, GYRO, HIGH_POWER} <= set(OPTIONS)


def test_community_options_apply_to_every_robot():
    state = replace(put(blank(2), 0, 0, 0), community=(MEMORY, GYRO))
    robot = state.robots[0]
    assert has(state, robot, MEMORY) and has(state, robot, GYRO)
    assert capacity(state, robot) == 3 and hand_size(state, robot) == 10


def test_mechanical_arm_delivers_without_facing_and_reaches_an_adjacent_ball():
    state = replace(put(blank(2), 0, 5, 6, N, balls=1, options=(ARM,)), balls=(sq(4, 6),))
    t = on(PIT_FLOOR, state)
    deliver(t)
    robot = t.state.robots[0]
    assert robot.vp == 1 and robot.balls == 1 and t.state.balls == ()


def test_mechanical_arm_reaches_an_adjacent_ball_with_empty_hands():
    """The arm picks up from a square next to the robot (RULES.md "Options"), whether the
    robot holds a ball or not."""
    state = replace(put(blank(2), 0, 5, 6, N, options=(ARM,)), balls=(sq(4, 6),))
    t = on(EMPTY_FLOOR, state)
    deliver(t)
    assert t.state.robots[0].balls == 1 and t.state.balls == ()


def test_a_community_mechanical_arm_reaches_for_every_robot_with_empty_hands():
    """Community options work for every robot (RULES.md "Options"): each robot next to a
    ball picks it up, none holding a ball or an arm of its own."""
    state = put(put(blank(2), 0, 5, 6, N), 1, 8, 8, S)
    state = replace(state, community=(ARM, GYRO), balls=(sq(4, 6), sq(8, 9)))
    t = on(EMPTY_FLOOR, state)
    deliver(t)
    assert [r.balls for r in t.state.robots] == [1, 1] and t.state.balls == ()


def test_reverse_gear_delivers_facing_away_from_the_pit():
    t = on(PIT_FLOOR, put(blank(2), 0, 5, 6, W, balls=1, options=(REVERSE,)))
    deliver(t)
    assert t.state.robots[0].vp == 1


def test_extra_memory_holds_a_third_ball():
    state = replace(
        put(blank(2), 0, 2, 6, E, options=(MEMORY,)), balls=(sq(3, 6), sq(4, 6), sq(5, 6))
    )
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, 790, 0)
    assert t.state.robots[0].balls == 3


def test_double_barrel_throws_two_balls_for_4_damage_and_a_push_of_4():
    state = put(put(blank(2), 0, 0, 6, E, balls=2, options=(DOUBLE,)), 1, 3, 6, N)
    t = on(EMPTY_FLOOR, state)
    choices = fire_choices(t, 0)
    assert {"do": "throw", "target": 1, "balls": 2} in choices
    assert {"do": "throw", "target": 1, "balls": 1, "laser": True} in choices
    run_step(t, "lasers", {0: {"do": "throw", "target": 1, "balls": 2}})
    target = t.state.robots[1]
    assert target.damage == 4 and xy(target.sq) == (7, 6)
    assert t.state.balls == (sq(3, 6), sq(4, 6))


def test_double_barrel_laser_does_2_damage():
    state = put(put(blank(2), 0, 0, 6, E, options=(DOUBLE,)), 1, 3, 6, N, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert t.state.robots[1].damage == 2


def test_high_powered_laser_makes_a_throw_do_3_and_push_3():
    state = put(put(blank(2), 0, 0, 6, E, balls=1, options=(HIGH_POWER,)), 1, 3, 6, N)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {0: {"do": "throw", "target": 1, "balls": 1}})
    target = t.state.robots[1]
    assert target.damage == 3 and xy(target.sq) == (6, 6)


def test_gyroscopic_stabilizer_turns_off_belts():
    floor_ = custom_floor(belts=[{"at": [2, 2], "dir": "E", "express": False}])
    t = on(floor_, put(blank(2), 0, 2, 2, N, options=(GYRO,)))
    belts(t, express_only=False)
    assert xy(t.state.robots[0].sq) == (2, 2)


def test_radio_control_and_scrambler_are_used_instead_of_the_laser_at_its_target():
    state = put(put(blank(2, phase=5), 0, 0, 6, E, options=(RADIO, SCRAMBLER)), 1, 4, 6, N)
    t = on(EMPTY_FLOOR, state)
    choices = fire_choices(t, 0)
    assert {"do": "radio", "target": 1} in choices
    assert {"do": "scramble", "target": 1} not in choices  # not in phase 5
    run_step(t, "lasers", {0: {"do": "radio", "target": 1}})
    assert t.state.robots[1].radio_by == 0 and t.state.robots[1].damage == 0


def test_a_radio_controlled_robot_runs_its_controllers_card():
    state = put(put(blank(2, phase=2), 0, 0, 0, E), 1, 4, 6, E, radio_by=0)
    state = replace(
        state,
        robots=(
            replace(state.robots[0], registers=(0, MOVE1, 0, 0, 0)),
            replace(state.robots[1], registers=(0, 80, 0, 0, 0)),
        ),
    )
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert xy(t.state.robots[1].sq) == (5, 6) and t.state.robots[1].facing == E


def test_a_radio_controlled_robot_keeps_running_its_controllers_cards_after_it_respawns():
    """The controlled robot runs the controller's program for the rest of the turn,
    even once the controller has been destroyed and come back."""
    from engine.games.powerball.respawn import place_robots

    state = put(blank(2, phase=2), 1, 4, 6, E, radio_by=0)
    # seat 0 was destroyed in phase 2 and rolled flag 1; its register 3 moves 1
    state = change(state, 0, sq=-1, died=1, flag=1, registers=(0, 80, MOVE1, 0, 0))
    t = on(EMPTY_FLOOR, state)
    place_robots(t, {0: N})
    assert t.state.robots[0].alive and t.state.robots[0].respawned
    t.state = replace(t.state, phase=3)
    run_step(t, "move")
    assert xy(t.state.robots[1].sq) == (5, 6)

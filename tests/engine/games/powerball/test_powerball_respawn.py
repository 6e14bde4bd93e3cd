"""Placing robots on their flags (RULES.md "Starting" and "Respawning"): a robot
already on the flag is shifted one square along the arrow, pushing robots in line,
turning clockwise past a wall; a turret on the flag sends the robot one square along
the arrow; a robot that cannot be placed waits for the next phase."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.games.powerball.respawn import place_robots
from engine.games.powerball.state import change
from tests.engine.games.powerball.powerball_helpers import (
    E,
    N,
    S,
    W,
    blank,
    custom_floor,
    events,
    on,
    put,
    sq,
    xy,
)

# custom_floor's flag 1 stands on (2, 2) with its arrow east


def rolled(state, seat, flag=1, died=1):
    """``seat``'s robot destroyed (the ``died``-th) and its flag rolled."""
    return change(state, seat, sq=-1, died=died, flag=flag)


def placed(t):
    return {r.seat: (*xy(r.sq), r.facing) for r in t.state.robots if r.alive}


def test_a_robot_on_the_flag_and_the_one_behind_it_are_shifted_one_square_along_the_arrow():
    state = put(put(blank(3, round_=2), 0, 2, 2, S), 1, 3, 2, N)
    t = on(custom_floor(), rolled(state, 2))
    place_robots(t, {2: W})
    assert placed(t) == {0: (3, 2, S), 1: (4, 2, N), 2: (2, 2, W)}
    # the front of the line first, so no two robots ever share a square
    shifts = [(e["robot"], xy(e["sq"]), e["why"]) for e in events(t, "Moved")]
    assert shifts == [(1, (4, 2), "shift"), (0, (3, 2), "shift")]
    assert events(t, "RobotPlaced") == [
        {"robot": 2, "sq": sq(2, 2), "facing": W, "flag": 1, "keeps_program": True}
    ]


def test_a_shifted_line_lands_only_once_every_robot_in_it_has_moved():
    """As a push: the whole line moves, then each robot lands (here the front one
    picks up the ball on its new square after the robot behind it has moved too)."""
    state = put(put(blank(3, round_=2), 0, 2, 2, S), 1, 3, 2, N, pickup=True)
    state = replace(rolled(state, 2), balls=(sq(4, 2),))
    t = on(custom_floor(), state)
    place_robots(t, {2: W})
    assert [e.type for e in t.events] == ["Moved", "Moved", "Picked", "RobotPlaced"]


def test_a_wall_across_the_arrow_shifts_the_robot_to_the_next_side_clockwise():
    floor_ = custom_floor(walls=[{"at": [2, 2], "side": "E"}])
    state = put(blank(2, round_=2), 0, 2, 2, E)
    t = on(floor_, rolled(state, 1))
    place_robots(t, {1: N})
    assert placed(t) == {0: (2, 3, E), 1: (2, 2, N)}  # east walled: south


def test_two_walls_turn_the_shift_twice():
    floor_ = custom_floor(walls=[{"at": [2, 2], "side": "E"}, {"at": [2, 2], "side": "S"}])
    state = put(blank(2, round_=2), 0, 2, 2, E)
    t = on(floor_, rolled(state, 1))
    place_robots(t, {1: N})
    assert placed(t) == {0: (1, 2, E), 1: (2, 2, N)}  # east and south walled: west


def test_a_robot_walled_in_on_the_flag_keeps_it_and_the_rolled_robot_waits():
    walls = [{"at": [2, 2], "side": side} for side in "NESW"]
    state = put(blank(2, round_=2), 0, 2, 2, E)
    t = on(custom_floor(walls=walls), rolled(state, 1))
    place_robots(t, {1: N})
    assert placed(t) == {0: (2, 2, E)}
    assert events(t, "RobotPlaced") == [] and not t.state.robots[1].alive


def test_a_turret_on_the_flag_places_the_robot_one_square_along_the_arrow_unshifted():
    state = put(blank(2, round_=2), 0, 2, 2, S, turret=2)
    t = on(custom_floor(), rolled(state, 1))
    place_robots(t, {1: W})
    assert placed(t) == {0: (2, 2, S), 1: (3, 2, W)}


def test_a_turret_on_the_flag_with_a_pit_along_the_arrow_leaves_the_robot_waiting():
    state = put(blank(2, round_=2), 0, 2, 2, S, turret=2)
    t = on(custom_floor(pits=[[3, 2]]), rolled(state, 1))
    place_robots(t, {1: W})
    assert placed(t) == {0: (2, 2, S)} and not t.state.robots[1].alive
    assert events(t, "RobotPlaced") == []  # not placed to fall in


def test_a_turret_on_the_flag_with_a_wall_along_the_arrow_leaves_the_robot_waiting():
    state = put(blank(2, round_=2), 0, 2, 2, S, turret=2)
    t = on(custom_floor(walls=[{"at": [2, 2], "side": "E"}]), rolled(state, 1))
    place_robots(t, {1: W})
    assert placed(t) == {0: (2, 2, S)} and events(t, "RobotPlaced") == []


def test_a_turret_is_not_shifted_off_the_square_the_robot_is_sent_to():
    state = put(put(blank(3, round_=2), 0, 2, 2, S, turret=2), 1, 3, 2, N, turret=2)
    t = on(custom_floor(), rolled(state, 2))
    place_robots(t, {2: W})
    assert placed(t) == {0: (2, 2, S), 1: (3, 2, N)} and not t.state.robots[2].alive


def test_robots_come_back_in_the_order_they_were_destroyed_the_later_shifting_the_earlier():
    state = rolled(rolled(blank(2, round_=2), 0, died=2), 1, died=1)
    t = on(custom_floor(), state)
    place_robots(t, {0: S, 1: N})
    assert [e["robot"] for e in events(t, "RobotPlaced")] == [1, 0]
    assert placed(t) == {1: (3, 2, N), 0: (2, 2, S)}


def test_a_robot_without_a_rolled_flag_is_not_placed():
    state = rolled(blank(2, round_=2), 1, flag=0)
    t = on(custom_floor(), state)
    place_robots(t, {1: N})
    assert events(t, "RobotPlaced") == []


def test_a_robot_placed_without_a_chosen_facing_faces_along_the_arrow():
    t = on(custom_floor(), rolled(blank(2, round_=2), 1))
    place_robots(t, {})
    assert placed(t)[1] == (2, 2, E)


@pytest.mark.parametrize("why", ["no flag rolled", "boxed in", "turret, pit beyond"])
def test_a_robot_that_cannot_come_back_does_not_hold_up_the_next_destroyed(why):
    """Each robot is placed in turn: the first destroyed waiting on does not stop the
    second from coming back on its own flag (flag 3, at (9, 9))."""
    state = blank(3, round_=2)
    pits = [[3, 2]] if why == "turret, pit beyond" else []
    walls = [{"at": [2, 2], "side": side} for side in "NESW"] if why == "boxed in" else []
    if why != "no flag rolled":
        state = put(state, 0, 2, 2, S, turret=2 if pits else 0)
    state = rolled(state, 1, flag=0 if why == "no flag rolled" else 1, died=1)
    state = rolled(state, 2, flag=3, died=2)
    t = on(custom_floor(pits=pits, walls=walls), state)
    place_robots(t, {1: N, 2: N})
    assert [e["robot"] for e in events(t, "RobotPlaced")] == [2]
    assert placed(t)[2] == (9, 9, N)

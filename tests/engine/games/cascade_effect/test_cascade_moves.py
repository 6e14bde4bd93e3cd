"""What the robot whose turn it is may declare, what each roll needs and where a
move can take it (``moves.py``), from the rulebook's text as RULES.md restates it
(the table of declarations, "What blocks a square", "Move")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ce_helpers import (
    OPEN_SQUARE,
    RED30,
    RED60,
    E,
    N,
    S,
    W,
    act,
    declared,
    legal,
    move_goal,
    position,
    put,
    sq,
    turn_of,
)

from engine.games.cascade_effect.moves import (
    accepts_move,
    can_step,
    pose_distances,
    reachable,
    succeeds,
)
from engine.games.cascade_effect.state import Robot

FALLEN = (True, False)


def poses(state, robot=0, die=1):
    state = turn_of(state, robot, "move", die)
    return {(a["to"], a["facing"]) for a in legal(state)}


# -- the rolls each declaration needs -----------------------------------------------------
@pytest.mark.parametrize(
    "do, carrying, wins",
    [
        ("kickstand", False, {3, 4, 5}),
        ("climb", False, {4, 5}),
        ("climb", True, {5}),
        ("park", False, {2, 3, 4, 5}),
        ("park", True, {3, 4, 5}),
        ("align", False, {5}),
        ("score", True, {1, 2, 3, 4, 5}),
        ("centre", False, {1, 2, 3, 4, 5}),
    ],
)
def test_each_declaration_succeeds_on_the_rolls_the_rulebook_names(do, carrying, wins):
    """Rules 6, 9, 10 and 8 (a kickstand on 3+, the bridge on 4+ alone or 5 with a
    goal, parking on 2+ alone or 3+ with a goal, lining up on a 5); a declared
    score, in a tube or the centre, scores whatever 1-5 the die shows."""
    state = put(position(round_=20), 0, OPEN_SQUARE, N, goal=RED30 if carrying else -1)
    robot = state.robots[0]
    assert {d for d in range(1, 6) if succeeds(state, robot, do, sq(1, 1), d)} == wins


def test_move_is_always_declarable_and_is_the_default():
    state = put(replace(position(round_=20), fallen=FALLEN), 0, OPEN_SQUARE, N, goal=RED30)
    assert legal(state)[0] == {"do": "move"}


# -- scoring and the centre goal --------------------------------------------------------------
def test_a_full_tube_takes_no_more_balls_but_one_with_a_centimetre_left_does():
    """[reconstructed] a tube holds at most its height."""
    state = put(replace(position(), fallen=FALLEN), 0, OPEN_SQUARE, N, goal=RED30)
    assert "score" not in declared(move_goal(state, RED30, OPEN_SQUARE, 30))
    nearly = move_goal(state, RED30, OPEN_SQUARE, 29)
    assert "score" in declared(nearly)
    after, _ = act(nearly, {"do": "score"}, [4])
    assert after.goals[RED30].cm == 30  # counted only up to the top


def test_a_full_centre_goal_takes_no_more_balls():
    """[reconstructed] 120 cm per alliance: then no lining up and no centre score,
    for that alliance only."""
    lined_up = put(position(round_=20), 0, sq(2, 3), E)
    assert "align" in declared(replace(lined_up, centre_cm=(119, 0)))
    assert "align" not in declared(replace(lined_up, centre_cm=(120, 0)))
    primed = put(lined_up, 0, sq(2, 3), E, primed=True)
    assert "centre" in declared(replace(primed, centre_cm=(0, 120)))
    assert "centre" not in declared(replace(primed, centre_cm=(120, 0)))
    nearly, _ = act(replace(primed, centre_cm=(118, 0)), {"do": "centre"}, [5])
    assert nearly.centre_cm == (120, 0)


def test_a_robot_that_lined_up_last_turn_declares_the_centre_not_another_align():
    primed = put(position(round_=20), 0, sq(2, 3), E, primed=True)
    assert "centre" in declared(primed) and "align" not in declared(primed)


# -- attaching and detaching ------------------------------------------------------------------
def test_a_robot_carrying_a_goal_cannot_attach_another():
    state = put(position(), 0, OPEN_SQUARE, N, goal=RED30)
    state = move_goal(state, RED60, sq(3, 5))  # straight ahead of it
    assert "attach" not in declared(state)


def test_a_goal_another_robot_carries_is_not_standing_on_its_own_to_attach_to():
    """Attaching needs an own-colour goal that "stands on its own in the square
    straight ahead": R1 (robot 0) carrying red 60 in front of R2 offers R2
    nothing to attach to."""
    state = put(position(), 0, sq(4, 5), N, goal=RED60)
    state = turn_of(put(state, 2, sq(3, 5), E), 2)
    assert declared(state) == ["move"]
    loose = move_goal(put(state, 0, sq(4, 4), N), RED60, sq(4, 5))
    loose = replace(loose, goals=tuple(replace(g, robot=-1) for g in loose.goals))
    assert {"do": "attach", "goal": RED60} in legal(loose)


def test_a_robot_facing_the_fields_edge_has_nothing_to_attach_to():
    state = put(position(), 0, sq(1, 5), W)
    assert declared(state) == ["move"]


def test_a_goal_is_not_set_down_into_a_zone_the_robot_is_not_in():
    """[reconstructed] a goal enters the parking zone only hooked to its robot; a
    robot in the zone may set it down on another square of the same zone."""
    beside = put(put(position(), 2, sq(4, 4), N), 0, sq(1, 5), S, goal=RED30)
    detach = {a["to"] for a in legal(beside) if a["do"] == "detach"}
    assert sq(1, 6) not in detach and sq(1, 5) in detach
    parked = put(put(position(), 2, sq(4, 4), N), 0, sq(1, 6), N, goal=RED30)
    detach = {a["to"] for a in legal(parked) if a["do"] == "detach"}
    assert detach == {sq(1, 6), sq(2, 6), sq(1, 5)}


def test_a_goal_is_not_set_down_on_a_loose_goal():
    state = put(position(), 0, sq(2, 4), N, goal=RED30)  # red 60 at (1,4), red 90 at (2,5)
    detach = {a["to"] for a in legal(state) if a["do"] == "detach"}
    assert detach == {sq(2, 4), sq(2, 3), sq(3, 4)}


# -- the end game's bridge and parking zone ----------------------------------------------------
def test_the_bridge_square_must_be_free_to_climb():
    state = put(position(round_=20), 0, sq(1, 2), N)
    assert {"do": "climb", "to": sq(1, 1)} in legal(state)
    assert "climb" not in declared(put(state, 2, sq(1, 1), S))
    assert "climb" not in declared(move_goal(state, RED60, sq(1, 1)))


def test_the_parking_square_must_be_free_to_park():
    state = put(position(round_=20), 0, sq(1, 5), S)  # red 2 is parked on (1,6)
    assert "park" not in declared(state)
    state = put(state, 2, sq(4, 4), N)
    assert {"do": "park", "to": sq(1, 6)} in legal(state)
    assert "park" not in declared(move_goal(state, RED60, sq(1, 6)))


def test_a_declaration_names_its_target_and_a_move_none():
    state = put(position(), 0, sq(3, 2), E)  # beside the north kickstand
    _, events = act(state, {"do": "kickstand", "stand": 0}, [1])
    assert events[0].data == {"robot": 0, "do": "kickstand", "target": 0}
    _, events = act(state, {"do": "move"}, [1])
    assert events[0].data == {"robot": 0, "do": "move", "target": -1}
    climb = put(position(round_=20), 0, sq(1, 2), N)
    _, events = act(climb, {"do": "climb", "to": sq(1, 1)}, [1])
    assert events[0].data == {"robot": 0, "do": "climb", "target": sq(1, 1)}


# -- moving ------------------------------------------------------------------------------------
def test_a_robot_may_step_backward():
    """[reconstructed] a step back to the square behind costs one move."""
    state = put(position(), 0, sq(3, 5), N)
    assert (sq(3, 6), N) in poses(state)
    assert (sq(3, 4), N) in poses(state)


def test_a_move_never_enters_the_own_bridge_or_parking_zone():
    """The own zones are entered only by climbing and parking, even in the end game."""
    state = put(put(position(round_=20), 2, sq(4, 4), N), 0, sq(1, 2), N)
    assert not {p for p, _ in poses(state, die=5)} & {sq(1, 1), sq(2, 1)}
    state = put(state, 0, sq(1, 5), S)
    assert not {p for p, _ in poses(state, die=5)} & {sq(1, 6), sq(2, 6)}


def test_a_robot_may_move_between_two_squares_of_the_same_zone():
    """Moving along the bridge is not leaving it: a 1 will do."""
    state = put(position(), 0, sq(1, 1), E)
    assert (sq(2, 1), E) in poses(state, die=1)


def test_leaving_the_other_alliances_bridge_needs_a_2_too():
    state = put(position(), 0, sq(5, 1), S)
    assert {p for p, _ in poses(state, die=1)} == {sq(5, 1)}
    assert (sq(5, 2), S) in poses(state, die=2)


def test_a_loose_goal_blocks_a_move_but_the_robots_own_square_does_not():
    state = put(position(), 0, sq(3, 5), W)  # red 90 stands on (2,5)
    reach = poses(state, die=2)
    assert (sq(2, 5), W) not in reach and (sq(3, 5), W) in reach
    assert (sq(4, 5), W) in reach  # a step back


def test_a_move_may_end_anywhere_the_die_reaches_with_the_facing_it_arrives_with():
    state = put(position(), 0, OPEN_SQUARE, N)
    moves = legal(turn_of(state, 0, "move", 1))
    assert moves == sorted(moves, key=lambda a: (a["to"], a["facing"]))
    assert {(a["to"], a["facing"]) for a in moves} == {
        (OPEN_SQUARE, N),
        (OPEN_SQUARE, E),
        (OPEN_SQUARE, W),
        (sq(3, 5), N),
    }
    assert all(set(a) == {"do", "to", "facing"} and a["do"] == "move" for a in moves)


def test_a_robot_on_the_fields_first_square_blocks_it_too():
    """One robot a square, whichever square: blue 1 may drive onto red's bridge
    (the other alliance's zone), but not while red 1 stands on (1,1)."""
    state = turn_of(put(put(position(), 0, sq(1, 1), S), 1, sq(1, 2), N), 1)
    assert (sq(1, 1), N) not in poses(state, robot=1, die=1)
    assert (sq(2, 1), N) in poses(put(state, 1, sq(2, 2), N), robot=1, die=1)


# -- a single step and the zones ("What blocks a square") ------------------------------------
#: (a bridge square, a parking square) of each alliance, red first
ZONES = ((sq(1, 1), sq(1, 6)), (sq(6, 1), sq(6, 6)))


@pytest.mark.parametrize("alliance", [0, 1])
def test_a_step_into_the_own_zones_only_from_inside_them_and_off_any_bridge_on_a_2(alliance):
    """The own bridge and parking zone are never entered by a step, but a robot
    may step within one; the other alliance's are open to it; stepping off any
    bridge (onto a square of no bridge) needs a 2 or more, off a parking zone
    nothing."""
    robot = Robot(alliance, 0)
    (bridge, park), (their_bridge, their_park) = ZONES[alliance], ZONES[1 - alliance]
    below = {sq(1, 1): sq(1, 2), sq(6, 1): sq(6, 2), sq(1, 6): sq(1, 5), sq(6, 6): sq(6, 5)}
    along = {sq(1, 1): sq(2, 1), sq(6, 1): sq(5, 1), sq(1, 6): sq(2, 6), sq(6, 6): sq(5, 6)}
    for die in (1, 5):
        assert not can_step(robot, below[bridge], bridge, die)
        assert not can_step(robot, below[park], park, die)
        assert can_step(robot, below[their_bridge], their_bridge, die)
        assert can_step(robot, below[their_park], their_park, die)
        assert can_step(robot, OPEN_SQUARE, sq(4, 6), die)
        for zone in (bridge, park, their_bridge, their_park):
            assert can_step(robot, zone, along[zone], die)  # within the zone
        assert can_step(robot, park, below[park], die)
        assert can_step(robot, their_park, below[their_park], die)
    for ramp in (bridge, their_bridge):
        assert not can_step(robot, ramp, below[ramp], 1)
        assert can_step(robot, ramp, below[ramp], 2)


def test_a_move_goes_no_further_than_the_die_and_counts_each_step_and_turn():
    """A step or a quarter turn costs one of the die's moves: staying put costs
    none, turning around two, and a square three steps away is out of a 2's reach."""
    state = put(position(centre=1), 0, OPEN_SQUARE, N)  # column 3 is free up to row 3
    reach = reachable(state, state.robots[0], 2)
    assert reach[(OPEN_SQUARE, N)] == 0
    assert reach[(OPEN_SQUARE, E)] == reach[(sq(3, 5), N)] == 1
    assert reach[(OPEN_SQUARE, S)] == reach[(sq(3, 4), N)] == 2
    assert (sq(3, 3), N) not in reach
    assert (sq(3, 3), N) in reachable(state, state.robots[0], 3)


def test_the_fewest_moves_to_a_pose_read_the_zone_rules_backward():
    """Searched backward (the moves needed to get to a pose), a step off the own
    bridge counts on a 2 and not on a 1, while a step onto it never does; the
    search without a limit finds poses a die could not reach in one turn."""
    red = Robot(0, 0)
    to_start = [(sq(1, 2), S)]  # just south of the red bridge
    assert (sq(1, 1), S) not in pose_distances(red, to_start, frozenset(), 1, backward=True)
    near = pose_distances(red, to_start, frozenset(), 2, backward=True)
    assert near[(sq(1, 1), S)] == 1  # a step off the bridge gets there
    assert near[(sq(1, 6), S)] == 4  # four steps back from the parking zone
    onto = pose_distances(red, [(sq(1, 1), N)], frozenset(), 5, backward=True)
    assert set(onto) == {(sq(1, 1), f) for f in range(4)} | {(sq(2, 1), f) for f in range(4)}


def test_a_move_whose_square_is_not_an_integer_is_judged_by_the_listed_moves():
    """``accepts_move`` answers as the listed moves do (``listed``): a square
    written 27.0 is the number of the listed 27, ``true`` is never the number 1,
    and an unreachable square is refused whatever its type."""
    state = turn_of(put(position(), 0, OPEN_SQUARE, N), 0, "move", 1)
    assert accepts_move(state, {"do": "move", "to": float(sq(3, 5)), "facing": N})
    assert accepts_move(state, {"do": "move", "to": sq(3, 5), "facing": float(N)})
    assert not accepts_move(state, {"do": "move", "to": float(sq(3, 4)), "facing": N})
    assert not accepts_move(state, {"do": "move", "to": OPEN_SQUARE, "facing": True})

"""Aerial Assault's shots and trusses (``shots.py``): the high and low goals, a
truss and its catch, a goal scored and where a missed ball lands, from the
rulebook's text and RULES.md."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    CATCH,
    FAST_CATAPULT,
    RED_SZ1,
    RED_SZ2,
    RED_WHITE,
    SHOOT,
    TANK_CATAPULT,
    TRUSS,
    WITH_CATCHING,
    failed,
    floor,
    held,
    of,
    play_once,
    scene,
    stay,
)

from engine.games.aerial_assault import GAME
from tests.engine.games.loaded_dice import LoadedDice

LOW = {"card": "B1", "side": "top", "steps": [{"act": "low"}]}


def _four(red0, red2, balls, *, parts0=TANK_CATAPULT, parts2=TANK_CATAPULT, **options):
    """Red robots 0 and 2 in the zones given, blue robots 1 and 3 in Blue Shoot
    Zone 1 (nobody near enough to block or catch for them)."""
    return scene(
        [
            ("red", red0[0], parts0, red0[1:]),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", red2[0], parts2, red2[1:]),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        balls,
        **options,
    )


# -- high goals ------------------------------------------------------------------------


def test_a_high_goal_without_a_ball_held_does_nothing_and_says_why():
    state = _four((RED_SZ1,), (RED_SZ2,), [])
    events, after = play_once(state, {0: SHOOT}, LoadedDice())
    assert failed(events) == [(0, "high", "the robot holds no ball")]
    assert after.points == (0, 0)


def test_a_high_goal_names_everything_it_scored():
    """A blue shot in a driver-controlled round: 10 points, one assist for the ally
    that held the ball before, and blue's first scored ball leaves the game even
    when red has scored already."""
    state = scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1, possessors=[3, 1])],
    )
    state = replace(state, scored=(1, 0))
    events, after = play_once(state, {1: SHOOT}, LoadedDice([3]))
    assert of(events, "BallScored") == [
        {
            "ball": 1,
            "alliance": "blue",
            "goal": "high",
            "shooter": 1,
            "points": 10,
            "assist_robots": [3],
            "assist_points": 10,
            "removed": True,
        }
    ]
    assert after.points == (0, 20) and after.balls[1].where == "removed"
    assert of(events, "DiceRolled") == [
        {"robot": 1, "for": "high goal", "die": 3, "mod": 0, "need": 3, "success": True}
    ]


def test_a_goal_earns_an_assist_for_each_other_robot_that_held_the_ball():
    """With three robots an alliance can earn two assists, 20 points, on one goal."""
    state = _six((RED_SZ1, RED_SZ2, RED_WHITE), [held(0, "red", 0, possessors=[4, 2, 0])])
    events, after = play_once(state, {0: SHOOT}, LoadedDice([6]))
    (scored,) = of(events, "BallScored")
    assert scored["assist_robots"] == [4, 2] and scored["assist_points"] == 20
    assert after.points == (30, 0) and after.assists == (20, 0)


def _auto(state, programs, dice):
    """One autonomous round: ``programs`` robot -> its three plays (the others stay)."""
    hand = ("B1", "B2", "B3")
    actions = {d.seat: [programs.get(d.seat, [stay(c) for c in hand])] for d in GAME.pending(state)}
    for d in GAME.pending(state):
        assert d.reject_reason(actions[d.seat]) is None
    return GAME.resolve(state, actions, dice)


def test_an_autonomous_goal_scores_twenty_and_no_assists_even_after_a_pass():
    """No assist points in the autonomous round, even for a ball another robot of
    the alliance held before (a kiss pass is possible in the autonomous round)."""
    state = _four((RED_SZ1,), (RED_SZ1,), [held(0, "red", 0, possessors=[2, 0])], round_=0)
    state = replace(state, phase="auto")
    events = _auto(state, {0: [SHOOT, stay("B2"), stay("B3")]}, LoadedDice([6]))
    (scored,) = of(events, "BallScored")
    assert scored["points"] == 20
    assert scored["assist_robots"] == [] and scored["assist_points"] == 0


def _fast_move_then(act, direction):
    """A Fast Tank's Move then Shoot (S12) or Move then Truss (S17) announcing 2 zones."""
    card = "S12" if act in ("high", "low") else "S17"
    move = {"act": "move", "dir": direction, "dist": 2}
    return card, {"card": card, "side": "top", "steps": [move, {"act": act}]}


def test_a_high_goal_after_a_fast_tank_falls_short_is_out_of_range():
    """The Fast Tank moves 2 zones only on a roll of 3-6, 1 otherwise: a Move then
    Shoot planned to end in range can end out of it, and the shot then does
    nothing (the ball stays held)."""
    card, play = _fast_move_then("high", -1)
    state = _four((RED_WHITE, card), (RED_SZ1,), [held(0, "red", 0)], parts0=FAST_CATAPULT)
    events, after = play_once(state, {0: play}, LoadedDice([2]))  # moves 1: range 2
    assert after.robots[0].zone == RED_SZ2
    assert failed(events) == [(0, "high", "the goals are out of range")]
    assert after.balls[0].where == "held" and after.balls[0].robot == 0
    # rolling 3 it reaches Shoot Zone 1 and shoots from range 1
    events, after = play_once(state, {0: play}, LoadedDice([3, 3]))
    assert after.robots[0].zone == RED_SZ1 and of(events, "BallScored")


def test_a_high_goal_from_the_other_half_after_a_fast_tank_falls_short_does_nothing():
    """Never a shot from the other half: a red Super Catapult (range 3) planned
    to reach its white zone from Blue Shoot Zone 2 stops short on the blue half."""
    card, play = _fast_move_then("high", -1)
    parts = ("fast_tank_drive", "super_catapult", "spinning_stick")
    state = _four((BLUE_SZ2, card), (RED_SZ1,), [held(0, "red", 0)], parts0=parts)
    events, after = play_once(state, {0: play}, LoadedDice([1]))
    assert after.robots[0].zone == BLUE_WHITE
    assert failed(events) == [(0, "high", "the goals are out of range")]
    assert after.balls[0].where == "held"


def test_a_missed_high_goal_drops_the_ball_in_the_shooters_zone():
    flywheel = ("tank_drive", "flywheel", "spinning_stick")
    state = _four((RED_SZ2,), (RED_SZ1,), [held(0, "red", 0)], parts0=flywheel)
    events, after = play_once(state, {0: SHOOT}, LoadedDice([2]))
    assert of(events, "BallDropped") == [{"ball": 0, "zone": RED_SZ2}]
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_SZ2


# -- missed shots (optional rule) ------------------------------------------------------

#: the high goal's table: the second die -> what it says and where the ball lands for
#: a red and for a blue shooter (None: out of bounds)
HIGH_TABLE = {
    1: ("out", None, None),
    2: ("out", None, None),
    3: ("under", BLUE_WHITE, RED_WHITE),  # under the truss to the other white zone
    4: ("under", BLUE_WHITE, RED_WHITE),
    5: ("zone2", RED_SZ2, BLUE_SZ2),  # the shooter's own Shoot Zone 2
    6: ("white", RED_WHITE, BLUE_WHITE),  # the shooter's own white zone
}


def _natural_one(table, alliance, second, zones, play):
    """A natural 1 under missed shots, then ``second`` on the table's die: the red
    robot 0 and the blue robot 1 stand in ``zones``, each with its ball; checks the
    MissedShot and where the ball went. Returns the events and the state after."""
    result, red_zone, blue_zone = table[second]
    zone = red_zone if alliance == "red" else blue_zone
    state = scene(
        [("red", zones[0], TANK_CATAPULT), ("blue", zones[1], TANK_CATAPULT)],
        [held(0, "red", 0), held(1, "blue", 1)],
        missed_shots=True,
    )
    r = 0 if alliance == "red" else 1
    events, after = play_once(state, {r: play}, LoadedDice([1, second]))
    assert of(events, "MissedShot") == [{"robot": r, "ball": r, "die": second, "result": result}]
    if zone is None:
        assert of(events, "BallOut") == [{"ball": r}] and not of(events, "BallDropped")
        assert after.balls[r].where == "waiting"
    else:
        assert of(events, "BallDropped") == [{"ball": r, "zone": zone}]
        assert not of(events, "BallOut")
    return events, after


@pytest.mark.parametrize("second", sorted(HIGH_TABLE))
@pytest.mark.parametrize("alliance", ["red", "blue"])
def test_missed_shots_a_high_goal_on_a_natural_one_lands_by_the_table(alliance, second):
    events, _ = _natural_one(HIGH_TABLE, alliance, second, (RED_SZ1, BLUE_SZ1), SHOOT)
    assert not of(events, "BallScored")


#: the truss's table: the second die -> what it says and where the ball lands for a
#: red thrower (on the blue half) and a blue one (on the red half)
TRUSS_TABLE = {
    1: ("out", None, None),
    2: ("out", None, None),
    3: ("zone2_far", RED_SZ2, BLUE_SZ2),  # over-thrown: the thrower's own Shoot Zone 2
    4: ("zone2_far", RED_SZ2, BLUE_SZ2),
    5: ("zone2_near", BLUE_SZ2, RED_SZ2),  # Shoot Zone 2 on the thrower's side
    6: ("zone2_near", BLUE_SZ2, RED_SZ2),
}


@pytest.mark.parametrize("second", sorted(TRUSS_TABLE))
@pytest.mark.parametrize("alliance", ["red", "blue"])
def test_missed_shots_a_truss_on_a_natural_one_lands_by_the_table(alliance, second):
    events, after = _natural_one(TRUSS_TABLE, alliance, second, (BLUE_WHITE, RED_WHITE), TRUSS)
    assert not of(events, "Trussed") and not any(b.trussed for b in after.balls)


@pytest.mark.parametrize("missed_shots", [False, True])
def test_a_failed_shot_other_than_a_natural_one_lands_as_without_the_option(missed_shots):
    """Missed shots changes only a natural 1: a catapult's 2 drops the shot in the
    shooter's zone and the truss in the white zone on the thrower's side, with no
    second die; without the option a natural 1 does the same."""
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", RED_WHITE, TANK_CATAPULT)],
        [held(0, "red", 0), held(1, "blue", 1)],
        missed_shots=missed_shots,
    )
    for die in (2,) if missed_shots else (1, 2):
        events, _ = play_once(state, {0: SHOOT, 1: TRUSS}, LoadedDice([die, die]))
        assert not of(events, "MissedShot")
        assert of(events, "BallDropped") == [
            {"ball": 0, "zone": RED_SZ1},
            {"ball": 1, "zone": RED_WHITE},
        ]


def test_missed_shots_a_reroll_card_rerolls_a_natural_one():
    """A re-roll card re-rolls a natural 1 like any failure; the table is read
    only if the die kept is a 1."""
    state = _four((RED_SZ1, "S21"), (RED_SZ2,), [held(0, "red", 0)], missed_shots=True)
    reroll = {"card": "S21", "side": "top", "steps": [{"act": "high"}]}
    events, _ = play_once(state, {0: reroll}, LoadedDice([1, 2]))  # 2 fails too: no table
    assert not of(events, "MissedShot")
    assert of(events, "BallDropped") == [{"ball": 0, "zone": RED_SZ1}]
    events, _ = play_once(state, {0: reroll}, LoadedDice([1, 1, 6]))
    assert of(events, "MissedShot")[0]["result"] == "white"


# -- low goals -------------------------------------------------------------------------


def test_a_low_goal_rolls_two_to_six_without_modifiers():
    """A flat 2-6: the Shoot +1 card adds nothing to a low goal, so a 1 misses."""
    state = _four((RED_SZ1, "S01"), (RED_SZ2,), [held(0, "red", 0)])
    plus = {"card": "S01", "side": "top", "steps": [{"act": "low"}]}
    events, _ = play_once(state, {0: plus}, LoadedDice([1]))
    assert of(events, "DiceRolled") == [
        {"robot": 0, "for": "low goal", "die": 1, "mod": 0, "need": 2, "success": False}
    ]
    events, _ = play_once(state, {0: plus}, LoadedDice([2]))
    assert of(events, "DiceRolled")[0]["success"] is True
    assert of(events, "BallScored")[0]["goal"] == "low"


def test_a_missed_low_goal_drops_a_held_ball_in_the_shooters_zone():
    state = _four((RED_SZ1,), (RED_SZ2,), [held(0, "red", 0)])
    events, after = play_once(state, {0: LOW}, LoadedDice([1]))
    assert of(events, "BallDropped") == [{"ball": 0, "zone": RED_SZ1}]
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_SZ1


def test_a_missed_low_goal_leaves_a_ball_on_the_floor_where_it_lay():
    """Nothing is dropped: the ball shot from the floor stays there."""
    state = _four((RED_SZ1,), (RED_SZ2,), [floor(0, "red", RED_SZ1, possessors=[2])])
    events, after = play_once(state, {0: LOW}, LoadedDice([1]))
    assert not of(events, "BallDropped") and not of(events, "BallScored")
    assert after.balls[0] == state.balls[0]


def test_a_low_goal_without_a_ball_of_its_colour_here_does_nothing():
    """No ball held and none of the alliance's on the floor in Shoot Zone 1 (the
    other alliance's ball there is never touched)."""
    state = _four((RED_SZ1,), (RED_SZ2,), [floor(1, "blue", RED_SZ1)])
    events, after = play_once(state, {0: LOW}, LoadedDice())
    assert failed(events) == [(0, "low", "no ball held or on the floor here")]
    assert after.balls[1].where == "floor"


def test_a_low_goal_after_a_fast_tank_falls_short_does_nothing():
    card, play = _fast_move_then("low", -1)
    state = _four((RED_WHITE, card), (RED_SZ2,), [held(0, "red", 0)], parts0=FAST_CATAPULT)
    events, after = play_once(state, {0: play}, LoadedDice([2]))
    assert after.robots[0].zone == RED_SZ2
    assert failed(events) == [(0, "low", "low goals only from Shoot Zone 1")]
    assert after.balls[0].where == "held"


# -- trusses ---------------------------------------------------------------------------


def test_a_truss_without_a_ball_that_may_be_trussed_does_nothing():
    """No ball, or only a ball trussed since it entered play."""
    state = _four((BLUE_WHITE,), (RED_WHITE,), [])
    events, _ = play_once(state, {0: TRUSS}, LoadedDice())
    reason = "the robot holds no ball that may be trussed"
    assert failed(events) == [(0, "truss", reason)]
    marked = _four((BLUE_WHITE,), (RED_WHITE,), [replace(held(0, "red", 0), trussed=True)])
    events, _ = play_once(marked, {0: TRUSS}, LoadedDice())
    assert failed(events) == [(0, "truss", reason)]


def test_a_robot_with_a_trussed_ball_and_another_trusses_the_other():
    state = _four(
        (BLUE_WHITE,),
        (RED_SZ1,),
        [replace(held(0, "red", 0), trussed=True), held(2, "red", 0)],
    )
    events, after = play_once(state, {0: TRUSS}, LoadedDice([3]))
    assert of(events, "Trussed") == [{"ball": 2, "robot": 0, "points": 10}]
    assert after.balls[0].where == "held" and after.balls[0].robot == 0


def test_a_truss_plus_one_adds_to_the_roll():
    state = _four((BLUE_WHITE, "S04"), (RED_SZ1,), [held(0, "red", 0)])
    plus = {"card": "S04", "side": "top", "steps": [{"act": "truss"}]}
    events, after = play_once(state, {0: plus}, LoadedDice([2]))  # 2 + 1 = 3: catapult 3-6
    assert of(events, "DiceRolled") == [
        {"robot": 0, "for": "truss", "die": 2, "mod": 1, "need": 3, "success": True}
    ]
    assert of(events, "Trussed") and after.points == (10, 0)


def test_a_truss_after_a_fast_tank_falls_short_does_nothing():
    """Out of range (Blue Shoot Zone 2 is range 2 for a catapult's 1), or still
    on the alliance's own half."""
    card, play = _fast_move_then("truss", -1)
    state = _four((BLUE_SZ1, card), (RED_SZ1,), [held(0, "red", 0)], parts0=FAST_CATAPULT)
    events, after = play_once(state, {0: play}, LoadedDice([2]))
    assert after.robots[0].zone == BLUE_SZ2
    assert failed(events) == [(0, "truss", "the truss is out of range")]
    assert after.balls[0].where == "held" and after.points == (0, 0)
    card, play = _fast_move_then("truss", 1)
    state = _four((RED_SZ2, card), (RED_SZ1,), [held(0, "red", 0)], parts0=FAST_CATAPULT)
    events, after = play_once(state, {0: play}, LoadedDice([2]))
    assert after.robots[0].zone == RED_WHITE
    assert failed(events) == [(0, "truss", "the truss is out of range")]


# -- catching a truss ------------------------------------------------------------------


def _six(zones, balls=()):
    """Three red robots (0, 2, 4) in ``zones``; blue 1, 3 and 5 in Blue Shoot Zone 1."""
    robots = []
    for i in range(6):
        zone = zones[i // 2] if i % 2 == 0 else BLUE_SZ1
        robots.append(("red" if i % 2 == 0 else "blue", zone, TANK_CATAPULT, ["S07", "S31"]))
    return scene(robots, balls)


def test_only_the_first_ally_in_allied_order_tries_the_catch():
    """One catch attempt per truss: the ally first in allied order (then by robot
    number); the other ally's catch then has nothing to catch."""
    state = _six((BLUE_WHITE, RED_WHITE, RED_WHITE), [held(0, "red", 0)])
    plays = {0: TRUSS, 2: {**CATCH, "order": 1}, 4: {**CATCH, "order": 0}}
    events, after = play_once(state, plays, LoadedDice([6, 4]))
    assert of(events, "Caught") == [{"ball": 0, "robot": 4, "points": 10}]
    assert [d["robot"] for d in of(events, "DiceRolled")] == [0, 4]
    assert failed(events) == [(2, "catch", "no ball was trussed to this robot")]
    # the same order: the lower robot number
    plays = {0: TRUSS, 2: CATCH, 4: CATCH}
    events, after = play_once(state, plays, LoadedDice([6, 4]))
    assert of(events, "Caught")[0]["robot"] == 2
    assert failed(events) == [(4, "catch", "no ball was trussed to this robot")]


def test_only_an_ally_in_the_targeted_white_zone_may_catch():
    state = _six((BLUE_WHITE, RED_SZ2, RED_WHITE), [held(0, "red", 0)])
    plays = {0: TRUSS, 2: CATCH}
    events, after = play_once(state, plays, LoadedDice([6]))
    assert not of(events, "Caught")
    assert of(events, "BallDropped") == [{"ball": 0, "zone": RED_WHITE}]
    assert failed(events) == [(2, "catch", "no ball was trussed to this robot")]


def test_an_opponent_in_the_white_zone_never_catches_the_truss():
    state = scene(
        [
            ("red", BLUE_WHITE, TANK_CATAPULT),
            ("blue", RED_WHITE, TANK_CATAPULT),
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0)],
    )
    events, after = play_once(state, {0: TRUSS, 1: CATCH}, LoadedDice([6]))
    assert not of(events, "Caught") and after.balls[0].zone == RED_WHITE


def test_a_robot_holding_two_balls_cannot_catch_a_third():
    """A robot holds at most two balls; with one it still catches."""
    full = _six(
        (BLUE_WHITE, RED_WHITE, RED_SZ1),
        [held(0, "red", 0), held(2, "red", 2), held(4, "red", 2)],
    )
    events, after = play_once(full, {0: TRUSS, 2: CATCH}, LoadedDice([6]))
    assert not of(events, "Caught")
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_WHITE
    one = _six((BLUE_WHITE, RED_WHITE, RED_SZ1), [held(0, "red", 0), held(2, "red", 2)])
    events, after = play_once(one, {0: TRUSS, 2: CATCH}, LoadedDice([6, 4]))
    assert of(events, "Caught") == [{"ball": 0, "robot": 2, "points": 10}]
    assert not failed(events)  # the catch step is spent on the truss


def test_a_catch_card_modifier_adds_to_active_catching():
    """Catch +1 with no Active Catching turns a 3 into a catch (4-6); with Active
    Catching the two add up."""
    state = _six((BLUE_WHITE, RED_WHITE, RED_SZ1), [held(0, "red", 0)])
    plus = {"card": "S07", "side": "top", "steps": [{"act": "catch"}]}
    events, after = play_once(state, {0: TRUSS, 2: plus}, LoadedDice([6, 3]))
    assert of(events, "DiceRolled")[1] == {
        "robot": 2,
        "for": "catch",
        "die": 3,
        "mod": 1,
        "need": 4,
        "success": True,
    }
    assert after.balls[0].robot == 2 and after.catches == (10, 0)
    robots = list(state.robots)
    robots[2] = replace(robots[2], parts=WITH_CATCHING)
    events, _ = play_once(
        replace(state, robots=tuple(robots)), {0: TRUSS, 2: plus}, LoadedDice([6, 1])
    )
    assert of(events, "DiceRolled")[1]["mod"] == 3 and of(events, "Caught")


def test_a_catch_reroll_card_rerolls_a_failed_catch():
    state = _six((BLUE_WHITE, RED_WHITE, RED_SZ1), [held(0, "red", 0)])
    again = {"card": "S31", "side": "top", "steps": [{"act": "catch"}]}
    events, after = play_once(state, {0: TRUSS, 2: again}, LoadedDice([6, 1, 5]))
    assert of(events, "Rerolled")[0]["card"] == "S31" and of(events, "Caught")
    assert after.robots[2].rerolls == ("S31",)

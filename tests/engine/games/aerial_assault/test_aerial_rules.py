"""Aerial Assault rules, one test per rule, and each worked example of the rulebook."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    CATCH,
    MECANUM_CATAPULT,
    PICKUP,
    RED_SZ1,
    RED_SZ2,
    RED_WHITE,
    SHOOT,
    TANK_CATAPULT,
    TRUSS,
    WITH_CATCHING,
    floor,
    held,
    of,
    play_once,
    scene,
    stay,
    types,
)

from engine.games.aerial_assault import GAME
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import shoot_range, truss_range
from engine.games.aerial_assault.state import Ball, robots_of
from tests.engine.games.loaded_dice import LoadedDice


def block(card: str = "B2") -> dict:
    """A block side as played face down: its target is named after the reveal."""
    return {"card": card, "side": "bottom", "steps": [{"act": "block"}]}


def problem(state, seat, play):
    return next(d for d in GAME.pending(state) if d.seat == seat).reject_reason([play])


# -- the field -------------------------------------------------------------------------


def test_field_matches_the_rulebook_examples():
    # a blue robot trusses from Red Shoot Zone 2 into blue's white zone: range 2
    assert truss_range("blue", RED_SZ2) == 2
    # a red robot in the Blue Auto Start zone trusses at range 1 (the catapult example)
    assert truss_range("red", BLUE_WHITE) == 1
    assert truss_range("red", RED_SZ1) is None  # never from your own half
    # Shoot Zone 1 is range 1, Shoot Zone 2 range 2, the white zone range 3
    assert [shoot_range("red", z) for z in range(6)] == [1, 2, 3, None, None, None]
    assert [shoot_range("blue", z) for z in range(6)] == [None, None, None, 3, 2, 1]


# -- worked examples -------------------------------------------------------------------


def test_catapult_truss_example_success_and_catch():
    # red robot 0 holds the ball in the Blue Auto Start zone with a catapult (range 1,
    # truss 3-6); red robot 2 waits with Active Catching in the Red Auto Start zone.
    state = scene(
        [
            ("red", BLUE_WHITE, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_WHITE, WITH_CATCHING),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0), Ball(2, "red", "removed")],
    )
    events, after = play_once(state, {0: TRUSS, 2: CATCH}, LoadedDice([3, 2]))
    assert of(events, "Trussed") == [{"ball": 0, "robot": 0, "points": 10}]
    assert of(events, "DiceRolled")[1]["mod"] == 2  # Active Catching adds 2: 2 + 2 = 4
    assert of(events, "Caught") == [{"ball": 0, "robot": 2, "points": 10}]
    assert after.balls[0].where == "held" and after.balls[0].robot == 2
    assert after.points == (20, 0) and after.trusses == (10, 0) and after.catches == (10, 0)
    assert after.balls[0].trussed  # it may not be trussed again until scored


def test_catapult_truss_example_failure_lands_back_in_the_white_zone():
    state = scene(
        [("red", BLUE_WHITE, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)], [held(0, "red", 0)]
    )
    events, after = play_once(state, {0: TRUSS}, LoadedDice([2]))
    assert after.balls[0].where == "floor" and after.balls[0].zone == BLUE_WHITE
    assert after.points == (0, 0)


def test_truss_without_a_catcher_lands_in_the_home_white_zone_and_no_retruss():
    state = scene(
        [("red", BLUE_WHITE, TANK_CATAPULT, ["S05"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    _, after = play_once(state, {0: TRUSS}, LoadedDice([6]))
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_WHITE
    assert after.points == (10, 0) and after.catches == (0, 0)
    # picked up again on the far side, the trussed ball cannot be trussed a second time
    again = replace(after, balls=(replace(after.balls[0], where="held", robot=0, zone=-1),))
    events, _ = play_once(again, {0: {**TRUSS, "card": "S05"}}, LoadedDice())
    assert of(events, "StepFailed")[0]["act"] == "truss"


def test_failed_catch_drops_the_ball_in_the_targeted_white_zone():
    state = scene(
        [
            ("red", BLUE_WHITE, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_WHITE, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0)],
    )
    events, after = play_once(state, {0: TRUSS, 2: CATCH}, LoadedDice([4, 3]))  # 3 < 4
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_WHITE
    assert after.points == (10, 0)


def test_shoot_plus_one_example():
    # red in Red Shoot Zone 1 with a catapult (3-6) plays Shoot +1 and rolls a 2
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT, ["S01"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    state = replace(state, scored=(1, 0))  # red's first ball already left the game
    play = {"card": "S01", "side": "top", "steps": [{"act": "high"}]}
    events, after = play_once(state, {0: play}, LoadedDice([2]))
    scored = of(events, "BallScored")[0]
    assert scored["goal"] == "high" and scored["points"] == 10 and not scored["removed"]
    assert after.points == (10, 0) and after.balls[0].where == "waiting"
    # the same 2 without the +1 misses and the ball drops in the shooter's zone
    _, missed = play_once(state, {0: SHOOT}, LoadedDice([2]))
    assert missed.balls[0].where == "floor" and missed.balls[0].zone == RED_SZ1


def test_high_goal_needs_range_and_own_half():
    state = scene(
        [("red", RED_SZ2, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)], [held(0, "red", 0)]
    )
    assert "range" in problem(state, 0, SHOOT)
    flywheel = scene(
        [
            ("red", RED_SZ2, ("tank_drive", "flywheel", "spinning_stick")),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0)],
    )
    assert problem(flywheel, 0, SHOOT) is None


def test_spinning_stick_pickup_example():
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ2, TANK_CATAPULT, ["S08"])],
        [floor(1, "blue", BLUE_SZ2)],
    )
    play = {"card": "S08", "side": "top", "steps": [{"act": "pickup"}]}
    events, after = play_once(state, {1: play}, LoadedDice([2]))  # 2 + 1 = 3, within 3-6
    assert of(events, "BallPickedUp") == [{"ball": 1, "robot": 1}]
    assert after.balls[1].where == "held" and after.balls[1].robot == 1
    _, failed = play_once(state, {1: PICKUP}, LoadedDice([2]))  # no +1: 2 misses
    assert failed.balls[1].where == "floor"


def test_cannot_touch_the_other_alliances_ball():
    state = scene(
        [("red", BLUE_SZ2, TANK_CATAPULT), ("blue", BLUE_SZ2, TANK_CATAPULT)],
        [floor(1, "blue", BLUE_SZ2)],
    )
    events, after = play_once(state, {0: PICKUP}, LoadedDice())
    assert of(events, "StepFailed")[0]["act"] == "pickup"
    assert after.balls[1].where == "floor"


def test_block_tie_tank_against_mecanum_example():
    # red tank (+1) blocks blue mecanum (-1) shooting in blue's Shoot Zone 1:
    # red rolls 2 (+1 = 3), blue rolls 4 (-1 = 3): a tie, blue shoots anyway
    state = scene(
        [("red", BLUE_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, MECANUM_CATAPULT)],
        [held(1, "blue", 1), Ball(0, "red", "removed"), Ball(3, "blue", "removed")],
    )
    events, after = play_once(state, {0: block(), 1: SHOOT}, LoadedDice([2, 4, 5]), {0: 1})
    roll = of(events, "BlockRolled")[0]
    assert (roll["die"] + roll["mod"], roll["target_die"] + roll["target_mod"]) == (3, 3)
    assert roll["result"] == "tie" and not of(events, "ActionBlocked")
    assert after.points == (0, 10)


def test_successful_block_cancels_the_action_and_blocks_come_first():
    state = scene(
        [("red", BLUE_SZ1, TANK_CATAPULT, ["S19"]), ("blue", BLUE_SZ1, MECANUM_CATAPULT)],
        [held(1, "blue", 1)],
    )
    events, after = play_once(state, {0: block(), 1: SHOOT}, LoadedDice([4, 2]), {0: 1})
    assert of(events, "ActionBlocked") == [{"robot": 1, "by": 0}]
    assert after.points == (0, 0) and after.balls[1].robot == 1
    assert after.robots[0].last_block == 1
    # the no-repeat rule: robot 0 may not block robot 1 in the next play; with no
    # other robot to name, its block does nothing
    events, _ = play_once(after, {0: block("S19"), 1: stay("B3")}, LoadedDice())
    assert of(events, "StepFailed") == [
        {"robot": 0, "act": "block", "reason": "no opposing robot to block in this zone"}
    ]
    # ... but a teammate may, and only robots in the blocker's zone can be named
    team = scene(
        [
            ("red", BLUE_SZ1, TANK_CATAPULT, ["S19"]),
            ("blue", BLUE_SZ1, MECANUM_CATAPULT),
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", RED_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1)],
    )
    _, after = play_once(team, {0: block(), 1: SHOOT}, LoadedDice([4, 2]), {0: 1})
    events, _ = play_once(
        after, {0: block("S19"), 2: block(), 1: CATCH}, LoadedDice([1, 6]), {2: 1}
    )
    assert [(d["blocker"], d["target"]) for d in of(events, "BlockRolled")] == [(2, 1)]
    assert of(events, "StepFailed")[0]["robot"] == 0


def test_block_targets_are_named_after_the_reveal_by_each_blocker_in_turn():
    """Block: the target is announced when the block is revealed, so a block side is
    played without one; then each blocking robot names a robot in its zone, seeing
    every revealed play and the targets named before it."""
    state = scene(
        [
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1)],
    )
    aimed = {"card": "B2", "side": "bottom", "steps": [{"act": "block", "target": 1}]}
    assert "named after the cards are revealed" in problem(state, 0, aimed)
    actions = {0: [block()], 1: [SHOOT], 2: [stay("B1")], 3: [block()]}
    events = GAME.resolve(state, actions, LoadedDice())
    assert types(events) == ["CardsRevealed", "BlocksToName"]
    for e in events:
        state = GAME.evolve(state, e)
    assert state.phase == "block" and state.naming == (0, 3)
    (first,) = GAME.pending(state)
    assert first.seat == 0 and not first.secret
    assert first.legal == [{"target": 1}, {"target": 3}]  # opposing robots in its zone
    assert first.default in first.legal and "robot 0" in first.prompt
    view = GAME.view(state, 3)
    assert [p["side"] for p in view["staged"]] == ["bottom", "bottom", "down", "bottom"]
    events = GAME.resolve(state, {0: {"target": 1}}, LoadedDice())
    assert of(events, "BlockTargetNamed") == [{"robot": 0, "target": 1}]
    state = GAME.evolve(state, events[0])
    (second,) = GAME.pending(state)
    assert second.seat == 3 and GAME.view(state, 3)["block_targets"] == [[0, 1]]
    assert second.legal == [{"target": 0}, {"target": 2}]
    assert second.default in second.legal and "robot 3" in second.prompt
    assert second.reject_reason({"target": 1}) is not None  # its own alliance


def test_block_on_a_block_goes_first():
    """Block: a robot may block a robot that is blocking; that attempt comes before
    any other block and, when it succeeds, the other block never happens. Robot 0
    (red) blocks robot 1's shot; robot 3 (blue), seeing robot 0's block revealed,
    blocks robot 0."""
    state = scene(
        [
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1)],
    )
    events, after = play_once(
        state, {0: block(), 1: SHOOT, 3: block()}, LoadedDice([6, 1, 4]), {0: 1, 3: 0}
    )  # 3 beats 0, shot rolls 4
    assert of(events, "ActionBlocked") == [{"robot": 0, "by": 3}]
    assert [d["blocker"] for d in of(events, "BlockRolled")] == [3]
    assert after.points == (0, 10)


def test_blocked_double_action_loses_both_halves():
    state = scene(
        [("red", RED_SZ2, TANK_CATAPULT, ["S12"]), ("blue", RED_SZ2, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    play = {
        "card": "S12",
        "side": "top",
        "steps": [{"act": "move", "dir": -1, "dist": 1}, {"act": "high"}],
    }
    events, after = play_once(state, {0: play, 1: block()}, LoadedDice([6, 1]), {1: 0})
    assert "RobotMoved" not in types(events) and after.robots[0].zone == RED_SZ2


def test_double_action_order_move_then_shoot():
    state = scene(
        [("red", RED_SZ2, TANK_CATAPULT, ["S12", "S13"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    play = {
        "card": "S12",
        "side": "top",
        "steps": [{"act": "move", "dir": -1, "dist": 1}, {"act": "high"}],
    }
    events, after = play_once(state, {0: play}, LoadedDice([3]))
    assert types(events).index("RobotMoved") < types(events).index("BallScored")
    assert after.points == (10, 0)
    # the halves cannot be swapped: Move then Shoot from Shoot Zone 2 cannot shoot first
    swapped = {
        "card": "S12",
        "side": "top",
        "steps": [{"act": "high"}, {"act": "move", "dir": -1, "dist": 1}],
    }
    assert problem(state, 0, swapped) is not None
    # Shoot then Move from Shoot Zone 2 is out of the catapult's range
    out = {
        "card": "S13",
        "side": "top",
        "steps": [{"act": "high"}, {"act": "move", "dir": -1, "dist": 1}],
    }
    assert "range" in problem(state, 0, out)
    # one half alone is fine
    half = {"card": "S12", "side": "top", "steps": [{"act": "move", "dir": -1, "dist": 1}, None]}
    assert problem(state, 0, half) is None


def test_low_goal_example_scores_zero_plus_assists():
    # ball on the floor in Red Shoot Zone 1, put there by a pass from robot 2
    state = scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [floor(0, "red", RED_SZ1, possessors=[2])],
    )
    low = {"card": "B1", "side": "top", "steps": [{"act": "low"}]}  # a move card
    events, after = play_once(state, {0: low}, LoadedDice([2]))
    scored = of(events, "BallScored")[0]
    assert scored["goal"] == "low" and scored["points"] == 0
    assert scored["assist_robots"] == [2] and after.points == (10, 0)
    assert after.assists == (10, 0)
    # a failed low goal leaves the ball on the floor
    _, missed = play_once(state, {0: low}, LoadedDice([1]))
    assert missed.balls[0].where == "floor" and missed.points == (0, 0)
    # only from Shoot Zone 1
    far = scene([("red", RED_SZ2, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    assert "Shoot Zone 1" in problem(far, 0, low)


def test_kiss_pass_example():
    state = scene(
        [
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0)],
    )
    kiss = {"card": "B1", "side": "bottom", "steps": [{"act": "pass", "dir": 0, "dist": 0}]}
    events, after = play_once(state, {0: kiss, 2: PICKUP}, LoadedDice())  # no roll at all
    assert of(events, "BallPassed")[0]["kiss"] is True
    assert after.balls[0].robot == 2 and after.balls[0].possessors == (0, 2)


def test_pass_two_zones_then_teammate_picks_up():
    state = scene(
        [
            ("red", BLUE_WHITE, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0)],
    )
    pass2 = {"card": "B1", "side": "bottom", "steps": [{"act": "pass", "dir": -1, "dist": 2}]}
    events, after = play_once(state, {0: pass2, 2: PICKUP}, LoadedDice([5]))
    assert types(events).index("BallPassed") < types(events).index("BallPickedUp")
    assert after.balls[0].robot == 2 and after.points == (0, 0)  # passes score nothing


def test_assists_count_every_other_possessor():
    state = scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0, possessors=[2, 0])],
    )
    events, after = play_once(state, {0: SHOOT}, LoadedDice([6]))
    assert of(events, "BallScored")[0]["assist_points"] == 10
    assert after.points == (20, 0)


def test_allied_order_decides_who_picks_up_first():
    state = scene(
        [
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [floor(0, "red", RED_SZ2)],
    )
    first = {**PICKUP, "order": 0}
    second = {**PICKUP, "order": 1}
    # robot 2 goes first and fails (2), robot 0 then succeeds (5)
    events, after = play_once(state, {0: second, 2: first}, LoadedDice([2, 5]))
    assert [d["robot"] for d in of(events, "DiceRolled")] == [2, 0]
    assert after.balls[0].robot == 0


def test_first_scored_ball_is_removed_second_waits_and_is_inbounded():
    state = scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0), held(2, "red", 0, possessors=[0])],
    )
    events, after = play_once(state, {0: SHOOT}, LoadedDice([6]))
    assert of(events, "BallScored")[0]["removed"] is True
    assert after.balls[0].where == "removed"
    events, after = play_once(
        after,
        {0: {**SHOOT, "card": "B3", "side": "top", "steps": [{"act": "low"}]}},
        LoadedDice([6, 1]),
    )
    assert of(events, "BallScored")[0]["removed"] is False
    # before the next play the red ball is inbounded to robot 2 in Blue Shoot Zone 1;
    # it has no Active Catching and rolls a 1: dropped on the floor there
    assert of(events, "Inbounded") == [{"ball": 2, "robot": 2, "die": 1, "caught": False}]
    assert after.balls[2].where == "floor" and after.balls[2].zone == BLUE_SZ1


def test_active_catching_catches_an_inbound_surely():
    state = scene(
        [("red", BLUE_SZ1, WITH_CATCHING), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [Ball(0, "red", "waiting"), held(1, "blue", 1)],
    )
    events, after = play_once(state, {}, LoadedDice())
    assert of(events, "Inbounded") == [{"ball": 0, "robot": 0, "die": None, "caught": True}]
    assert after.balls[0].where == "held" and after.balls[0].possessors == (0,)


def test_no_inbound_while_a_ball_is_in_play_or_nobody_waits():
    state = scene(
        [("red", BLUE_SZ2, WITH_CATCHING), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [Ball(0, "red", "waiting"), held(1, "blue", 1)],
    )
    events, _ = play_once(state, {}, LoadedDice())
    assert not of(events, "Inbounded")


def test_fast_tank_moves_two_zones_on_a_roll():
    fast = ("fast_tank_drive", "catapult", "spinning_stick")
    state = scene([("red", BLUE_SZ1, fast), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    move = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": -1, "dist": 2}]}
    _, after = play_once(state, {0: move}, LoadedDice([3]))
    assert after.robots[0].zone == BLUE_WHITE
    _, after = play_once(state, {0: move}, LoadedDice([2]))
    assert after.robots[0].zone == BLUE_SZ2
    tank = scene([("red", BLUE_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    assert "at most 1" in problem(tank, 0, move)


def test_crossing_the_truss_only_in_driver_controlled_rounds():
    state = scene([("red", RED_WHITE, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    move = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": 1, "dist": 1}]}
    _, after = play_once(state, {0: move}, LoadedDice())
    assert after.robots[0].zone == BLUE_WHITE
    auto = replace(state, phase="auto", round=0)
    d = next(x for x in GAME.pending(auto) if x.seat == 0)
    assert "truss" in d.reject_reason([[move, stay("B2"), stay("B3")]])
    low = {"card": "B1", "side": "top", "steps": [{"act": "low"}]}
    red1 = replace(auto, robots=(replace(auto.robots[0], zone=RED_SZ1), auto.robots[1]))
    d = next(x for x in GAME.pending(red1) if x.seat == 0)
    assert "high goals" in d.reject_reason([[low, stay("B2"), stay("B3")]])


def test_autonomous_reveals_one_card_at_a_time_and_scores_twenty():
    state = scene(
        [("red", RED_WHITE, TANK_CATAPULT), ("blue", BLUE_WHITE, TANK_CATAPULT)],
        [held(0, "red", 0), held(1, "blue", 1)],
        round_=0,
    )
    state = replace(state, phase="auto")
    move = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": -1, "dist": 1}]}
    again = {"card": "B2", "side": "top", "steps": [{"act": "move", "dir": -1, "dist": 1}]}
    shoot = {"card": "S01", "side": "top", "steps": [{"act": "high"}]}
    red = [move, again, {"card": "B3", "side": "down"}]
    blue = [{"card": "B4", "side": "down"}, stay("B1"), stay("B2")]
    state = replace(state, robots=(replace(state.robots[0], specials=("S01",)), state.robots[1]))
    red = [move, again, shoot]
    actions = {0: [red], 1: [blue]}
    for d in GAME.pending(state):
        assert d.secret and d.reject_reason(actions[d.seat]) is None
    events = GAME.resolve(state, actions, LoadedDice([3]))
    reveals = of(events, "CardsRevealed")
    assert [r["step"] for r in reveals] == [0, 1, 2]
    assert [p["card"] for p in reveals[2]["plays"]] == ["S01", "B2"]
    for e in events:
        state = GAME.evolve(state, e)
    assert of(events, "BallScored")[0]["points"] == 20
    assert of(events, "BallScored")[0]["assist_points"] == 0
    assert state.points == (20, 0) and state.phase == "play" and state.round == 1
    assert state.robots[0].hand == ("B1", "B2", "B3", "B4", "S01")  # cards come back


def test_cards_are_used_once_per_round_and_come_back():
    state = scene([("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    _, after = play_once(state, {0: stay("B1")}, LoadedDice())
    assert "B1" not in after.robots[0].hand
    assert problem(after, 0, stay("B1")) is not None
    last = replace(after, play=4)
    _, nxt = play_once(last, {0: stay("B2")}, LoadedDice())
    assert nxt.round == 2 and nxt.play == 0 and len(nxt.robots[0].hand) == 4


def test_reroll_is_once_per_game():
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT, ["S21"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    play = {"card": "S21", "side": "top", "steps": [{"act": "high"}]}
    events, after = play_once(state, {0: play}, LoadedDice([1, 5]))
    assert of(events, "Rerolled")[0]["success"] is True
    assert after.robots[0].rerolls == ("S21",)
    again = replace(
        after,
        balls=(held(0, "red", 0),),
        robots=(replace(after.robots[0], played=()), after.robots[1]),
    )
    events, _ = play_once(again, {0: play}, LoadedDice([1]))  # no second re-roll
    assert not of(events, "Rerolled")


def test_missed_shots_table():
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
        missed_shots=True,
    )
    events, after = play_once(state, {0: SHOOT}, LoadedDice([1, 3]))
    assert of(events, "MissedShot")[0]["result"] == "under"
    assert after.balls[0].zone == BLUE_WHITE
    events, after = play_once(state, {0: SHOOT}, LoadedDice([1, 1]))
    assert after.balls[0].where == "waiting"  # out of bounds: inbounded as usual


def test_tied_blocks_table():
    state = scene(
        [("red", BLUE_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(1, "blue", 1)],
        tied_blocks=True,
    )
    # tie (3+1 vs 3+1), table roll 2: the defender's next action must be a stay
    events, after = play_once(state, {0: block(), 1: SHOOT}, LoadedDice([3, 3, 2, 1]), {0: 1})
    assert after.robots[1].forced == "stay"
    assert "face down" in problem(
        after, 1, {**SHOOT, "card": "B3", "side": "top", "steps": [{"act": "truss"}]}
    )
    # table roll 6: the attacker panics and gets a random card for its next play
    events, after = play_once(
        state, {0: block(), 1: SHOOT}, LoadedDice([3, 3, 6, 1], choices=[0]), {0: 1}
    )
    assert of(events, "DriverPanicked") == [{"robot": 0, "card": "B1"}]
    assert after.robots[0].forced == "card:B1"
    assert problem(after, 0, stay("B3")) is not None
    assert "panic" in problem(
        after, 0, {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": -1, "dist": 1}]}
    )
    assert problem(after, 0, {"card": "B1", "side": "top", "steps": [None]}) is None


# -- build and draft ------------------------------------------------------------------


def test_catalogues_have_the_right_sizes():
    assert len(C.PARTS) == 13 and len(C.BASIC) == 4
    assert len([c for c in C.SPECIAL if not c.deluxe]) == 24
    assert (
        C.build_problem(list(("tank_drive", "catapult", "spinning_stick", "active_catching")), 6)
        is None
    )  # the sample robot
    assert sum(C.PART_BY_ID[p].weeks for p in WITH_CATCHING) == 6


def test_build_constraints():
    assert "budget" in C.build_problem(["swerve_drive", "super_catapult", "spinning_stick"], 6)
    assert "pick-up" in C.build_problem(["tank_drive", "catapult"], 6)
    assert C.build_problem(["tank_drive", "claw_shooter"], 6) is None  # built-in pick-up
    assert "drive" in C.build_problem(["catapult", "spinning_stick"], 6)
    assert C.build_problem(["mecanum_drive", "super_catapult", "spinning_stick"], 7) is None


def _start(n, options=None, seed=3):
    from engine.game import Seat
    from engine.runner import Match

    return Match.begin(GAME, [Seat("random")] * n, seed, options or {})


def test_draft_row_starting_player_and_extra_picks():
    m = _start(4)
    state = m.state
    assert state.phase == "build"
    builds = {
        0: [["kitbot_drive", "puncher", "spinning_stick"]],  # 3 weeks: extra picks
        1: [list(WITH_CATCHING)],
        2: [list(WITH_CATCHING)],
        3: [list(WITH_CATCHING)],
    }
    from engine.rng import Rng

    events = GAME.resolve(state, builds, Rng(1, 1))
    for e in events:
        state = GAME.evolve(state, e)
    rolled = of(events, "StartingPlayerRolled")[0]
    starter = rolled["starter"]
    last = rolled["rolls"][-1]
    assert max(a + b for _, a, b in last) == next(a + b for s, a, b in last if s == starter)
    order = of(events, "DraftOrderSet")[0]["order"]
    assert order[:4] == [(starter + k) % 4 for k in range(4)]
    assert len(order) == 12 + 2 and order[-2:] == [0, 0]
    assert len(state.row) == 8 and len(state.deck) == 16
    assert state.phase == "draft" and GAME.pending(state)[0].legal == list(state.row)


def test_two_and_three_seat_control():
    m = _start(2)
    c = m.state.controllers
    first = c[0]
    assert c == (first, 1 - first, 1 - first, first)
    m = _start(3)
    c = m.state.controllers
    assert c[0] == c[3] and sorted(set(c)) == [0, 1, 2] and len(set(c[1:3])) == 2


def test_five_seats_play_three_against_three_with_one_seat_driving_two():
    """5-6 Player Game: 5 players use the deluxe cards; we split five seats as the
    3-player game splits three (one seat drives two robots of one alliance), so each
    alliance has 3 robots and, as the deluxe rules say, starts with 3 balls."""
    m = _start(5, seed=8)
    state = m.state
    (assigned,) = [e.data for e in m.log.events if e.type == "TeamsAssigned"]
    double = assigned["double"]
    c = state.controllers
    assert (
        len(c) == 6
        and c[0] == c[5] == double
        and sorted(c[1:5]) == [s for s in range(5) if s != double]
    )
    assert len(state.deck) == 32  # the deluxe extras are shuffled in
    from aa_helpers import match

    done = match(["random", "greedy", "random", "greedy", "random"], 8)
    final = done.state
    assert final.phase == "over" and len(final.balls) == 6 and final.removed_first == 2
    reds = [r for r, robot in enumerate(final.robots) if robot.alliance == "red"]
    assert len(reds) == 3 and (0 in reds) == (5 in reds)
    ranks = done.outcome.ranks
    partner = next(
        s
        for s in range(5)
        if s != final.controllers[0]
        and final.robots[final.controllers.index(s)].alliance == final.robots[0].alliance
    )
    assert ranks[final.controllers[0]] == ranks[partner]


def test_scrimmage_play_with_five_bots(capsys):
    from engine.cli import main

    assert (
        main(
            [
                "play",
                "aerial_assault",
                "greedy",
                "random",
                "greedy",
                "random",
                "greedy",
                "--seed",
                "4",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.count("seat ") == 5 and "digest " in out


def test_options_budgets():
    assert [r.budget for r in _start(4, {"iri": True}).state.robots] == [7] * 4
    assert [r.budget for r in _start(4, {"rookie": "1,2"}).state.robots] == [6, 5, 5, 6]
    from engine.game import RulesError

    with pytest.raises(RulesError):
        _start(4, {"rookie": "9"})


def test_tie_breaks_rank_the_alliances():
    state = scene([("red", 0, TANK_CATAPULT), ("blue", 5, TANK_CATAPULT)])
    over = replace(
        state, phase="over", points=(50, 50), assists=(10, 10), catches=(20, 10), result="x"
    )
    assert GAME.outcome(over).ranks == (1, 2)
    draw = replace(over, catches=(10, 10))
    assert GAME.outcome(draw).ranks == (1, 1)


# -- fidelity to the rulebook ----------------------------------------------------------


def test_missed_shots_a_natural_one_misses_even_when_modifiers_lift_it():
    """Missed Shots: a 1 on the die *before any modifiers* sends the ball by the
    table, so Shoot +2 and Truss +2 on a natural 1 miss under this option."""
    shoot2 = {"card": "S25", "side": "top", "steps": [{"act": "high"}]}
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT, ["S25"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
        missed_shots=True,
    )
    events, after = play_once(state, {0: shoot2}, LoadedDice([1, 5]))  # 1 + 2 = 3 would score
    assert of(events, "DiceRolled")[0]["success"] is False and not of(events, "BallScored")
    assert of(events, "MissedShot")[0]["result"] == "zone2"
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_SZ2
    plain = replace(state, missed_shots=False)  # without the option the +2 scores
    events, _ = play_once(plain, {0: shoot2}, LoadedDice([1]))
    assert of(events, "BallScored")
    truss2 = {"card": "S26", "side": "top", "steps": [{"act": "truss"}]}
    state = scene(
        [("red", BLUE_WHITE, TANK_CATAPULT, ["S26"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
        missed_shots=True,
    )
    events, after = play_once(state, {0: truss2}, LoadedDice([1, 1]))
    assert not of(events, "Trussed") and of(events, "MissedShot")[0]["result"] == "out"
    assert after.balls[0].where == "waiting"


def test_missed_shots_a_trussed_ball_out_of_bounds_stays_trussed():
    """Truss: a trussed ball may not be trussed again until it scores in a goal; a
    miss out of bounds is not a score, so the mark stays through the inbound."""
    state = scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", BLUE_SZ1, WITH_CATCHING, ["S05"]),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [replace(held(0, "red", 0), trussed=True)],
        missed_shots=True,
    )
    events, after = play_once(state, {0: SHOOT}, LoadedDice([1, 2]))  # natural 1, then out
    assert of(events, "BallOut") and after.balls[0].trussed
    # inbounded to robot 2 in Blue Shoot Zone 1 (Active Catching: a sure catch)
    assert of(events, "Inbounded")[0]["robot"] == 2
    assert after.balls[0].where == "held" and after.balls[0].trussed
    move_in = replace(after, robots=_set_zone(after.robots, 2, BLUE_WHITE))
    events, _ = play_once(
        move_in, {2: {"card": "S05", "side": "top", "steps": [{"act": "truss"}]}}, LoadedDice()
    )
    assert of(events, "StepFailed")[0]["act"] == "truss"
    # once it scores, the mark is gone
    scored = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [replace(held(0, "red", 0), trussed=True)],
    )
    _, after = play_once(replace(scored, scored=(1, 0)), {0: SHOOT}, LoadedDice([6]))
    assert after.balls[0].where == "waiting" and not after.balls[0].trussed


def _set_zone(robots, r, zone):
    return robots[:r] + (replace(robots[r], zone=zone),) + robots[r + 1 :]


def test_kiss_pass_goes_only_to_a_robot_without_a_ball():
    """Kiss pass: teammates in one zone, one with the ball; *the robot without the
    ball* plays pick-up or catch and takes it. A teammate already holding a ball is
    no kiss-pass receiver: the pass lands on the floor and its pick-up rolls."""
    state = scene(
        [
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0), held(2, "red", 2)],
    )
    kiss = {"card": "B1", "side": "bottom", "steps": [{"act": "pass", "dir": 0, "dist": 0}]}
    events, after = play_once(state, {0: kiss, 2: PICKUP}, LoadedDice([1]))  # pick-up fails
    assert of(events, "BallPassed") == [{"ball": 0, "robot": 0, "zone": RED_SZ2}]
    assert of(events, "DiceRolled")[0]["for"] == "floor pick up"
    assert after.balls[0].where == "floor" and after.balls[0].zone == RED_SZ2


def test_driver_panic_card_is_secret_from_the_other_alliance():
    """Tied Blocks, Driver Panic: the panicking robot's next card is drawn at random;
    its own alliance may know it, the other alliance learns it only when it is
    played."""
    from engine.events import EVERYONE

    state = scene(
        [
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1)],
        tied_blocks=True,
    )
    # tie (3+1 v 3+1), table 6: attacker robot 0 (red) panics; of its hand B1 B3 B4
    # (B2 was just played) the third is drawn
    events, after = play_once(
        state, {0: block(), 1: SHOOT}, LoadedDice([3, 3, 6, 1], choices=[2]), {0: 1}
    )
    (panic,) = [e for e in events if e.type == "DriverPanicked"]
    assert panic.data == {"robot": 0, "card": "B4"} and panic.to == (0, 2)
    assert panic.public == {"robot": 0} and panic.seen_by(1).data == {"robot": 0}
    assert panic.to != EVERYONE
    assert GAME.view(after, 0)["robots"][0]["forced"] == "card:B4"
    assert GAME.view(after, 2)["robots"][0]["forced"] == "card:B4"  # its ally
    for seat in (1, 3, None):
        assert GAME.view(after, seat)["robots"][0]["forced"] == "panic"
    assert GAME.state_json(after)["robots"][0]["forced"] == "card:B4"
    # a rejected play's reason is public (its twin): it must not name the card either
    reason = problem(after, 0, stay("B1"))
    assert "panic" in reason and "B4" not in reason


# -- the game's interface: teams, alliances, scores, views ------------------------------------


def _teams_assigned(teams):
    from engine.game import Seat
    from engine.runner import Match

    m = Match.begin(GAME, [Seat("random", team=t) for t in teams], 1, {})
    (data,) = [e.data for e in m.log.events if e.type == "TeamsAssigned"]
    return data


@pytest.mark.parametrize(
    "teams, controllers, double",
    [
        ([0, 0, 1, 1, 1], [0, 1, 2, 3, 4, 0], 0),  # the two-seat team first: seat 0 is double
        ([0, 0, 0, 1, 1], [3, 0, 1, 2, 4, 3], 3),  # the two-seat team last: its first seat, 3
    ],
)
def test_five_seats_in_teams_the_first_seat_of_the_two_seat_team_drives_robots_0_and_5(
    teams, controllers, double
):
    assert _teams_assigned(teams) == {"controllers": controllers, "double": double, "teams": teams}


def test_six_seats_in_teams_drive_one_robot_each_with_no_solo_or_double_seat():
    teams = [0, 0, 0, 1, 1, 1]
    assert _teams_assigned(teams) == {"controllers": [0, 1, 2, 3, 4, 5], "teams": teams}


def test_alliances_are_two_against_two_or_three_against_three_with_either_side_larger():
    assert GAME.alliances(2, {}) == ((1, 1),)
    assert GAME.alliances(3, {}) == ((1, 2), (2, 1))
    assert GAME.alliances(4, {}) == ((2, 2),)
    assert GAME.alliances(5, {}) == ((2, 3), (3, 2))
    assert GAME.alliances(6, {}) == ((3, 3),)


def test_the_outcome_gives_each_seat_its_alliances_points_and_the_reason():
    state = scene(
        [("red", 0, TANK_CATAPULT), ("blue", 5, TANK_CATAPULT), ("red", 1, TANK_CATAPULT)]
    )
    over = replace(state, phase="over", points=(30, 50), result="blue wins 50 to 30")
    outcome = GAME.outcome(over)
    assert (outcome.ranks, outcome.scores) == ((2, 1, 2), (30, 50, 30))
    assert outcome.reason == "blue wins 50 to 30"
    assert GAME.outcome(replace(over, phase="play")) is None


def test_scores_are_each_seats_alliances_points_and_0_before_the_alliances_are_dealt():
    assert GAME.scores(None) == ()
    state = scene(
        [("red", 0, TANK_CATAPULT), ("blue", 5, TANK_CATAPULT), ("blue", 4, TANK_CATAPULT)]
    )
    assert GAME.scores(replace(state, points=(20, 7))) == (20, 7, 7)
    undealt = replace(state, robots=tuple(replace(r, alliance="") for r in state.robots))
    assert GAME.scores(replace(undealt, points=(20, 7))) == (0, 0, 0)


def test_the_omniscient_state_shows_the_pile_the_draft_schedule_controllers_and_rookies():
    m = _start(3, {"rookie": "1"})
    state = m.state
    shown = GAME.state_json(state)
    assert shown["deck"] == list(state.deck)
    assert shown["pick_order"] == list(state.pick_order)
    assert shown["pick_index"] == state.pick_index
    assert shown["controllers"] == list(state.controllers)
    assert shown["rookie"] == [1]


def test_a_new_game_object_shows_each_seat_its_view():
    from engine.games.aerial_assault.rules import AerialAssault
    from engine.games.aerial_assault.view import view_of

    state = _start(4).state
    fresh = AerialAssault()  # built here, not at import: its views are made in __init__
    for seat in (None, 0, 3):
        assert fresh.view(state, seat) == view_of(state, seat, False)


def test_a_rookie_option_naming_a_seat_the_match_lacks_is_refused_before_it_starts():
    from engine.game import RulesError

    with pytest.raises(RulesError, match=r"outside 0\.\.3"):
        GAME.check_setup(4, GAME.resolve_options({"rookie": "4"}))
    GAME.check_setup(5, GAME.resolve_options({"rookie": "4"}))
    GAME.check_setup(2, GAME.resolve_options({}))


@pytest.mark.parametrize("teams", [[None, None], [0, 1]])
def test_two_seats_deal_the_1_card_to_the_seat_driving_robots_0_and_3_even_in_teams(teams):
    data = _teams_assigned(teams)
    first = data["card_1"]
    assert data == {"controllers": [first, 1 - first, 1 - first, first], "card_1": first}


def test_without_teams_three_seats_deal_a_solo_seat_and_four_seats_drive_one_robot_each():
    data = _teams_assigned([None] * 3)
    solo = data["solo"]
    others = [s for s in range(3) if s != solo]
    assert data == {"controllers": [solo, *others, solo], "solo": solo}
    assert _teams_assigned([None] * 4) == {"controllers": [0, 1, 2, 3]}


def test_a_draft_pick_is_asked_of_the_picking_robots_seat_with_a_card_of_the_row_as_default():
    from engine.rng import Rng

    state = _start(2).state
    events = GAME.resolve(state, {s: [list(WITH_CATCHING)] * 2 for s in range(2)}, Rng(1, 1))
    for e in events:
        state = GAME.evolve(state, e)
    for _ in range(3):  # robots 0, 1 and 2 pick in turn
        robot = state.pick_order[state.pick_index]
        (decision,) = GAME.pending(state)
        assert decision.seat == state.controllers[robot]
        assert decision.legal == list(state.row) and decision.default in decision.legal
        assert "draft" in decision.prompt and f"robot {robot}" in decision.prompt
        for e in GAME.resolve(state, {decision.seat: decision.default}, Rng(1, 1)):
            state = GAME.evolve(state, e)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_each_seats_default_build_program_and_play_covers_each_robot_it_drives(seats):
    """A seat's default (played when it fails) is a legal action: one entry per robot."""
    from engine.rng import Rng

    state = _start(seats).state
    prompts = set()
    while state.phase in ("build", "draft", "auto", "play") and state.round < 2:
        decisions = GAME.pending(state)
        prompts |= {d.prompt for d in decisions if state.phase != "draft"}
        if state.phase != "draft":
            assert [d.seat for d in decisions] == list(range(seats))
        for d in decisions:
            assert d.reject_reason(d.default) is None
            if state.phase != "draft":
                assert len(d.default) == len(robots_of(state, d.seat)) > 0
        actions = {d.seat: d.default for d in decisions}
        for e in GAME.resolve(state, actions, Rng(5, len(state.robots))):
            state = GAME.evolve(state, e)
    # each prompt says what is asked (the play's round and card play counted from 1)
    assert prompts == {
        "build your robot(s)",
        "program the autonomous round",
        *(f"round 1, card play {n}" for n in range(1, 6)),
    }


def test_a_match_started_without_a_rules_version_is_taken_to_be_this_version():
    from engine.events import MATCH_STARTED, Event

    header = {"seats": [{}, {}], "options": {}}
    assert GAME.evolve(None, Event(MATCH_STARTED, header)).version == GAME.rules_version == 3
    header["rules_version"] = 1
    assert GAME.evolve(None, Event(MATCH_STARTED, header)).version == 1

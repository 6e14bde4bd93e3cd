"""Aerial Assault's card play as ``actions.py`` resolves it: blocks (the roll, the
re-roll card, a tie, a block that cannot happen), moves (the Fast Tank, Move 2,
an autonomous move stopped at the truss), passes and floor pick-ups, each from
RULES.md ("The actions", "Resolution order") and told event by event."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    CATCH,
    FAST_CATAPULT,
    MECANUM_CATAPULT,
    PICKUP,
    RED_SZ1,
    RED_SZ2,
    RED_WHITE,
    SHOOT,
    TANK_CATAPULT,
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


def _block(card: str = "B2", side: str = "bottom") -> dict:
    return {"card": card, "side": side, "steps": [{"act": "block"}]}


def _duel(red_parts=TANK_CATAPULT, blue_parts=MECANUM_CATAPULT, specials=(), **options):
    """Red robot 0 and blue robot 1 (holding its ball) in Blue Shoot Zone 1."""
    return scene(
        [("red", BLUE_SZ1, red_parts, specials), ("blue", BLUE_SZ1, blue_parts)],
        [held(1, "blue", 1)],
        **options,
    )


# -- blocks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "result"),
    [([3, 4], "blocked"), ([2, 5], "tie"), ([1, 6], "held")],
)
def test_a_block_adds_the_drives_and_the_cards_modifiers_and_needs_a_higher_total(dice, result):
    """Block +1 (S10) from a Tank (+1) against a Mecanum (-1): the attacker's die
    + 2 against the defender's die - 1; only a higher total cancels the card."""
    state = _duel(specials=["S10"])
    shot = [6] if result != "blocked" else []
    events, after = play_once(
        state, {0: _block("S10", "top"), 1: SHOOT}, LoadedDice(dice + shot), {0: 1}
    )
    assert of(events, "BlockRolled") == [
        {
            "blocker": 0,
            "target": 1,
            "die": dice[0],
            "mod": 2,
            "target_die": dice[1],
            "target_mod": -1,
            "result": result,
            "rerolled": False,
        }
    ]
    if result == "blocked":
        assert of(events, "ActionBlocked") == [{"robot": 1, "by": 0}]
        assert after.points == (0, 0) and after.robots[0].last_block == 1
    else:
        assert not of(events, "ActionBlocked") and after.points == (0, 10)
    assert not of(events, "TiedBlock")  # the optional rule is off


def test_a_block_re_roll_card_rolls_the_attackers_die_again_once_per_game():
    """Block (re-roll) (S24): a block that does not win rolls the attacker's die
    again, once per game for the robot; a block that wins is not re-rolled."""
    state = _duel(specials=["S24"])
    play = _block("S24", "top")
    # 1 + 1 against 4 - 1: short, re-rolled to 6 + 1
    events, after = play_once(state, {0: play, 1: SHOOT}, LoadedDice([1, 4, 6]), {0: 1})
    assert of(events, "Rerolled") == [{"robot": 0, "card": "S24", "for": "block", "die": 1}]
    (rolled,) = of(events, "BlockRolled")
    assert (rolled["die"], rolled["result"], rolled["rerolled"]) == (6, "blocked", True)
    assert after.robots[0].rerolls == ("S24",)
    # the card is spent: next time a short block stays short
    again = replace(state, robots=(replace(state.robots[0], rerolls=("S24",)), state.robots[1]))
    events, _ = play_once(again, {0: play, 1: SHOOT}, LoadedDice([1, 4, 6]), {0: 1})
    assert not of(events, "Rerolled") and of(events, "BlockRolled")[0]["result"] == "held"
    # a tie is no win: 2 + 1 against 4 - 1 is re-rolled
    events, _ = play_once(state, {0: play, 1: SHOOT}, LoadedDice([2, 4, 1, 6]), {0: 1})
    assert of(events, "Rerolled") == [{"robot": 0, "card": "S24", "for": "block", "die": 2}]
    assert of(events, "BlockRolled")[0]["result"] == "held"
    # a block that wins at once (3 + 1 against 4 - 1) keeps its re-roll
    events, after = play_once(state, {0: play, 1: SHOOT}, LoadedDice([3, 4]), {0: 1})
    assert not of(events, "Rerolled") and of(events, "BlockRolled")[0]["rerolled"] is False
    assert after.robots[0].rerolls == ()


@pytest.mark.parametrize(
    ("die", "robot", "effect"),
    [
        (1, 1, "panic"),
        (2, 1, "stay"),
        (3, None, ""),
        (4, None, ""),
        (5, 0, "stay"),
        (6, 0, "panic"),
    ],
)
def test_a_tied_block_rolls_the_tied_blocks_table(die, robot, effect):
    """Tied blocks: 1 the defender panics, 2 the defender stays, 3-4 nothing, 5 the
    attacker stays, 6 the attacker panics."""
    state = _duel(TANK_CATAPULT, TANK_CATAPULT, tied_blocks=True)
    events, _ = play_once(
        state, {0: _block(), 1: SHOOT}, LoadedDice([3, 3, die, 6], choices=[0]), {0: 1}
    )
    assert of(events, "TiedBlock") == [
        {"attacker": 0, "defender": 1, "die": die, "robot": robot, "effect": effect}
    ]


def test_a_block_whose_target_is_no_longer_in_the_zone_does_nothing():
    """A Fast Tank's Move then Block names its target where the announced 2 zones
    take it; rolling short, it blocks nobody and the target acts."""
    state = scene(
        [("red", BLUE_WHITE, FAST_CATAPULT, ["S14"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(1, "blue", 1)],
    )
    move_block = {
        "card": "S14",
        "side": "top",
        "steps": [{"act": "move", "dir": 1, "dist": 2}, {"act": "block"}],
    }
    events, after = play_once(state, {0: move_block, 1: SHOOT}, LoadedDice([2, 6]), {0: 1})
    assert after.robots[0].zone == BLUE_SZ2
    assert failed(events) == [(0, "block", "the target is not in this zone")]
    assert not of(events, "BlockRolled") and after.points == (0, 10)


def test_a_block_on_a_robot_that_played_its_card_face_down_does_nothing():
    state = _duel()
    events, _ = play_once(state, {0: _block(), 1: stay("B1")}, LoadedDice(), {0: 1})
    assert failed(events) == [(0, "block", "the target has no action to block")]
    assert not of(events, "BlockRolled")


def test_a_second_block_on_a_robot_already_blocked_does_nothing():
    """Its card is cancelled already: nothing is left to block, and no die is rolled."""
    state = scene(
        [
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", RED_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1)],
    )
    plays = {0: _block(), 1: SHOOT, 2: _block()}
    events, after = play_once(state, plays, LoadedDice([6, 1]), {0: 1, 2: 1})
    assert [(d["blocker"], d["result"]) for d in of(events, "BlockRolled")] == [(0, "blocked")]
    assert failed(events) == [(2, "block", "the target has no action to block")]
    assert after.points == (0, 0)


def test_blocks_that_are_not_on_blocks_go_in_robot_order():
    state = scene(
        [
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(1, "blue", 1), held(3, "blue", 3)],
    )
    events, _ = play_once(
        state,
        {0: _block(), 1: SHOOT, 2: _block(), 3: SHOOT},
        LoadedDice([6, 1, 6, 1]),
        {0: 3, 2: 1},
    )
    assert [(d["blocker"], d["target"]) for d in of(events, "BlockRolled")] == [(0, 3), (2, 1)]


def test_a_double_action_with_its_first_half_skipped_does_its_second():
    """Move then Shoot (S12) with the move left out (null) still shoots."""
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT, ["S12"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    play = {"card": "S12", "side": "top", "steps": [None, {"act": "high"}]}
    events, after = play_once(state, {0: play}, LoadedDice([6]))
    assert not of(events, "RobotMoved") and after.points == (10, 0)


# -- moves --------------------------------------------------------------------------------


def test_move_two_goes_two_zones_with_any_drive_and_no_roll():
    """Move 2 (S18) needs no roll, even from a Fast Tank; nor does a 2-zone drive."""
    for parts, card, side in ((FAST_CATAPULT, "S18", "top"), (MECANUM_CATAPULT, "B1", "top")):
        state = scene([("red", RED_SZ1, parts, ["S18"]), ("blue", BLUE_SZ1, TANK_CATAPULT)])
        move = {"card": card, "side": side, "steps": [{"act": "move", "dir": 1, "dist": 2}]}
        events, after = play_once(state, {0: move}, LoadedDice())
        assert of(events, "RobotMoved") == [{"robot": 0, "from": RED_SZ1, "to": RED_WHITE}]
        assert not of(events, "DiceRolled")


def test_a_fast_tank_rolls_3_to_6_for_its_second_zone():
    state = scene([("red", RED_SZ1, FAST_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    move = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": 1, "dist": 2}]}
    events, _ = play_once(state, {0: move}, LoadedDice([2]))
    assert of(events, "DiceRolled") == [
        {"robot": 0, "for": "fast drive", "die": 2, "mod": 0, "need": 3, "success": False}
    ]
    assert of(events, "RobotMoved") == [{"robot": 0, "from": RED_SZ1, "to": RED_SZ2}]


def test_an_autonomous_move_a_short_fast_tank_roll_points_past_the_truss_stops_at_it():
    """Each Fast Tank programs 2 zones back, then 2 zones forward: the first roll
    fails (1 zone), so the second move, rolled well, would cross the truss; the
    robot stops in its white zone."""
    state = scene(
        [("red", RED_WHITE, FAST_CATAPULT), ("blue", BLUE_WHITE, FAST_CATAPULT)], round_=0
    )
    state = replace(state, phase="auto")

    def program(d):
        back = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": -d, "dist": 2}]}
        ahead = {"card": "B2", "side": "top", "steps": [{"act": "move", "dir": d, "dist": 2}]}
        return [back, ahead, stay("B3")]

    actions = {0: [program(1)], 1: [program(-1)]}
    for d in GAME.pending(state):
        assert d.reject_reason(actions[d.seat]) is None
    events = GAME.resolve(state, actions, LoadedDice([2, 2, 6, 6]))
    assert of(events, "RobotMoved") == [
        {"robot": 0, "from": RED_WHITE, "to": RED_SZ2},
        {"robot": 1, "from": BLUE_WHITE, "to": BLUE_SZ2},
        {"robot": 0, "from": RED_SZ2, "to": RED_WHITE},
        {"robot": 1, "from": BLUE_SZ2, "to": BLUE_WHITE},
    ]


def test_an_autonomous_move_a_short_fast_tank_roll_points_off_the_field_stops_at_its_end():
    """Two zones back (rolled well), two ahead (rolled short: one), then Move 2 back:
    planned to end at the end of the field, it would go one zone past it; the robot
    stops at the end."""
    state = scene(
        [("red", RED_WHITE, FAST_CATAPULT, ["S18"]), ("blue", BLUE_WHITE, FAST_CATAPULT, ["S18"])],
        round_=0,
    )
    state = replace(state, phase="auto")

    def program(d):
        back = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": -d, "dist": 2}]}
        ahead = {"card": "B2", "side": "top", "steps": [{"act": "move", "dir": d, "dist": 2}]}
        again = {"card": "S18", "side": "top", "steps": [{"act": "move", "dir": -d, "dist": 2}]}
        return [back, ahead, again]

    actions = {0: [program(1)], 1: [program(-1)]}
    for d in GAME.pending(state):
        assert d.reject_reason(actions[d.seat]) is None
    events = GAME.resolve(state, actions, LoadedDice([6, 6, 2, 2]))
    assert of(events, "RobotMoved")[-2:] == [
        {"robot": 0, "from": RED_SZ2, "to": RED_SZ1},
        {"robot": 1, "from": BLUE_SZ2, "to": BLUE_SZ1},
    ]


def test_an_autonomous_move_then_block_also_stops_at_the_truss():
    """The move of a Move then Block (S14) resolves with the blocks, and is an
    autonomous move all the same: pointing past the truss after a short roll, it
    stops in the white zone (and its block finds nobody)."""
    state = scene(
        [("red", RED_WHITE, FAST_CATAPULT, ["S14"]), ("blue", BLUE_SZ1, TANK_CATAPULT)], round_=0
    )
    state = replace(state, phase="auto")
    back = {"card": "B1", "side": "top", "steps": [{"act": "move", "dir": -1, "dist": 2}]}
    move_block = {
        "card": "S14",
        "side": "top",
        "steps": [{"act": "move", "dir": 1, "dist": 2}, {"act": "block"}],
    }
    actions = {0: [[back, move_block, stay("B3")]], 1: [[stay("B1"), stay("B2"), stay("B3")]]}
    for d in GAME.pending(state):
        assert d.reject_reason(actions[d.seat]) is None
    events = GAME.resolve(state, actions, LoadedDice([2, 6]))
    assert of(events, "RobotMoved") == [
        {"robot": 0, "from": RED_WHITE, "to": RED_SZ2},
        {"robot": 0, "from": RED_SZ2, "to": RED_WHITE},
    ]


# -- passes, pick-ups and catches ----------------------------------------------------------


def _pass(direction: int, dist: int) -> dict:
    return {
        "card": "B1",
        "side": "bottom",
        "steps": [{"act": "pass", "dir": direction, "dist": dist}],
    }


def test_a_pass_without_a_ball_does_nothing_and_says_why():
    state = scene([("red", RED_SZ2, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    events, _ = play_once(state, {0: _pass(1, 1)}, LoadedDice())
    assert failed(events) == [(0, "pass", "the robot holds no ball")]
    assert not of(events, "BallPassed")


@pytest.mark.parametrize(
    ("direction", "dist", "zone"), [(-1, 1, RED_SZ1), (1, 2, BLUE_WHITE), (0, 0, RED_SZ2)]
)
def test_a_pass_lands_the_ball_on_the_floor_that_many_zones_away(direction, dist, zone):
    """No ally waiting in the zone: even a distance-0 pass lands on the floor."""
    state = scene(
        [("red", RED_SZ2, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)], [held(0, "red", 0)]
    )
    events, after = play_once(state, {0: _pass(direction, dist)}, LoadedDice())
    assert of(events, "BallPassed") == [{"ball": 0, "robot": 0, "zone": zone}]
    assert (after.balls[0].where, after.balls[0].zone) == ("floor", zone)


def test_a_kiss_pass_goes_to_the_first_ally_in_allied_order_and_spends_its_action():
    """Six robots: red 0 passes to red 2 and red 4, both picking up in its zone;
    red 4 comes first in allied order and takes the ball, no roll, its pick-up
    spent; red 2's pick-up finds no ball. The blue robot there, picking up too,
    is no receiver."""
    state = scene(
        [
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", RED_SZ2, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ],
        [held(0, "red", 0)],
    )
    plays = {0: _pass(0, 0), 1: PICKUP, 2: {**PICKUP, "order": 1}, 4: {**CATCH, "order": 0}}
    events, after = play_once(state, plays, LoadedDice())
    assert of(events, "BallPassed") == [{"ball": 0, "robot": 0, "to": 4, "kiss": True}]
    assert after.balls[0].robot == 4
    assert failed(events) == [
        (1, "pickup", "no ball of the alliance on the floor here"),
        (2, "pickup", "no ball of the alliance on the floor here"),
    ]


def test_a_floor_pick_up_rolls_with_the_cards_modifier_against_the_pick_up_number():
    """Floor Pick Up +1 (S08) with a Spinning Stick (3-6): a 2 + 1 picks up the
    lowest-numbered ball of the alliance lying there."""
    state = scene(
        [("red", RED_SZ2, TANK_CATAPULT, ["S08"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [floor(2, "red", RED_SZ2), floor(4, "red", RED_SZ2), held(5, "red", 0)],
    )
    play = {"card": "S08", "side": "top", "steps": [{"act": "pickup"}]}
    events, after = play_once(state, {0: play}, LoadedDice([2]))
    assert of(events, "DiceRolled") == [
        {"robot": 0, "for": "floor pick up", "die": 2, "mod": 1, "need": 3, "success": True}
    ]
    assert of(events, "BallPickedUp") == [{"ball": 2, "robot": 0}]
    assert after.balls[2].robot == 0 and after.balls[4].where == "floor"
    events, after = play_once(state, {0: play}, LoadedDice([1]))
    assert not of(events, "BallPickedUp") and after.balls[2].where == "floor"


def test_a_robot_carrying_two_balls_picks_up_no_third():
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0), held(2, "red", 0), floor(4, "red", RED_SZ1)],
    )
    events, after = play_once(state, {0: PICKUP}, LoadedDice())
    assert failed(events) == [(0, "pickup", "the robot already carries two balls")]
    assert after.balls[4].where == "floor"


def test_a_catch_with_no_truss_to_catch_does_nothing_and_says_why():
    state = scene([("red", RED_WHITE, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    events, _ = play_once(state, {0: CATCH}, LoadedDice())
    assert failed(events) == [(0, "catch", "no ball was trussed to this robot")]

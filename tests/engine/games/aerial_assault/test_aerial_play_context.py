"""A revealed play as it resolves (play_context.py): RULES.md's `order`, the
robot's place among its allies in one resolution step, is optional and 0 when
left out, in the autonomous programs too; a roll and a re-roll card's second
roll are told with what they were for."""

from __future__ import annotations

from dataclasses import replace

from aa_helpers import (
    BLUE_SZ1,
    BLUE_WHITE,
    PICKUP,
    RED_SZ1,
    RED_WHITE,
    TANK_CATAPULT,
    floor,
    held,
    of,
    play_once,
    scene,
    stay,
)

from engine.games.aerial_assault import GAME
from tests.engine.games.loaded_dice import LoadedDice


def test_an_autonomous_play_without_an_order_goes_as_order_0_before_a_higher_robot():
    state = scene(
        [
            ("red", RED_WHITE, TANK_CATAPULT),
            ("blue", BLUE_WHITE, TANK_CATAPULT),
            ("red", RED_WHITE, TANK_CATAPULT),
        ],
        [floor(0, "red", RED_WHITE), held(1, "blue", 1)],
        round_=0,
    )
    state = replace(state, phase="auto")
    # robot 0 names no order, robot 2 names order 0: a tie, so robot 0 picks up first
    unordered = [PICKUP, stay("B1"), stay("B2")]
    ordered = [{**PICKUP, "card": "B4", "order": 0}, stay("B1"), stay("B2")]
    blue = [stay("B1"), stay("B2"), stay("B3")]
    actions = {0: [unordered], 1: [blue], 2: [ordered]}
    for d in GAME.pending(state):
        assert d.reject_reason(actions[d.seat]) is None
    events = GAME.resolve(state, actions, LoadedDice([6]))
    assert of(events, "BallPickedUp") == [{"robot": 0, "ball": 0}]
    assert of(events, "StepFailed")[0]["robot"] == 2


def test_a_failed_roll_and_its_re_roll_are_each_told_in_full():
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT, ["S21"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(0, "red", 0)],
    )
    shoot = {"card": "S21", "side": "top", "steps": [{"act": "high"}]}  # Shoot (re-roll)
    events, _ = play_once(state, {0: shoot}, LoadedDice([1, 5]))
    # the catapult scores on 3-6: the 1 fails, the card's re-roll brings a 5
    assert of(events, "DiceRolled") == [
        {"robot": 0, "for": "high goal", "die": 1, "mod": 0, "need": 3, "success": False}
    ]
    assert of(events, "Rerolled") == [
        {
            "robot": 0,
            "card": "S21",
            "for": "high goal",
            "die": 5,
            "mod": 0,
            "need": 3,
            "success": True,
        }
    ]

"""What stands between a robot and its damage (RULES.md "Options against
damage" and the Power-Down Shield and Ablative Coat of "Options"), as harm.py
deals it."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import EMPTY_FLOOR, E, N, blank, events, on, put, run_step, table

from engine.games.powerball import GAME
from engine.games.powerball.cards import (
    ABLATIVE,
    BRAKES,
    DOUBLE,
    FLYWHEEL,
    REVERSE,
    SHIELD,
)
from engine.games.powerball.harm import damage
from engine.games.powerball.state import change


def test_a_power_down_shield_stops_nothing_for_a_robot_powered_up_nor_from_a_blast():
    """The shield works only while its robot is powered down (or respawned), and
    a blast (buzz bomb, meteor) comes from no side."""
    state = put(put(blank(2), 0, 1, 6, E), 1, 4, 6, N, options=(SHIELD,))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert t.state.robots[1].damage == 1 and events(t, "DamageShielded") == []
    t = table(change(state, 1, down=True))
    damage(t, 1, 3, 0, "buzz bomb")  # no side
    assert t.state.robots[1].damage == 3 and events(t, "DamageShielded") == []


def test_the_options_named_against_damage_cancel_one_point_each_and_no_more():
    """Each point of damage is cancelled by the next named option still held:
    two points spend both named, one point only the first."""
    state = put(put(blank(2), 0, 1, 6, E, options=(DOUBLE,)), 1, 4, 6, N, down=True)
    state = change(state, 1, options=(REVERSE, BRAKES, FLYWHEEL), armour=(BRAKES, FLYWHEEL))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})  # 2 shots
    assert t.state.robots[1].damage == 0 and t.state.robots[1].options == (REVERSE,)
    assert [(d["option"], d["why"]) for d in events(t, "OptionMoved")] == [
        (BRAKES, "armour"),
        (FLYWHEEL, "armour"),
    ]
    t = on(EMPTY_FLOOR, change(state, 0, options=()))
    run_step(t, "lasers", {})  # 1 shot
    robot = t.state.robots[1]
    assert robot.damage == 0 and robot.options == (REVERSE, FLYWHEEL)
    assert t.state.discards == (BRAKES,)


def test_an_ablative_coat_tells_whose_it_is_as_it_soaks_and_its_third_point_uses_it_up():
    state = put(put(blank(2), 0, 1, 6, E), 1, 4, 6, N, down=True, options=(ABLATIVE,))
    t = on(EMPTY_FLOOR, replace(state, charges=((ABLATIVE, 2),)))  # 2 soaked already
    run_step(t, "lasers", {})
    (charged,) = [e for e in t.events if e.type == "OptionCharged"]
    assert GAME.describe(charged, ["alpha", "beta"]).startswith("beta (seat 1) uses the")
    assert events(t, "OptionMoved") == [
        {"option": ABLATIVE, "from": 1, "to": "discards", "why": "used up"}
    ]
    assert t.state.robots[1].damage == 0

"""The field of RULES.md ("The field"): six zones in a row from the red goals to
the blue goals, each alliance's half, white zone, Shoot Zone 1, where its ball is
inbounded, and the shooting and truss ranges from every zone."""

from __future__ import annotations

from engine.games.aerial_assault.field import (
    ALLIANCES,
    ZONES,
    inbound_zone,
    other,
    shoot_range,
    shoot_zone_1,
    side_of,
    toward_goal,
    truss_range,
    white_zone,
)


def test_zones_0_to_2_are_the_red_half_and_3_to_5_the_blue_half():
    assert ZONES == 6 and ALLIANCES == ("red", "blue")
    assert [side_of(z) for z in range(ZONES)] == ["red"] * 3 + ["blue"] * 3


def test_each_alliances_white_shoot_and_inbound_zones():
    # the white (Auto Start) zones meet at the truss; Shoot Zone 1 is by the own goals
    assert (white_zone("red"), white_zone("blue")) == (2, 3)
    assert (shoot_zone_1("red"), shoot_zone_1("blue")) == (0, 5)
    # a ball is inbounded into the opposing Shoot Zone 1
    assert (inbound_zone("red"), inbound_zone("blue")) == (5, 0)


def test_direction_minus_1_goes_towards_the_red_goals():
    assert (toward_goal("red"), toward_goal("blue")) == (-1, 1)


def test_shooting_range_is_1_2_3_from_the_own_half_only():
    assert [shoot_range("red", z) for z in range(ZONES)] == [1, 2, 3, None, None, None]
    assert [shoot_range("blue", z) for z in range(ZONES)] == [None, None, None, 3, 2, 1]


def test_truss_range_is_the_distance_home_to_the_white_zone_from_the_other_half():
    assert [truss_range("red", z) for z in range(ZONES)] == [None, None, None, 1, 2, 3]
    assert [truss_range("blue", z) for z in range(ZONES)] == [3, 2, 1, None, None, None]


def test_the_other_alliance():
    assert (other("red"), other("blue")) == ("blue", "red")

"""Aerial Assault's state and its small queries (``state.py``): the `rookie`
option (RULES.md, "Options"), who drives which robot and in which alliance
(RULES.md, "Seats, robots and alliances"), the balls a robot holds, those on the
floor and those in play, and the red and blue totals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import BLUE_SZ1, RED_SZ1, RED_SZ2, TANK_CATAPULT, floor, held, scene

from engine.game import RulesError
from engine.games.aerial_assault.state import (
    Ball,
    add_to,
    alliance_seats,
    floor_balls,
    held_by,
    in_play,
    parse_rookie,
    robots_of,
    seat_alliance,
    set_item,
)


@pytest.mark.parametrize(
    ("text", "seats", "rookies"),
    [
        ("", 4, ()),
        ("  ", 4, ()),
        ("all", 4, (0, 1, 2, 3)),
        (" ALL ", 3, (0, 1, 2)),
        ("0,2", 4, (0, 2)),
        ("2, 0,2", 4, (0, 2)),
        ("3,", 4, (3,)),
    ],
)
def test_the_rookie_option_names_all_seats_or_a_list_of_seat_numbers(text, seats, rookies):
    assert parse_rookie(text, seats) == rookies


def test_a_rookie_option_that_is_no_list_of_seats_is_refused_with_its_reason():
    with pytest.raises(RulesError) as caught:
        parse_rookie("one", 4)
    assert (
        str(caught.value) == "option rookie takes '', 'all' or seat numbers like '0,2', not 'one'"
    )
    for text in ("4", "-1", "0,4"):
        with pytest.raises(RulesError) as caught:
            parse_rookie(text, 4)
        assert str(caught.value) == "option rookie names a seat outside 0..3"


def test_totals_are_kept_red_first_then_blue():
    assert add_to((1, 2), "red", 3) == (4, 2)
    assert add_to((1, 2), "blue", 3) == (1, 5)
    assert set_item(("a", "b", "c"), 1, "x") == ("a", "x", "c")
    assert set_item(("a", "b", "c"), 0, "x") == ("x", "b", "c")


def _six_by_five_seats():
    """Five seats: seat 0 drives robots 0 and 5 (the double seat), seats 1-4 one
    robot each; red robots 0, 2, 5 and blue 1, 3, 4."""
    alliances = ["red", "blue", "red", "blue", "blue", "red"]
    state = scene([(a, RED_SZ1, TANK_CATAPULT) for a in alliances])
    return replace(state, seats=5, controllers=(0, 1, 2, 3, 4, 0))


def test_a_seat_drives_its_robots_in_robot_order_in_one_alliance():
    state = _six_by_five_seats()
    assert robots_of(state, 0) == [0, 5] and robots_of(state, 3) == [3]
    mine = robots_of(state, 0)
    mine.append(9)  # a fresh list each time
    assert robots_of(state, 0) == [0, 5]
    assert seat_alliance(state, 0) == "red" and seat_alliance(state, 4) == "blue"
    assert seat_alliance(state, 7) == ""  # a seat that drives nothing
    assert alliance_seats(state, "red") == (0, 2)
    assert alliance_seats(state, "blue") == (1, 3, 4)


def test_a_robot_has_the_drive_and_shooter_it_was_built_with():
    state = scene([("red", RED_SZ1, ("mecanum_drive", "flywheel", "roller_intake"))])
    robot = state.robots[0]
    assert robot.part("drive").id == "mecanum_drive"
    assert robot.part("shooter").id == "flywheel"


def test_the_balls_held_lying_on_the_floor_and_in_play():
    state = scene(
        [("red", RED_SZ2, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [
            held(0, "red", 0),
            held(1, "blue", 1),
            held(2, "red", 0),
            floor(3, "red", RED_SZ2),
            floor(4, "blue", RED_SZ2),
            floor(5, "red", RED_SZ1),
            Ball(6, "red", "waiting"),
            Ball(7, "red", "removed"),
            floor(8, "red", RED_SZ2),
        ],
    )
    assert [b.id for b in held_by(state, 0)] == [0, 2]
    assert [b.id for b in held_by(state, 1)] == [1]
    assert [b.id for b in floor_balls(state, "red", RED_SZ2)] == [3, 8]
    assert [b.id for b in floor_balls(state, "blue", RED_SZ2)] == [4]
    assert [b.id for b in in_play(state, "red")] == [0, 2, 3, 5, 8]
    assert [b.id for b in in_play(state, "blue")] == [1, 4]

"""The table in exact integers: templates, loops, the ruler, the arc, the edge.

Floats appear only in this file's check of the integer table against the true
curves; the game never uses them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.dogfight.geometry import (
    AREA,
    DIRECTION,
    DISPLACEMENT,
    HALF,
    HEADINGS,
    RULER,
    SECTION,
    STRAIGHT,
    TEMPLATES,
    TOKEN,
    _base,
    corners,
    fly,
    in_arc,
    in_range_and_arc,
    on_table,
    quarter_turns,
    section,
)

names = st.sampled_from(sorted(TEMPLATES))
headings = st.integers(0, HEADINGS - 1)
coords = st.integers(-(10**6), 10**6)
MIRROR = {"S": "S", "BL": "BR", "BR": "BL", "TL": "TR", "TR": "TL"}


def flight(pose, plan):
    for name in plan:
        pose = fly(pose, name)
    return pose


def test_every_displacement_is_an_integer_vector():
    assert len(DISPLACEMENT) == len(TEMPLATES) * HEADINGS
    for vector in DISPLACEMENT.values():
        assert all(type(c) is int for c in vector)


@pytest.mark.parametrize("heading", range(HEADINGS))
def test_four_turns_or_eight_banks_the_same_way_close_the_loop_exactly(heading):
    start = (3600, 3600, heading)
    for name, times in (("TR", 4), ("TL", 4), ("BR", 8), ("BL", 8)):
        assert flight(start, [name] * times) == start, name


@pytest.mark.parametrize("heading", range(HEADINGS))
def test_a_bank_left_then_right_restores_the_heading_and_mirrors_right_then_left(heading):
    start = (3600, 3600, heading)
    left_right = flight(start, ["BL", "BR"])
    right_left = flight(start, ["BR", "BL"])
    assert left_right[2] == right_left[2] == heading
    # the two sidesteps are mirror images about the line of flight
    fx, fy = DIRECTION[heading]
    a = (left_right[0] - 3600, left_right[1] - 3600)
    b = (right_left[0] - 3600, right_left[1] - 3600)
    assert a[0] * fx + a[1] * fy == b[0] * fx + b[1] * fy  # as far forward
    assert a[0] * fy - a[1] * fx == -(b[0] * fy - b[1] * fx)  # as far to each side


def test_the_integer_table_is_within_a_unit_of_the_true_curves():
    """Straight: 30 mm bar; bank: 45 degrees at radius 60 mm; turn: 90 degrees
    at radius 30 mm; the token's back goes to the template's end."""
    shapes = {"S": (0, 0), "BR": (45, 600), "TR": (90, 300)}
    for name, (angle, radius) in shapes.items():
        t = math.radians(angle)
        if angle:
            end = (radius * (1 - math.cos(t)), HALF + radius * math.sin(t))
        else:
            end = (0, HALF + STRAIGHT)
        ideal = (end[0] + HALF * math.sin(t), end[1] + HALF * math.cos(t))
        for heading in range(HEADINGS):
            turn = math.radians(heading * 45)
            x = ideal[0] * math.cos(turn) + ideal[1] * math.sin(turn)
            y = -ideal[0] * math.sin(turn) + ideal[1] * math.cos(turn)
            got = DISPLACEMENT[name, heading]
            assert abs(got[0] - x) <= 0.5 and abs(got[1] - y) <= 0.5, (name, heading)


@given(names, headings)
def test_a_quarter_turned_start_gives_a_quarter_turned_displacement(name, heading):
    assert DISPLACEMENT[name, (heading + 2) % 8] == quarter_turns(DISPLACEMENT[name, heading], 1)


@given(st.lists(names, max_size=8), headings, coords, coords, coords, coords)
def test_flights_do_not_depend_on_where_they_start(plan, heading, x, y, dx, dy):
    here = flight((x, y, heading), plan)
    there = flight((x + dx, y + dy, heading), plan)
    assert (there[0] - here[0], there[1] - here[1], there[2]) == (dx, dy, here[2])


@given(st.lists(names, max_size=8), headings, coords, coords)
def test_a_flight_turned_a_quarter_lands_on_the_point_turned_a_quarter(plan, heading, x, y):
    end = flight((x, y, heading), plan)
    rx, ry = quarter_turns((x, y), 1)
    turned = flight((rx, ry, (heading + 2) % 8), plan)
    assert turned == (*quarter_turns(end[:2], 1), (end[2] + 2) % 8)


@given(st.lists(names, max_size=8), st.sampled_from([0, 4]), coords, coords)
def test_a_mirrored_plan_flies_the_mirror_image(plan, heading, x, y):
    """From north or south, swapping left and right reflects the flight in x."""
    end = flight((x, y, heading), plan)
    mirrored = flight((-x, y, heading), [MIRROR[n] for n in plan])
    assert mirrored == (-end[0], end[1], (-end[2]) % 8)


@given(st.lists(names, min_size=1, max_size=6), headings)
def test_a_plan_then_its_reverse_turns_return_the_heading(plan, heading):
    back = [MIRROR[n] for n in reversed(plan)]
    assert flight((0, 0, heading), plan + back)[2] == heading


def test_the_firing_arc_example_one_plane_can_shoot_the_other_but_not_back():
    """Rulebook, Attack Stage image: the white plane has the yellow one in its arc
    and can shoot; the yellow one, flying away, cannot shoot back."""
    white = (3000, 3000, 0)
    yellow = (3300, 4000, 0)  # ahead of white and a little to its right
    assert in_range_and_arc(white, yellow[:2]) == "middle"
    assert in_range_and_arc(yellow, white[:2]) is None


def test_the_arc_is_ninety_degrees_with_its_lines_inside():
    assert in_arc((0, 0, 0), (100, 100)) and in_arc((0, 0, 0), (-100, 100))
    assert not in_arc((0, 0, 0), (101, 100)) and not in_arc((0, 0, 0), (-101, 100))
    assert not in_arc((0, 0, 0), (0, 0)) and not in_arc((0, 0, 0), (0, -5))
    # diagonal heading 1 (north-east): between due north and due east
    assert in_arc((0, 0, 1), (0, 50)) and in_arc((0, 0, 1), (50, 0))
    assert not in_arc((0, 0, 1), (-1, 50)) and not in_arc((0, 0, 1), (50, -1))


@given(headings, coords, coords)
def test_the_arc_turns_with_the_plane(heading, x, y):
    rx, ry = quarter_turns((x, y), 1)
    assert in_arc((0, 0, heading), (x, y)) == in_arc((0, 0, (heading + 2) % 8), (rx, ry))


def test_the_ruler_sections_include_their_far_marks():
    assert section((0, 0), (0, SECTION)) == "close"
    assert section((0, 0), (0, SECTION + 1)) == "middle"
    assert section((0, 0), (0, 2 * SECTION)) == "middle"
    assert section((0, 0), (0, 2 * SECTION + 1)) == "far"
    assert section((0, 0), (0, RULER)) == "far"
    assert section((0, 0), (0, RULER + 1)) is None
    assert section((0, 0), (1440, 1920)) == "far"  # a 3-4-5 triangle: exactly 2400
    assert section((0, 0), (1440, 1921)) is None


@given(coords, coords, coords, coords)
def test_range_is_symmetric(ax, ay, bx, by):
    assert section((ax, ay), (bx, by)) == section((bx, by), (ax, ay))


def test_the_whole_token_must_be_on_the_table():
    assert AREA == 3 * RULER and TOKEN == 2 * HALF
    assert on_table((HALF, HALF, 0), AREA) and not on_table((HALF - 1, HALF, 0), AREA)
    assert not on_table((HALF, AREA - HALF + 1, 4), AREA)
    # turned 45 degrees, the corners reach further out
    assert not on_table((HALF, HALF, 1), AREA) and on_table((213, 213, 1), AREA)
    assert not on_table((212, 3600, 3), AREA)
    assert corners(0, 0, 2) == ((-150, -150), (150, -150), (150, 150), (-150, 150))


@given(coords, coords, headings, st.integers(0, 20000))
def test_the_table_test_is_the_four_corners_test(x, y, heading, area):
    inside = all(0 <= cx <= area and 0 <= cy <= area for cx, cy in corners(x, y, heading))
    assert on_table((x, y, heading), area) == inside


#: RULES.md's table: each template's displacement from heading 0 and heading 1
RULES_TABLE = {
    "S": ((0, 600), (424, 424)),
    "BR": ((282, 680), (680, 282)),
    "BL": ((-282, 680), (282, 680)),
    "TR": ((450, 450), (636, 0)),
    "TL": ((-450, 450), (0, 636)),
}


@pytest.mark.parametrize("name", sorted(RULES_TABLE))
def test_the_displacements_from_headings_0_and_1_are_rules_mds_table(name):
    """The table is built once, at import, from the right-hand rows and their
    mirror images: the builder (``_base``) is asked here too, since a table made
    before a test could not tell a wrong builder."""
    for heading in (0, 1):
        assert DISPLACEMENT[name, heading] == RULES_TABLE[name][heading]
        assert _base(name, heading) == RULES_TABLE[name][heading]


def test_quarter_turns_go_clockwise_and_four_make_a_full_turn():
    """RULES.md: a quarter turn takes (x, y) to (y, -x); any number of them turns
    the vector that many quarters, a full turn (4) bringing it back."""
    v = (282, 680)
    assert [quarter_turns(v, k) for k in range(4)] == [v, (680, -282), (-282, -680), (-680, 282)]
    assert quarter_turns(v, 4) == v and quarter_turns(v, 5) == (680, -282)
    assert quarter_turns(v, -1) == (-680, 282)


@pytest.mark.parametrize("heading, reach", [(0, HALF), (1, 213)])
def test_a_token_touching_an_edge_is_on_the_table_and_one_unit_past_it_is_off(heading, reach):
    """The whole token must be on the table; its edge on the table's edge still is.
    A token seen square-on reaches half its side; turned 45 degrees, its rounded
    half-diagonal (213)."""
    for x, y in ((reach, 3600), (AREA - reach, 3600), (3600, reach), (3600, AREA - reach)):
        assert on_table((x, y, heading), AREA), (x, y)
    for x, y in ((reach - 1, 3600), (AREA - reach + 1, 3600)):
        assert not on_table((x, y, heading), AREA), (x, y)
    for x, y in ((3600, reach - 1), (3600, AREA - reach + 1)):
        assert not on_table((x, y, heading), AREA), (x, y)


def test_a_point_one_unit_ahead_or_on_the_arcs_line_one_unit_out_is_in_the_arc():
    """Anything ahead within 45 degrees of the heading, the arc's lines included,
    however close."""
    assert in_arc((0, 0, 2), (1, 0)) and in_arc((0, 0, 0), (0, 1))
    assert in_arc((0, 0, 1), (1, 0)) and in_arc((0, 0, 1), (0, 1))
    assert not in_arc((0, 0, 2), (0, 1)) and not in_arc((0, 0, 2), (-1, 0))

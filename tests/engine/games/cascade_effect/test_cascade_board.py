"""The field (``board.py``) as RULES.md draws it ("The field", "Seats, robots and
alliances"): squares and their labels, the steps each facing takes, the mirror
between the halves, the zones, the squares touching a parking zone and the
centre structure in each position.

The lookup tables (``AHEAD``, ``ZONE_OF``, ``PARK_APPROACH``) are filled once at
import, so the functions that fill them are called here themselves: a test that
only read the tables would never reach a changed builder."""

from __future__ import annotations

import pytest
from ce_helpers import E, N, S, W, sq

from engine.games.cascade_effect.board import (
    AHEAD,
    BLUE,
    PARK_APPROACH,
    RED,
    SQUARES,
    ZONE_OF,
    _step,
    ahead,
    col_row,
    kickstand_squares,
    label,
    mirror,
    neighbours,
    park_approaches,
    robot_label,
    short_side,
    structure,
    zone_of,
)


def test_a_square_is_row_times_six_plus_column_and_labelled_column_row_from_1():
    """ "in actions and views a square is the integer (row - 1) * 6 + (column - 1)";
    squares are written (column, row), both 1-6."""
    for col in range(1, 7):
        for row in range(1, 7):
            square = (row - 1) * 6 + (col - 1)
            assert sq(col, row) == square
            assert col_row(square) == (col - 1, row - 1)
            assert label(square) == f"({col},{row})"
    assert label(0) == "(1,1)" and label(35) == "(6,6)" and label(11) == "(6,2)"


def test_robots_are_named_r1_b1_r2_b2_by_id_and_anything_else_as_given():
    """ "red 1 (R1, id 0), blue 1 (B1, id 1), red 2 (R2, id 2) and blue 2 (B2, id 3)"."""
    assert [robot_label(r) for r in range(4)] == ["R1", "B1", "R2", "B2"]
    assert robot_label(4) == "robot 4"
    assert robot_label(-1) == "robot -1"
    assert robot_label("x") == "robot x"


def test_each_facing_steps_to_the_next_square_that_way_and_none_off_the_field():
    """Facings are 0 north (row 1 side), 1 east, 2 south, 3 west."""
    offsets = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}
    for square in range(SQUARES):
        col, row = square % 6 + 1, square // 6 + 1
        for facing, (dc, dr) in offsets.items():
            c, r = col + dc, row + dr
            want = sq(c, r) if 1 <= c <= 6 and 1 <= r <= 6 else None
            assert _step(square, facing) == want, (label(square), facing)
            assert ahead(square, facing) == want
            assert AHEAD[square][facing] == want


def test_the_corners_and_edges_have_two_and_three_neighbours():
    assert sorted(neighbours(sq(1, 1))) == [sq(2, 1), sq(1, 2)]
    assert sorted(neighbours(sq(6, 6))) == [sq(6, 5), sq(5, 6)]
    assert sorted(neighbours(sq(3, 1))) == [sq(2, 1), sq(4, 1), sq(3, 2)]
    assert sorted(neighbours(sq(3, 3))) == [sq(3, 2), sq(2, 3), sq(4, 3), sq(3, 4)]


def test_the_mirror_swaps_the_west_and_east_halves_on_the_same_row():
    """Red on the west half, blue on the east half, mirror-symmetric: the blue
    goals at (6,3), (6,4), (5,5) mirror red's at (1,3), (1,4), (2,5)."""
    assert mirror(sq(1, 3)) == sq(6, 3)
    assert mirror(sq(1, 4)) == sq(6, 4)
    assert mirror(sq(2, 5)) == sq(5, 5)
    assert mirror(sq(3, 1)) == sq(4, 1)
    assert mirror(sq(6, 6)) == sq(1, 6)
    assert all(mirror(mirror(s)) == s for s in range(SQUARES))


def test_the_bridges_and_parking_zones_are_the_corner_pairs_of_each_half():
    """Bridge red (1,1), (2,1), blue (5,1), (6,1); parking red (1,6), (2,6), blue
    (5,6), (6,6); every other square is in no zone."""
    zones = {
        sq(1, 1): ("ramp", RED),
        sq(2, 1): ("ramp", RED),
        sq(5, 1): ("ramp", BLUE),
        sq(6, 1): ("ramp", BLUE),
        sq(1, 6): ("park", RED),
        sq(2, 6): ("park", RED),
        sq(5, 6): ("park", BLUE),
        sq(6, 6): ("park", BLUE),
    }
    for square in range(SQUARES):
        assert zone_of(square) == zones.get(square), label(square)
        assert ZONE_OF[square] == zones.get(square)


def test_the_squares_touching_a_parking_zone_lead_to_the_zone_square_they_touch():
    """ "The squares touching a parking zone (sharing a side with it, outside it)
    are red (1,5), (2,5), (3,6) and blue (6,5), (5,5), (4,6)"."""
    red = {sq(1, 5): (sq(1, 6),), sq(2, 5): (sq(2, 6),), sq(3, 6): (sq(2, 6),)}
    blue = {sq(6, 5): (sq(6, 6),), sq(5, 5): (sq(5, 6),), sq(4, 6): (sq(5, 6),)}
    assert park_approaches(RED) == red
    assert park_approaches(BLUE) == blue
    assert PARK_APPROACH[RED] == red and PARK_APPROACH[BLUE] == blue
    assert list(park_approaches(RED)) == sorted(red)


@pytest.mark.parametrize("position, row", [(1, 2), (2, 3), (3, 4)])
def test_the_structure_stands_in_columns_3_and_4_on_row_2_3_or_4(position, row):
    """Two squares side by side in columns 3 and 4, on row 2, 3 or 4 for positions
    1, 2 or 3; the kickstands' squares touch its long sides, red lines up at
    (2, row) facing east and blue at (5, row) facing west."""
    assert structure(position) == (sq(3, row), sq(4, row))
    assert kickstand_squares(position, 0) == (sq(3, row - 1), sq(4, row - 1))
    assert kickstand_squares(position, 1) == (sq(3, row + 1), sq(4, row + 1))
    assert short_side(position, RED) == (sq(2, row), E)
    assert short_side(position, BLUE) == (sq(5, row), W)

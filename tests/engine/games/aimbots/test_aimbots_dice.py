"""Program die geometry: real d6 orientations, pivots, faces by direction."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.aimbots.dice import east_for, effective, face, orientations, pivot, sides

TOPS = st.integers(1, 6)


def test_opposite_faces_sum_to_seven():
    for top in range(1, 7):
        for north, east in orientations(top):
            assert face(north, east, "N") + face(north, east, "S") == 7
            assert face(north, east, "E") + face(north, east, "W") == 7
            assert {north, east, 7 - north, 7 - east} == set(sides(top))


def test_twenty_four_orientations_right_handed():
    found = {(top, n, e) for top in range(1, 7) for n, e in orientations(top)}
    assert len(found) == 24
    # 1, 2, 3 meet counter-clockwise: with 3 up and 2 north, 1 is east
    assert east_for(3, 2) == 1


@given(TOPS, st.data())
def test_pivot_keeps_a_real_die(top, data):
    north, east = data.draw(st.sampled_from(orientations(top)))
    for turn in ("cw", "ccw", "half"):
        n2, e2 = pivot(north, east, turn)
        assert e2 == east_for(top, n2)  # still the same physical die, top unchanged


@given(TOPS, st.data())
def test_pivot_algebra(top, data):
    north, east = data.draw(st.sampled_from(orientations(top)))
    assert pivot(*pivot(north, east, "cw"), "ccw") == (north, east)
    assert pivot(*pivot(north, east, "cw"), "cw") == pivot(north, east, "half")
    state = (north, east)
    for _ in range(4):
        state = pivot(*state, "cw")
    assert state == (north, east)


def test_cw_pivot_moves_north_face_to_east():
    north, east = 2, east_for(3, 2)
    n2, e2 = pivot(north, east, "cw")
    assert e2 == north and n2 == 7 - east


def test_plated_face_counts_one():
    assert effective(6, (6,)) == 1
    assert effective(6, (4,)) == 6


@pytest.mark.parametrize("top, north", [(3, 3), (3, 4), (1, 6), (6, 1)])
def test_a_north_face_on_top_or_opposite_the_top_is_no_orientation(top, north):
    """Module contract: opposite faces sum to 7, so the top and the bottom face
    can never face north; asking for such a die is an error, not a value."""
    with pytest.raises(ValueError, match=f"north {north} cannot sit beside top {top}"):
        east_for(top, north)

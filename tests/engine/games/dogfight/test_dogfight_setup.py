"""Set-up (``setup.py``): where planes may be placed and how large the table must
be so that they always can, from RULES.md's "The table in integers" and "2. First
player and placement"."""

from __future__ import annotations

import pytest
from dogfight_helpers import second_to_place

from engine.decisions import listed
from engine.games.dogfight import GAME, setup
from engine.games.dogfight.geometry import AREA, QUICK_AREA, RULER


@pytest.fixture
def uncached():
    """The placement tables afresh: they are cached per table side, so a table
    filled before the test would answer for the code that filled it."""
    for table_of in (setup.points, setup._indices, setup._near, setup.most_ruled_out):
        table_of.cache_clear()
    setup.smallest_side_mm.cache_clear()
    yield
    setup.smallest_side_mm.cache_clear()


def test_a_point_exactly_a_ruler_from_a_placed_plane_is_open_and_one_closer_is_not(uncached):
    """At least a ruler length, centre to centre: the points 60 mm apart along the
    edge put one exactly four steps (a ruler) from a plane in the corner."""
    legal = setup.placements(second_to_place(300, 300))
    assert {"x": 300 + RULER, "y": 300, "heading": 0} in legal
    assert {"x": 300, "y": 300 + RULER, "heading": 5} in legal
    assert {"x": 300 + RULER - 600, "y": 300, "heading": 0} not in legal


def test_one_placed_plane_rules_out_at_most_9_points_on_every_default_table(uncached):
    """RULES.md: k, the points closer than a ruler to one placed plane (its own
    included), is 9 on every default table."""
    sides = {setup.table_side(n, quick) for n in range(2, 9) for quick in (False, True)}
    assert {setup.most_ruled_out(side) for side in sides} == {9}


@pytest.mark.parametrize(
    "quick, sides_mm",
    [(False, [720, 720, 720, 720, 780, 900, 1020]), (True, [480, 480, 480, 660, 780, 900, 1020])],
)
def test_the_default_table_for_2_to_8_planes_is_rules_mds_table(quick, sides_mm):
    assert [setup.table_side(n, quick) for n in range(2, 9)] == [mm * 10 for mm in sides_mm]
    assert setup.table_side(2, quick) == (QUICK_AREA if quick else AREA)


def test_room_needs_more_points_than_the_earlier_planes_can_rule_out(uncached):
    """A 600 mm table has 36 placement points (ten along each edge, the corners
    shared) and one plane rules out at most 9 of them: four earlier planes could
    rule out all 36, so 5 planes do not always have room; 4 do."""
    assert len(setup.points(6000)) == 36 and setup.most_ruled_out(6000) == 9
    assert not setup.always_room(6000, 5)
    assert setup.always_room(6000, 4)
    assert setup.smallest_side_mm(5) > 600


@pytest.mark.parametrize("field", ["x", "y"])
@pytest.mark.parametrize("wrong", [[300], {"v": 300}, "300", None, True, 300.5])
def test_a_placement_with_a_coordinate_that_is_not_an_integer_is_refused(field, wrong):
    """A re-simulation checks a placement without the list (``accepts``): a
    coordinate of any other type is not a placement, as the list would say, and
    asking never fails, whatever the other coordinate is."""
    state = second_to_place(300, 300)
    (listing,), (checking,) = GAME.pending(state), GAME.pending_unlisted(state)
    action = {"x": 300 + RULER, "y": 300, "heading": 0, field: wrong}
    assert checking.accepts(action) is False
    assert listed(action, listing.legal) is False

"""Flight plans (``plans.py``), from RULES.md's "Move stage" and "Altitude": the
templates a plane may fly in one move stage, its climb, and where it goes."""

from __future__ import annotations

from itertools import product

import pytest
from dogfight_helpers import plane

from engine.games.dogfight import plans as flight
from engine.games.dogfight.geometry import AREA, COST, TEMPLATES


@pytest.fixture
def uncached():
    """The sequences afresh: they are cached per budget, so a table filled before
    the test would answer for the code that filled it."""
    flight.sequences.cache_clear()
    yield
    flight.sequences.cache_clear()


def costing(low: int, high: int) -> set[tuple[str, ...]]:
    """Every list of templates whose costs add up to ``low``-``high``."""
    return {
        seq
        for n in range(1, high + 1)
        for seq in product(TEMPLATES, repeat=n)
        if low <= sum(COST[t] for t in seq) <= high
    }


@pytest.mark.parametrize("budget", [1, 2, 3, 4, 5])
def test_the_sequences_are_every_template_list_costing_1_to_the_budget_shortest_first(
    budget, uncached
):
    found = flight.sequences(budget)
    assert set(found) == costing(1, budget) and len(found) == len(set(found))
    assert [len(s) for s in found] == sorted(len(s) for s in found)
    assert found[0] == ("S",)  # the first legal plan, the default: one straight


@pytest.mark.parametrize("speed", [1, 2, 3, 4])
def test_a_plan_costs_at_least_1_and_at_most_speed_less_its_climb(speed, uncached):
    """Speed 1-4, altitude 0, not quick: one level of climb, for 1 Speed, while a
    point is left for a template."""
    legal = flight.plans(plane(0, 3600, 3600, speed=speed), quick=False)
    found = {(tuple(a["plan"]), a["climb"]) for a in legal}
    expected = {(s, 0) for s in costing(1, speed)}
    expected |= {(s, 1) for s in costing(1, speed - 1)}
    assert found == expected and len(legal) == len(found)
    assert legal[0] == {"plan": ["S"], "climb": 0}


@pytest.mark.parametrize(
    "speed, altitude, quick, most",
    [
        (4, 0, False, 1),  # once a round
        (4, 0, True, 3),  # a quick game: several, a Speed point left for a template
        (4, 2, True, 2),  # no higher than 4
        (4, 4, False, 0),
        (1, 0, True, 0),  # Speed 1 is the one template
        (1, 0, False, 0),
        (2, 3, True, 1),
    ],
)
def test_a_plane_climbs_once_a_round_or_more_in_a_quick_game_up_to_altitude_4(
    speed, altitude, quick, most
):
    me = plane(0, 3600, 3600, speed=speed, altitude=altitude)
    assert flight.max_climb(me, quick) == most


def test_a_path_gives_the_pose_after_each_template_and_stops_off_the_table():
    """Templates are flown in order; a plane that ends one off the table flies no
    further. A straight moves the centre 60 mm (600 units) ahead."""
    stops, left = flight.path((3600, 3600, 0), ["S", "S"], AREA)
    assert (stops, left) == ([[3600, 4200, 0], [3600, 4800, 0]], False)
    stops, left = flight.path((3600, AREA - 700, 0), ["S", "S", "S"], AREA)
    assert (stops, left) == ([[3600, AREA - 100, 0]], True)
    stops, left = flight.path((3600, 3600, 2), ["TL"], AREA)
    assert stops[-1][2] == 0 and left is False

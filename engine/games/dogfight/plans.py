"""Flight plans: every list of templates a plane may fly in one move stage."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.dogfight.geometry import COST, TEMPLATES, fly, on_table
from engine.games.dogfight.state import MAX_ALTITUDE, Plane

CLIMB_COST = 1  # climbing one altitude level uses one point of Speed


@cache
def sequences(budget: int) -> tuple[tuple[str, ...], ...]:
    """Every template sequence costing 1 to ``budget``, shortest first."""
    found: list[tuple[str, ...]] = []
    frontier: list[tuple[tuple[str, ...], int]] = [((), 0)]
    while frontier:
        grown = []
        for seq, cost in frontier:
            for name in TEMPLATES:
                total = cost + COST[name]
                if total <= budget:
                    grown.append((seq + (name,), total))
        found += [seq for seq, _ in grown]
        frontier = grown
    return tuple(found)


def max_climb(plane: Plane, quick: bool) -> int:
    """Levels the plane may climb this round: one (any number in a quick game),
    leaving at least one point of Speed for a template, up to four levels."""
    room = MAX_ALTITUDE - plane.altitude
    spare = (plane.speed - COST["S"]) // CLIMB_COST
    return max(0, min(room, spare, spare if quick else 1))


def plans(plane: Plane, quick: bool) -> list[dict[str, Any]]:
    """Every legal flight plan: templates costing at most Speed (less the climb)
    and at least one template."""
    return [
        {"plan": list(seq), "climb": climb}
        for climb in range(max_climb(plane, quick) + 1)
        for seq in sequences(plane.speed - climb * CLIMB_COST)
    ]


def path(pose: tuple[int, int, int], plan: list[str], area: int) -> tuple[list[Any], bool]:
    """The poses after each template, up to the first that leaves the table, and
    whether the plane left it."""
    stops = []
    for name in plan:
        pose = fly(pose, name)
        stops.append(list(pose))
        if not on_table(pose, area):
            return stops, True
    return stops, False

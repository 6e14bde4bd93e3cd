"""Set-up: the stats a pilot may choose, the roll for the first player, the turn
orders, and where planes go."""

from __future__ import annotations

from functools import cache
from itertools import permutations, zip_longest
from typing import Any

from engine.events import Event
from engine.games.dogfight.events import DICE_ROLLED, FIRST_PLAYER, STATS_REVEALED
from engine.games.dogfight.geometry import (
    AREA,
    HEADINGS,
    QUICK_AREA,
    RULER,
    UNITS_PER_MM,
    distance2,
)
from engine.games.dogfight.state import STATS, State
from engine.rng import Rng

STAT_VALUES = (4, 3, 3, 2)
QUICK_HEALTH = 2
#: every way to hand out 4, 3, 3, 2 to the four stats
STAT_CHOICES = [
    dict(zip(STATS, values)) for values in sorted(set(permutations(STAT_VALUES)), reverse=True)
]
PLACE_DEPTH = 300  # a placed token's centre sits 30 mm in from an edge
PLACE_STEP = 600  # placement points 60 mm apart along each edge


def stats_event(state: State, actions: dict[int, Any]) -> Event:
    """All pilots' stats revealed at once (Health capped in a quick game)."""
    stats = []
    for seat in range(state.seats):
        chosen = dict(actions[seat])
        if state.quick:
            chosen["health"] = min(chosen["health"], QUICK_HEALTH)
        stats.append(chosen)
    return Event(STATS_REVEALED, {"stats": stats})


def first_player_events(state: State, rng: Rng) -> list[Event]:
    """Everyone rolls a d6; the highest rollers roll again until one is highest."""
    events, rolling = [], list(range(state.seats))
    while True:
        dice = [rng.die() for _ in rolling]
        events.append(
            Event(DICE_ROLLED, {"purpose": "first player", "seats": rolling, "dice": dice})
        )
        top = max(dice)
        rolling = [s for s, d in zip(rolling, dice) if d == top]
        if len(rolling) == 1:
            break
    first = rolling[0]
    return events + [
        Event(
            FIRST_PLAYER,
            {
                "seat": first,
                "order": team_order(state, first),
                "place_order": place_order(state, first),
            },
        )
    ]


def team_order(state: State, first: int) -> list[int]:
    """Teams in turn order from the first player's team, then on round the table."""
    n = len(state.teams)
    lead = state.planes[first].team
    return [(lead + k) % n for k in range(n)]


def place_order(state: State, first: int) -> list[int]:
    """Teams take turns placing one plane each; the first player places first."""
    queues = []
    for team in team_order(state, first):
        members = list(state.teams[team])
        if first in members:
            i = members.index(first)
            members = members[i:] + members[:i]
        queues.append(members)
    return [s for group in zip_longest(*queues) for s in group if s is not None]


@cache
def points(area: int) -> list[tuple[int, int]]:
    """Placement points: along every edge, one straight template in at most."""
    near, far = PLACE_DEPTH, area - PLACE_DEPTH
    along = sorted(set(range(near, far + 1, PLACE_STEP)) | {far})
    found = {(a, b) for a in along for b in (near, far)}
    found |= {(b, a) for a in along for b in (near, far)}
    return sorted(found)


def placements(state: State) -> list[dict[str, Any]]:
    """Legal placements: no closer than a ruler length to any placed plane. The
    table is sized (``table_side``) so that there is always one; a v1 log's
    crowded table is only folded, never played."""
    ruled_out = _ruled_out(state)
    out = []
    for i, (x, y) in enumerate(points(state.area)):
        if i not in ruled_out:
            out += [{"x": x, "y": y, "heading": h} for h in _HEADINGS]
    return out


def first_placement(state: State) -> dict[str, Any]:
    """``placements(state)[0]``, found without listing the others."""
    ruled_out = _ruled_out(state)
    found = points(state.area)
    x, y = next(pt for i, pt in enumerate(found) if i not in ruled_out)
    return {"x": x, "y": y, "heading": 0}


def accepts_placement(state: State, action: object) -> bool:
    """``listed(action, placements(state))`` without the list (up to 512 entries,
    eight times a match): the action names a placement point that no placed
    plane rules out and a heading, each an integer (``true`` is not ``1``), and
    nothing else (``Game.pending_unlisted``)."""
    if type(action) is not dict or len(action) != 3:
        return False
    x, y, heading = action.get("x"), action.get("y"), action.get("heading")
    if type(x) is not int or type(y) is not int or type(heading) is not int:
        return False
    index = _indices(state.area).get((x, y))
    return index is not None and heading in _HEADINGS and index not in _ruled_out(state)


def _ruled_out(state: State) -> set[int]:
    """The placement points (by index) closer than a ruler length to a placed plane."""
    found, near = points(state.area), _near(state.area)
    ruled_out: set[int] = set()
    for p in state.planes:
        if p.placed:
            pt = (p.x, p.y)
            ruled_out |= near[pt] if pt in near else _near_to(found, pt)
    return ruled_out


@cache
def _indices(area: int) -> dict[tuple[int, int], int]:
    """Each placement point's index among ``points(area)``."""
    return {pt: i for i, pt in enumerate(points(area))}


@cache
def _near(area: int) -> dict[tuple[int, int], frozenset[int]]:
    """The placement points (by index) closer than a ruler length to each placement
    point: a placed plane stands on one, so each placement asks a table."""
    found = points(area)
    return {pt: _near_to(found, pt) for pt in found}


def _near_to(found: list[tuple[int, int]], pt: tuple[int, int]) -> frozenset[int]:
    return frozenset(i for i, q in enumerate(found) if distance2(pt, q) < RULER**2)


_HEADINGS = range(HEADINGS)


@cache
def most_ruled_out(area: int) -> int:
    """The most placement points one placed plane can rule out (itself included):
    those closer than a ruler length to it."""
    return max(len(ruled_out) for ruled_out in _near(area).values())


def always_room(area: int, planes: int) -> bool:
    """Can every one of ``planes`` planes always be placed a ruler from the rest,
    however the earlier ones were placed? Each placed plane rules out at most
    ``most_ruled_out`` points, so with more points than the planes before the last
    can rule out, a legal point is always left."""
    return (planes - 1) * most_ruled_out(area) < len(points(area))


def table_side(planes: int, quick: bool) -> int:
    """The default table: the standard (or the quick game's smaller) square, grown
    in placement steps until ``planes`` planes always have room."""
    side = QUICK_AREA if quick else AREA
    while not always_room(side, planes):
        side += PLACE_STEP
    return side


@cache
def smallest_side_mm(planes: int) -> int:
    """The smallest ``area`` option (whole 10 mm) that always has room for ``planes``."""
    mm = 360
    while not always_room(mm * UNITS_PER_MM, planes):
        mm += 10
    return mm

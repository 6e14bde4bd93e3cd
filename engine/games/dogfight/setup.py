"""Set-up: the roll for the first player, the turn orders, and where planes go."""

from __future__ import annotations

from itertools import zip_longest

from engine.events import Event
from engine.games.dogfight.geometry import HEADINGS, RULER, distance2
from engine.games.dogfight.state import State
from engine.rng import Rng

PLACE_DEPTH = 300  # a placed token's centre sits 30 mm in from an edge
PLACE_STEP = 600  # placement points 60 mm apart along each edge


def first_player_events(state: State, rng: Rng) -> list[Event]:
    """Everyone rolls a d6; the highest rollers roll again until one is highest."""
    events, rolling = [], list(range(state.seats))
    while True:
        dice = [rng.die() for _ in rolling]
        events.append(
            Event("DiceRolled", {"purpose": "first player", "seats": rolling, "dice": dice})
        )
        top = max(dice)
        rolling = [s for s, d in zip(rolling, dice) if d == top]
        if len(rolling) == 1:
            break
    first = rolling[0]
    return events + [
        Event(
            "FirstPlayer",
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


def points(area: int) -> list[tuple[int, int]]:
    """Placement points: along every edge, one straight template in at most."""
    near, far = PLACE_DEPTH, area - PLACE_DEPTH
    along = sorted(set(range(near, far + 1, PLACE_STEP)) | {far})
    found = {(a, b) for a in along for b in (near, far)}
    found |= {(b, a) for a in along for b in (near, far)}
    return sorted(found)


def placements(state: State) -> list[dict]:
    """Legal placements: no closer than a ruler length to any placed plane. When
    the table is too crowded for that, the points furthest from the nearest
    placed plane."""
    placed = [(p.x, p.y) for p in state.planes if p.placed]
    candidates = points(state.area)
    if placed:
        room = {pt: min(distance2(pt, other) for other in placed) for pt in candidates}
        wide = [pt for pt in candidates if room[pt] >= RULER * RULER]
        best = max(room.values())
        candidates = wide or [pt for pt in candidates if room[pt] == best]
    return [{"x": x, "y": y, "heading": h} for x, y in candidates for h in range(HEADINGS)]

"""Rule 11: each alliance's points."""

from __future__ import annotations

from typing import Any

from engine.games.cascade_effect.board import CENTRE_MULTIPLIER, MULTIPLIER, PARK, RAMP
from engine.games.cascade_effect.state import State

BRIDGE_POINTS = 30
PARKING_POINTS = 20


def banked(state: State, alliance: int) -> int:
    """Points no later event can take away: the tubes, the centre goal and the
    other alliance's penalties."""
    tubes = sum(g.cm * MULTIPLIER[g.size] for g in state.goals if g.alliance == alliance)
    return tubes + state.centre_cm[alliance] * CENTRE_MULTIPLIER + state.penalties[1 - alliance]


def on_zone(state: State, alliance: int, zone: tuple[int, ...]) -> int:
    """Robots and rolling goals of ``alliance`` standing in ``zone``."""
    return sum(1 for r in state.robots if r.alliance == alliance and r.sq in zone) + sum(
        1 for g in state.goals if g.alliance == alliance and g.sq in zone
    )


def breakdown(state: State, alliance: int) -> dict[str, Any]:
    tubes = {str(g.size): g.cm for g in state.goals if g.alliance == alliance}
    parts = {
        "tubes": sum(g.cm * MULTIPLIER[g.size] for g in state.goals if g.alliance == alliance),
        "centre": state.centre_cm[alliance] * CENTRE_MULTIPLIER,
        "bridge": BRIDGE_POINTS * on_zone(state, alliance, RAMP[alliance]),
        "parking": PARKING_POINTS * on_zone(state, alliance, PARK[alliance]),
        "penalties": state.penalties[1 - alliance],
    }
    return {
        "cm": tubes,
        "centre_cm": state.centre_cm[alliance],
        **parts,
        "total": sum(parts.values()),
    }


def total(state: State, alliance: int) -> int:
    points: int = breakdown(state, alliance)["total"]
    return points

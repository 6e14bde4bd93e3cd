"""The field: six zones in a row, numbered from the red goals to the blue goals.

    0 Red Shoot Zone 1 | 1 Red Shoot Zone 2 | 2 Red Auto Start (white)
    || truss ||
    3 Blue Auto Start (white) | 4 Blue Shoot Zone 2 | 5 Blue Shoot Zone 1

The red goals are beyond zone 0, the blue goals beyond zone 5. Direction -1 is
towards the red goals, +1 towards the blue goals.
"""

from __future__ import annotations

ZONES = 6
ALLIANCES = ("red", "blue")
ZONE_NAMES = (
    "Red Shoot Zone 1",
    "Red Shoot Zone 2",
    "Red Auto Start",
    "Blue Auto Start",
    "Blue Shoot Zone 2",
    "Blue Shoot Zone 1",
)


def side_of(zone: int) -> str:
    """Which alliance's half of the field ``zone`` is on."""
    return "red" if zone <= 2 else "blue"


def white_zone(alliance: str) -> int:
    """The alliance's own Auto Start (white) zone."""
    return 2 if alliance == "red" else 3


def shoot_zone_1(alliance: str) -> int:
    """The zone next to the alliance's goals (where low goals are scored)."""
    return 0 if alliance == "red" else 5


def inbound_zone(alliance: str) -> int:
    """Where the alliance's ball is inbounded: the opposing Shoot Zone 1."""
    return 5 if alliance == "red" else 0


def toward_goal(alliance: str) -> int:
    """The direction that brings the alliance's robots nearer their goals."""
    return -1 if alliance == "red" else 1


def shoot_range(alliance: str, zone: int) -> int | None:
    """Range from ``zone`` to the alliance's goals, or ``None`` off its half."""
    if side_of(zone) != alliance:
        return None
    return zone + 1 if alliance == "red" else ZONES - zone


def truss_range(alliance: str, zone: int) -> int | None:
    """Range of a truss throw from ``zone`` into the alliance's white zone, or
    ``None`` when the robot is not on the opposing half (trusses go home only)."""
    if side_of(zone) == alliance:
        return None
    return abs(zone - white_zone(alliance))


def other(alliance: str) -> str:
    return "blue" if alliance == "red" else "red"

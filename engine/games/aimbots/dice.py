"""Program dice as real d6 orientations.

An orientation is ``(top, north, east)``: the values facing up, north and east.
Opposite faces sum to 7, so bottom, south and west follow. The die is a standard
right-handed d6: faces 1, 2 and 3 meet at a corner counter-clockwise, which fixes
``east`` once ``top`` and ``north`` are known (24 orientations in all).
"""

from __future__ import annotations

# value -> unit vector on the reference die (x east, y north, z up)
_VEC = {1: (1, 0, 0), 6: (-1, 0, 0), 2: (0, 1, 0), 5: (0, -1, 0), 3: (0, 0, 1), 4: (0, 0, -1)}
_BY_VEC = {v: k for k, v in _VEC.items()}
TURNS = ("cw", "ccw", "half")


def _cross(a: tuple[int, int, int], b: tuple[int, int, int]) -> tuple[int, int, int]:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def east_for(top: int, north: int) -> int:
    """The east face of a real d6 with ``top`` up and ``north`` facing north."""
    if north in (top, 7 - top):
        raise ValueError(f"north {north} cannot sit beside top {top}")
    return _BY_VEC[_cross(_VEC[north], _VEC[top])]


def sides(top: int) -> tuple[int, ...]:
    """The four side values of a die with ``top`` up, ascending."""
    return tuple(v for v in range(1, 7) if v != top and v != 7 - top)


def orientations(top: int) -> tuple[tuple[int, int], ...]:
    """Every (north, east) a die with ``top`` up can show."""
    return tuple((n, east_for(top, n)) for n in sides(top))


def face(north: int, east: int, d: str) -> int:
    """The value pointing in direction ``d``."""
    if d == "N":
        return north
    if d == "E":
        return east
    if d == "S":
        return 7 - north
    return 7 - east


def pivot(north: int, east: int, turn: str) -> tuple[int, int]:
    """(north, east) after turning about the vertical axis: ``cw`` moves the north
    face to the east (seen from above), ``ccw`` the other way, ``half`` is 180°."""
    if turn == "cw":
        return 7 - east, north
    if turn == "ccw":
        return east, 7 - north
    if turn == "half":
        return 7 - north, 7 - east
    raise ValueError(f"unknown turn {turn!r}")


def effective(value: int, plates: tuple[int, ...]) -> int:
    """A face's value in play: a plated face counts 1."""
    return 1 if value in plates else value

"""The table in exact integers: units, headings, templates, the ruler and the arc.

One unit is a tenth of a millimetre. ``x`` grows east and ``y`` north, the
origin is the south-west corner. A pose is ``(x, y, heading)``; headings are
eight compass steps of 45 degrees, 0 = north, counted clockwise.

Every displacement comes from a fixed table of integer vectors (no trigonometry
at run time), so a flight lands on the same point on every machine. The table
holds each template's displacement from heading 0 (north) and heading 1
(north-east); the other headings are those two turned by exact quarter turns,
which is why any closed loop of templates closes exactly.
"""

from __future__ import annotations

from typing import Any

UNITS_PER_MM = 10
TOKEN = 300  # the plane token is a 30 mm square
HALF = TOKEN // 2
STRAIGHT = 300  # length of the straight template (30 mm)
RULER = 2400  # the range ruler, 24 cm, in three equal sections
SECTION = RULER // 3
AREA = 3 * RULER  # the standard play area: 72 cm square, three ruler lengths
QUICK_AREA = 2 * RULER  # the quick game's smaller area
HEADINGS = 8

#: a direction vector per heading (not unit length: only its direction matters)
DIRECTION = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))

#: template name -> (speed cost, heading change in 45-degree steps, clockwise +)
TEMPLATES = {"S": (1, 0), "BL": (2, -1), "BR": (2, 1), "TL": (3, -2), "TR": (3, 2)}
COST = {name: cost for name, (cost, _) in TEMPLATES.items()}
TURN = {name: turn for name, (_, turn) in TEMPLATES.items()}

# The centre's displacement for the straight and right-hand templates, flying
# from heading 0 and from heading 1. The plane's front is put at the template's
# start and its back at the template's end, so a manoeuvre moves the centre by
# half a token, the template, and half a token in the new heading. Straight: a
# 30 mm bar. Bank: a 45-degree arc of radius 60 mm. Turn: a 90-degree arc of
# radius 30 mm. The heading-1 row is the heading-0 row turned 45 degrees and
# rounded to the nearest unit (at most 0.05 mm off the ideal curve).
_RIGHT_HANDED = {
    "S": ((0, 600), (424, 424)),
    "BR": ((282, 680), (680, 282)),
    "TR": ((450, 450), (636, 0)),
}


def quarter_turns(v: tuple[int, int], k: int) -> tuple[int, int]:
    """``v`` turned clockwise by ``k`` quarter turns (exact)."""
    x, y = v
    for _ in range(k % 4):
        x, y = y, -x
    return x, y


def _mirror(v: tuple[int, int], heading: int) -> tuple[int, int]:
    """``v`` reflected in the line of ``heading`` (0 or 1): left from right."""
    x, y = v
    return (-x, y) if heading == 0 else (y, x)


def _base(name: str, parity: int) -> tuple[int, int]:
    if name in _RIGHT_HANDED:
        return _RIGHT_HANDED[name][parity]
    right = "BR" if name == "BL" else "TR"
    return _mirror(_RIGHT_HANDED[right][parity], parity)


#: (template, heading) -> the centre's integer displacement
DISPLACEMENT = {
    (name, h): quarter_turns(_base(name, h % 2), h // 2)
    for name in TEMPLATES
    for h in range(HEADINGS)
}

# The token's corners about its centre: a square seen square-on, or turned 45
# degrees (the half-diagonal 212.1 rounded outward to 213, so a token never
# counts as on the table when a true corner is off it).
_CORNERS = (
    ((-HALF, -HALF), (HALF, -HALF), (HALF, HALF), (-HALF, HALF)),
    ((0, 213), (213, 0), (0, -213), (-213, 0)),
)


#: how far the token reaches from its centre along x and along y, by heading parity
_REACH = tuple(max(abs(cx) for cx, _ in square) for square in _CORNERS)


def corners(x: int, y: int, heading: int) -> tuple[tuple[int, int], ...]:
    return tuple((x + cx, y + cy) for cx, cy in _CORNERS[heading % 2])


def fly(pose: tuple[int, int, int], name: str) -> tuple[int, int, int]:
    """The pose after one manoeuvre."""
    x, y, h = pose
    dx, dy = DISPLACEMENT[name, h]
    return x + dx, y + dy, (h + TURN[name]) % HEADINGS


def on_table(pose: tuple[int, int, int], area: int) -> bool:
    """Is the whole token on the table? A convex token is on a square table when
    its four corners are; the corners reach equally far along x and y, so that is
    the centre at least that reach from every edge."""
    x, y, heading = pose
    reach = _REACH[heading % 2]
    return reach <= x <= area - reach and reach <= y <= area - reach


def distance2(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """Squared distance between two centres."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return dx * dx + dy * dy


def section(a: tuple[Any, ...], b: tuple[Any, ...]) -> str | None:
    """The ruler section the centre-to-centre distance falls in, or None when out
    of range. Each section includes its far mark."""
    d2 = distance2(a, b)
    if d2 <= SECTION * SECTION:
        return "close"
    if d2 <= (2 * SECTION) ** 2:
        return "middle"
    if d2 <= RULER * RULER:
        return "far"
    return None


def in_arc(pose: tuple[int, int, int], point: tuple[int, ...]) -> bool:
    """Is ``point`` inside the 90-degree forward arc of a plane at ``pose``?

    Within 45 degrees of the heading means ahead (positive dot product) and no
    further to the side than ahead (|cross| <= dot); the arc's lines count as in.
    """
    x, y, h = pose
    fx, fy = DIRECTION[h]
    dx, dy = point[0] - x, point[1] - y
    dot = dx * fx + dy * fy
    return dot > 0 and abs(dx * fy - dy * fx) <= dot


def in_range_and_arc(pose: tuple[int, int, int], point: tuple[int, ...]) -> str | None:
    """The ruler section when ``point`` can be attacked from ``pose``, else None."""
    return section(pose, point) if in_arc(pose, point) else None

"""The 6x6 field: squares, facings, the zones, the rolling goals' start squares
and the centre field structure's three positions (RULES.md draws it).

A square is ``row * 6 + col`` with row 0 the north edge and col 0 the west edge;
RULES.md and the renderer print it as (col + 1, row + 1), the two dice of the
2-player jump. Red plays from the west half, blue from the east half, mirrored.
"""

from __future__ import annotations

SIZE = 6
SQUARES = SIZE * SIZE
RED, BLUE = 0, 1
ALLIANCES = ("red", "blue")
FACINGS = ("N", "E", "S", "W")
#: (d_col, d_row) for facings N, E, S, W
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def col_row(sq: int) -> tuple[int, int]:
    return sq % SIZE, sq // SIZE


def square(col: int, row: int) -> int:
    return row * SIZE + col


def label(sq: int) -> str:
    """A square as the board labels it: (column, row), from 1 at the north-west."""
    c, r = col_row(sq)
    return f"({c + 1},{r + 1})"


#: the robots as the board labels them, by id: each alliance's first and second
ROBOT_NAMES = ("R1", "B1", "R2", "B2")


def robot_label(robot: int) -> str:
    """A robot as the board labels it: ``R1``, ``B1``, ``R2``, ``B2`` for ids 0-3, and
    any other value (not a robot's id) as ``robot <value>``."""
    return ROBOT_NAMES[robot] if isinstance(robot, int) and 0 <= robot < 4 else f"robot {robot}"


def _step(sq: int, facing: int) -> int | None:
    c, r = col_row(sq)
    dc, dr = STEPS[facing]
    c, r = c + dc, r + dr
    return square(c, r) if 0 <= c < SIZE and 0 <= r < SIZE else None


#: AHEAD[sq][facing]: the next square that way, or None off the field
AHEAD = tuple(tuple(_step(sq, f) for f in range(4)) for sq in range(SQUARES))


def ahead(sq: int, facing: int) -> int | None:
    """The square one step in ``facing``, or ``None`` off the field."""
    return AHEAD[sq][facing]


def neighbours(sq: int) -> list[int]:
    return [n for n in (ahead(sq, f) for f in range(4)) if n is not None]


def mirror(sq: int) -> int:
    c, r = col_row(sq)
    return square(SIZE - 1 - c, r)


# -- the zones: (red, blue) --------------------------------------------------------
#: the ramp (bridge): the north corner squares of each half
RAMP = ((square(0, 0), square(1, 0)), (mirror(square(1, 0)), mirror(square(0, 0))))
#: the start of the bridge: the square south of each ramp square -> that ramp square
RAMP_START = tuple({square(col_row(r)[0], 1): r for r in RAMP[a]} for a in (RED, BLUE))
#: the parking zone: the south corner squares of each half
PARK = ((square(0, 5), square(1, 5)), (mirror(square(1, 5)), mirror(square(0, 5))))

#: the rolling goals: (alliance, tube height in cm, start square), ids in this order
_RED_GOALS = ((30, square(0, 2)), (60, square(0, 3)), (90, square(1, 4)))
GOALS = tuple((RED, size, sq) for size, sq in _RED_GOALS) + tuple(
    (BLUE, size, mirror(sq)) for size, sq in _RED_GOALS
)
#: the points each centimetre in a tube is worth (rule 11)
MULTIPLIER = {30: 1, 60: 2, 90: 3}
CENTRE_MULTIPLIER = 6
#: [reconstructed] the centre goal's height, per alliance
CENTRE_HEIGHT = 120

POSITIONS = (1, 2, 3)


def structure(position: int) -> tuple[int, int]:
    """The two squares of the centre field structure: a west-east domino in the
    middle columns, on row ``position`` (1-based rows 2, 3 or 4)."""
    return square(2, position), square(3, position)


def kickstand_squares(position: int, stand: int) -> tuple[int, int]:
    """The two squares touching kickstand ``stand`` (0 north side, 1 south side)."""
    row = position - 1 if stand == 0 else position + 1
    return square(2, row), square(3, row)


def short_side(position: int, alliance: int) -> tuple[int, int]:
    """(square, facing) a robot must hold to line up with its colour's short side:
    red's is the west end (face east), blue's the east end (face west)."""
    if alliance == RED:
        return square(1, position), 1
    return square(4, position), 3


def zone_of(sq: int) -> tuple[str, int] | None:
    """("ramp" | "park", alliance) for a zone square, else ``None``."""
    for alliance in (RED, BLUE):
        if sq in RAMP[alliance]:
            return "ramp", alliance
        if sq in PARK[alliance]:
            return "park", alliance
    return None


ZONE_OF = tuple(zone_of(sq) for sq in range(SQUARES))


def park_approaches(alliance: int) -> dict[int, tuple[int, ...]]:
    """Squares touching the parking zone (outside it) -> the zone squares they touch."""
    out: dict[int, list[int]] = {}
    for z in PARK[alliance]:
        for n in neighbours(z):
            if n not in PARK[alliance]:
                out.setdefault(n, []).append(z)
    return {sq: tuple(sorted(zs)) for sq, zs in sorted(out.items())}


PARK_APPROACH = (park_approaches(RED), park_approaches(BLUE))

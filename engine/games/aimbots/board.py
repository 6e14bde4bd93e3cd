"""The 7x7 arena: squares, directions, start zones and scrap spaces.

A square is an int ``row * 7 + col``; row 0 is the north edge, col 0 the west edge.
"""

from __future__ import annotations

SIZE = 7
DIRS = ("N", "E", "S", "W")
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def sq(col: int, row: int) -> int:
    return row * SIZE + col


def col_row(square: int) -> tuple[int, int]:
    return square % SIZE, square // SIZE


def label(square: int) -> str:
    """A square as the board labels it: (column, row), from 1 at the north-west."""
    c, r = col_row(square)
    return f"({c + 1},{r + 1})"


def bot_label(bot: int) -> str:
    """A bot as its token is labelled: its id after a #."""
    return f"#{bot}"


def _step(square: int, d: str) -> int | None:
    c, r = col_row(square)
    dc, dr = DELTA[d]
    c, r = c + dc, r + dr
    if 0 <= c < SIZE and 0 <= r < SIZE:
        return sq(c, r)
    return None


def _line(a: int, b: int) -> tuple[str, int] | None:
    (ac, ar), (bc, br) = col_row(a), col_row(b)
    if a == b or (ac != bc and ar != br):
        return None
    if ac == bc:
        return ("S", br - ar) if br > ar else ("N", ar - br)
    return ("E", bc - ac) if bc > ac else ("W", ac - bc)


# the legal moves ask these tens of times a decision (the greedy bot thousands): worked
# out once, looked up
_STEPS = {(square, d): _step(square, d) for square in range(SIZE * SIZE) for d in DIRS}
LINES = {(a, b): _line(a, b) for a in range(SIZE * SIZE) for b in range(SIZE * SIZE)}
#: ``LINES`` by the square a line starts from, then the square it reaches (a row per
#: attacker: the greedy bot's position score reads it tens of thousands of times a match)
LINES_FROM = tuple(tuple(LINES[a, b] for b in range(SIZE * SIZE)) for a in range(SIZE * SIZE))


def step(square: int, d: str) -> int | None:
    """The neighbour of ``square`` in direction ``d``, or None off the board."""
    return _STEPS[square, d]


def line_to(a: int, b: int) -> tuple[str, int] | None:
    """(direction, distance) from ``a`` to ``b`` in a straight orthogonal line."""
    return LINES[a, b]


def adjacent(a: int, b: int) -> bool:
    found = line_to(a, b)
    return found is not None and found[1] == 1


# 2 players: seat order 0 = south edge, 1 = north edge (5 spaces each, corners left open).
# 3-4 players: one 3-space zone in the middle of each edge, clockwise S, W, N, E.
_SOUTH5 = tuple(sq(c, 6) for c in range(1, 6))
_NORTH5 = tuple(sq(c, 0) for c in range(1, 6))
_SOUTH3 = tuple(sq(c, 6) for c in range(2, 5))
_WEST3 = tuple(sq(0, r) for r in range(2, 5))
_NORTH3 = tuple(sq(c, 0) for c in range(2, 5))
_EAST3 = tuple(sq(6, r) for r in range(2, 5))
ZONES = {
    2: (_SOUTH5, _NORTH5),
    3: (_SOUTH3, _WEST3, _NORTH3),
    4: (_SOUTH3, _WEST3, _NORTH3, _EAST3),
}
#: the edge each zone lies on, so a seat knows where "forward" is
ZONE_EDGE = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}

SCRAP_2P = (sq(1, 3), sq(3, 3), sq(5, 3))
SCRAP_FFA = (sq(1, 1), sq(5, 1), sq(3, 3), sq(1, 5), sq(5, 5))


def zone(seats: int, position: int) -> tuple[int, ...]:
    """The start zone of the seat at ``position`` in the seating (its seat index)."""
    return ZONES[seats][position]


def scrap_spaces(seats: int) -> tuple[int, ...]:
    return SCRAP_2P if seats == 2 else SCRAP_FFA

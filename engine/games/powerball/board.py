"""The factory floor: geometry, and a floor loaded from its JSON description.

Squares are numbered ``y * size + x`` (row 0 on the north edge, column 0 on the
west edge). Directions are 0 north, 1 east, 2 south, 3 west; turning right adds 1.
A floor is data (``floors/<name>.json``) so more floors can be added without code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
FLOORS = Path(__file__).with_name("floors")


@dataclass(frozen=True, slots=True)
class Floor:
    name: str
    title: str
    size: int
    spawns: tuple[int, ...]  # ball spawn squares, by number - 1
    pits: frozenset[int]
    flags: tuple[tuple[int, int], ...]  # (square, arrow) by flag number - 1
    wrenches: tuple[tuple[int, int, bool], ...]  # (number, square, double), by number
    belts: dict[int, tuple[int, bool]]  # square -> (direction, express)
    gears: dict[int, int]  # square -> +1 (clockwise) or -1
    pushers: dict[int, tuple[int, tuple[int, ...]]]  # square -> (direction, registers)
    lasers: tuple[tuple[int, int, int], ...]  # (emitter square, direction, beams)
    walls: frozenset[tuple[int, int]]  # (square, direction) edges that block, both sides listed
    wall_list: tuple[tuple[int, int], ...]  # the walls as given, for drawing
    #: ``step`` and ``open_edge`` of every square and direction, at ``sq * 4 + d``
    #: (the rules ask them hundreds of times a turn)
    steps: tuple[int | None, ...] = ()
    exits: tuple[int | None, ...] = ()
    #: the line of sight from every square towards every direction, at ``sq * 4 + d``:
    #: the squares up to the first wall, nearest first (lasers and throws look along
    #: them several times a phase)
    sights: tuple[tuple[int, ...], ...] = ()

    def step(self, sq: int, d: int) -> int | None:
        """The square next to ``sq`` (a square of the floor: the rules never ask
        from off it) towards ``d``, or ``None`` past the edge."""
        return self.steps[sq * 4 + d]

    def open_edge(self, sq: int, d: int) -> int | None:
        """Where leaving ``sq`` (a square of the floor) towards ``d`` goes, or
        ``None`` for a wall (the perimeter is a wall all round)."""
        return self.exits[sq * 4 + d]

    def xy(self, sq: int) -> tuple[int, int]:
        return sq % self.size, sq // self.size

    def flag_at(self, sq: int) -> int:
        """The flag number on ``sq``, or 0."""
        for number, (flag_sq, _) in enumerate(self.flags, 1):
            if flag_sq == sq:
                return number
        return 0


def _square(size: int, at: list[int]) -> int:
    x, y = at
    if not (0 <= x < size and 0 <= y < size):
        raise ValueError(f"square {at} is off a {size}x{size} floor")
    return y * size + x


def parse_floor(data: dict[str, Any]) -> Floor:
    """A ``Floor`` from its JSON description (see ``floors/arena.json``)."""
    n = data["size"]

    def sq(at: list[int]) -> int:
        return _square(n, at)

    d = DIRS.index
    walls = set()
    wall_list = []
    for wall in data["walls"]:
        here, side = sq(wall["at"]), d(wall["side"])
        wall_list.append((here, side))
        walls.add((here, side))
        x, y = here % n + DX[side], here // n + DY[side]
        if 0 <= x < n and 0 <= y < n:
            walls.add((y * n + x, (side + 2) % 4))
    exits = tuple(
        None if (sq, d) in walls else _step(n, sq, d) for sq in range(n * n) for d in range(4)
    )
    return Floor(
        name=data["name"],
        title=data["title"],
        size=n,
        spawns=tuple(sq(at) for at in data["spawns"]),
        pits=frozenset(sq(at) for at in data["pits"]),
        flags=tuple(
            (sq(f["at"]), d(f["arrow"])) for f in sorted(data["flags"], key=lambda f: f["number"])
        ),
        wrenches=tuple(
            (w["number"], sq(w["at"]), bool(w["double"]))
            for w in sorted(data["wrenches"], key=lambda w: w["number"])
        ),
        belts={sq(b["at"]): (d(b["dir"]), bool(b["express"])) for b in data["belts"]},
        gears={sq(g["at"]): 1 if g["turn"] == "cw" else -1 for g in data["gears"]},
        pushers={sq(p["at"]): (d(p["dir"]), tuple(p["registers"])) for p in data["pushers"]},
        lasers=tuple((sq(b["at"]), d(b["dir"]), b["beams"]) for b in data["lasers"]),
        walls=frozenset(walls),
        wall_list=tuple(wall_list),
        steps=tuple(_step(n, sq, d) for sq in range(n * n) for d in range(4)),
        exits=exits,
        sights=tuple(_sight(exits, n, sq, d) for sq in range(n * n) for d in range(4)),
    )


def _sight(exits: tuple[int | None, ...], size: int, sq: int, d: int) -> tuple[int, ...]:
    """The squares seen from ``sq`` towards ``d``, nearest first, up to a wall.

    A straight line crosses at most ``size - 1`` squares: the walk stops there
    whatever the table says, so a wrong exit (a mutant's, a bad floor file's)
    cannot loop it for ever."""
    seen: list[int] = []
    ahead = exits[sq * 4 + d]
    while ahead is not None and len(seen) < size - 1:
        seen.append(ahead)
        ahead = exits[ahead * 4 + d]
    return tuple(seen)


def _step(size: int, sq: int, d: int) -> int | None:
    x, y = sq % size + DX[d], sq // size + DY[d]
    if 0 <= x < size and 0 <= y < size:
        return y * size + x
    return None


@cache
def floor(name: str) -> Floor:
    path = FLOORS / f"{name}.json"
    if not path.is_file():
        raise ValueError(f"no factory floor {name!r}")
    return parse_floor(json.loads(path.read_text()))


def floor_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in FLOORS.glob("*.json")))

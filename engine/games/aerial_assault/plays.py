"""The legal card plays of a robot, built from a view: what both built-in bots
choose from. The rules check a play with a function (there are too many to list),
so the bots list the legal ones themselves."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import ZONES, shoot_range, shoot_zone_1, side_of, truss_range


def part(robot: dict, kind: str) -> C.Part | None:
    for p in robot["parts"]:
        if C.PART_BY_ID[p].kind == kind:
            return C.PART_BY_ID[p]
    return None


def max_move(robot: dict, kind: str) -> int:
    if kind == "move2":
        return 2
    drive = part(robot, "drive")
    return 2 if drive.move >= 2 or drive.fast_need else drive.move


def step_options(view: dict, r: int, slot: tuple, zone: int, auto: bool) -> list:
    """Every legal step for one slot of a card side (``None``, skip, included)."""
    robot = view["robots"][r]
    alliance = robot["alliance"]
    kind = slot[0]
    out: list = [None]
    forced = robot["forced"]
    low_ok = not auto and zone == shoot_zone_1(alliance)
    if kind in ("move", "move2"):
        if not forced.startswith("card:"):
            for d in (-1, 1):
                for n in range(1, max_move(robot, kind) + 1):
                    to = zone + d * n
                    if 0 <= to < ZONES and (not auto or side_of(to) == alliance):
                        out.append({"act": "move", "dir": d, "dist": n})
        if low_ok:
            out.append({"act": "low"})
    elif kind in ("shoot", "truss"):
        reach = part(robot, "shooter").range
        if kind == "shoot":
            rng_ = shoot_range(alliance, zone)
            if rng_ is not None and rng_ <= reach:
                out.append({"act": "high"})
        else:
            rng_ = truss_range(alliance, zone)
            if rng_ is not None and rng_ <= reach:
                out.append({"act": "truss"})
        if low_ok:
            out.append({"act": "low"})
        out.append({"act": "pass", "dir": 0, "dist": 0})
        for d in (-1, 1):
            for n in (1, 2):
                if 0 <= zone + d * n < ZONES:
                    out.append({"act": "pass", "dir": d, "dist": n})
    elif kind in ("catch", "pickup"):
        out.append({"act": kind})
    elif kind == "block" and block_targets(view, r, zone):
        out.append({"act": "block"})  # the target is named after the reveal
    return out


def block_targets(view: dict, r: int, zone: int) -> list[int]:
    """Opposing robots robot ``r`` could block from ``zone``."""
    robot = view["robots"][r]
    return [
        o["robot"]
        for o in view["robots"]
        if o["alliance"] != robot["alliance"]
        and o["zone"] == zone
        and o["robot"] != robot["last_block"]
    ]


def _end_zone(zone: int, step: Any) -> int:
    if step is not None and step["act"] == "move":
        return zone + step["dir"] * step["dist"]
    return zone


def play_options(view: dict, r: int, hand: list[str], zone: int, auto: bool) -> Plays:
    """Every legal (play, end zone) of robot ``r`` with ``hand`` standing in ``zone``:
    a sequence that makes an entry only when it is read (the random bot reads one)."""
    robot = view["robots"][r]
    forced = robot["forced"]
    if forced.startswith("card:"):
        hand = [forced[5:]]
    known: dict[tuple, list] = {}

    def steps(slot: tuple, zone: int) -> list:
        # the cards share slots and a second slot is asked again for each first
        # step: each (slot, zone) is listed once
        key = (slot, zone)
        found = known.get(key)
        if found is None:
            found = known[key] = step_options(view, r, slot, zone, auto)
        return found

    plays = Plays()
    for card in hand:
        plays.add(card, "down", zone, None, [None])
        if forced == "stay":
            continue
        for side in ("top", "bottom"):
            slots = getattr(C.CARD_BY_ID[card], side)
            if len(slots) == 1:
                plays.add(card, side, zone, None, steps(slots[0], zone)[1:])
                continue
            for first in steps(slots[0], zone):
                mid = _end_zone(zone, first)
                seconds = steps(slots[1], mid)
                # no play does nothing at all: two skipped slots are not a play
                plays.add(card, side, mid, (first,), seconds[1:] if first is None else seconds)
    return plays


class Plays(Sequence):
    """The (play, end zone) pairs of ``play_options``, in their order, as runs of
    plays that share a card, a side and a first step: an entry is built when read."""

    def __init__(self) -> None:
        self._runs: list[tuple] = []  # (card, side, zone before the last step, first, lasts)
        self._ends: list[int] = []  # the index just past each run
        self._count = 0

    def add(self, card: str, side: str, zone: int, first: tuple | None, lasts: list) -> None:
        if lasts:
            self._runs.append((card, side, zone, first, lasts))
            self._count += len(lasts)
            self._ends.append(self._count)

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> tuple:  # type: ignore[override]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        index %= self._count
        k = bisect_right(self._ends, index)
        start = self._ends[k - 1] if k else 0
        return self._entry(self._runs[k], index - start)

    def __iter__(self) -> Iterator[tuple]:
        for run in self._runs:
            for i in range(len(run[4])):
                yield self._entry(run, i)

    @staticmethod
    def _entry(run: tuple, i: int) -> tuple:
        card, side, zone, first, lasts = run
        last = lasts[i]
        if side == "down":
            return {"card": card, "side": side}, zone
        steps = [last] if first is None else [first[0], last]
        return {"card": card, "side": side, "steps": steps}, _end_zone(zone, last)

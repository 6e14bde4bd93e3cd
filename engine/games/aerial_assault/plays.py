"""The legal card plays of a robot, built from a view: what both built-in bots
choose from. The rules check a play with a function (there are too many to list),
so the bots list the legal ones themselves."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import accumulate
from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import ZONES, shoot_range, shoot_zone_1, side_of, truss_range


def part(robot: dict[str, Any], kind: str) -> C.Part:
    """A robot's drive or shooter (in a view): a legal build has one of each."""
    return C.fitted(robot["parts"], kind)


def max_move(robot: dict[str, Any], kind: str) -> int:
    if kind == "move2":
        return 2
    drive = part(robot, "drive")
    return 2 if drive.move >= 2 or drive.fast_need else drive.move


#: a block step's shape: legal only in a zone where the block would have a target
BLOCK = (("act", "block"),)


def _context(view: dict[str, Any], r: int, auto: bool) -> tuple[Any, ...]:
    """All a robot's steps depend on besides the slot, the zone and where a block
    has a target: its alliance, whether a drawn card is forced on it, how far its
    drive moves and its shooter's range. (Where blocks have targets changes with
    every move; keyed on it, the caches below missed half the time.)"""
    robot = view["robots"][r]
    return (
        robot["alliance"],
        auto,
        robot["forced"].startswith("card:"),
        max_move(robot, "move"),
        part(robot, "shooter").range,
    )


def _blockable(view: dict[str, Any], r: int) -> frozenset[int]:
    """The zones where ``block_targets`` would find someone for robot ``r``."""
    robot = view["robots"][r]
    alliance, last = robot["alliance"], robot["last_block"]
    return frozenset(
        o["zone"] for o in view["robots"] if o["alliance"] != alliance and o["robot"] != last
    )


@lru_cache(maxsize=8192)
def _side_runs(card: str, side: str, zone: int, context: tuple[Any, ...]) -> tuple[Any, ...]:
    """The plays of one card side from ``zone``, as runs that share a first step,
    as if a block had a target everywhere: ``(zone before the last step, (first
    step,) or None, last steps, last steps but a block, whether the first step is
    a block)``. The same few answers serve every decision of every match;
    ``play_options`` leaves out the blocks without a target."""
    slots = getattr(C.CARD_BY_ID[card], side)
    if len(slots) == 1:
        return (_run(zone, None, _step_shapes(slots[0][0], zone, context)[1:]),)
    runs = []
    for first in _step_shapes(slots[0][0], zone, context):
        mid = _end_zone(zone, first)
        seconds = _step_shapes(slots[1][0], mid, context)
        # no play does nothing at all: two skipped slots are not a play
        runs.append(_run(mid, (first,), seconds[1:] if first is None else seconds))
    return tuple(runs)


def _run(mid: int, first: tuple[Any, ...] | None, lasts: tuple[Any, ...]) -> tuple[Any, ...]:
    unblocked = tuple(last for last in lasts if last != BLOCK)
    return (mid, first, lasts, unblocked, first is not None and first[0] == BLOCK)


@lru_cache(maxsize=4096)
def _step_shapes(kind: str, zone: int, context: tuple[Any, ...]) -> tuple[Any, ...]:
    """Every legal step for a slot of ``kind`` (``None``, skip, included), each as a
    shape: the step's ``(key, value)`` pairs, ``dict(shape)`` the step itself. A
    block is included wherever the slot allows one (``_side_runs``)."""
    alliance, auto, card_forced, drive, reach = context
    out: list[Any] = [None]
    low_ok = not auto and zone == shoot_zone_1(alliance)
    if kind in ("move", "move2"):
        if not card_forced:
            for d in (-1, 1):
                for n in range(1, (2 if kind == "move2" else drive) + 1):
                    to = zone + d * n
                    if 0 <= to < ZONES and (not auto or side_of(to) == alliance):
                        out.append((("act", "move"), ("dir", d), ("dist", n)))
        if low_ok:
            out.append((("act", "low"),))
    elif kind in ("shoot", "truss"):
        if kind == "shoot":
            rng_ = shoot_range(alliance, zone)
            if rng_ is not None and rng_ <= reach:
                out.append((("act", "high"),))
        else:
            rng_ = truss_range(alliance, zone)
            if rng_ is not None and rng_ <= reach:
                out.append((("act", "truss"),))
        if low_ok:
            out.append((("act", "low"),))
        out.append((("act", "pass"), ("dir", 0), ("dist", 0)))
        for d in (-1, 1):
            for n in (1, 2):
                if 0 <= zone + d * n < ZONES:
                    out.append((("act", "pass"), ("dir", d), ("dist", n)))
    elif kind in ("catch", "pickup"):
        out.append((("act", kind),))
    elif kind == "block":
        out.append(BLOCK)  # the target is named after the reveal
    return tuple(out)


def block_targets(view: dict[str, Any], r: int, zone: int) -> list[int]:
    """Opposing robots robot ``r`` could block from ``zone``."""
    robot = view["robots"][r]
    return [
        o["robot"]
        for o in view["robots"]
        if o["alliance"] != robot["alliance"]
        and o["zone"] == zone
        and o["robot"] != robot["last_block"]
    ]


def _end_zone(zone: int, shape: tuple[Any, ...] | None) -> int:
    if shape is not None and shape[0][1] == "move":
        return zone + int(shape[1][1] * shape[2][1])
    return zone


def play_options(view: dict[str, Any], r: int, hand: list[str], zone: int, auto: bool) -> Plays:
    """Every legal (play, end zone) of robot ``r`` with ``hand`` standing in ``zone``:
    a sequence that makes an entry only when it is read (the random bot reads one)."""
    robot = view["robots"][r]
    forced = robot["forced"]
    if forced.startswith("card:"):
        hand = [forced[5:]]
    context = _context(view, r, auto)
    blockable = _blockable(view, r)
    zone_blockable = zone in blockable
    # runs of plays that share a card, a side and a first step:
    # (card, side, zone before the last step, (first step,) or None, last steps)
    runs: list[tuple[Any, ...]] = []
    for card in hand:
        for run, unblocked, mid, blocks_first in _card_runs(card, zone, context, forced == "stay"):
            if mid not in blockable:
                run = unblocked
            if run is not None and (zone_blockable or not blocks_first):
                runs.append(run)
    return Plays(runs)


@lru_cache(maxsize=8192)
def _card_runs(card: str, zone: int, context: tuple[Any, ...], stay: bool) -> tuple[Any, ...]:
    """The runs of ``card`` from ``zone`` for ``play_options``, face down first,
    each as ``(run, run without its blocks, zone before the last step, whether the
    first step is a block)``, a run ``None`` where it has no play left: one lookup
    a card instead of two, and no tuple built for a run at each decision."""
    out: list[tuple[Any, ...]] = [((card, "down", zone, None, (None,)),) * 2 + (zone, False)]
    if stay:  # a minor breakdown: face down only
        return tuple(out)
    for side in ("top", "bottom"):
        for mid, first, lasts, unblocked, blocks_first in _side_runs(card, side, zone, context):
            out.append(
                (
                    (card, side, mid, first, lasts) if lasts else None,
                    (card, side, mid, first, unblocked) if unblocked else None,
                    mid,
                    blocks_first,
                )
            )
    return tuple(out)


class Plays(Sequence[tuple[Any, int]]):
    """The (play, end zone) pairs of ``play_options``, in their order, kept as runs
    of plays that share a card, a side and a first step: an entry is built when
    read."""

    def __init__(self, runs: list[tuple[Any, ...]]) -> None:
        self._runs = runs  # none empty
        self._ends = list(accumulate([len(run[4]) for run in runs]))  # past each run
        self._count = self._ends[-1] if self._ends else 0

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> tuple[Any, ...]:  # type: ignore[override]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        index %= self._count
        k = bisect_right(self._ends, index)
        start = self._ends[k - 1] if k else 0
        return self._entry(self._runs[k], index - start)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for run in self._runs:
            for i in range(len(run[4])):
                yield self._entry(run, i)

    @staticmethod
    def _entry(run: tuple[Any, ...], i: int) -> tuple[Any, ...]:
        card, side, zone, first, lasts = run
        last = lasts[i]
        if side == "down":
            return {"card": card, "side": side}, zone
        steps = [_step(last)] if first is None else [_step(first[0]), _step(last)]
        return {"card": card, "side": side, "steps": steps}, _end_zone(zone, last)


def _step(shape: tuple[Any, ...] | None) -> dict[str, Any] | None:
    return None if shape is None else dict(shape)

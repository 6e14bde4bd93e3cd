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


@lru_cache(maxsize=1024)
def _context(
    alliance: str, auto: bool, card_forced: bool, parts: tuple[str, ...]
) -> tuple[Any, ...]:
    """All a robot's steps depend on besides the slot, the zone and where a block
    has a target: its alliance, whether a drawn card is forced on it, how far its
    drive moves and its shooter's range. (Where blocks have targets changes with
    every move: ``_card_runs`` answers for each case of it.)"""
    drive, shooter = C.fitted(parts, "drive"), C.fitted(parts, "shooter")
    reach = 2 if drive.move >= 2 or drive.fast_need else drive.move
    return (alliance, auto, card_forced, reach, shooter.range)


def _bit(zone: int) -> int:
    """A zone's bit in a set of zones held as an integer (the zone before a robot
    is placed, -1, has one too)."""
    return 1 << (zone + 1)


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
    robots = view["robots"]
    robot = robots[r]
    forced = robot["forced"]
    card_forced = forced[:5] == "card:"
    if card_forced:
        hand = [forced[5:]]
    alliance, last = robot["alliance"], robot["last_block"]
    blockable = 0  # the zones where ``block_targets`` would find someone for robot r
    for o in robots:
        if o["alliance"] != alliance and o["robot"] != last:
            blockable |= 1 << (o["zone"] + 1)  # _bit
    context = _context(alliance, auto, card_forced, tuple(robot["parts"]))
    stay = forced == "stay"
    # each card's runs of plays that share a side and a first step, as cached for
    # the zones where blocks have targets now, and the plays before each card's end
    cards, ends, count = [], [], 0
    for card in hand:
        relevant, table = _card_runs(card, zone, context, stay)
        runs = table[blockable & relevant]
        cards.append(runs)
        count += runs[1][-1]
        ends.append(count)
    return Plays(cards, ends)


@lru_cache(maxsize=8192)
def _card_runs(
    card: str, zone: int, context: tuple[Any, ...], stay: bool
) -> tuple[int, dict[int, tuple[Any, ...]]]:
    """The plays of ``card`` from ``zone`` for ``play_options``, face down first, as
    runs ``(card, side, zone before the last step, (first step,) or None, last
    steps)`` with the number of plays before each run's end; for each set of
    zones where blocks would have a target (a bit a zone, ``_bit``), as far as
    it matters to this card: ``(the zones that matter, {those of them where
    blocks have targets: (runs, ends)})``. A block-free card has one entry; one
    lookup a card, no run built at a decision."""
    options: list[tuple[Any, ...]] = [((card, "down", zone, None, (None,)),) * 2 + (zone, False)]
    if not stay:  # a minor breakdown: face down only
        for side in ("top", "bottom"):
            for mid, first, lasts, unblocked, blocks_first in _side_runs(card, side, zone, context):
                options.append(
                    (
                        (card, side, mid, first, lasts) if lasts else None,
                        (card, side, mid, first, unblocked) if unblocked else None,
                        mid,
                        blocks_first,
                    )
                )
    relevant = 0
    for run, unblocked, mid, blocks_first in options:
        if run != unblocked:
            relevant |= _bit(mid)
        if blocks_first:
            relevant |= _bit(zone)
    table = {}
    for blockable in range(relevant + 1):
        if blockable & relevant != blockable:
            continue
        runs = []
        for run, unblocked, mid, blocks_first in options:
            if not blockable & _bit(mid):
                run = unblocked
            if run is not None and (blockable & _bit(zone) or not blocks_first):
                runs.append(run)
        table[blockable] = (tuple(runs), tuple(accumulate(len(run[4]) for run in runs)))
    return relevant, table


class Plays(Sequence[tuple[Any, int]]):
    """The (play, end zone) pairs of ``play_options``, in their order, kept as each
    card's runs of plays that share a side and a first step: an entry is built
    when read."""

    def __init__(self, cards: list[tuple[Any, ...]], ends: list[int]) -> None:
        self._cards = cards  # (runs, plays before each run's end), none empty
        self._ends = ends  # plays before each card's end
        self._count = ends[-1] if ends else 0

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> tuple[Any, ...]:  # type: ignore[override]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        index %= self._count
        k = bisect_right(self._ends, index)
        if k:
            index -= self._ends[k - 1]
        runs, ends = self._cards[k]
        k = bisect_right(ends, index)
        return self._entry(runs[k], index - ends[k - 1] if k else index)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for runs, _ in self._cards:
            for run in runs:
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

"""A quick solo simulation of one robot's program, for the greedy bot: the other
robots stand still and block, nothing is shot. Pure functions over plain ints."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from engine.games.powerball.board import Floor, floor
from engine.games.powerball.cards import kind, steps_of, turn_of

FAR = 99


@cache
def distances(name: str) -> tuple[tuple[int, ...], ...]:
    """Walking distance between every two squares (walls respected, pits avoided)."""
    f = floor(name)
    n = f.size * f.size
    out = []
    for start in range(n):
        dist = [FAR] * n
        if start not in f.pits:
            dist[start] = 0
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for d in range(4):
                    ahead = f.open_edge(here, d)
                    if ahead is not None and ahead not in f.pits and dist[ahead] == FAR:
                        dist[ahead] = dist[here] + 1
                        queue.append(ahead)
        out.append(tuple(dist))
    return tuple(out)


@cache
def delivery_spots(name: str) -> tuple[tuple[int, int], ...]:
    """``(square, facing)`` from which a ball drops into a pit."""
    f = floor(name)
    out = []
    for sq in range(f.size * f.size):
        if sq in f.pits:
            continue
        for d in range(4):
            ahead = f.open_edge(sq, d)
            if ahead is not None and ahead in f.pits:
                out.append((sq, d))
    return tuple(out)


@cache
def laser_squares(name: str) -> frozenset[Any]:
    """Squares swept by a board laser when nothing stands in the way."""
    f = floor(name)
    out = set()
    for sq, d, _ in f.lasers:
        here: int | None = sq
        while here is not None:
            out.add(here)
            here = f.open_edge(here, d)
    return frozenset(out)


class Solo:
    """One robot on the floor: position, facing, balls held and what it did."""

    __slots__ = (
        "sq",
        "facing",
        "balls",
        "loose",
        "dead",
        "delivered",
        "picked",
        "wrench_phases",
        "cap",
    )

    def __init__(self, sq: int, facing: int, balls: int, loose: tuple[int, ...], cap: int) -> None:
        self.sq, self.facing, self.balls, self.loose, self.cap = sq, facing, balls, loose, cap
        self.dead = False
        self.delivered = self.picked = self.wrench_phases = 0

    def copy(self) -> Solo:
        other = Solo(self.sq, self.facing, self.balls, self.loose, self.cap)
        other.dead, other.delivered, other.picked = self.dead, self.delivered, self.picked
        other.wrench_phases = self.wrench_phases
        return other


def _enter(f: Floor, s: Solo, sq: int) -> None:
    s.sq = sq
    if sq in f.pits:
        s.dead = True
    elif sq in s.loose and s.balls < s.cap:
        s.balls += 1
        s.picked += 1
        s.loose = tuple(b for b in s.loose if b != sq)


def _deliver(f: Floor, s: Solo, done: bool) -> bool:
    if done or s.dead or not s.balls:
        return done
    ahead = f.open_edge(s.sq, s.facing)
    if ahead is not None and ahead in f.pits:
        s.balls -= 1
        s.delivered += 1
        return True
    return False


def run_register(
    f: Floor, s: Solo, card: int, phase: int, blocked: frozenset[Any], wrenches: frozenset[Any]
) -> None:
    k = kind(card)
    quarter = turn_of(k)
    if quarter:
        s.facing = (s.facing + quarter) % 4
    else:
        squares = steps_of(k)
        d = s.facing if squares > 0 else (s.facing + 2) % 4
        for _ in range(abs(squares)):
            ahead = f.open_edge(s.sq, d)
            if ahead is None or ahead in blocked:
                break
            _enter(f, s, ahead)
            if s.dead:
                return
    done = _deliver(f, s, False)
    for express_only in (True, False):
        belt = f.belts.get(s.sq)
        if belt and (belt[1] or not express_only):
            ahead = f.open_edge(s.sq, belt[0])
            if ahead is not None and ahead not in blocked:
                nxt = f.belts.get(ahead)
                if nxt and (nxt[0] - belt[0]) % 4 in (1, 3):
                    s.facing = (s.facing + nxt[0] - belt[0]) % 4
                _enter(f, s, ahead)
                if s.dead:
                    return
    pusher = f.pushers.get(s.sq)
    if pusher and phase in pusher[1]:
        ahead = f.open_edge(s.sq, pusher[0])
        if ahead is not None and ahead not in blocked:
            _enter(f, s, ahead)
            if s.dead:
                return
    gear = f.gears.get(s.sq)
    if gear:
        s.facing = (s.facing + gear) % 4
    done = _deliver(f, s, done)
    if s.sq in wrenches:
        s.wrench_phases += 1


# -- registers to a goal, with belts and gears counted --------------------------------
KIND_CARDS = (10, 70, 80, 430, 490, 670, 790)  # one card of each kind


@cache
def predecessors(name: str) -> tuple[tuple[int, ...], ...]:
    """For each state ``sq * 4 + facing``, the states one register away from it
    (any card, board elements included, pushers left out); deaths are dropped."""
    f = floor(name)
    n = f.size * f.size * 4
    back: list[list[int]] = [[] for _ in range(n)]
    for state in range(n):
        sq, facing = divmod(state, 4)
        if sq in f.pits:
            continue
        for card in KIND_CARDS:
            s = Solo(sq, facing, 0, (), 0)
            run_register(f, s, card, 0, frozenset(), frozenset())
            if not s.dead:
                back[s.sq * 4 + s.facing].append(state)
    return tuple(tuple(sorted(set(b))) for b in back)


@lru_cache(maxsize=512)
def registers_to(name: str, goals: frozenset[Any]) -> tuple[int, ...]:
    """Fewest registers from each state to a state in ``goals``."""
    back = predecessors(name)
    dist = [FAR] * len(back)
    frontier = sorted(goals)
    for state in frontier:
        dist[state] = 0
    while frontier:
        nxt = []
        for state in frontier:
            for prev in back[state]:
                if dist[prev] == FAR:
                    dist[prev] = dist[state] + 1
                    nxt.append(prev)
        frontier = nxt
    return tuple(dist)


def square_goals(squares: Iterable[int]) -> frozenset[int]:
    return frozenset(sq * 4 + d for sq in squares for d in range(4))


def delivery_goals(name: str) -> frozenset[Any]:
    return frozenset(sq * 4 + d for sq, d in delivery_spots(name))

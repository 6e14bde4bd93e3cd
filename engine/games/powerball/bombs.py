"""Buzz bombs (event 3): placed next to a flag robot, they run five face-up cards
the next turn after every robot has moved, and blow up when they touch a robot or
after the powerball step of phase 5."""

from __future__ import annotations

from engine.games.powerball.cards import kind, steps_of, turn_of
from engine.games.powerball.events import BOMB_GONE, BOMB_MOVED
from engine.games.powerball.harm import damage
from engine.games.powerball.state import robot_at
from engine.games.powerball.table import Table

BLAST = (6, 3, 1)  # damage on its square, one square away, two squares away (any way)


def free_squares_beside(t: Table, sq: int) -> list[int]:
    taken = {b.sq for b in t.state.bombs}
    out = []
    for d in range(4):
        beside = t.floor.open_edge(sq, d)
        if (
            beside is not None
            and beside not in t.floor.pits
            and beside not in taken
            and robot_at(t.state, beside) is None
        ):
            out.append(beside)
    return out


def run_bombs(t: Table) -> None:
    """Armed bombs carry out this phase's card, one square at a time."""
    i = 0
    while i < len(t.state.bombs):
        bomb = t.state.bombs[i]
        phase = t.state.phase
        # a bomb dealt short (the deck ran low) stands still when out of cards
        if bomb.armed and len(bomb.cards) >= phase and _run(t, i, bomb.cards[phase - 1]):
            continue  # this bomb is gone: the next one slid into index i
        i += 1


def _run(t: Table, i: int, card: int) -> bool:
    """Returns whether the bomb left the board."""
    k = kind(card)
    bomb = t.state.bombs[i]
    # a bomb starts heading north; its turn cards turn it
    heading = sum(turn_of(kind(c)) for c in bomb.cards[: t.state.phase]) % 4
    d = heading if steps_of(k) >= 0 else (heading + 2) % 4
    for _ in range(abs(steps_of(k))):
        ahead = t.floor.open_edge(t.state.bombs[i].sq, d)
        if ahead is None:
            return False
        if robot_at(t.state, ahead) is not None:
            explode(t, i)
            return True
        if ahead in t.floor.pits:
            t.emit(BOMB_GONE, {"bomb": i, "sq": ahead, "why": "pit"})
            return True
        t.emit(BOMB_MOVED, {"bomb": i, "sq": ahead})
    return False


def touches(t: Table) -> None:
    """A bomb with a robot on its square goes off."""
    i = 0
    while i < len(t.state.bombs):
        if t.state.bombs[i].armed and robot_at(t.state, t.state.bombs[i].sq) is not None:
            explode(t, i)
        else:
            i += 1


def explode(t: Table, i: int) -> None:
    bomb = t.state.bombs[i]
    bx, by = t.floor.xy(bomb.sq)
    t.emit(BOMB_GONE, {"bomb": i, "sq": bomb.sq, "why": "exploded"})
    for robot in t.state.robots:
        if not robot.alive:
            continue
        x, y = t.floor.xy(robot.sq)
        distance = max(abs(x - bx), abs(y - by))
        if distance < len(BLAST):
            damage(t, robot.seat, BLAST[distance], bomb.owner, "buzz bomb")


def explode_all(t: Table) -> None:
    while any(b.armed for b in t.state.bombs):
        explode(t, next(i for i, b in enumerate(t.state.bombs) if b.armed))

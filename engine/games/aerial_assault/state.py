"""The immutable state of an Aerial Assault match: robots, balls and the
match's progress, with the small queries every other module asks of it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.game import RulesError
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import ALLIANCES

ROUNDS = 5
PLAYS = 5
AUTO_CARDS = 3
ROW_SIZE = 8
MAX_HELD = 2


@dataclass(frozen=True)
class Robot:
    seat: int
    budget: int
    parts: tuple[str, ...] = ()
    specials: tuple[str, ...] = ()
    alliance: str = ""
    zone: int = -1
    played: tuple[str, ...] = ()  # this round's discard pile
    rerolls: tuple[str, ...] = ()  # re-roll cards already spent
    last_block: int = -1  # the robot it blocked successfully in the last card play
    forced: str = ""  # "" | "stay" | "panic" (card not drawn yet) | "card:<id>"

    @property
    def hand(self) -> tuple[str, ...]:
        return _hand(self.specials, self.played) if self.played else C.BASIC_IDS + self.specials

    @property
    def weeks(self) -> int:
        return sum(map(C.WEEKS.__getitem__, self.parts))

    def part(self, kind: str) -> C.Part:
        """The robot's drive or shooter: a legal build has one of each."""
        return C.fitted(self.parts, kind)

    @property
    def pickup_need(self) -> int:
        needs = [C.PART_BY_ID[p].pickup for p in self.parts if C.PART_BY_ID[p].pickup]
        return min(needs) if needs else 7

    @property
    def catch_mod(self) -> int:
        catches = [C.PART_BY_ID[p].catch for p in self.parts if C.PART_BY_ID[p].kind == "catching"]
        return catches[0] if catches else 0


@dataclass(frozen=True)
class Ball:
    id: int
    color: str
    where: str  # held | floor | waiting | removed
    robot: int = -1
    zone: int = -1
    trussed: bool = False
    possessors: tuple[int, ...] = ()  # robots that held it since it entered play


@dataclass(frozen=True)
class State:
    seats: int
    iri: bool
    missed_shots: bool
    tied_blocks: bool
    rookie: tuple[int, ...]
    version: int = 3  # the rules version of the log being folded
    phase: str = "setup"  # setup | build | draft | auto | play | block | over
    controllers: tuple[int, ...] = ()  # the seat driving each robot
    seat_teams: tuple[int, ...] = ()  # each seat's team when the platform seated them
    robots: tuple[Robot, ...] = ()
    deck: tuple[str, ...] = ()  # face-down special cards, sorted (draws are random)
    row: tuple[str, ...] = ()
    pick_order: tuple[int, ...] = ()  # robots, one per pick
    pick_index: int = 0
    balls: tuple[Ball, ...] = ()
    round: int = 0  # 0 is the autonomous round
    play: int = 0  # card plays finished in this round
    points: tuple[int, int] = (0, 0)  # red, blue
    assists: tuple[int, int] = (0, 0)
    catches: tuple[int, int] = (0, 0)
    trusses: tuple[int, int] = (0, 0)
    scored: tuple[int, int] = (0, 0)  # balls scored
    revealed: tuple[tuple[int, str, str, str], ...] = ()  # (robot, card, side, label)
    blocked: tuple[int, ...] = ()  # robots blocked in the last revealed play
    staged: tuple[dict[str, Any], ...] = ()  # revealed plays waiting for their block targets
    naming: tuple[int, ...] = ()  # blocking robots still to name a target, in order
    targets: tuple[tuple[int, int], ...] = ()  # (blocker, target) named so far
    result: str = ""

    @property
    def removed_first(self) -> int:
        """How many of each alliance's first scored balls leave the game."""
        return 2 if len(self.robots) == 6 else 1


@lru_cache(maxsize=1024)
def _hand(specials: tuple[str, ...], played: tuple[str, ...]) -> tuple[str, ...]:
    # asked of every robot several times at every decision (views, checks,
    # defaults), of the few hands a round goes through: 8,000 instructions
    # worked out, about 1,000 looked up
    return tuple([c for c in C.BASIC_IDS + specials if c not in played])


def set_item(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return items[:i] + (value,) + items[i + 1 :]


def add_to(pair: tuple[int, int], alliance: str, n: int) -> tuple[int, int]:
    i = ALLIANCES.index(alliance)
    return set_item(pair, i, pair[i] + n)


def robots_of(state: State, seat: int) -> list[int]:
    """The robots ``seat`` drives, in robot order (a fresh list: views hand it out)."""
    return list(_robots_of(state.controllers, seat))


@lru_cache(maxsize=256)
def _robots_of(controllers: tuple[int, ...], seat: int) -> tuple[int, ...]:
    # asked several times at every decision of every seat, of a few tables
    return tuple(r for r, s in enumerate(controllers) if s == seat)


def seat_alliance(state: State, seat: int) -> str:
    robots = robots_of(state, seat)
    return state.robots[robots[0]].alliance if robots else ""


def alliance_seats(state: State, alliance: str) -> tuple[int, ...]:
    return tuple(
        sorted(
            {
                state.controllers[r]
                for r, robot in enumerate(state.robots)
                if robot.alliance == alliance
            }
        )
    )


def held_by(state: State, robot: int) -> list[Ball]:
    return [b for b in state.balls if b.where == "held" and b.robot == robot]


def floor_balls(state: State, color: str, zone: int) -> list[Ball]:
    return [b for b in state.balls if b.where == "floor" and b.color == color and b.zone == zone]


def in_play(state: State, color: str) -> list[Ball]:
    return [b for b in state.balls if b.color == color and b.where in ("held", "floor")]


def parse_rookie(text: str, seats: int) -> tuple[int, ...]:
    text = text.strip().lower()
    if not text:
        return ()
    if text == "all":
        return tuple(range(seats))
    try:
        chosen = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise RulesError(
            f"option rookie takes '', 'all' or seat numbers like '0,2', not {text!r}"
        ) from None
    if any(s < 0 or s >= seats for s in chosen):
        raise RulesError(f"option rookie names a seat outside 0..{seats - 1}")
    return tuple(chosen)

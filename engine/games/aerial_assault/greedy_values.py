"""What the ``greedy`` Aerial Assault bot values: robot builds, cards, the odds of a
roll, and what a zone holds for a robot (``greedy.GreedyBot`` weighs its plays by
these). Values are in "units" where a sure 10-point goal is worth 18 (3 per sixth of
chance)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import shoot_range
from engine.games.aerial_assault.plays import part

#: builds valued within this much of the best are all good; one is drawn at random
#: (wider, and builds measured weaker start to come in)
BUILD_MARGIN = 1
#: the value of a step that cannot succeed: below any card played face down
HOPELESS = -1000
#: units per sixth of chance of 10 points
POINTS = 3


def chance(need: int, mod: int) -> int:
    """Chance in sixths that a die plus ``mod`` reaches ``need``."""
    return max(0, min(6, 7 - (need - mod)))


def build_value(parts: list[str], budget: int) -> int:
    """What a robot is worth. Reach comes first: the zones it moves plus the range
    it shoots from, up to 3 (a 1-zone drive with a range-1 shooter loses about
    four matches in five to a 2-zone one, measured greedy against greedy); then
    the odds of its rolls, a little for blocking, catching and spare weeks."""
    ps = [C.PART_BY_ID[p] for p in parts]
    drive = next(p for p in ps if p.kind == "drive")
    shooter = next(p for p in ps if p.kind == "shooter")
    pickup = min(p.pickup for p in ps if p.pickup)
    catching = any(p.kind == "catching" for p in ps)
    weeks = sum(p.weeks for p in ps)
    move = 2 if drive.move >= 2 else 1
    value = 12 * min(move + shooter.range, 3) + drive.block
    value += 4 * chance(shooter.shoot, 0) + 2 * chance(shooter.truss, 0) + chance(pickup, 0)
    value += (2 if catching else 0) + (3 if weeks < budget else 0)
    return value


def good_builds(budget: int) -> list[list[str]]:
    """The legal builds within ``BUILD_MARGIN`` of the best value."""
    builds = C.legal_builds(budget)
    values = [build_value(b, budget) for b in builds]
    best = max(values)
    return [b for b, v in zip(builds, values) if v >= best - BUILD_MARGIN]


@cache
def card_value(card_id: str) -> int:
    card = C.CARD_BY_ID[card_id]
    value = 0
    for side in (card.top, card.bottom):
        for kind, mod, reroll in side:
            value += {"shoot": 4, "move2": 4, "truss": 2, "move": 1}.get(kind, 1)
            value += 3 * mod + (2 if reroll else 0)
        value += 3 if len(side) == 2 else 0
    return value


def in_range(robot: dict[str, Any], zone: int) -> bool:
    """Can ``robot`` shoot at its goals from ``zone``?"""
    reach = shoot_range(robot["alliance"], zone)
    return reach is not None and reach <= part(robot, "shooter").range


def pickup_need(robot: dict[str, Any]) -> int:
    return min(C.PART_BY_ID[p].pickup for p in robot["parts"] if C.PART_BY_ID[p].pickup)


def floor_here(view: dict[str, Any], alliance: str, zone: int) -> int:
    return sum(
        1
        for b in view["balls"]
        if b["where"] == "floor" and b["zone"] == zone and b["color"] == alliance
    )

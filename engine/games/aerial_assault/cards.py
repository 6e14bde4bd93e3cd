"""The catalogues of Aerial Assault as data: robot parts, basic and special cards.

Everything here is a constant; RULES.md shows the same tables in prose. Most of
the values are **[reconstructed]**: the rulebook names only a handful of them
(Tank Drive +1 block, Mecanum Drive -1 block, Fast Tank 2 zones on a roll,
Catapult range 1 / truss 3-6 / shoot 3-6, Spinning Stick 3-6, Active Catching +2
and a sure inbound catch, a sample robot of 2 + 2 + 1 + 1 = 6 weeks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

# -- robot parts -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Part:
    id: str
    name: str
    kind: str  # drive | shooter | pickup | catching
    weeks: int
    move: int = 0  # drive: zones it always moves
    fast_need: int = 0  # drive: a second zone when a die rolls at least this (0: never)
    block: int = 0  # drive: modifier to block rolls (attacking and defending)
    range: int = 0  # shooter: farthest range it shoots and trusses from
    shoot: int = 0  # shooter: least roll (after modifiers) that scores a high goal
    truss: int = 0  # shooter: least roll that clears the truss
    pickup: int = 0  # pickup or a shooter with a built-in pick-up: least roll
    catch: int = 0  # catching: modifier to catch rolls


PARTS: tuple[Part, ...] = (
    Part("kitbot_drive", "Kit-Bot Drive", "drive", 1, move=1, block=0),
    Part("tank_drive", "Tank Drive", "drive", 2, move=1, block=1),
    Part("mecanum_drive", "Mecanum Drive", "drive", 2, move=2, block=-1),
    Part("fast_tank_drive", "Fast Tank Drive", "drive", 3, move=1, fast_need=3, block=1),
    Part("swerve_drive", "Swerve Drive", "drive", 3, move=2, block=0),
    Part("puncher", "Pneumatic Puncher", "shooter", 1, range=1, shoot=4, truss=4),
    Part("catapult", "Catapult", "shooter", 2, range=1, shoot=3, truss=3),
    Part("flywheel", "Flywheel Shooter", "shooter", 3, range=2, shoot=3, truss=3),
    Part("claw_shooter", "Claw Shooter", "shooter", 3, range=1, shoot=3, truss=4, pickup=3),
    Part("super_catapult", "Super Catapult", "shooter", 4, range=3, shoot=3, truss=3),
    Part("spinning_stick", "Spinning Stick", "pickup", 1, pickup=3),
    Part("roller_intake", "Roller Intake", "pickup", 2, pickup=2),
    Part("active_catching", "Active Catching", "catching", 1, catch=2),
)
PART_BY_ID = {p.id: p for p in PARTS}
#: each part's build weeks, by id
WEEKS = {p.id: p.weeks for p in PARTS}

#: least natural roll to catch a trussed ball, before modifiers
CATCH_NEED = 4
#: least roll to catch an inbound ball without Active Catching
INBOUND_NEED = 2
#: least roll to score a low goal (no modifiers)
LOW_NEED = 2

# -- action cards --------------------------------------------------------------------

# A card side is a tuple of slots; a slot is (kind, modifier, reroll). Kinds:
# move (the drive's distance), move2 (up to 2 zones, no roll), shoot, truss, catch,
# pickup, block. Two slots make a double action, done in the listed order.


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    top: tuple[tuple[str, int, bool], ...]
    bottom: tuple[tuple[str, int, bool], ...]
    deluxe: bool = False


def _s(kind: str, mod: int = 0, reroll: bool = False) -> tuple[str, int, bool]:
    return (kind, mod, reroll)


MOVE, MOVE2, SHOOT, TRUSS = _s("move"), _s("move2"), _s("shoot"), _s("truss")
CATCH, PICKUP, BLOCK = _s("catch"), _s("pickup"), _s("block")

BASIC: tuple[Card, ...] = (
    Card("B1", (MOVE,), (SHOOT,)),
    Card("B2", (MOVE,), (BLOCK,)),
    Card("B3", (TRUSS,), (PICKUP,)),
    Card("B4", (CATCH,), (PICKUP,)),
)

SPECIAL: tuple[Card, ...] = (
    Card("S01", (_s("shoot", 1),), (_s("pickup", 1),)),
    Card("S02", (_s("shoot", 1),), (MOVE,)),
    Card("S03", (_s("shoot", 1),), (_s("catch", 1),)),
    Card("S04", (_s("truss", 1),), (_s("catch", 1),)),
    Card("S05", (_s("truss", 1),), (PICKUP,)),
    Card("S06", (_s("truss", 1),), (BLOCK,)),
    Card("S07", (_s("catch", 1),), (MOVE,)),
    Card("S08", (_s("pickup", 1),), (MOVE,)),
    Card("S09", (_s("pickup", 1),), (_s("block", 1),)),
    Card("S10", (_s("block", 1),), (MOVE,)),
    Card("S11", (_s("block", 1),), (SHOOT,)),
    Card("S12", (MOVE, SHOOT), (PICKUP,)),
    Card("S13", (SHOOT, MOVE), (CATCH,)),
    Card("S14", (MOVE, BLOCK), (TRUSS,)),
    Card("S15", (BLOCK, MOVE), (SHOOT,)),
    Card("S16", (TRUSS, MOVE), (PICKUP,)),
    Card("S17", (MOVE, TRUSS), (CATCH,)),
    Card("S18", (MOVE2,), (SHOOT,)),
    Card("S19", (MOVE2,), (BLOCK,)),
    Card("S20", (MOVE2,), (_s("pickup", 1),)),
    Card("S21", (_s("shoot", 0, True),), (MOVE,)),
    Card("S22", (_s("truss", 0, True),), (PICKUP,)),
    Card("S23", (_s("pickup", 0, True),), (CATCH,)),
    Card("S24", (_s("block", 0, True),), (MOVE, SHOOT)),
    # the Deluxe Edition's extra cards, shuffled in for the six-seat game
    Card("S25", (_s("shoot", 2),), (MOVE,), deluxe=True),
    Card("S26", (_s("truss", 2),), (BLOCK,), deluxe=True),
    Card("S27", (_s("catch", 2),), (PICKUP,), deluxe=True),
    Card("S28", (_s("block", 2),), (MOVE,), deluxe=True),
    Card("S29", (MOVE, SHOOT), (BLOCK,), deluxe=True),
    Card("S30", (MOVE, TRUSS), (_s("pickup", 1),), deluxe=True),
    Card("S31", (_s("catch", 0, True),), (SHOOT,), deluxe=True),
    Card("S32", (MOVE2,), (_s("catch", 1),), deluxe=True),
)

CARD_BY_ID = {c.id: c for c in BASIC + SPECIAL}
BASIC_IDS = tuple(c.id for c in BASIC)


#: which phase of a card play a side resolves in: 1 blocks, 2 shoot/truss, 3 the rest
def side_phase(side: tuple[tuple[str, int, bool], ...]) -> int:
    kinds = [slot[0] for slot in side]
    if "block" in kinds:
        return 1
    if "shoot" in kinds or "truss" in kinds:
        return 2
    return 3


def slot_label(slot: tuple[str, int, bool]) -> str:
    kind, mod, reroll = slot
    names = {
        "move": "Move",
        "move2": "Move 2",
        "shoot": "Shoot",
        "truss": "Truss",
        "catch": "Catch",
        "pickup": "Floor Pick Up",
        "block": "Block",
    }
    text = names[kind]
    if mod:
        text += f" +{mod}"
    if reroll:
        text += " (re-roll)"
    return text


def side_label(side: tuple[tuple[str, int, bool], ...]) -> str:
    return " then ".join(slot_label(s) for s in side)


#: each card side's label, and "face down", by (card id, side): a reveal labels six plays
SIDE_LABELS = {
    (card.id, side): side_label(getattr(card, side)) if side != "down" else "face down"
    for card in BASIC + SPECIAL
    for side in ("top", "bottom", "down")
}


def card_json(card_id: str) -> dict[str, Any]:
    """A card as plain JSON, for views and bots."""
    card = CARD_BY_ID[card_id]
    return {
        "id": card.id,
        "top": [list(s) for s in card.top],
        "bottom": [list(s) for s in card.bottom],
        "label": f"{side_label(card.top)} / {side_label(card.bottom)}",
    }


def part_json(part_id: str) -> dict[str, Any]:
    p = PART_BY_ID[part_id]
    return {
        "id": p.id,
        "name": p.name,
        "kind": p.kind,
        "weeks": p.weeks,
        "move": p.move,
        "fast_need": p.fast_need,
        "block": p.block,
        "range": p.range,
        "shoot": p.shoot,
        "truss": p.truss,
        "pickup": p.pickup,
        "catch": p.catch,
    }


def fitted(parts: Sequence[str], kind: str) -> Part:
    """The part of ``kind`` (``drive``, ``shooter``) among a robot's ``parts``: a
    legal build has exactly one of each (``build_problem``)."""
    for p in parts:
        if PART_BY_ID[p].kind == kind:
            return PART_BY_ID[p]
    raise ValueError(f"a robot's parts {list(parts)} have no {kind}")


def build_problem(parts: list[Any], budget: int) -> str | None:
    """Why a list of part ids is not a legal robot, or ``None``."""
    if type(parts) is not list or not all(type(p) is str for p in parts):
        return "a build is a list of part ids"
    if len(set(parts)) != len(parts):
        return "a part is listed twice"
    unknown = [p for p in parts if p not in PART_BY_ID]
    if unknown:
        return f"unknown part {unknown[0]!r}"
    kinds = [PART_BY_ID[p].kind for p in parts]
    if kinds.count("drive") != 1:
        return "a robot needs exactly one drive train"
    if kinds.count("shooter") != 1:
        return "a robot needs exactly one shooter"
    if kinds.count("pickup") > 1 or kinds.count("catching") > 1:
        return "at most one floor pick-up and one active catching"
    shooter = next(PART_BY_ID[p] for p in parts if PART_BY_ID[p].kind == "shooter")
    if kinds.count("pickup") == 0 and not shooter.pickup:
        return "a robot needs a floor pick-up (or a shooter with one built in)"
    weeks = sum(PART_BY_ID[p].weeks for p in parts)
    if weeks > budget:
        return f"{weeks} weeks of parts is over the budget of {budget}"
    return None


def legal_builds(budget: int) -> list[list[str]]:
    """Every legal robot within ``budget`` weeks, parts in catalogue order."""
    return [list(b) for b in _builds(budget)]


@cache
def _builds(budget: int) -> tuple[tuple[str, ...], ...]:
    drives = [p.id for p in PARTS if p.kind == "drive"]
    shooters = [p.id for p in PARTS if p.kind == "shooter"]
    pickups = [None] + [p.id for p in PARTS if p.kind == "pickup"]
    out = []
    for d in drives:
        for s in shooters:
            for pk in pickups:
                for c in (None, "active_catching"):
                    parts = [x for x in (d, s, pk, c) if x is not None]
                    if build_problem(parts, budget) is None:
                        out.append(tuple(parts))
    return tuple(out)

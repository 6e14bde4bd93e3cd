"""The state behind an Aerial Assault view. Secret to a seat: the special cards
the other alliance's robots hold unplayed, a card the other alliance drew in a
panic, the face-down special deck and the draft's later picks. A drawn state
deals the other robots' unplayed specials and the deck from the specials the
seat cannot account for (neither its own, in the row, nor played), leaves a
hidden panic card undrawn, and continues the draft's order robot by robot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import ALLIANCES
from engine.games.aerial_assault.rules import AerialAssault
from engine.games.aerial_assault.state import Ball, Robot, State
from engine.rng import Rng


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    robots = view["robots"]
    controllers = tuple(r["seat"] for r in robots)
    pool = rng.shuffled(_unaccounted(view))
    dealt = [_robot(r, pool) for r in robots]
    deck = tuple(sorted(pool)[: view["deck_size"]])
    score = [view["score"][a] for a in ALLIANCES]
    revealed = view["revealed"]
    options = view["options"]
    return State(
        seats=len(set(controllers)),
        iri=options["iri"],
        missed_shots=options["missed_shots"],
        tied_blocks=options["tied_blocks"],
        rookie=(),
        version=AerialAssault.rules_version,
        phase=view["phase"],
        controllers=controllers,
        robots=tuple(dealt),
        deck=deck,
        row=tuple(view["row"]),
        pick_order=_pick_order(view, len(robots)),
        pick_index=0,
        balls=tuple(_ball(b) for b in view["balls"]),
        round=view["round"],
        play=view["play"],
        points=(score[0]["points"], score[1]["points"]),
        assists=(score[0]["assists"], score[1]["assists"]),
        catches=(score[0]["catches"], score[1]["catches"]),
        trusses=(score[0]["trusses"], score[1]["trusses"]),
        scored=(score[0]["scored"], score[1]["scored"]),
        revealed=tuple((p["robot"], p["card"], p["side"], p["label"]) for p in revealed),
        blocked=tuple(p["robot"] for p in revealed if p["blocked"]),
        staged=tuple(view["staged"]),
        naming=tuple(view["naming"]),
        targets=tuple((a, b) for a, b in view["block_targets"]),
        result=view["result"],
    )


def _unaccounted(view: dict[str, Any]) -> list[str]:
    """The specials of this match the seat cannot place: not its own, not in the
    row, not played by anyone."""
    deluxe = len(view["robots"]) == 6
    left = Counter(c.id for c in C.SPECIAL if deluxe or not c.deluxe)
    left.subtract(view["row"])
    for r in view["robots"]:
        left.subtract(r["specials"] if "specials" in r else _played_specials(r))
    return sorted(left.elements())


def _played_specials(r: dict[str, Any]) -> list[str]:
    return [c for c in r["played"] if c not in C.BASIC_IDS]


def _robot(r: dict[str, Any], pool: list[str]) -> Robot:
    """The robot, its unseen specials taken from ``pool``."""
    if "specials" in r:
        specials = tuple(r["specials"])
    else:
        count = r["hand_size"] + len(r["played"]) - len(C.BASIC_IDS)
        specials = tuple(_played_specials(r))
        specials += tuple(pool.pop() for _ in range(max(0, count - len(specials))) if pool)
    return Robot(
        seat=r["seat"],
        budget=r["budget"],
        parts=tuple(r["parts"]),
        specials=specials,
        alliance=r["alliance"],
        zone=r["zone"],
        played=tuple(r["played"]),
        rerolls=tuple(r["rerolls_used"]),
        last_block=r["last_block"],
        forced=r["forced"],
    )


def _ball(b: dict[str, Any]) -> Ball:
    held = b["where"] == "held"
    return Ball(
        b["id"],
        b["color"],
        b["where"],
        robot=b["robot"],
        zone=-1 if held else b["zone"],
        trussed=b["trussed"],
        possessors=tuple(b["possessors"]),
    )


def _pick_order(view: dict[str, Any], robots: int) -> tuple[int, ...]:
    """The draft's picks left: the robot picking now, then robot by robot."""
    first = view["picking_robot"]
    if first is None:
        return ()
    return tuple((first + k) % robots for k in range(view["picks_left"]))

"""The legal card plays of a robot, built from a view: what both built-in bots
choose from. The rules check a play with a function (there are too many to list),
so the bots list the legal ones themselves."""

from __future__ import annotations

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


def play_options(view: dict, r: int, hand: list[str], zone: int, auto: bool) -> list[tuple]:
    """Every legal (play, end zone) of robot ``r`` with ``hand`` standing in ``zone``."""
    robot = view["robots"][r]
    forced = robot["forced"]
    if forced.startswith("card:"):
        hand = [forced[5:]]
    out = []
    for card in hand:
        out.append(({"card": card, "side": "down"}, zone))
        if forced == "stay":
            continue
        for side in ("top", "bottom"):
            slots = getattr(C.CARD_BY_ID[card], side)
            if len(slots) == 1:
                for step in step_options(view, r, slots[0], zone, auto)[1:]:
                    out.append(
                        ({"card": card, "side": side, "steps": [step]}, _end_zone(zone, step))
                    )
                continue
            for first in step_options(view, r, slots[0], zone, auto):
                mid = _end_zone(zone, first)
                for second in step_options(view, r, slots[1], mid, auto):
                    if first is None and second is None:
                        continue
                    out.append(
                        (
                            {"card": card, "side": side, "steps": [first, second]},
                            _end_zone(mid, second),
                        )
                    )
    return out

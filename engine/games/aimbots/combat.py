"""Attacks: reach, advantage, the combat roll and what a hit does."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.events import Event
from engine.games.aimbots.board import OPPOSITE, adjacent, line_to, step
from engine.games.aimbots.dice import effective, face, pivot, sides
from engine.games.aimbots.events import (
    ATTACK_RESOLVED,
    BOT_DESTROYED,
    BOT_PUSHED,
    BOT_TURNED,
    DICE_ROLLED,
    EFFECTS_TO_ORDER,
    PLATE_ADDED,
    PLATE_CHOICE,
    SCRAP_DROPPED,
)
from engine.games.aimbots.state import Bot, State, bot_at
from engine.rng import Rng
from engine.states import revise


def in_reach(attacker: Bot, target: Bot) -> tuple[str, int] | None:
    """(direction, distance) when ``target`` is in ``attacker``'s reach.

    Orthogonal lines only; Close needs the next space, Range reaches up to its
    number of spaces and sees through bots."""
    found = line_to(attacker.sq, target.sq)
    if found is None or found[1] > attacker.prog.reach:
        return None
    return found


def targets(state: State, attacker: Bot) -> list[tuple[Bot, str, int]]:
    out = []
    for bot in state.bots:
        if bot.alive and bot.sq >= 0 and bot.owner != attacker.owner:
            found = in_reach(attacker, bot)
            if found is not None:
                out.append((bot, found[0], found[1]))
    return out


def defense_aura(state: State, target: Bot) -> int:
    return sum(
        b.prog.aura_defense
        for b in state.bots
        if b.alive
        and b.owner == target.owner
        and b.id != target.id
        and b.sq >= 0
        and adjacent(b.sq, target.sq)
    )


def profile(state: State, attacker: Bot, target: Bot, d: str, dist: int) -> dict[str, Any]:
    """Everything fixed before the dice: faces, advantage and bonuses."""
    ap, tp = attacker.prog, target.prog
    raw = face(attacker.north, attacker.east, d)
    power = effective(raw, attacker.plates)
    armor = target.top + tp.armor_bonus
    bonus = ap.attack_bonus + (ap.close_bonus if dist == 1 else ap.far_bonus)
    return {
        "attacker": attacker.id,
        "target": target.id,
        "dir": d,
        "distance": dist,
        "face": raw,
        "face_value": power,
        "armor": armor,
        "advantage": abs(power - armor),
        "advantage_to": "attack" if power > armor else "defense" if armor > power else "none",
        "attack_bonus": bonus + state.aim,
        "defense_bonus": tp.defense_bonus + defense_aura(state, target),
    }


def totals(p: dict[str, Any]) -> tuple[int, int]:
    """The fixed parts of the attack and defense values (advantage + bonuses)."""
    att = p["attack_bonus"] + (p["advantage"] if p["advantage_to"] == "attack" else 0)
    dfn = p["defense_bonus"] + (p["advantage"] if p["advantage_to"] == "defense" else 0)
    return att, dfn


def roll(rng: Rng, reroll: bool) -> tuple[list[int], list[int] | None]:
    """2d6; with a reroll ability the lower die is rolled again when it shows 1-3."""
    dice = [rng.die(), rng.die()]
    if not reroll or min(dice) > 3:
        return dice, None
    first = list(dice)
    low = 0 if dice[0] <= dice[1] else 1
    dice[low] = rng.die()
    return dice, first


def _dice_event(purpose: str, bot: Bot, dice: list[int], first: list[int] | None) -> Event:
    data = {"purpose": purpose, "seat": bot.owner, "bot": bot.id, "dice": dice}
    if first is not None:
        data["before_reroll"] = first
    return Event(DICE_ROLLED, data)


def attack_events(
    state: State, attacker: Bot, target: Bot, d: str, dist: int, rng: Rng
) -> list[Event]:
    p = profile(state, attacker, target, d, dist)
    a_dice, a_first = roll(rng, attacker.prog.reroll_attack)
    d_dice, d_first = roll(rng, target.prog.reroll_defense)
    att, dfn = totals(p)
    p["attack_total"] = att + sum(a_dice)
    p["defense_total"] = dfn + sum(d_dice)
    p["hit"] = p["attack_total"] >= p["defense_total"]
    p["cost"] = 2
    events = [
        _dice_event("attack", attacker, a_dice, a_first),
        _dice_event("defense", target, d_dice, d_first),
        Event(ATTACK_RESOLVED, p),
    ]
    if p["hit"]:
        events += hit_events(state, attacker, target, d)
    return events


def hit_events(state: State, attacker: Bot, target: Bot, d: str) -> list[Event]:
    """Damage: the face toward the attacker; a third plate destroys the bot.

    A push and the plate never depend on their order (a push keeps the facing), so
    the push comes first. A Hacker's twist and the plate may: then the attacking
    seat orders them (the Golden Rule), a decision of its own."""
    if len(target.plates) >= 2:
        return destroy_events(state, target, attacker.owner)
    if attacker.prog.push:
        to = step(target.sq, d)
        pushed = [
            Event(BOT_PUSHED, {"bot": target.id, "from": target.sq, "to": to})
            if to is not None and bot_at(state, to) is None
            else None
        ]
        return [e for e in pushed if e] + plate_events(target, d)
    if attacker.prog.twist:
        if plated_face(target, d) != plated_face(twisted(target), d):
            return [
                Event(
                    EFFECTS_TO_ORDER,
                    {
                        "seat": attacker.owner,
                        "bot": target.id,
                        "dir": d,
                        "effects": ["plate", "twist"],
                    },
                )
            ]
        return ordered_events(target, d, "twist")
    return plate_events(target, d)


def twisted(bot: Bot) -> Bot:
    """``bot`` after a Hacker's twist: a quarter turn clockwise."""
    north, east = pivot(bot.north, bot.east, "cw")
    return revise(bot, north=north, east=east)


def plated_face(target: Bot, d: str) -> int | None:
    """The face a hit from direction ``d`` plates, or ``None`` when that face is
    already plated and the defender chooses."""
    toward = face(target.north, target.east, OPPOSITE[d])
    return None if toward in target.plates else toward


def plate_events(target: Bot, d: str) -> list[Event]:
    toward = plated_face(target, d)
    if toward is not None:
        return [Event(PLATE_ADDED, {"bot": target.id, "face": toward})]
    options = [v for v in sides(target.top) if v not in target.plates]
    return [Event(PLATE_CHOICE, {"bot": target.id, "seat": target.owner, "options": options})]


def ordered_events(target: Bot, d: str, first: str) -> list[Event]:
    """A Hacker's hit with its twist and plate in the order the attacker chose."""
    turned = twisted(target)
    turn = Event(BOT_TURNED, {"bot": target.id, "north": turned.north, "east": turned.east})
    if first == "twist":
        return [turn] + plate_events(turned, d)
    plate = plate_events(target, d)
    # a plate the defender chooses is a face value, not a side: the twist may go first
    return plate + [turn] if plate[0].type == PLATE_ADDED else [turn] + plate


def destroy_events(state: State, target: Bot, by: int) -> list[Event]:
    """The bot leaves, its core goes to ``by``, a face-down scrap token drops."""
    events = [
        Event(
            BOT_DESTROYED,
            {
                "bot": target.id,
                "seat": target.owner,
                "by": by,
                "core": target.core,
                "sq": target.sq,
            },
        )
    ]
    if state.pile:
        token = state.pile[0]
        events.append(
            Event(SCRAP_DROPPED, {"sq": target.sq, "token": token}, (), {"sq": target.sq})
        )
    return events


# -- odds, for bots and tests -------------------------------------------------------
_TWO_D6 = [0] * 13
for _a in range(1, 7):
    for _b in range(1, 7):
        _TWO_D6[_a + _b] += 1


@cache
def hit_chance(att_fixed: int, def_fixed: int) -> int:
    """Chance (in 1296ths) that 2d6 + att_fixed >= 2d6 + def_fixed."""
    return sum(
        _TWO_D6[a] * _TWO_D6[b]
        for a in range(2, 13)
        for b in range(2, 13)
        if a + att_fixed >= b + def_fixed
    )

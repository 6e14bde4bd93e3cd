"""Attacks: who can be shot at, the re-rolls each side earns, and the damage."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from engine.events import Event
from engine.games.dogfight.events import ACE_EARNED, ATTACK_RESOLVED, PLANE_DESTROYED
from engine.games.dogfight.geometry import in_range_and_arc
from engine.games.dogfight.state import Plane, State, enemies, in_combat

HIT, CRITICAL = 4, 6  # an attack die hits on 4-6 and is critical on a 6
DODGE = 4  # a defence die dodges on 4-6


def targets(state: State, seat: int) -> list[tuple[Plane, str]]:
    """Enemy planes in range and in the arc of ``seat``'s plane, with the section."""
    me = state.planes[seat]
    found = []
    for plane in enemies(state, seat):
        where = in_range_and_arc(me.pose, (plane.x, plane.y))
        if where is not None:
            found.append((plane, where))
    return found


def attack_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """A target, with or without the Ace die: everyone attacks (no holding fire
    with an enemy in range and arc)."""
    aces = (False, True) if state.planes[seat].ace else (False,)
    return [{"target": plane.seat, "ace": ace} for plane, _ in targets(state, seat) for ace in aces]


def free_rerolls(section: str) -> tuple[int, int]:
    """(attacker's, defender's) free re-rolls: the attacker's in the close
    section, the defender's in the far one."""
    return int(section == "close"), int(section == "far")


def most_rerolls(plane: Plane, free: int) -> int:
    """The free re-rolls plus one more bought with a level of altitude."""
    return free + (plane.altitude > 0)


def altitude_spent(chosen: int, free: int) -> int:
    return max(0, chosen - free)


def reroll_actions(dice: int, allowed: int) -> list[dict[str, Any]]:
    """Every set of distinct dice (by index) of at most ``allowed``, none first."""
    return [
        {"reroll": list(chosen)}
        for k in range(allowed + 1)
        for chosen in combinations(range(dice), k)
    ]


def damage(attack_dice: Sequence[int], defense_dice: Sequence[int]) -> dict[str, Any]:
    """Hits and criticals less dodges: one dodge cancels a hit, two a critical.

    Dodges go to plain hits first: a critical costs two dodges to cancel and
    deals no more than a hit, so that is always the defender's best choice."""
    crits = sum(1 for d in attack_dice if d >= CRITICAL)
    hits = sum(1 for d in attack_dice if HIT <= d < CRITICAL)
    dodges = sum(1 for d in defense_dice if d >= DODGE)
    hits_cancelled = min(hits, dodges)
    crits_cancelled = min(crits, (dodges - hits_cancelled) // 2)
    return {
        "hits": hits,
        "crits": crits,
        "dodges": dodges,
        "damage": hits - hits_cancelled + crits - crits_cancelled,
    }


def damage_events(state: State) -> list[Event]:
    """The attack in progress resolved: its damage, the target shot down at no
    Health left, and the Ace die earned by that kill when the option is on."""
    combat = in_combat(state)
    attacker, target = state.planes[combat.attacker], state.planes[combat.target]
    result = damage(combat.attack_dice, combat.defense_dice)
    health = max(0, target.health - result["damage"])
    events = [
        Event(
            ATTACK_RESOLVED,
            {"attacker": attacker.seat, "target": target.seat, **result, "health": health},
        )
    ]
    if health == 0:
        events.append(
            Event(
                PLANE_DESTROYED, {"seat": target.seat, "by": attacker.seat, "reason": "shot down"}
            )
        )
        if state.ace_option and not attacker.ace:
            events.append(Event(ACE_EARNED, {"seat": attacker.seat}))
    return events

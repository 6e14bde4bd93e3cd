"""Dogfight's events in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.describe import Seats
from engine.events import ACTION_SUBMITTED
from engine.games.dogfight.events import (
    ACE_EARNED,
    ATTACK_DECLARED,
    ATTACK_RESOLVED,
    DICE_REROLLED,
    DICE_ROLLED,
    FIRST_PLAYER,
    HOLDS_FIRE,
    PLANE_DESTROYED,
    PLANE_FLEW,
    PLANE_PLACED,
    ROUND_LIMIT_REACHED,
    ROUND_STARTED,
    STAGE_STARTED,
    STATS_REVEALED,
    TEAM_UP,
)

HEADINGS = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)


def _stats(st: dict[str, Any]) -> str:
    return f"attack {st['attack']}, defense {st['defense']}, health {st['health']}, speed {st['speed']}"


def _flew(d: dict[str, Any], s: Seats) -> str:
    return (
        f"{s(d['seat'])} flies {' '.join(d['plan']) or 'straight'} to altitude "
        f"{d['altitude']} ({d['cost']} speed spent)."
    )


def _resolved(d: dict[str, Any], s: Seats) -> str:
    return (
        f"{s(d['attacker'])} hits {s(d['target'])} {d['hits']} times against "
        f"{d['dodges']} dodges: {d['damage']} damage, {d['health']} health left."
    )


SENTENCES: dict[str, Callable[[dict[str, Any], Seats], str | None]] = {
    STATS_REVEALED: lambda d, s: (
        "Planes revealed: "
        + "; ".join(f"{s(i)} {_stats(st)}" for i, st in enumerate(d["stats"]))
        + "."
    ),
    DICE_ROLLED: lambda d, s: (
        f"{s(d['seat'])} rolls {' '.join(map(str, d['dice']))} for {d.get('purpose', 'a roll')}."
        if "seat" in d
        else f"Dice {' '.join(map(str, d['dice']))} are rolled for {d.get('purpose', 'a roll')}."
    ),
    FIRST_PLAYER: lambda d, s: f"{s(d['seat'])} goes first.",
    PLANE_PLACED: lambda d, s: (
        f"{s(d['seat'])} places its plane heading "
        f"{HEADINGS[d['heading'] % 8] if isinstance(d['heading'], int) else d['heading']}."
    ),
    ROUND_STARTED: lambda d, s: f"Round {d['round']} begins.",
    TEAM_UP: lambda d, s: f"Team {d['team']}: {s.many(d['seats'])}.",
    PLANE_FLEW: _flew,
    STAGE_STARTED: lambda d, s: f"The {d['stage']} stage begins.",
    HOLDS_FIRE: lambda d, s: f"{s(d['seat'])} holds fire ({d['reason']}).",
    ATTACK_DECLARED: lambda d, s: (
        f"{s(d['attacker'])} attacks {s(d['target'])} at {d['section']} range."
    ),
    DICE_REROLLED: lambda d, s: (
        f"{s(d['seat'])} rerolls for {d['purpose']}: now {' '.join(map(str, d['dice']))}."
    ),
    ATTACK_RESOLVED: _resolved,
    PLANE_DESTROYED: lambda d, s: (
        f"{s(d['seat'])} is {d['reason']}"
        + (f" by {s(d['by'])}." if d.get("by") is not None else ".")
    ),
    ACE_EARNED: lambda d, s: f"{s(d['seat'])} becomes an ace." if "seat" in d else None,
    ROUND_LIMIT_REACHED: lambda d, s: "The round limit is reached.",
}


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    if kind == ACTION_SUBMITTED and "action" not in data:
        return f"{seats(data.get('seat'))} decides in secret."
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

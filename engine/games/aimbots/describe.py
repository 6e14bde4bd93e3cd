"""Aimbots' events in words, naming squares and bots as the board labels them:
(column, row) and the #id on each bot's token."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.describe import Seats, listing, submitted
from engine.events import ACTION_SUBMITTED
from engine.games.aimbots.board import bot_label, label
from engine.games.aimbots.events import (
    ATTACK_RESOLVED,
    BOOSTED,
    BOT_DESTROYED,
    BOT_PLACED,
    BOT_PUSHED,
    BOT_TURNED,
    CORES_LOADED,
    DICE_ROLLED,
    DIE_PLACED,
    DIE_WILDED,
    EFFECTS_ORDERED,
    EFFECTS_TO_ORDER,
    FIRST_PLAYER,
    LINEUPS_DEALT,
    MARKET_DEALT,
    PICKED_UP,
    PIVOTED,
    PLATE_ADDED,
    PLATE_CHOICE,
    SCRAP_DROPPED,
    SCRAP_PLACED,
    SCRAP_USED,
    TIME_UP,
    TURN_ENDED,
    TURN_STARTED,
)

DIRS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _draft(d: dict[str, Any], seats: Seats) -> str:
    return (
        f"{seats(d['seat'])} places a {d['value']} die on {d['program']}, programming "
        f"bot {bot_label(d['bot'])}."
    )


def _attack(d: dict[str, Any], seats: Seats) -> str:
    result = "hits" if d.get("hit") else "misses"
    return (
        f"Bot {bot_label(d['attacker'])} attacks bot {bot_label(d['target'])} {DIRS.get(d.get('dir') or '', '')} at "
        f"range {d.get('distance')} and {result} ({d.get('attack_total')} against "
        f"{d.get('defense_total')})."
    )


#: action fields in the board's words
FIELDS = {"sq": label, "bot": bot_label}

SENTENCES: dict[str, Callable[[dict[str, Any], Seats], str | None]] = {
    ACTION_SUBMITTED: lambda d, s: (
        submitted(
            d, s, {**FIELDS, "target": bot_label} if d["action"].get("do") == "attack" else FIELDS
        )
        if isinstance(d.get("action"), dict)
        else None
    ),
    DICE_ROLLED: lambda d, s: (
        f"{s(d['seat'])} rolls {' '.join(map(str, d['dice']))} for the {d.get('purpose', 'roll')}."
    ),
    FIRST_PLAYER: lambda d, s: (
        f"{s(d['seat'])} goes first (draft totals {', '.join(map(str, d.get('totals', [])))})."
    ),
    MARKET_DEALT: lambda d, s: f"The market is dealt: {listing(d['cards'])}.",
    DIE_PLACED: _draft,
    CORES_LOADED: lambda d, s: (
        f"{s(d['seat'])} loads cores {', '.join(map(str, d['cores']))} into its bots."
        if "cores" in d
        else f"{s(d['seat'])} loads its cores."
    ),
    BOT_PLACED: lambda d, s: (
        f"{s(d['seat'])} places bot {bot_label(d['bot'])} on {label(d['sq'])}."
    ),
    SCRAP_PLACED: lambda d, s: (
        f"Scrap is laid face down on {listing([label(sq) for sq in d.get('spaces', [])])}."
        if "spaces" in d
        else "Scrap is laid face down."
    ),
    TURN_STARTED: lambda d, s: (
        f"Round {d['round']}: {s(d['seat'])} starts a turn with {d['energy']} energy."
    ),
    BOOSTED: lambda d, s: (
        f"Bot {bot_label(d['bot'])} boosts {d['steps']} {DIRS.get(d['dir'], d['dir'])} "
        f"from {label(d['from'])} to {label(d['to'])}."
    ),
    PIVOTED: lambda d, s: (
        f"Bot {bot_label(d['bot'])} pivots {'clockwise' if d['turn'] == 'cw' else 'anticlockwise'}."
    ),
    PICKED_UP: lambda d, s: (
        f"Bot {bot_label(d['bot'])} picks up scrap on {label(d['sq'])}"
        + (f": {d['kind']}." if "kind" in d else ".")
    ),
    SCRAP_USED: lambda d, s: f"{s(d['seat'])} uses scrap: {d['kind']}.",
    TURN_ENDED: lambda d, s: f"{s(d['seat'])} ends the turn.",
    ATTACK_RESOLVED: _attack,
    PLATE_ADDED: lambda d, s: f"Bot {bot_label(d['bot'])} gets a plate on its {d['face']} face.",
    PLATE_CHOICE: lambda d, s: (
        f"{s(d['seat'])} must choose a face to plate on bot "
        f"{d['bot']} ({', '.join(map(str, d['options']))})."
    ),
    BOT_DESTROYED: lambda d, s: (
        f"Bot {bot_label(d['bot'])} of {s(d['seat'])} is destroyed by bot "
        f"{d['by']}, dropping a core of {d['core']}."
    ),
    SCRAP_DROPPED: lambda d, s: f"Scrap drops on {label(d['sq'])}.",
    BOT_TURNED: lambda d, s: f"Bot {bot_label(d['bot'])} is turned by the hit.",
    BOT_PUSHED: lambda d, s: (
        f"Bot {bot_label(d['bot'])} is pushed from {label(d['from'])} to {label(d['to'])}."
    ),
    DIE_WILDED: lambda d, s: f"{s(d['seat'])} turns die {d['die']} into a wild die.",
    LINEUPS_DEALT: lambda d, s: "Each seat gets its starting line-up of bots.",
    EFFECTS_TO_ORDER: lambda d, s: (
        f"{s(d['seat'])} must choose the order of {listing(d['effects'])} on bot {bot_label(d['bot'])}."
    ),
    EFFECTS_ORDERED: lambda d, s: (
        f"{s(d['seat'])} applies {d['first']} first to bot {bot_label(d['bot'])}."
    ),
    TIME_UP: lambda d, s: f"Time is up after {d['rounds']} rounds.",
}


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

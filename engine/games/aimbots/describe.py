"""Aimbots' events in words, naming squares and bots as the board labels them:
(column, row) and the #id on each bot's token."""

from __future__ import annotations

from engine.describe import Seats, listing, submitted
from engine.games.aimbots.board import bot_label, label

DIRS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _draft(d: dict, seats: Seats) -> str:
    return (
        f"{seats(d['seat'])} places a {d['value']} die on {d['program']}, programming "
        f"bot {bot_label(d['bot'])}."
    )


def _attack(d: dict, seats: Seats) -> str:
    result = "hits" if d.get("hit") else "misses"
    return (
        f"Bot {bot_label(d['attacker'])} attacks bot {bot_label(d['target'])} {DIRS.get(d.get('dir') or '', '')} at "
        f"range {d.get('distance')} and {result} ({d.get('attack_total')} against "
        f"{d.get('defense_total')})."
    )


#: action fields in the board's words
FIELDS = {"sq": label, "bot": bot_label}

SENTENCES = {
    "ActionSubmitted": lambda d, s: (
        submitted(
            d, s, {**FIELDS, "target": bot_label} if d["action"].get("do") == "attack" else FIELDS
        )
        if isinstance(d.get("action"), dict)
        else None
    ),
    "DiceRolled": lambda d, s: (
        f"{s(d['seat'])} rolls {' '.join(map(str, d['dice']))} for the {d.get('purpose', 'roll')}."
    ),
    "FirstPlayer": lambda d, s: (
        f"{s(d['seat'])} goes first (draft totals {', '.join(map(str, d.get('totals', [])))})."
    ),
    "MarketDealt": lambda d, s: f"The market is dealt: {listing(d['cards'])}.",
    "DiePlaced": _draft,
    "CoresLoaded": lambda d, s: (
        f"{s(d['seat'])} loads cores {', '.join(map(str, d['cores']))} into its bots."
        if "cores" in d
        else f"{s(d['seat'])} loads its cores."
    ),
    "BotPlaced": lambda d, s: (
        f"{s(d['seat'])} places bot {bot_label(d['bot'])} on {label(d['sq'])}."
    ),
    "ScrapPlaced": lambda d, s: (
        f"Scrap is laid face down on {listing([label(sq) for sq in d.get('spaces', [])])}."
        if "spaces" in d
        else "Scrap is laid face down."
    ),
    "TurnStarted": lambda d, s: (
        f"Round {d['round']}: {s(d['seat'])} starts a turn with {d['energy']} energy."
    ),
    "Boosted": lambda d, s: (
        f"Bot {bot_label(d['bot'])} boosts {d['steps']} {DIRS.get(d['dir'], d['dir'])} "
        f"from {label(d['from'])} to {label(d['to'])}."
    ),
    "Pivoted": lambda d, s: (
        f"Bot {bot_label(d['bot'])} pivots {'clockwise' if d['turn'] == 'cw' else 'anticlockwise'}."
    ),
    "PickedUp": lambda d, s: (
        f"Bot {bot_label(d['bot'])} picks up scrap on {label(d['sq'])}"
        + (f": {d['kind']}." if "kind" in d else ".")
    ),
    "ScrapUsed": lambda d, s: f"{s(d['seat'])} uses scrap: {d['kind']}.",
    "TurnEnded": lambda d, s: f"{s(d['seat'])} ends the turn.",
    "AttackResolved": _attack,
    "PlateAdded": lambda d, s: f"Bot {bot_label(d['bot'])} gets a plate on its {d['face']} face.",
    "PlateChoice": lambda d, s: (
        f"{s(d['seat'])} must choose a face to plate on bot "
        f"{d['bot']} ({', '.join(map(str, d['options']))})."
    ),
    "BotDestroyed": lambda d, s: (
        f"Bot {bot_label(d['bot'])} of {s(d['seat'])} is destroyed by bot "
        f"{d['by']}, dropping a core of {d['core']}."
    ),
    "ScrapDropped": lambda d, s: f"Scrap drops on {label(d['sq'])}.",
    "BotTurned": lambda d, s: f"Bot {bot_label(d['bot'])} is turned by the hit.",
    "BotPushed": lambda d, s: (
        f"Bot {bot_label(d['bot'])} is pushed from {label(d['from'])} to {label(d['to'])}."
    ),
    "DieWilded": lambda d, s: f"{s(d['seat'])} turns die {d['die']} into a wild die.",
    "LineupsDealt": lambda d, s: "Each seat gets its starting line-up of bots.",
    "EffectsToOrder": lambda d, s: (
        f"{s(d['seat'])} must choose the order of {listing(d['effects'])} on bot {bot_label(d['bot'])}."
    ),
    "EffectsOrdered": lambda d, s: (
        f"{s(d['seat'])} applies {d['first']} first to bot {bot_label(d['bot'])}."
    ),
    "TimeUp": lambda d, s: f"Time is up after {d['rounds']} rounds.",
}


def describe(kind: str, data: dict, seats: Seats) -> str | None:
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

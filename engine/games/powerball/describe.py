"""Powerball's events in words. A robot is its seat's (one robot a seat); squares
are told as the floor labels them, a column letter from the west and a row number
from the north (A1 is the north-west corner); program cards by what they do and
their priority ("Move 2, priority 480"), as the drawn cards show them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.describe import Seats, listing
from engine.events import ACTION_SUBMITTED
from engine.games.powerball.cards import card_name
from engine.games.powerball.events import (
    BALLS_DROPPED,
    BOMB_ARMED,
    BOMB_GONE,
    BOMB_MOVED,
    BOMB_PLACED,
    CARD_CHANGED,
    DAMAGE_SHIELDED,
    DAMAGED,
    DELIVERED,
    DESTROYED,
    EVENT_ROLLED,
    FLAG_ROLLED,
    GAME_OVER,
    HAND_DEALT,
    HEALED,
    METEOR_FELL,
    MOVED,
    OPTION_CHARGED,
    OPTION_DRAWN,
    OPTION_MOVED,
    OPTIONS_DEALT,
    OPTIONS_OFFERED,
    PHASE_STARTED,
    PICKED,
    PROGRAM_SET,
    QUAKE_ROLLED,
    RADIO_CONTROLLED,
    REGISTERS_KEPT,
    ROBOT_PLACED,
    SCRAMBLED,
    SEATS_ORDERED,
    SPAWNED,
    THROWN,
    TRADING,
    TURN_ENDING,
    TURN_STARTED,
    TURRETS_SET,
    WAITING,
)
from engine.games.powerball.state import EMPTY

DIRS = ("north", "east", "south", "west")
SIZE = 12


def square(sq: int) -> str:
    return f"{'ABCDEFGHIJKL'[sq % SIZE]}{sq // SIZE + 1}"


def facing(value: int | str) -> str:
    if isinstance(value, int):
        return DIRS[value % 4]
    return {"N": "north", "E": "east", "S": "south", "W": "west"}.get(value, str(value))


def cards(values: Iterable[int | None]) -> str:
    """Program cards in words; an empty register as such."""
    return "; ".join("empty" if c in (EMPTY, None) else card_name(c) for c in values)


def _program(d: dict[str, Any], s: Seats) -> str | None:
    """A seat's submitted program (seen by that seat alone), or ``None`` for any
    other action (the generic words say it)."""
    action = d.get("action")
    if not isinstance(action, dict) or "cards" not in action:
        return None
    return f"{s(d['seat'])} programs {cards(action['cards'])}" + (
        " and will power down." if action.get("power_down") else "."
    )


def _phase(d: dict[str, Any], s: Seats) -> str:
    shown = [
        f"{s(i)} {card_name(c)}" for i, c in enumerate(d.get("cards", [])) if c not in (EMPTY, None)
    ]
    return f"Register phase {d['phase']}: " + ("; ".join(shown) or "no cards") + "."


def _who(index: int, s: Seats) -> str:
    return "the board" if index is None or index < 0 else s(index)


def _destroyed(d: dict[str, Any], s: Seats) -> str:
    by = d.get("credit", -1)
    credit = f", {d['vp']} VP to {s(by)}" if by is not None and by >= 0 else ""
    balls = (
        f", dropping {d['balls']} ball{'s' if d['balls'] != 1 else ''}" if d.get("balls") else ""
    )
    return f"{s(d['robot'])} is destroyed ({d['cause']}){balls}{credit}."


def _damaged(d: dict[str, Any], s: Seats) -> str:
    return (
        f"{s(d['robot'])} takes {d['amount']} damage from {d['source']}"
        + (f" of {s(d['by'])}" if d.get("by", -1) >= 0 else "")
        + f" ({d['damage']} in all)."
    )


def _thrown(d: dict[str, Any], s: Seats) -> str:
    count = d["count"]
    return (
        f"{s(d['robot'])} throws {count} ball{'s' if count != 1 else ''} at {s(d['target'])}; "
        f"{'they land' if count != 1 else 'it lands'} on "
        f"{listing([square(q) for q in d['land']]) or 'a pit'}."
    )


SENTENCES: dict[str, Callable[[dict[str, Any], Seats], str | None]] = {
    ACTION_SUBMITTED: _program,
    SEATS_ORDERED: lambda d, s: (
        "Start order by priority: "
        + listing([f"{s(i)} ({card_name(d['cards'][i])})" for i in d["order"]])
        + "."
    ),
    OPTIONS_DEALT: lambda d, s: (
        "Options dealt: "
        + "; ".join(f"{s(i)} {listing(h) or 'none'}" for i, h in enumerate(d["hands"]))
        + f"; community {listing(d['community']) or 'none'}."
    ),
    FLAG_ROLLED: lambda d, s: f"{s(d['robot'])} rolls {d['roll']} and starts on flag {d['flag']}.",
    WAITING: lambda d, s: f"Waiting for {s.many(d['seats'])} ({d['stage']}).",
    ROBOT_PLACED: lambda d, s: (
        f"{s(d['robot'])} is placed on {square(d['sq'])} facing {facing(d['facing'])}."
    ),
    TURN_STARTED: lambda d, s: (
        f"Round {d['round']} begins"
        + (f"; {s.many(d['down'])} powered down." if d.get("down") else ".")
    ),
    HAND_DEALT: lambda d, s: (
        f"{s(d['seat'])} is dealt {len(d['cards'])} program cards: {cards(d['cards'])}."
        if "cards" in d
        else f"{s(d['seat'])} is dealt {d.get('count', 'its')} program cards."
    ),
    PROGRAM_SET: lambda d, s: (
        f"{s(d['seat'])} programs its registers"
        + (f" with {cards(d['registers'])}" if "registers" in d else "")
        + (" and powers down next turn." if d.get("power_down") else ".")
    ),
    PHASE_STARTED: _phase,
    MOVED: lambda d, s: (
        f"{s(d['robot'])} moves to {square(d['sq'])} facing "
        f"{facing(d['facing'])} ({d.get('why', 'moved')})."
    ),
    DESTROYED: _destroyed,
    DAMAGED: _damaged,
    HEALED: lambda d, s: f"{s(d['robot'])} repairs {d['amount']} ({d['damage']} damage left).",
    SPAWNED: lambda d, s: (
        f"Wrench {d['wrench']} rolls {d['roll']}: a ball appears on "
        f"{square(d['sq'])} (spawn {d['slot']})."
    ),
    OPTION_MOVED: lambda d, s: (
        f"Option {d['option']} goes from "
        f"{s(d['from']) if isinstance(d['from'], int) else d['from']} to "
        f"{s(d['to']) if isinstance(d['to'], int) else d['to']}."
    ),
    OPTION_DRAWN: lambda d, s: f"{s(d['seat'])} draws the option {d['option']}.",
    OPTIONS_OFFERED: lambda d, s: f"{s(d['seat'])} is offered {listing(d['options'])}.",
    REGISTERS_KEPT: lambda d, s: (
        f"{s(d['robot'])} keeps its locked registers"
        + (
            f": {cards(d['registers'])}."
            if any(c not in (EMPTY, None) for c in d.get("registers", []))
            else "."
        )
    ),
    PICKED: lambda d, s: f"{s(d['robot'])} picks up a ball on {square(d['sq'])}.",
    DELIVERED: lambda d, s: f"{s(d['robot'])} delivers a ball into the pit on {square(d['pit'])}.",
    THROWN: _thrown,
    BALLS_DROPPED: lambda d, s: (
        f"{s(d['robot'])} drops {d['count']} "
        f"ball{'s' if d['count'] != 1 else ''} on {square(d['sq'])}."
    ),
    RADIO_CONTROLLED: lambda d, s: f"{s(d['robot'])} takes radio control of {s(d['target'])}.",
    SCRAMBLED: lambda d, s: (
        f"{s(d['robot'])} scrambles register {d['register']} of {s(d['target'])}."
    ),
    TRADING: lambda d, s: f"Trades on a {d['trade']}: {s.many(d['queue'])} in turn.",
    EVENT_ROLLED: lambda d, s: f"{s(d['robot'])} rolls {d['roll']}: {d['event']}.",
    METEOR_FELL: lambda d, s: f"A meteor falls on {square(d['sq'])}.",
    QUAKE_ROLLED: lambda d, s: (
        f"Earthquake: rolls {d['roll']}, the floor shakes {facing(d['dir'])}."
    ),
    TURRETS_SET: lambda d, s: f"Turrets set on {s.many(d['robots'])} until round {d['round']}.",
    BOMB_PLACED: lambda d, s: f"{s(d['owner'])} places a buzz bomb on {square(d['sq'])}.",
    BOMB_ARMED: lambda d, s: f"Buzz bomb {d['bomb']} is programmed.",
    BOMB_MOVED: lambda d, s: f"Buzz bomb {d['bomb']} moves to {square(d['sq'])}.",
    BOMB_GONE: lambda d, s: f"Buzz bomb {d['bomb']} is gone on {square(d['sq'])} ({d['why']}).",
    GAME_OVER: lambda d, s: f"The game is over: {d['reason']}.",
    # rules v2
    TURN_ENDING: lambda d, s: f"Round {d['round']}: the five phases are over; the turn ends.",
    OPTION_CHARGED: lambda d, s: f"{s(d['robot'])} uses the {d['option']} ({d['charge']} so far).",
    DAMAGE_SHIELDED: lambda d, s: (
        f"{s(d['robot'])}'s Power-Down Shield stops 1 damage from the {facing(d['side'])}."
    ),
    CARD_CHANGED: lambda d, s: (
        f"{s(d['robot'])} "
        f"{'swaps in' if d['why'] == 'swap' else 'aborts: a deck card replaces'} "
        f"register {d['register']} (card {d['card']})."
    ),
}


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

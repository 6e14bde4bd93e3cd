"""Powerball's events in words. A robot is its seat's (one robot a seat); squares
are told as column and row on the 12x12 floor, letters for columns from the west."""

from __future__ import annotations

from engine.describe import Seats, listing

DIRS = ("north", "east", "south", "west")
SIZE = 12


def square(sq: int) -> str:
    return f"{'ABCDEFGHIJKL'[sq % SIZE]}{sq // SIZE + 1}"


def facing(value) -> str:
    if isinstance(value, int):
        return DIRS[value % 4]
    return {"N": "north", "E": "east", "S": "south", "W": "west"}.get(value, str(value))


def _who(index: int, s: Seats) -> str:
    return "the board" if index is None or index < 0 else s(index)


def _destroyed(d: dict, s: Seats) -> str:
    by = d.get("credit", -1)
    credit = f", {d['vp']} VP to {s(by)}" if by is not None and by >= 0 else ""
    balls = (
        f", dropping {d['balls']} ball{'s' if d['balls'] != 1 else ''}" if d.get("balls") else ""
    )
    return f"{s(d['robot'])} is destroyed ({d['cause']}){balls}{credit}."


def _damaged(d: dict, s: Seats) -> str:
    return (
        f"{s(d['robot'])} takes {d['amount']} damage from {d['source']}"
        + (f" of {s(d['by'])}" if d.get("by", -1) >= 0 else "")
        + f" ({d['damage']} in all)."
    )


def _thrown(d: dict, s: Seats) -> str:
    count = d["count"]
    return (
        f"{s(d['robot'])} throws {count} ball{'s' if count != 1 else ''} at {s(d['target'])}; "
        f"{'they land' if count != 1 else 'it lands'} on "
        f"{listing([square(q) for q in d['land']]) or 'a pit'}."
    )


SENTENCES = {
    "SeatsOrdered": lambda d, s: "Start order by priority: " + s.many(d["order"]) + ".",
    "OptionsDealt": lambda d, s: (
        "Options dealt: "
        + "; ".join(f"{s(i)} {listing(h) or 'none'}" for i, h in enumerate(d["hands"]))
        + f"; community {listing(d['community']) or 'none'}."
    ),
    "FlagRolled": lambda d, s: f"{s(d['robot'])} rolls {d['roll']} and starts on flag {d['flag']}.",
    "Waiting": lambda d, s: f"Waiting for {s.many(d['seats'])} ({d['stage']}).",
    "RobotPlaced": lambda d, s: (
        f"{s(d['robot'])} is placed on {square(d['sq'])} facing {facing(d['facing'])}."
    ),
    "TurnStarted": lambda d, s: (
        f"Round {d['round']} begins"
        + (f"; {s.many(d['down'])} powered down." if d.get("down") else ".")
    ),
    "HandDealt": lambda d, s: (
        f"{s(d['seat'])} is dealt {len(d['cards'])} program cards."
        if "cards" in d
        else f"{s(d['seat'])} is dealt {d.get('count', 'its')} program cards."
    ),
    "ProgramSet": lambda d, s: (
        f"{s(d['seat'])} programs its registers"
        + (" and powers down next turn." if d.get("power_down") else ".")
    ),
    "PhaseStarted": lambda d, s: f"Register phase {d['phase']}: cards revealed.",
    "Moved": lambda d, s: (
        f"{s(d['robot'])} moves to {square(d['sq'])} facing "
        f"{facing(d['facing'])} ({d.get('why', 'moved')})."
    ),
    "Destroyed": _destroyed,
    "Damaged": _damaged,
    "Healed": lambda d, s: f"{s(d['robot'])} repairs {d['amount']} ({d['damage']} damage left).",
    "Spawned": lambda d, s: (
        f"Wrench {d['wrench']} rolls {d['roll']}: a ball appears on "
        f"{square(d['sq'])} (spawn {d['slot']})."
    ),
    "OptionMoved": lambda d, s: (
        f"Option {d['option']} goes from "
        f"{s(d['from']) if isinstance(d['from'], int) else d['from']} to "
        f"{s(d['to']) if isinstance(d['to'], int) else d['to']}."
    ),
    "OptionDrawn": lambda d, s: f"{s(d['seat'])} draws the option {d['option']}.",
    "OptionsOffered": lambda d, s: f"{s(d['seat'])} is offered {listing(d['options'])}.",
    "RegistersKept": lambda d, s: f"{s(d['robot'])} keeps its locked registers.",
    "Picked": lambda d, s: f"{s(d['robot'])} picks up a ball on {square(d['sq'])}.",
    "Delivered": lambda d, s: (
        f"{s(d['robot'])} delivers a ball into the pit on {square(d['pit'])}."
    ),
    "Thrown": _thrown,
    "BallsDropped": lambda d, s: (
        f"{s(d['robot'])} drops {d['count']} "
        f"ball{'s' if d['count'] != 1 else ''} on {square(d['sq'])}."
    ),
    "RadioControlled": lambda d, s: f"{s(d['robot'])} takes radio control of {s(d['target'])}.",
    "Scrambled": lambda d, s: (
        f"{s(d['robot'])} scrambles register {d['register']} of {s(d['target'])}."
    ),
    "Trading": lambda d, s: f"Trades on a {d['trade']}: {s.many(d['queue'])} in turn.",
    "EventRolled": lambda d, s: f"{s(d['robot'])} rolls {d['roll']}: {d['event']}.",
    "MeteorFell": lambda d, s: f"A meteor falls on {square(d['sq'])}.",
    "QuakeRolled": lambda d, s: (
        f"Earthquake: rolls {d['roll']}, the floor shakes {facing(d['dir'])}."
    ),
    "TurretsSet": lambda d, s: f"Turrets set on {s.many(d['robots'])} until round {d['round']}.",
    "BombPlaced": lambda d, s: f"{s(d['owner'])} places a buzz bomb on {square(d['sq'])}.",
    "BombArmed": lambda d, s: f"Buzz bomb {d['bomb']} is programmed.",
    "BombMoved": lambda d, s: f"Buzz bomb {d['bomb']} moves to {square(d['sq'])}.",
    "BombGone": lambda d, s: f"Buzz bomb {d['bomb']} is gone on {square(d['sq'])} ({d['why']}).",
    "GameOver": lambda d, s: f"The game is over: {d['reason']}.",
    # rules v2
    "TurnEnding": lambda d, s: f"Round {d['round']}: the five phases are over; the turn ends.",
    "OptionCharged": lambda d, s: f"{s(d['robot'])} uses the {d['option']} ({d['charge']} so far).",
    "DamageShielded": lambda d, s: (
        f"{s(d['robot'])}'s Power-Down Shield stops 1 damage from the {facing(d['side'])}."
    ),
    "CardChanged": lambda d, s: (
        f"{s(d['robot'])} "
        f"{'swaps in' if d['why'] == 'swap' else 'aborts: a deck card replaces'} "
        f"register {d['register']} (card {d['card']})."
    ),
}


def describe(kind: str, data: dict, seats: Seats) -> str | None:
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

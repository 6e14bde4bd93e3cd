"""Cascade Effect's events in words."""

from __future__ import annotations

from engine.describe import Seats

ALLIANCES = ("red", "blue")
FACINGS = ("north", "east", "south", "west")


def _alliance(a) -> str:
    return ALLIANCES[a] if a in (0, 1) else str(a)


def _facing(f) -> str:
    return FACINGS[f] if isinstance(f, int) and 0 <= f < 4 else str(f)


SENTENCES = {
    "CentreRoll": lambda d, s: f"The centre die shows {d['die']}.",
    "DeckShuffled": lambda d, s: "The cascade deck is shuffled face down.",
    "RobotPlaced": lambda d, s: (
        f"{s(d['seat'])} places robot {d['robot']} on square "
        f"{d['sq']}, facing {_facing(d['facing'])}."
    ),
    "TurnOrder": lambda d, s: "Turn order: " + ", ".join(s(x) for x in d["order"]) + ".",
    "TurnStarted": lambda d, s: (
        f"Round {d['round']}: robot {d['robot']} of {s(d['seat'])} "
        f"takes {'an extra' if d.get('extra') else 'its'} turn"
        + (" (end game)." if d.get("endgame") else ".")
    ),
    "Declared": lambda d, s: (
        f"Robot {d['robot']} declares {d['do']}" + (f" at {d['target']}." if "target" in d else ".")
    ),
    "Rolled": lambda d, s: f"Robot {d['robot']} rolls {d['die']}.",
    "ActionFailed": lambda d, s: f"Robot {d['robot']}'s {d['do']} fails on a {d['die']}.",
    "Moved": lambda d, s: (
        f"Robot {d['robot']} moves from square {d['from']} to {d['to']}, "
        f"facing {_facing(d['facing'])}."
    ),
    "TurnEnded": lambda d, s: (
        f"Robot {d['robot']} ends its turn" + (" having scored." if d.get("scored") else ".")
    ),
    "Attached": lambda d, s: f"Robot {d['robot']} attaches to goal {d['goal']}.",
    "PieceJumped": lambda d, s: (
        f"Robot {d['robot']} rolls {' and '.join(map(str, d['dice']))}"
        + (f" and jumps to square {d['to']}." if d.get("moved") else " and stays put.")
    ),
    "CardDrawn": lambda d, s: (
        f"{_alliance(d['alliance']).title()} draws the cascade card "
        f"{d['card'].replace('_', ' ')} (robot {d['robot']})."
    ),
    "Turned": lambda d, s: f"Robot {d['robot']} is turned to face {_facing(d['facing'])}.",
    "TurnLossGiven": lambda d, s: (
        f"Robot {d['robot']} will lose its next turn ({d['card'].replace('_', ' ')})."
    ),
    "TurnLost": lambda d, s: f"Robot {d['robot']} loses this turn.",
    "Penalised": lambda d, s: (
        f"{_alliance(d['alliance']).title()} is penalised "
        f"{d['points']} points ({d['card'].replace('_', ' ')})."
    ),
    "KickstandFell": lambda d, s: f"Kickstand {d['stand']} falls (robot {d['robot']}).",
    "Scored": lambda d, s: (
        f"Robot {d['robot']} scores {d['cm']} cm in goal {d['goal']}"
        + (" with a bonus ball." if d.get("bonus") else ".")
    ),
    "ExtraTurnGiven": lambda d, s: f"Robot {d['robot']} gets an extra turn.",
    "Boosted": lambda d, s: f"Robot {d['robot']} will have {d['moves']} more moves next turn.",
    "EndGameBegan": lambda d, s: f"The end game begins in round {d['round']}.",
    "CentreScored": lambda d, s: (
        f"Robot {d['robot']} scores {d['cm']} cm in the centre goal for {_alliance(d['alliance'])}."
    ),
    "Detached": lambda d, s: f"Robot {d['robot']} lets go of goal {d['goal']}.",
    "Climbed": lambda d, s: f"Robot {d['robot']} climbs to square {d['to']}.",
    "Aligned": lambda d, s: f"Robot {d['robot']} lines up on square {d['sq']}.",
    "Parked": lambda d, s: f"Robot {d['robot']} parks on square {d['to']}.",
    "MatchScored": lambda d, s: (
        f"Final score: red {d['red']['total']}, blue {d['blue']['total']}; {d['winner']} wins."
        if d.get("winner") in ALLIANCES
        else f"Final score: red {d['red']['total']}, blue {d['blue']['total']}."
    ),
}


def describe(kind: str, data: dict, seats: Seats) -> str | None:
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

"""Cascade Effect's events in words, naming robots and squares as the board labels
them: R1, B1, R2, B2 and (column, row)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.describe import Seats, submitted
from engine.events import ACTION_SUBMITTED
from engine.games.cascade_effect.board import label, robot_label
from engine.games.cascade_effect.events import (
    ACTION_FAILED,
    ALIGNED,
    ATTACHED,
    BOOSTED,
    CARD_DRAWN,
    CENTRE_ROLL,
    CENTRE_SCORED,
    CLIMBED,
    DECK_SHUFFLED,
    DECLARED,
    DETACHED,
    END_GAME_BEGAN,
    EXTRA_TURN_GIVEN,
    KICKSTAND_FELL,
    MATCH_SCORED,
    MOVED,
    PARKED,
    PENALISED,
    PIECE_JUMPED,
    ROBOT_PLACED,
    ROLLED,
    SCORED,
    TURN_ENDED,
    TURN_LOSS_GIVEN,
    TURN_LOST,
    TURN_ORDER,
    TURN_STARTED,
    TURNED,
)

ALLIANCES = ("red", "blue")
FACINGS = ("north", "east", "south", "west")


def _alliance(a: object) -> str:
    return ALLIANCES[a] if a in (0, 1) else str(a)


def _facing(f: object) -> str:
    return FACINGS[f] if isinstance(f, int) and 0 <= f < 4 else str(f)


#: action fields in the board's words
FIELDS = {"to": label, "sq": label, "facing": _facing}

SENTENCES: dict[str, Callable[[dict[str, Any], Seats], str | None]] = {
    ACTION_SUBMITTED: lambda d, s: submitted(d, s, FIELDS),
    CENTRE_ROLL: lambda d, s: f"The centre die shows {d['die']}.",
    DECK_SHUFFLED: lambda d, s: "The cascade deck is shuffled face down.",
    ROBOT_PLACED: lambda d, s: (
        f"{s(d['seat'])} places {robot_label(d['robot'])} on {label(d['sq'])}, "
        f"facing {_facing(d['facing'])}."
    ),
    TURN_ORDER: lambda d, s: "Turn order: " + ", ".join(s(x) for x in d["order"]) + ".",
    TURN_STARTED: lambda d, s: (
        f"Round {d['round']}: {robot_label(d['robot'])} of {s(d['seat'])} "
        f"takes {'an extra' if d.get('extra') else 'its'} turn"
        + (" (end game)." if d.get("endgame") else ".")
    ),
    DECLARED: lambda d, s: (
        f"{robot_label(d['robot'])} declares {d['do']}"
        + (f" at {label(d['target'])}." if "target" in d else ".")
    ),
    ROLLED: lambda d, s: f"{robot_label(d['robot'])} rolls {d['die']}.",
    ACTION_FAILED: lambda d, s: f"{robot_label(d['robot'])}'s {d['do']} fails on a {d['die']}.",
    MOVED: lambda d, s: (
        f"{robot_label(d['robot'])} moves from {label(d['from'])} to {label(d['to'])}, "
        f"facing {_facing(d['facing'])}."
    ),
    TURN_ENDED: lambda d, s: (
        f"{robot_label(d['robot'])} ends its turn" + (" having scored." if d.get("scored") else ".")
    ),
    ATTACHED: lambda d, s: f"{robot_label(d['robot'])} attaches to goal {d['goal']}.",
    PIECE_JUMPED: lambda d, s: (
        f"{robot_label(d['robot'])} rolls {' and '.join(map(str, d['dice']))}"
        + (f" and jumps to {label(d['to'])}." if d.get("moved") else " and stays put.")
    ),
    CARD_DRAWN: lambda d, s: (
        f"{_alliance(d['alliance']).title()} draws the cascade card "
        f"{d['card'].replace('_', ' ')} ({robot_label(d['robot'])})."
    ),
    TURNED: lambda d, s: f"{robot_label(d['robot'])} is turned to face {_facing(d['facing'])}.",
    TURN_LOSS_GIVEN: lambda d, s: (
        f"{robot_label(d['robot'])} will lose its next turn ({d['card'].replace('_', ' ')})."
    ),
    TURN_LOST: lambda d, s: f"{robot_label(d['robot'])} loses this turn.",
    PENALISED: lambda d, s: (
        f"{_alliance(d['alliance']).title()} is penalised "
        f"{d['points']} points ({d['card'].replace('_', ' ')})."
    ),
    KICKSTAND_FELL: lambda d, s: f"Kickstand {d['stand']} falls ({robot_label(d['robot'])}).",
    SCORED: lambda d, s: (
        f"{robot_label(d['robot'])} scores {d['cm']} cm in goal {d['goal']}"
        + (" with a bonus ball." if d.get("bonus") else ".")
    ),
    EXTRA_TURN_GIVEN: lambda d, s: f"{robot_label(d['robot'])} gets an extra turn.",
    BOOSTED: lambda d, s: f"{robot_label(d['robot'])} will have {d['moves']} more moves next turn.",
    END_GAME_BEGAN: lambda d, s: f"The end game begins in round {d['round']}.",
    CENTRE_SCORED: lambda d, s: (
        f"{robot_label(d['robot'])} scores {d['cm']} cm in the centre goal for {_alliance(d['alliance'])}."
    ),
    DETACHED: lambda d, s: f"{robot_label(d['robot'])} lets go of goal {d['goal']}.",
    CLIMBED: lambda d, s: f"{robot_label(d['robot'])} climbs to {label(d['to'])}.",
    ALIGNED: lambda d, s: f"{robot_label(d['robot'])} lines up on {label(d['sq'])}.",
    PARKED: lambda d, s: f"{robot_label(d['robot'])} parks on {label(d['to'])}.",
    MATCH_SCORED: lambda d, s: (
        f"Final score: red {d['red']['total']}, blue {d['blue']['total']}; {d['winner']} wins."
        if d.get("winner") in ALLIANCES
        else f"Final score: red {d['red']['total']}, blue {d['blue']['total']}."
    ),
}


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    sentence = SENTENCES.get(kind)
    return sentence(data, seats) if sentence else None

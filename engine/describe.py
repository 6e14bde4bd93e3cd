"""Events in words: one human sentence per event, for the replay viewer and
``scrimmage replay --describe``.

A game gives its own sentences through ``Game.describer`` (a function of the event's
type, its data and a ``Seats`` naming helper that returns a sentence, or ``None`` to
leave the event to the generic wording here). The generic wording covers the
engine's own events (``MatchStarted``, ``ActionSubmitted``, ``MatchEnded``) and
turns any other event into its type in words plus its small fields.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.events import ACTION_SUBMITTED, MATCH_ENDED, MATCH_STARTED, Event

#: a game's describer: (event type, event data, seat names) -> a sentence or None
Describer = Callable[[str, dict[str, Any], "Seats"], "str | None"]


class Seats:
    """Names the seats of a match in sentences: ``seats(0)`` is "alice (seat 0)"
    when the bot names are known, else "seat 0"."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = list(names or [])

    def __call__(self, index: Any) -> str:
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(self.names):
            return f"{self.names[index]} (seat {index})"
        return f"seat {index}"

    def many(self, indices: Sequence[Any]) -> str:
        return listing([self(i) for i in indices])


def listing(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def words(kind: str) -> str:
    """ "DiceRolled" -> "dice rolled"."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", kind).lower()


def compact(value: Any) -> str:
    """A JSON value in short form: strings bare, the rest as compact JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(", ", ": "), sort_keys=True)


#: a game's words for some action or event fields: field name -> value -> words
Labels = Mapping[str, Callable[[Any], str]]


def fields_words(data: Mapping[str, Any], labels: Labels | None = None) -> str:
    """{"bot": 4, "dir": "W"} -> "bot 4, dir W"; a field in ``labels`` is told in
    the game's words for it (a square as the board labels it)."""
    labels = labels or {}
    return ", ".join(
        f"{key.replace('_', ' ')} {labels[key](value) if key in labels else compact(value)}"
        for key, value in sorted(data.items())
    )


def action_words(action: Any, labels: Labels | None = None) -> str:
    """A submitted action as a verb phrase: "chooses boost (bot 4, steps 1)"."""
    if isinstance(action, dict) and isinstance(action.get("do"), str):
        rest = {k: v for k, v in action.items() if k != "do"}
        return f"chooses {action['do']}" + (f" ({fields_words(rest, labels)})" if rest else "")
    if isinstance(action, dict):
        return f"chooses {fields_words(action, labels)}"
    return f"plays {compact(action)}"


def submitted(data: dict[str, Any], seats: Seats, labels: Labels) -> str | None:
    """A game's sentence for a submitted action, its fields in the game's words
    (``None`` for a secret one: the generic sentence says it was decided)."""
    if "action" not in data:
        return None
    return f"{seats(data.get('seat'))} {action_words(data['action'], labels)}."


def event_parts(event: Event | Mapping[str, Any]) -> tuple[str, dict[str, Any], bool]:
    """``(type, data, redacted)`` of an engine ``Event`` or a served event dict (as
    the events API serves it: a redacted event carries its public twin as data)."""
    if isinstance(event, Event):
        return event.type, dict(event.data), False
    return str(event.get("type", "")), dict(event.get("data") or {}), bool(event.get("redacted"))


def generic(kind: str, data: dict[str, Any], seats: Seats) -> str:
    """The engine's events in words, and any other event as its type and fields."""
    if kind == MATCH_STARTED:
        names = [s.get("bot", "?") for s in data.get("seats", [])]
        return f"The match begins: {listing(names) or 'no seats'}."
    if kind == MATCH_ENDED:
        scores = data.get("scores") or []
        winners = [i for i, r in enumerate(data.get("ranks") or []) if r == 1]
        if scores and len(winners) == len(scores):
            result = "a draw"
        else:
            result = f"{seats.many(winners)} {'wins' if len(winners) == 1 else 'win'}"
        tally = "–".join(str(s) for s in scores)
        reason = data.get("reason", "")
        return (
            f"The match ends: {result}"
            + (f" ({reason})" if reason else "")
            + (f", scores {tally}" if tally else "")
            + "."
        )
    if kind == ACTION_SUBMITTED:
        if "action" not in data:
            return f"{seats(data.get('seat'))} decides in secret."
        return f"{seats(data.get('seat'))} {action_words(data['action'])}."
    fields = fields_words(data)
    text = words(kind)
    return f"{text[:1].upper()}{text[1:]}" + (f": {fields}." if fields else ".")


def describe(
    describer: Describer | None,
    event: Event | Mapping[str, Any],
    names: Sequence[str] | None = None,
) -> str:
    """One sentence for ``event``: the game's own (``describer``), else generic.
    A describer that fails falls back to the generic sentence: words are a
    courtesy and must never break a replay."""
    kind, data, redacted = event_parts(event)
    seats = Seats(names)
    text = None
    if describer is not None:
        try:
            text = describer(kind, data, seats)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            text = None
    if text is None:
        text = generic(kind, data, seats)
    return text + (" (details hidden)" if redacted else "")


__all__ = [
    "Describer",
    "Labels",
    "Seats",
    "compact",
    "describe",
    "event_parts",
    "generic",
    "listing",
    "submitted",
    "words",
]

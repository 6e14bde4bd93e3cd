"""One view of a match: the events it lists and the board it draws.

A view is what one onlooker knew: ``EVERYTHING`` (every secret, for finished
matches), the ``SPECTATOR``'s, or a seat's (its index). A seat's list is built
with the same redaction its bot was given (``Event.seen_by``): its own private
events whole, the public twins of the others' private events, nothing of a
private event without a twin; a spectator's list is the public events and twins.
So the words of a view cannot tell more than its bot (or a spectator) was told,
and its drawing is the game's ``view`` of that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from engine.events import Event

EVERYTHING = "everything"
SPECTATOR = "spectator"
#: the older name of ``EVERYTHING`` (``?seat=all`` on the state API), still accepted
ALL = "all"

View = int | str  # a seat index, SPECTATOR or EVERYTHING


class ViewError(ValueError):
    """A view name that is neither a seat of the match, ``spectator`` nor ``everything``."""


def parse_view(text: str | None, seat_count: int) -> View:
    """``EVERYTHING`` (also for an empty or missing name and ``all``),
    ``SPECTATOR`` or a seat index below ``seat_count``."""
    if text in (None, "", ALL, EVERYTHING):
        return EVERYTHING
    if text == SPECTATOR:
        return SPECTATOR
    if not (text.isascii() and text.isdecimal()) or len(text) > 6 or int(text) >= seat_count:
        raise ViewError(
            f"view must be 'everything', 'spectator' or a seat index 0..{seat_count - 1}, "
            f"not {text!r}"
        )
    return int(text)


def seat_of(view: View) -> int | None:
    """The seat whose redaction a view uses (``None``: a spectator's)."""
    return view if isinstance(view, int) else None


def seen(events: Iterable[Event], view: View) -> Iterator[tuple[Event, bool]]:
    """The events of ``view`` in order, each as the view saw it with whether it is a
    public twin standing in for a private event (``redacted``)."""
    if view == EVERYTHING:
        for event in events:
            yield event, False
        return
    seat = seat_of(view)
    for event in events:
        shown = event.seen_by(seat)
        if shown is not None:
            yield shown, shown is not event


def shown_state(game: Any, state: Any, view: View) -> Any:
    """What ``view`` draws of ``state``: the game's view of the seat (or spectator),
    or the omniscient ``state_json`` for everything."""
    if view == EVERYTHING:
        return game.state_json(state)
    return game.view(state, seat_of(view))


def entries(
    game: Any,
    events: Iterable[Event],
    view: View,
    names_at: Callable[[Any], Sequence[str]],
) -> list[dict[str, Any]]:
    """The event list of ``view``: per event its ``seq``, ``type``, ``text`` (the
    game's sentence for what the view saw) and ``redacted``. ``names_at(seq)``
    gives the bot names that were playing at event ``seq`` (a fork's shared events
    were played by its parent's bots)."""
    return [
        {
            "seq": event.seq,
            "type": event.type,
            "text": game.describe(
                {"type": event.type, "data": event.data, "redacted": redacted},
                names_at(event.seq),
            ),
            "redacted": redacted,
        }
        for event, redacted in seen(events, view)
    ]


__all__ = [
    "ALL",
    "EVERYTHING",
    "SPECTATOR",
    "View",
    "ViewError",
    "entries",
    "parse_view",
    "seat_of",
    "seen",
    "shown_state",
]

"""Folding events into a state: the ``evolve`` every game's fold builds from a
table of handlers, folding a list of events, and ``Resolved``, the events
``resolve`` returns with the state the rules reached by folding them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.events import MATCH_STARTED, Event


class Resolved(list[Event]):
    """The events ``resolve`` returns, with the state the rules reached on the way.

    Rules that fold their own events as they emit them (to read the state each
    one leaves) already hold the state after them: ``Resolved(events, state)``
    hands it back, and the runner appends the events without folding them again.
    ``folded`` says how many of the events, from the first, ``state`` is after
    (all of them unless given); the runner folds the rest itself. ``state`` must
    be exactly what ``evolve`` gives for those events: the replay of the log
    folds them one by one and must meet the same states. A plain list is still a
    valid answer of ``resolve`` (the runner then folds every event).
    """

    __slots__ = ("state", "folded")

    def __init__(self, events: Iterable[Event], state: Any, folded: int | None = None) -> None:
        super().__init__(events)
        self.state = state
        self.folded = len(self) if folded is None else folded


def handler_evolve(
    initial: Callable[[dict[str, Any]], Any],
    handlers: Mapping[str, Callable[..., Any]],
    writes: Any = None,
) -> Callable[[Any, Event], Any]:
    """The ``evolve`` of a game whose state ``initial(data)`` builds from
    ``MatchStarted`` and ``handlers[type](state, data)`` changes; an event type with
    no handler leaves the state as it is. Every game's fold is this shape.

    Handlers written against ``engine.states.Writes`` take it as a third argument
    (``handler(state, data, writes)``): ``writes`` is what ``evolve`` gives them (the
    copying one; rules folding into a working copy pass their own ``Draft``)."""
    if writes is not None:

        def evolve_writing(state: Any, event: Event) -> Any:
            if event.type == MATCH_STARTED:
                return initial(event.data)
            handler = handlers.get(event.type)
            return state if handler is None else handler(state, event.data, writes)

        return evolve_writing

    def evolve(state: Any, event: Event) -> Any:
        if event.type == MATCH_STARTED:
            return initial(event.data)
        handler = handlers.get(event.type)
        return state if handler is None else handler(state, event.data)

    return evolve


def unchanged(state: Any, data: dict[str, Any]) -> Any:
    """The handler of an event that leaves the state as it is (a roll whose result
    the next event applies, a turn's end that the next turn's start says again).
    A fold lists such an event with this handler rather than leaving it out, so
    that its table names every event type of its game."""
    return state


def fold_events(evolve: Callable[[Any, Event], Any], state: Any, events: Sequence[Event]) -> Any:
    """``state`` after ``events``, one ``evolve`` at a time."""
    for event in events:
        state = evolve(state, event)
    return state


__all__ = ["Resolved", "fold_events", "handler_evolve", "unchanged"]

"""A table in play: the state, the events written so far and the rng.

Rules code calls ``emit``: each event is folded at once, so the next rule reads
the state it left (a push chain, then the pit under the last robot). The fold's
handlers write into the table's working copy (``state.draft``): the first event
copies the state the table was given, later ones change that copy in place, and
``done`` hands it over. So rules code reads ``t.state`` again after an event
rather than keep a state or a robot read before it (it would see the change, not
the value before; docs/engine.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from engine.events import EVERYONE, Event
from engine.games.powerball.board import Floor, floor
from engine.games.powerball.events import WAITING
from engine.games.powerball.fold import HANDLERS
from engine.games.powerball.state import State, draft
from engine.rng import Rng

#: the seats' actions of a step, when it follows decisions (``None`` when it does not)
Actions = dict[int, Any] | None


class Table:
    __slots__ = ("state", "rng", "events", "floor", "draft")

    @classmethod
    def reading(cls, state: State) -> Table:
        """A table to read ``state`` from (what is legal, who stands on a flag):
        nothing is rolled there, so it has no random stream."""
        return cls(state, cast(Rng, None))

    def __init__(self, state: State, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Event] = []
        self.floor: Floor = floor(state.floor)
        self.draft = draft()

    def emit(
        self,
        kind: str,
        data: dict[str, Any],
        to: str | tuple[int, ...] = EVERYONE,
        public: dict[str, Any] | None = None,
    ) -> None:
        self.events.append(Event(kind, data, to, public))
        # evolve's handler (the rules never emit MatchStarted), written into the draft
        self.state = HANDLERS[kind](self.state, data, self.draft)

    def done(self) -> State:
        """The state after every event emitted, never written again: what
        ``resolve`` hands back (the table may go on, writing a new copy)."""
        return self.draft.freeze(self.state)

    def wait(self, stage: str, seats: Iterable[int], step: str) -> bool:
        """Stop for the decisions of ``seats``; play resumes at ``step``."""
        self.emit(WAITING, {"stage": stage, "seats": list(seats), "step": step})
        return False

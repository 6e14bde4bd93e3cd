"""A table in play: the state, the events written so far and the rng.

Rules code calls ``emit``: each event is folded at once, so the next rule reads
the state it left (a push chain, then the pit under the last robot).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from engine.events import EVERYONE, Event
from engine.games.powerball.board import Floor, floor
from engine.games.powerball.events import WAITING
from engine.games.powerball.fold import evolve
from engine.games.powerball.state import State
from engine.rng import Rng

#: the seats' actions of a step, when it follows decisions (``None`` when it does not)
Actions = dict[int, Any] | None


class Table:
    __slots__ = ("state", "rng", "events", "floor")

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

    def emit(
        self,
        kind: str,
        data: dict[str, Any],
        to: str | tuple[int, ...] = EVERYONE,
        public: dict[str, Any] | None = None,
    ) -> None:
        event = Event(kind, data, to, public)
        self.events.append(event)
        self.state = evolve(self.state, event)

    def wait(self, stage: str, seats: Iterable[int], step: str) -> bool:
        """Stop for the decisions of ``seats``; play resumes at ``step``."""
        self.emit(WAITING, {"stage": stage, "seats": list(seats), "step": step})
        return False

"""Connect Four's event types: none of its own (a move is the engine's ``ActionSubmitted``,
which ``LineGame.evolve`` folds), declared all the same, as every game declares its
own (docs/engine.md, "A game is one folder")."""

from __future__ import annotations

#: every event type of the game (the engine's own are in ``engine.events``)
EVENT_TYPES: tuple[str, ...] = ()

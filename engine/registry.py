"""Finds games through the ``scrimmage.games`` entry point group.

A third-party package adds a game by declaring, in its own pyproject.toml::

    [project.entry-points."scrimmage.games"]
    mygame = "mypackage.mygame:GAME"

Everything a game owns is in one folder (``folder_of``): its code, its RULES.md and
its starter bot (``starter.py``), so a game can ship as one package.
"""

from __future__ import annotations

import inspect
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from engine.game import Game, RulesError

GROUP = "scrimmage.games"


@cache
def games() -> dict[str, Game]:
    """Every installed game by name, in name order."""
    found = {}
    for point in sorted(entry_points(group=GROUP), key=lambda p: p.name):
        game = point.load()
        if not isinstance(game, Game):
            raise TypeError(f"entry point {point.name} is not a Game: {game!r}")
        found[game.name] = game
    return found


def get(name: str) -> Game:
    """The game called ``name``; ``RulesError`` naming the known ones otherwise."""
    try:
        return games()[name]
    except KeyError:
        known = ", ".join(games()) or "none installed"
        raise RulesError(f"unknown game {name!r} (games: {known})") from None


def bot_class(game: Game, name: str) -> type:
    """The built-in bot ``name`` of ``game``."""
    try:
        return game.bots[name]
    except KeyError:
        known = ", ".join(sorted(game.bots))
        raise RulesError(f"{game.name} has no built-in bot {name!r} (bots: {known})") from None


def folder_of(game: Game) -> Path:
    """The folder of the module that defines the game's class: where its RULES.md
    and its starter bot are."""
    return Path(inspect.getfile(type(game))).parent


def rules_path(game: Game) -> Path:
    return folder_of(game) / "RULES.md"


def starter_path(name: str) -> Path:
    """The starter bot of the game ``name`` (a file that may not exist for a new game)."""
    return folder_of(get(name)) / "starter.py"

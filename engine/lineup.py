"""Turns bot names into seats and players for a match.

A name is a built-in bot of the game, or the path of a bot program (a ``.py``
file, or a folder with ``bot.json``): that one runs out of process, in the same
sandbox for ``scrimmage play`` as on the ladder.
"""

from __future__ import annotations

import os
from typing import Any, Sequence

from engine.game import Game, Seat
from engine.players import BotPlayer, Player
from engine.registry import bot_class


def lineup(game: Game, bots: Sequence[str], *, limits: Any = None,
           allow_unsandboxed: bool | None = None) -> tuple[list[Seat], list[Player]]:
    """Seats and players for ``bots``: built-in bot names, or bot program paths
    (run in the sandbox with ``limits``, an ``engine.bots.Limits``)."""
    game.check_seat_count(len(bots))
    seats: list[Seat] = []
    players: list[Player] = []
    sandbox = None
    for name in bots:
        if is_program(game, name):
            from engine.bots import Sandbox, SubprocessPlayer, load_program

            program = load_program(name)
            sandbox = sandbox or Sandbox(limits, allow_unsandboxed=allow_unsandboxed)
            seats.append(Seat(program.name, program.version))
            players.append(SubprocessPlayer(program, sandbox=sandbox))
        else:
            seats.append(Seat(name))
            players.append(BotPlayer(game, bot_class(game, name)))
    return seats, players


def is_program(game: Game, name: str) -> bool:
    """A path to an existing file or folder names a bot program; a bare built-in
    bot name stays the built-in bot even if a file of that name exists here."""
    if name in game.bots and os.sep not in name:
        return False
    return os.path.exists(name)

"""Turns bot names into seats and players for a match.

A name is a built-in bot of the game, or the path of a bot program (a ``.py``
file, or a folder with ``bot.json``): that one runs out of process, in the same
sandbox for ``scrimmage play`` as on the ladder (``players_for`` is shared by the
command line and the platform's worker).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.game import Game, RulesError, Seat
from engine.players import BotPlayer, Player
from engine.registry import bot_class

#: a seat's bot: a built-in bot name (``str``), or a bot program (a ``BotProgram``
#: or the ``os.PathLike`` path of one)
Spec = Any


def lineup(
    game: Game, bots: Sequence[str], *, limits: Any = None, allow_unsandboxed: bool | None = None
) -> tuple[list[Seat], list[Player]]:
    """Seats and players for ``bots``: built-in bot names, or bot program paths
    (run in the sandbox with ``limits``, an ``engine.bots.Limits``)."""
    game.check_seat_count(len(bots))
    specs = [Path(name) if is_program(game, name) else name for name in bots]
    return players_for(game, specs, limits=limits, allow_unsandboxed=allow_unsandboxed)


def players_for(
    game: Game,
    specs: Sequence[Spec],
    *,
    limits: Any = None,
    allow_unsandboxed: bool | None = None,
    on_refused: Callable[[int, RulesError], Player] | None = None,
    program_player: Callable[[int, Any, Any], Player] | None = None,
) -> tuple[list[Seat], list[Player]]:
    """A seat and a player per spec, in order. A ``str`` is a built-in bot of
    ``game`` (played in-process); a ``BotProgram`` or a path (``os.PathLike``) is a
    bot program, and every program of the match runs in one shared ``Sandbox``
    (made with ``limits`` and ``allow_unsandboxed`` at the first program).

    A program that cannot run (``BotError``: bad files, no sandbox) raises, unless
    ``on_refused(index, error)`` gives a player to stand in for it.
    ``program_player(index, program, sandbox)`` makes the player of a program
    (default: a ``SubprocessPlayer``).
    """
    seats: list[Seat] = []
    players: list[Player] = []
    sandbox = None
    for index, spec in enumerate(specs):
        if isinstance(spec, str):
            seats.append(Seat(spec))
            players.append(BotPlayer(game, bot_class(game, spec)))
            continue
        from engine.bots import BotError, BotProgram, Sandbox, SubprocessPlayer, load_program

        try:
            program = spec if isinstance(spec, BotProgram) else load_program(spec)
            sandbox = sandbox or Sandbox(limits, allow_unsandboxed=allow_unsandboxed)
        except BotError as exc:
            if on_refused is None:
                raise
            seats.append(Seat(os.path.basename(os.fspath(getattr(spec, "root", spec)))))
            players.append(on_refused(index, exc))
            continue
        seats.append(Seat(program.name, program.version))
        players.append(
            SubprocessPlayer(program, sandbox=sandbox)
            if program_player is None
            else program_player(index, program, sandbox)
        )
    return seats, players


def is_program(game: Game, name: str) -> bool:
    """A path to an existing file or folder names a bot program; a bare built-in
    bot name stays the built-in bot even if a file of that name exists here."""
    if name in game.bots and os.sep not in name:
        return False
    return os.path.exists(name)

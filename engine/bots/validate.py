"""``validate_bot``: the check an uploaded bot must pass before it may play."""

from __future__ import annotations

import os

from engine import registry
from engine.bots.player import SubprocessPlayer
from engine.bots.sandbox import Limits, Sandbox, load_program
from engine.game import Game, Header, RulesError, Seat
from engine.runner import DEFAULT_MAX_FAULTS, DEFAULT_MAX_STEPS


def validate_bot(path: str | os.PathLike, game: str | Game, *, limits: Limits | None = None,
                 allow_unsandboxed: bool | None = None) -> tuple[bool, str, str]:
    """Start the bot at ``path`` in the sandbox and check that it answers the
    handshake (as seat 0 of a match of ``game`` with default options) within the
    start-up limit.

    Returns ``(ok, reason, stderr)``: ``reason`` says what failed (or names the
    bot when ``ok``); ``stderr`` is what the bot printed there, capped.
    """
    try:
        game = registry.get(game) if isinstance(game, str) else game
        program = load_program(path)
        sandbox = Sandbox(limits, allow_unsandboxed=allow_unsandboxed)
    except RulesError as exc:  # an unknown game, or a BotError (bad program, no sandbox)
        return False, str(exc), ""
    count = game.seat_counts[0]
    seats = (Seat(program.name, program.version),) + tuple(
        Seat(f"opponent {i}") for i in range(1, count))
    header = Header(game.name, game.rules_version, 0, seats, game.resolve_options({}),
                    {"max_steps": DEFAULT_MAX_STEPS, "max_faults": DEFAULT_MAX_FAULTS})
    player = SubprocessPlayer(program, sandbox=sandbox)
    try:
        player.begin(0, header)
        player.handshake()
        failure = player.failure
    finally:
        player.close()
    if failure is not None:
        return False, failure[1], player.stderr
    return True, f"ready: {player.name or program.name}", player.stderr

"""The error of a bot program that cannot be run (its own module: the program,
its runtime and the ELF check all raise it)."""

from __future__ import annotations

from engine.game import RulesError


class BotError(RulesError):
    """A bot program that cannot be run: a bad path or manifest, no sandbox.

    A ``RulesError`` so that the command line and the platform report it as they
    report an unknown built-in bot name."""

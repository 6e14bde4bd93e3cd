"""Bot programs: the JSON-lines protocol, the bubblewrap sandbox and the player
that drives an out-of-process bot (see docs/protocol.md and docs/writing-a-bot.md).

- ``load_program(path)``: a bot file, or a folder with ``bot.json``
  (``read_manifest``: the one definition of a valid manifest), in one of the
  languages of ``runtimes`` (Python, JavaScript, native x86-64, Java);
- ``Sandbox(limits)``: starts programs inside bubblewrap (refuses to run them
  without it unless unsandboxed runs are allowed explicitly);
- ``SubprocessPlayer(program, limits)``: a ``Player`` for the runner;
- ``validate_bot(path, game)``: does the bot start, answer the handshake
  and play a legal first decision of the game?
"""

from engine.bots.limits import Limits
from engine.bots.player import SubprocessPlayer
from engine.bots.program import BotError, BotProgram, load_program, read_manifest
from engine.bots.protocol import PROTOCOL
from engine.bots.sandbox import ALLOW_ENV, Sandbox, SandboxUnavailable
from engine.bots.validate import validate_bot

__all__ = [
    "ALLOW_ENV",
    "BotError",
    "BotProgram",
    "Limits",
    "PROTOCOL",
    "Sandbox",
    "SandboxUnavailable",
    "SubprocessPlayer",
    "load_program",
    "read_manifest",
    "validate_bot",
]

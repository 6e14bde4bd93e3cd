"""scrimmage_bot: the whole Scrimmage bot SDK, in one file with no dependencies.

A bot is a program that talks JSON lines with the engine (protocol 1, see
docs/protocol.md). This module does the talking; you write ``decide``::

    import random
    from scrimmage_bot import run

    def decide(request):
        return random.choice(request.legal)

    run(decide, name="my first bot")

Or a class, to keep state across the match::

    class MyBot(Bot):
        name = "my bot"
        def start(self, match): ...          # once, before the first decision
        def decide(self, request): ...       # return an action
        def end(self, result): ...           # once, with the result

    run(MyBot())

Inside the sandbox this file is at /sdk/scrimmage_bot.py and on the import path;
you may also copy it next to your bot. While ``run`` is going, ``print`` writes
to stderr (which your bot's owner page shows), so it cannot break the protocol.
If ``decide`` raises, the traceback goes to stderr, the engine records a fault
and plays the default action, and your bot goes on with the next decision.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Iterable
from typing import IO, Any

PROTOCOL = 1

__all__ = ["Bot", "Match", "Request", "run", "PROTOCOL"]


class Match:
    """The ``start`` message: who you are and what is played."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.raw = message
        self.game = message["game"]  # e.g. "tic_tac_toe"
        self.rules_version = message["rules_version"]
        self.seat = message["seat"]  # your seat: 0, 1, ...
        self.seats = message["seats"]  # [{"bot", "version", "team"}, ...]
        self.options = message["options"]  # the match options
        self.time = message["time"]  # {"decision_ms", "overage_ms", ...}


class Request:
    """One ``decide`` message: a decision you must take now."""

    def __init__(self, message: dict[str, Any]) -> None:
        self.raw = message
        self.id = message["id"]
        self.seat = message["seat"]
        self.view = message["view"]  # what you may see now (the game's view)
        self.events = message["events"]  # events you saw since your last decision
        self.legal = message["legal"]  # every legal action, or None (see prompt)
        self.prompt = message["prompt"]  # what kind of decision this is
        self.default = message["default"]  # played if you fail to answer in time
        self.secret = message["secret"]  # True: other seats do not see your action yet
        self.time = message["time"]  # {"decision_ms", "overage_ms", "match_ms"}


class Bot:
    """Subclass and override ``decide`` (and, if you like, ``start`` and ``end``)."""

    name = "bot"

    def start(self, match: Match) -> None:
        pass

    def decide(self, request: Request) -> Any:
        raise NotImplementedError("a bot must implement decide(request)")

    def end(self, result: dict[str, Any]) -> None:
        pass


class _FunctionBot(Bot):
    def __init__(self, decide: Callable[[Request], Any], name: str) -> None:
        self._decide = decide
        self.name = name

    def decide(self, request: Request) -> Any:
        return self._decide(request)


def run(
    bot: Bot | Callable[[Request], Any],
    name: str | None = None,
    *,
    stdin: Iterable[bytes] | None = None,
    stdout: IO[str] | None = None,
) -> None:
    """Serve the engine until the match ends. ``bot`` is a ``Bot`` or a function
    ``decide(request) -> action``."""
    if not isinstance(bot, Bot):
        if not callable(bot):
            raise TypeError("run() takes a Bot or a function decide(request)")
        bot = _FunctionBot(bot, name or str(getattr(bot, "__name__", "bot")))
    elif name:
        bot.name = name
    source = stdin or sys.stdin.buffer
    out = stdout or sys.stdout
    saved, sys.stdout = sys.stdout, sys.stderr  # print() must not reach the engine
    try:
        _serve(bot, source, out)
    finally:
        sys.stdout = saved


def _send(out: IO[str], message: dict[str, Any]) -> None:
    out.write(json.dumps(message, separators=(",", ":")) + "\n")
    out.flush()


def _serve(bot: Bot, source: Iterable[bytes], out: IO[str]) -> None:
    for raw in source:
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "start":
            if message.get("protocol") != PROTOCOL:
                print(
                    f"scrimmage_bot: the engine speaks protocol {message.get('protocol')}, "
                    f"this SDK {PROTOCOL}",
                    file=sys.stderr,
                )
            bot.start(Match(message))
            _send(out, {"type": "ready", "protocol": PROTOCOL, "name": str(bot.name)})
        elif kind == "decide":
            request = Request(message)
            try:
                action = bot.decide(request)
            except Exception as exc:
                traceback.print_exc(file=sys.stderr)
                _send(
                    out,
                    {
                        "type": "error",
                        "id": request.id,
                        "message": f"{type(exc).__name__}: {exc}"[:200],
                    },
                )
                continue
            _send(out, {"type": "action", "id": request.id, "action": action})
        elif kind == "end":
            bot.end(message)
            return


if __name__ == "__main__":  # a bot that always plays the first legal action
    run(lambda request: request.legal[0] if request.legal else request.default, name="first legal")

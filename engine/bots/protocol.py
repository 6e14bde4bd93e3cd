"""The bot protocol, version 1: JSON lines on the bot's stdin and stdout.

One message each way per step; every message is one line of UTF-8 JSON, an object
with a ``type``. The engine sends ``start`` (the bot answers ``ready``), then one
``decide`` per decision (the bot answers ``action``, or ``error`` to give up on
this decision), then ``end``. docs/protocol.md is the reference for bot authors;
this module builds and checks the messages and is the only place that knows
their shape.
"""

from __future__ import annotations

import json
from typing import Any

from engine.game import Header, Outcome
from engine.plain import LogError, check_plain

PROTOCOL = 1

# no ``default``: a value JSON cannot carry (a set, whose order is the hash order)
# must fail loudly, not reach a bot in an order that differs between runs
_encoder = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


class ProtocolError(ValueError):
    """A line from a bot that is not the message the protocol expects."""


class UnencodableMessage(TypeError):
    """A message for a bot holds a value that is not plain JSON: a game's bug (its
    view or events must be dicts, lists, tuples, strings, numbers, bools, None)."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of JSON, newline included."""
    try:
        text = _encoder.encode(message)
    except (TypeError, ValueError) as exc:
        raise UnencodableMessage(
            f"a {message.get('type')!r} message for a bot is not plain JSON: {exc}"
        ) from None
    return (text + "\n").encode("utf-8")


def ms(seconds: float) -> int:
    return max(0, int(seconds * 1000))


def start_message(seat: int, header: Header, time: dict[str, Any]) -> dict[str, Any]:
    """The handshake. The seed is never sent: it would let a bot foresee every
    die roll and shuffle of the match."""
    return {
        "type": "start",
        "protocol": PROTOCOL,
        "game": header.game,
        "rules_version": header.rules_version,
        "seat": seat,
        "seats": [s.to_json() for s in header.seats],
        "options": dict(header.options),
        "max_faults": header.limits.get("max_faults"),
        "time": time,
    }


def decide_message(ident: int, request: Any, time: dict[str, Any]) -> dict[str, Any]:
    """A decision put to the bot: ``request`` is an ``engine.players.Request``."""
    decision = request.decision
    legal = decision.legal
    return {
        "type": "decide",
        "id": ident,
        "seat": request.seat,
        "view": request.view,
        "events": [e.to_json() for e in request.new_events],
        "legal": list(legal) if legal is not None else None,
        "prompt": decision.prompt,
        "default": decision.default,
        "secret": decision.secret,
        "time": time,
    }


def end_message(seat: int, outcome: Outcome) -> dict[str, Any]:
    return {
        "type": "end",
        "seat": seat,
        "rank": outcome.ranks[seat],
        "score": outcome.scores[seat],
        **outcome.to_json(),
    }


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse(line: bytes) -> dict[str, Any]:
    """A line from the bot as a message object; ``ProtocolError`` says what is wrong."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError("the line is not UTF-8") from None
    if not text.strip():
        raise ProtocolError("an empty line")
    try:
        message = json.loads(text, parse_constant=_no_constants)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"the line is not JSON ({_short(exc)}): {_quote(text)}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a message must be a JSON object, not {_quote(text)}")
    if not isinstance(message.get("type"), str):
        raise ProtocolError(f'the message has no "type": {_quote(text)}')
    return message


def parse_ready(message: dict[str, Any]) -> str:
    """The bot's name from its ``ready`` message."""
    if message["type"] != "ready":
        raise ProtocolError(f'expected a "ready" message, got {message["type"]!r}')
    version = message.get("protocol", PROTOCOL)
    if version != PROTOCOL:
        raise ProtocolError(f"the bot speaks protocol {version!r}; this engine speaks {PROTOCOL}")
    name = message.get("name", "")
    if not isinstance(name, str):
        raise ProtocolError('"name" must be a string')
    return name[:64]


def reply_id(message: dict[str, Any]) -> int | None:
    """The ``id`` a reply echoes, if any."""
    ident = message.get("id")
    if ident is not None and type(ident) is not int:
        raise ProtocolError(f'"id" must be an integer, not {ident!r}')
    return ident


def parse_action(message: dict[str, Any]) -> Any:
    """The action of an ``action`` reply (an ``error`` reply raises ``BotGaveUp``)."""
    kind = message["type"]
    if kind == "error":
        text = message.get("message", "")
        raise BotGaveUp(text if isinstance(text, str) else json.dumps(text))
    if kind != "action":
        raise ProtocolError(f'expected an "action" message, got {kind!r}')
    if "action" not in message:
        raise ProtocolError('the "action" message has no "action" field')
    action = message["action"]
    try:
        check_plain(action, "action")
    except LogError as exc:
        raise ProtocolError(str(exc)) from None
    return action


class BotGaveUp(Exception):
    """The bot answered ``error``: its own code failed on this decision."""


def _quote(text: str, limit: int = 80) -> str:
    text = text.rstrip("\n")
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _short(exc: BaseException) -> str:
    return type(exc).__name__ if isinstance(exc, RecursionError) else str(exc)[:80]

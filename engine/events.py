"""Events, their canonical encoding and the hash chain that seals a match log.

An event is the unit of a match log: ``seq`` (0, 1, 2, ... without gaps), ``type``
(a name such as ``DiceRolled``), ``data`` (plain JSON: no floats), ``to`` (who may
see it: ``"all"`` or a list of seat indices) and, for a private event, an optional
``public`` twin: the redacted data that every other seat sees instead.

The canonical encoding is UTF-8 JSON with sorted keys and no spaces (its bytes:
``engine.canonical``). The chain is
``h[i] = sha256(h[i-1] + encode(event[i]))`` with ``h[-1]`` the empty string; the
log's digest is the last link, so any edit of a stored log changes it. Reading a
log back (its lines into events, checked) is ``engine.reading``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.canonical import (
    ENCODER,
    SORTED,
    dump,
    orjson_dumps,
    plain_bytes,
    plain_tree,
    std_bytes,
)
from engine.plain import MAX_DEPTH, LogError, check_plain, explain_not_plain, plainly

EVERYONE = "all"

# The engine's own event types, the only names every log shares (a game names its
# own events): a log opens with MATCH_STARTED and closes with MATCH_ENDED, and the
# runner writes the others for what the players do.
MATCH_STARTED = "MatchStarted"
MATCH_ENDED = "MatchEnded"
ACTION_SUBMITTED = "ActionSubmitted"
PLAYER_FORFEITED = "PlayerForfeited"
ACTION_REJECTED = "ActionRejected"
PLAYER_TIMED_OUT = "PlayerTimedOut"
PLAYER_CRASHED = "PlayerCrashed"
#: the event types a fault is recorded as
FAULT_TYPES = (ACTION_REJECTED, PLAYER_TIMED_OUT, PLAYER_CRASHED)
#: every event type the engine writes; a game names its own in its ``events`` module
ENGINE_EVENT_TYPES = (MATCH_STARTED, MATCH_ENDED, ACTION_SUBMITTED, PLAYER_FORFEITED, *FAULT_TYPES)

#: the longest line a log may have: a bot's action is at most 1 MiB (its own line
#: cap) and an event holds it at most twice (data and public twin)
MAX_LINE_BYTES = 8 << 20


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of a match log. ``seq`` is ``None`` until the log appends it."""

    type: str
    data: dict[str, Any]
    to: str | tuple[int, ...] = EVERYONE
    public: dict[str, Any] | None = None
    seq: int | None = None

    # the dataclass's own ``__init__`` sets each field with ``object.__setattr__``
    # (a global and an attribute looked up per field): every event of every game
    # is built here, so it fills the slots directly instead, in half the time
    # (``dataclass`` keeps an ``__init__`` the class defines)
    def __init__(
        self,
        type: str,  # (the field's name, as the generated __init__ had it)
        data: dict[str, Any],
        to: str | tuple[int, ...] = EVERYONE,
        public: dict[str, Any] | None = None,
        seq: int | None = None,
    ) -> None:
        _set_type(self, type)
        _set_data(self, data)
        _set_to(self, to)
        _set_public(self, public)
        _set_seq(self, seq)

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` sees the full event (``None`` is a spectator)."""
        return self.to == EVERYONE or (seat is not None and seat in self.to)

    def seen_by(self, seat: int | None) -> Event | None:
        """The event as ``seat`` sees it: itself, its public twin, or nothing."""
        if self.visible_to(seat):
            return self
        if self.public is None:
            return None
        return Event(self.type, self.public, EVERYONE, None, self.seq)

    def to_json(self) -> dict[str, Any]:
        out = {
            "seq": self.seq,
            "type": self.type,
            "data": self.data,
            "to": self.to if self.to == EVERYONE else list(self.to),
        }
        if self.public is not None:
            out["public"] = self.public
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Event:
        """Build an event from decoded JSON, checking every field's shape."""
        return cls.from_decoded(obj, True)

    @classmethod
    def from_decoded(cls, obj: Any, walk: bool) -> Event:
        """``from_json``; ``walk=False`` when the data is known to hold no float and
        to be nested shallowly enough (``parse_lines`` knows it from the line)."""
        if not isinstance(obj, dict):
            raise LogError("an event must be a JSON object")
        if not obj.keys() <= _FIELDS:
            extra = obj.keys() - _FIELDS
            raise LogError(f"unknown event field(s): {', '.join(sorted(extra))}")
        seq, type_, data, to = obj.get("seq"), obj.get("type"), obj.get("data"), obj.get("to")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise LogError("event 'seq' must be a non-negative integer")
        if not isinstance(type_, str) or not type_:
            raise LogError(f"event {seq}: 'type' must be a non-empty string")
        if not isinstance(data, dict):
            raise LogError(f"event {seq}: 'data' must be an object")
        if to != EVERYONE:
            if not isinstance(to, list) or not _are_seats(to):
                raise LogError(f"event {seq}: 'to' must be \"all\" or a list of seats")
            to = tuple(to)
        public = obj.get("public")
        if public is not None and not isinstance(public, dict):
            raise LogError(f"event {seq}: 'public' must be an object")
        if walk:
            check_plain(data, f"event {seq} data")
            if public is not None:
                check_plain(public, f"event {seq} public data")
        return cls(type_, data, to, public, seq)


_FIELDS = frozenset(("seq", "type", "data", "to", "public"))


def _are_seats(to: list[Any] | tuple[Any, ...]) -> bool:
    """Is every item of ``to`` a seat (an int, not a bool, at least 0)? A loop, not
    ``all`` over a generator: it runs for every private event read or written."""
    for seat in to:  # noqa: SIM110 (a loop: no generator frame per item)
        if type(seat) is not int or seat < 0:
            return False
    return True


def encode(event: Event) -> bytes:
    """The canonical bytes of an event: sorted keys, no spaces, UTF-8."""
    try:
        return line_of(event.type, event.data, event.to, event.public, event.seq, std_bytes)
    except Exception:
        pass
    return ENCODER.encode(event.to_json()).encode("utf-8")


def line_of(
    type_: Any,
    data: Any,
    to: Any,
    public: Any,
    seq: Any,
    dump: Callable[[Any], bytes] = plain_bytes,
) -> bytes:
    """``encode`` without building ``to_json()``: the envelope's keys in sorted
    order (data, public, seq, to, type) around ``dump``'s bytes of each value.
    Byte for byte what ``ENCODER.encode(event.to_json())`` gives (a golden test
    holds it to that); the default ``dump`` is for plain data only.

    The log's own lines (plain data seen by all, a string type, an int seq: most
    of every log) are one format around orjson's bytes of the data, the end of
    the envelope kept per type (``_tail``); so are the lines of events private to
    one seat with a public twin (a hand dealt, a secret program)."""
    if dump is plain_bytes and type(seq) is int and orjson_dumps is not None:
        tail = _TAILS.get(type_) if type(type_) is str else None
        if tail is None:
            tail = _tail(type_)
        try:
            if tail is None:
                pass
            elif public is None and to == EVERYONE:
                return b'{"data":%s,"seq":%d%s' % (orjson_dumps(data, option=SORTED), seq, tail)
            elif public is not None and type(to) is tuple and len(to) == 1 and type(to[0]) is int:
                return b'{"data":%s,"public":%s,"seq":%d,"to":[%d]%s' % (
                    orjson_dumps(data, option=SORTED),
                    orjson_dumps(public, option=SORTED),
                    seq,
                    to[0],
                    tail[_TO_ALL:],  # (its ``,"type":...}``)
                )
        except TypeError:  # (orjson.JSONEncodeError): an integer past 64 bits
            pass
    line = b'{"data":' + dump(data)
    if public is not None:
        line += b',"public":' + dump(public)
    return (
        line
        + b',"seq":'
        + (b"%d" % seq if type(seq) is int else dump(seq))
        + (b',"to":"all"' if to == EVERYONE else b',"to":' + dump(list(to)))
        + b',"type":'
        + dump(type_)
        + b"}"
    )


#: the end of a public line by its type: ``,"to":"all","type":...}``
_TAILS: dict[str, bytes] = {}
_TO_ALL = len(b',"to":"all"')


def _tail(type_: Any) -> bytes | None:
    """``_TAILS[type_]``, made and kept for a string type (a game has a few dozen;
    past 4,096 types, odd input, nothing more is kept); ``None`` for another type."""
    if type(type_) is not str:
        return None
    tail = b',"to":"all","type":' + plain_bytes(type_) + b"}"
    if len(_TAILS) < 4096:
        _TAILS[type_] = tail
    return tail


def _submitted_line(seat: int, action: Any, seq: int, secret: bool = False) -> bytes:
    """The bytes of an ``ActionSubmitted`` event with data ``{"seat", "action"}``
    (``action`` has passed ``check_plain``), public or (``secret``) private to
    ``seat`` with the twin ``{"seat"}``: the runner writes one per move, so its
    envelope is a template."""
    if secret:
        return b'{"data":{"action":' + plain_bytes(action) + _SECRET_TAIL % (seat, seat, seq, seat)
    if type(action) is int:
        return _SUBMITTED_INT % (action, seat, seq)
    return b'{"data":{"action":' + plain_bytes(action) + _SUBMITTED_TAIL % (seat, seq)


_TYPE_END = ',"type":' + dump(ACTION_SUBMITTED) + "}"
_SUBMITTED_TAIL = (',"seat":%d},"seq":%d,"to":"all"' + _TYPE_END).encode("ascii")
_SUBMITTED_INT = b'{"data":{"action":%d' + _SUBMITTED_TAIL
_SECRET_TAIL = (',"seat":%d},"public":{"seat":%d},"seq":%d,"to":[%d]' + _TYPE_END).encode("ascii")


def chain(previous: str, line: bytes) -> str:
    """The next link of the hash chain."""
    return hashlib.sha256(previous.encode("ascii") + line).hexdigest()


_sha256 = hashlib.sha256
# the slots' setters: ``Event.__init__`` and ``Log._seal`` fill an event's fields directly
_new_event = object.__new__
_set_type, _set_data, _set_to, _set_public, _set_seq = (
    Event.__dict__[name].__set__ for name in ("type", "data", "to", "public", "seq")
)


#: called with every event a ``Log`` appends and its canonical line
Listener = Callable[[Event, bytes], object]


class Log:
    """An append-only, hash-chained list of events.

    ``append`` assigns the next ``seq``, checks the data is plain JSON, and extends
    the chain. ``listeners`` are called with every appended event and its bytes, so
    a store can write events while the match runs.
    """

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.lines: list[bytes] = []
        self.digest = ""
        self.listeners: list[Listener] = []

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def append(self, event: Event) -> Event:
        type_, data, to, public = event.type, event.data, event.to, event.public
        if not plainly(data) and not plain_tree(data, MAX_DEPTH):
            explain_not_plain(data, f"{type_} data")  # (worded only for the walk)
        if public is not None and not plainly(public) and not plain_tree(public, MAX_DEPTH):
            explain_not_plain(public, f"{type_} public data")
        if to != EVERYONE and (type(to) is not tuple or not _are_seats(to)):
            raise LogError(f"{type_}: 'to' must be \"all\" or a tuple of seats")
        seq = len(self.events)
        line = line_of(type_, data, to, public, seq)
        return self._seal(type_, data, to, public, line, event)

    def _seal(
        self,
        type_: str,
        data: dict[str, Any],
        to: Any,
        public: dict[str, Any] | None,
        line: bytes,
        given: Event | None = None,
    ) -> Event:
        """Append an event whose data is known to be plain and whose canonical
        ``line`` (for the next ``seq``) is already made. The runner calls it
        directly for the ``ActionSubmitted`` events it builds from checked actions.
        ``given``: the event those fields are from, if any (a log that keeps no
        sealed events may hand it back, ``engine.replay``'s re-simulation)."""
        events = self.events
        sealed = _new_event(Event)  # (Event.__init__ written out: this is every event)
        _set_type(sealed, type_)
        _set_data(sealed, data)
        _set_to(sealed, to)
        _set_public(sealed, public)
        _set_seq(sealed, len(events))
        events.append(sealed)
        self.lines.append(line)
        self.digest = _sha256(self.digest.encode("ascii") + line).hexdigest()
        for listener in self.listeners:
            listener(sealed, line)
        return sealed

    def to_jsonl(self) -> bytes:
        """The whole log as JSON lines: the export format."""
        return b"".join(line + b"\n" for line in self.lines)


def digest_of(lines: Iterable[bytes]) -> str:
    """The digest of a log given as its canonical lines (``chain`` written out:
    ``verify`` chains every line of a log here)."""
    h = b""
    for line in lines:
        h = _sha256(h + line).hexdigest().encode("ascii")
    return h.decode("ascii")

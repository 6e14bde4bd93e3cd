"""Reading a log: its JSON lines back into events, refusing anything that is not
a well-formed, gapless log (``LogError`` names the line at fault). With
``canonical``, each line must be exactly its event's canonical bytes."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, BinaryIO, overload

from engine.events import (
    ACTION_SUBMITTED,
    FAULT_TYPES,
    MAX_LINE_BYTES,
    PLAYER_FORFEITED,
    Event,
    line_of,
)
from engine.plain import MAX_DEPTH, LogError


def parse_jsonl(text: bytes | str, *, canonical: bool = False) -> list[Event]:
    """Read a JSON-lines log, refusing anything that is not a well-formed, gapless
    log. Lines need not be byte-canonical (spacing, key order) unless ``canonical``
    says so: digests are always taken over the canonical re-encoding.

    Raises ``LogError`` naming the line at fault.
    """
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    lines = text.removesuffix(b"\n").split(b"\n") if canonical else text.splitlines()
    return parse_lines(lines, canonical=canonical)


def read_jsonl(stream: BinaryIO, *, canonical: bool = False) -> list[Event]:
    """``parse_jsonl`` of a binary file, read a line at a time: an endless or
    huge input (``/dev/zero``) stops at the first line over ``MAX_LINE_BYTES``.
    ``canonical``: each line must be exactly its event's canonical bytes, ended by
    ``\\n`` (a ``\\r`` before it, or a blank line, is not)."""

    return parse_lines(stream_lines(stream, canonical=canonical), canonical=canonical)


def stream_lines(stream: BinaryIO, *, canonical: bool = False) -> Iterator[bytes]:
    """The lines of a binary file as ``read_jsonl`` reads them (without their line
    ends; with ``canonical``, only a ``\\n`` ends a line), a line at a time: one
    over ``MAX_LINE_BYTES`` comes out cut at one byte more, for the reader to refuse."""
    while line := stream.readline(MAX_LINE_BYTES + 1):
        yield line.removesuffix(b"\n") if canonical else line.rstrip(b"\r\n")


class ReadLog(list[Event]):
    """The events of a log as ``parse_lines`` read them, with ``lines``: the bytes
    each one was read from (without its line end). ``engine.replay.verify``
    compares a re-simulated event with its line before it re-encodes anything."""

    __slots__ = ("lines",)

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[bytes] = []


class LazyLog(Sequence[Event]):
    """The events of a log's lines, each read only when asked for, and kept.
    ``lines`` are the bytes, as in a ``ReadLog``.

    A re-simulation that matches every line byte for byte has no need to decode
    most of them: a line equal to a re-simulated event's canonical bytes is that
    event, sealed (``engine.verifying``). So a line read here is not held to be
    canonical (its event is not encoded again): the re-simulation's comparison
    holds every line to it. A line that cannot be read raises ``LogError`` when
    it is asked for, not before."""

    __slots__ = ("lines", "_events")

    def __init__(self, lines: Sequence[bytes]) -> None:
        self.lines = lines
        self._events: list[Event | None] = [None] * len(lines)

    def __len__(self) -> int:
        return len(self.lines)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self.lines)))]
        event = self._events[index]
        if event is None:
            seq = index + len(self.lines) if index < 0 else index
            try:
                event = parse_event_line(self.lines[seq])
            except LogError as exc:
                raise LogError(f"line {seq + 1}: {exc}") from None
            if event.seq != seq:
                raise LogError(f"line {seq + 1}: expected seq {seq}, found {event.seq}")
            self._events[seq] = event
        return event

    def player_event(self, index: int) -> Event | None:
        """``self[index]`` if its line ends as a player's event or a forfeit does
        (``ActionSubmitted``, a fault, ``PlayerForfeited``: the type is the last
        key of a canonical line), else ``None``, the line left undecoded: what
        the line claims so is held to it when it is compared, as every line is."""
        if self.lines[index].endswith(_PLAYER_ENDS):
            return self[index]
        return None


#: how the canonical line of a player's event or of a forfeit ends
_PLAYER_ENDS = tuple(
    b',"type":"%s"}' % name.encode("ascii")
    for name in (ACTION_SUBMITTED, *FAULT_TYPES, PLAYER_FORFEITED)
)


def parse_lines(lines: Iterable[bytes], *, canonical: bool = False) -> ReadLog:
    """The events of a log given as its lines (without their line ends); with
    ``canonical``, every line must be its event's canonical encoding, byte for
    byte (an empty line is not), else blank lines are skipped."""
    events = ReadLog()
    kept = events.lines
    for number, raw in enumerate(lines, start=1):
        if not canonical and (not raw or raw.isspace()) and len(raw) <= MAX_LINE_BYTES:
            continue
        try:
            event = parse_event_line(raw, canonical=canonical)
        except LogError as exc:
            raise LogError(f"line {number}: {exc}") from None
        if event.seq != len(events):
            raise LogError(f"line {number}: expected seq {len(events)}, found {event.seq}")
        events.append(event)
        kept.append(raw)
    if not events:
        raise LogError("the log is empty")
    return events


def _no_float(text: str) -> Any:
    raise LogError(f"floats are not allowed in a log ({text})")


# a float (``1.5``, ``NaN``, ``Infinity``) is refused as it is met, so a line's
# data need not be walked for one afterwards
_decoder = json.JSONDecoder(parse_float=_no_float, parse_constant=_no_float)


def _decoded(line: str) -> Any:
    """``json.loads(line)``, floats refused: the decoder's C scanner called
    directly, and its Python wrapper only for a line it does not read whole (space
    around the value, extra data, an error to word)."""
    try:
        # scan_once is set by JSONDecoder.__init__, which typeshed does not declare
        obj, end = _decoder.scan_once(line, 0)  # type: ignore[attr-defined]
    except StopIteration:
        return _decoder.decode(line)
    return obj if end == len(line) else _decoder.decode(line)


def parse_event_line(raw: bytes, *, canonical: bool = False) -> Event:
    """The event one line of a log holds (without its line end). ``canonical``: the
    line must be exactly that event's canonical bytes (``encode``): no spaces, keys
    sorted, no key twice. ``LogError`` says what is wrong."""
    if len(raw) > MAX_LINE_BYTES:
        raise LogError(f"longer than {MAX_LINE_BYTES} bytes")
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LogError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from None
    if not line or line.isspace():
        raise LogError("an empty line")
    try:
        obj = _decoded(line)
    except LogError:
        raise
    except json.JSONDecodeError as exc:
        raise LogError(f"not JSON ({exc.msg})") from None
    except RecursionError:
        raise LogError(f"nested more than {MAX_DEPTH} deep") from None
    except ValueError:  # Python refuses to read integers this long (CVE-2020-10735)
        raise LogError(f"an integer of more than {sys.get_int_max_str_digits()} digits") from None
    # a line with at most MAX_DEPTH brackets cannot nest its data deeper (brackets
    # inside strings only make the count safer): only the others are walked
    event = Event.from_decoded(obj, raw.count(b"[") + raw.count(b"{") > MAX_DEPTH)
    # (the line's data is plain now: the log's own encoder gives encode's bytes)
    if canonical and line_of(event.type, event.data, event.to, event.public, event.seq) != raw:
        raise LogError(
            "not the canonical encoding of its event (which has no spaces, its keys "
            "sorted and none twice): the log was edited or not written by Scrimmage"
        )
    return event

"""Verifying a log given as its lines, decoding only the lines the re-simulation
reads: ``verify_lines`` and ``verify_jsonl``.

``verify`` of a log read whole decodes every line first, though a log that
verifies has every line equal, byte for byte, to the canonical line of the event
the re-simulation makes there: such a line is well-formed, canonical and in its
place by construction, and decoding it proves nothing more. The re-simulation
itself reads only the header, the revealed seed and the players' events (a
``LazyLog`` decodes those as they are asked for), so the rules' events are
compared as bytes and never decoded: an eighth to two fifths of the lines are
read in the seed games.

A log that does not verify this way (any line that differs, cannot be read,
or any error) is verified again from its lines read whole, as ``verify`` of
``parse_lines(lines, canonical=True)``: the same verdict and the same errors,
the first line at fault named, at twice the cost of a log that verifies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import MAX_LINE_BYTES
from engine.game import Game
from engine.reading import LazyLog, parse_lines
from engine.replay import Verdict, verify


def verify_lines(lines: Sequence[bytes], find_game: Callable[[str], Game]) -> Verdict:
    """``verify(parse_lines(lines, canonical=True), find_game)``: the same verdict,
    and the same ``LogError`` or ``RulesError`` for a log that cannot be read or
    started, with the lines the re-simulation does not read left undecoded when
    the log verifies. ``lines`` are without their line ends; every one must be
    its event's canonical bytes (``scrimmage verify`` reads so)."""
    # a reader refuses a line over the cap even where the rules would make it
    # (an event that large is refused, not verified): such a log is read whole
    if max(map(len, lines), default=0) <= MAX_LINE_BYTES:
        try:
            verdict = verify(LazyLog(lines), find_game)
        except Exception:  # said again, in the words of a whole read, below
            pass
        else:
            if verdict.ok:
                return verdict
    return verify(parse_lines(lines, canonical=True), find_game)


def verify_jsonl(text: bytes, find_game: Callable[[str], Game]) -> Verdict:
    """``verify_lines`` of a log's JSON lines, as ``parse_jsonl(text, canonical=True)``
    splits them (each line ended by ``\\n``)."""
    return verify_lines(text.removesuffix(b"\n").split(b"\n"), find_game)


__all__ = ["verify_jsonl", "verify_lines"]

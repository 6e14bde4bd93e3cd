"""The one way a bot's stderr is cut to a size: the head is kept and a last line
says how many bytes were dropped, so a cut text never passes for a whole one.

The sandbox keeps the first ``Limits.stderr`` bytes a bot writes and counts the
rest (``with_dropped``); the platform cuts again to the size it stores, after it
has put its decision marks in (``cut``). A cut of a text that already ends with
the mark adds to the count the mark holds, so the stored line says how much was
dropped in all."""

from __future__ import annotations

import re

#: the last line of a cut text (the count is in bytes of UTF-8)
MARK = "\n[... {} more bytes of stderr discarded]\n"
_MARKED = re.compile(r"\n\[\.\.\. (\d+) more bytes of stderr discarded\]\n\Z")
#: room kept for the mark itself (its count may reach 20 digits)
_MARK_ROOM = len(MARK.format(10**20))


def with_dropped(text: str, dropped: int) -> str:
    """``text`` followed by the mark when ``dropped`` bytes did not make it."""
    return text + MARK.format(dropped) if dropped else text


def split_mark(text: str) -> tuple[str, int]:
    """``text`` without its mark, and the bytes the mark says were dropped (0: none)."""
    found = _MARKED.search(text)
    if found is None:
        return text, 0
    return text[: found.start()], int(found.group(1))


def cut(text: str, size: int) -> str:
    """``text`` as it fits in ``size`` characters: whole, or its head and the mark
    (counting the bytes cut off here and those an earlier cut dropped)."""
    if len(text) <= size:
        return text
    body, dropped = split_mark(text)
    head = body[: max(0, size - _MARK_ROOM)]
    dropped += len(body[len(head) :].encode("utf-8", "surrogatepass"))
    return with_dropped(head, dropped)

"""The last event's change, ringed on the board: a drawing compared with the one
before it, whatever the game.

Every game's drawing tags its pieces with ``data-`` attributes (a cell, a square, a
robot, a plane, a card). A piece of the new drawing whose markup differs from the
piece with the same tag, class and ``data-`` attributes in the drawing before (or
that was not there) is what the event changed: it gets ``data-changed`` and a glow
drawn round it. Only the innermost changed pieces are ringed (a robot, not the
group that holds every robot). Both drawings are of the same view, so the ring
tells nothing that view could not see.
"""

from __future__ import annotations

import re

#: a tag: its slash if closing, its name, its attributes (quoted values may hold ``>``
#: or ``/``), its slash if empty; the attributes are taken in runs, not a character
#: at a time (a board of 48 kB was 4 ms a drawing the other way)
TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)((?:[^>\"'/]+|\"[^\"]*\"|'[^']*'|/(?!>))*)(/?)>")
DATA = re.compile(r'\s(data-[\w-]+|class)="([^"]*)"')
#: the ring: a glow that follows the piece's own outline
STYLE = (
    "<style>[data-changed]{filter:drop-shadow(0 0 3px #ff1493) "
    "drop-shadow(0 0 2px #ff1493)}</style>"
)


#: a piece's identity: its tag, its attributes' (name, value) pairs, its occurrence
Identity = tuple[object, ...]


def _pieces(svg: str) -> list[tuple[Identity, int, int, int]]:
    """(identity, start, end of the opening tag, end) of each tagged element, in
    document order; identity is its tag, class, ``data-`` attributes and which
    occurrence of that same identity it is."""
    found: list[tuple[Identity, int, int, int]] = []
    stack: list[tuple[str, Identity | None, int, int]] = []
    seen: dict[Identity, int] = {}
    for m in TAG.finditer(svg):
        closing, name, attrs, empty = m.groups()
        if closing:
            while stack:
                tag, open_key, start, head = stack.pop()
                if open_key is not None:
                    found.append((open_key, start, head, m.end()))
                if tag == name:
                    break
            continue
        key: Identity | None = None
        if "data-" in attrs:
            pairs = DATA.findall(attrs)
            if any(k.startswith("data-") for k, _ in pairs):
                base: Identity = (name, tuple(pairs))
                seen[base] = seen.get(base, 0) + 1
                key = (*base, seen[base])
        if empty:
            if key is not None:
                found.append((key, m.start(), m.end(), m.end()))
        else:
            stack.append((name, key, m.start(), m.end()))
    return found


def ring_changes(before: str, after: str) -> str:
    """``after`` with each innermost piece that differs from ``before`` ringed."""
    old = {key: before[start:end] for key, start, _, end in _pieces(before)}
    changed = [
        (start, head, end)
        for key, start, head, end in _pieces(after)
        if old.get(key) != after[start:end]
    ]
    innermost = [
        (start, head, end)
        for start, head, end in changed
        if not any(start < s and e <= end for s, _, e in changed)
    ]
    if not innermost:
        return after
    out, last = [], 0
    for _start, head, _ in sorted(innermost):
        close = head - 2 if after[head - 2 : head] == "/>" else head - 1
        out += [after[last:close], ' data-changed="1"']
        last = close
    out.append(after[last:])
    marked = "".join(out)
    opening = marked.find(">", marked.find("<svg")) + 1
    return marked[:opening] + STYLE + marked[opening:]


__all__ = ["ring_changes"]

"""Pages of the events API as JSON bytes, without a model instance or a JSON
decode-and-encode per event where the stored line serves as it is.

An event served whole is its stored canonical line (``MatchEvent.line``: the keys
``data``, ``public`` (when it has a twin), ``seq``, ``to`` and ``type``) with its
chain link (``hash``) and, when asked for, the game's sentence (``text``) spliced
in front: about 2 us an event where decoding the row's JSON fields into a model
and re-encoding them through DRF took over 30 (``docs/performance.md``). An event
served in part (a public twin while the match runs) is built as a dict and
encoded. ``selectors.events_page`` chooses which, by what the reader may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson
from django.core.cache import cache

#: the most events one page serves (the API's ``limit``)
MAX_PAGE = 1000
#: what ``limit`` is when not given
DEFAULT_PAGE = 200
#: how long a finished match's page stays in the shared cache
CACHED_SECONDS = 3600

Describe = Callable[[dict], str]


@dataclass(frozen=True, slots=True)
class EventsPage:
    """Events as JSON objects (bytes, in ``seq`` order), the seq of the last stored
    event read when more follow, and whether more follow."""

    events: list[bytes]
    #: the seq to read on after (``None`` when nothing more follows)
    last_seq: int | None
    more: bool

    def parsed(self) -> list[dict]:
        """The events as dicts (for callers that want objects, not bytes)."""
        return [orjson.loads(e) for e in self.events]


def spliced(rows: Iterable[tuple[int, str, str]], describe: Describe | None) -> list[bytes]:
    """Whole events from ``(seq, line, chain_hash)`` rows: each line with ``hash``
    (and ``text``, when ``describe`` is given) spliced in as its first keys."""
    out: list[bytes] = []
    append = out.append
    for _seq, line, chain_hash in rows:
        body = line.encode()
        head = b'{"hash":"' + chain_hash.encode() + b'",'
        if describe is not None:
            head += b'"text":' + orjson.dumps(describe(orjson.loads(body))) + b","
        append(head + body[1:])
    return out


def encoded(events: Iterable[dict], describe: Describe | None) -> list[bytes]:
    """Events built as dicts (redacted ones), each with its ``text`` when asked."""
    out = []
    for event in events:
        if describe is not None:
            event["text"] = describe(event)
        out.append(orjson.dumps(event))
    return out


def body(fields: dict[str, Any], events: list[bytes]) -> bytes:
    """A page's JSON: ``fields`` and ``"results"``, the events spliced as they are."""
    head = orjson.dumps(fields)
    return head[:-1] + b',"results":[' + b",".join(events) + b"]}"


def cached(
    match, after: int, limit: int, text: bool, make: Callable[..., EventsPage]
) -> EventsPage:
    """A finished match's page from the cache every web process shares, made by
    ``make(match, after, limit, text)`` and kept there when missing. Only for
    pages of every event: a finished log never changes, and whoever may see the
    match may see all of it."""
    key = f"events:{match.pk}:{match.event_count}:{after}:{limit}:{int(text)}"
    page = cache.get(key)
    if not isinstance(page, EventsPage):
        page = make(match, after, limit, text)
        cache.set(key, page, CACHED_SECONDS)
    return page

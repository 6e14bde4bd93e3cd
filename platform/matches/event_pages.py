"""Pages of the events API as JSON bytes, without a model instance or a JSON
decode-and-encode per event where the stored line serves as it is.

An event served whole is its stored canonical line (``MatchEvent.line``: the keys
``data``, ``public`` (when it has a twin), ``seq``, ``to`` and ``type``) with,
when asked for, the game's sentence (``text``) spliced in front, and for the
view of everything its chain link (``hash``): about 2 us an event where decoding
the row's JSON fields into a model and re-encoding them through DRF took over 30
(``docs/performance.md``). A seat's or the spectator's view (``seen``) serves a
public line the same way; what it may not see whole is built from the line as a
dict: the public twin of another seat's secret, or nothing.
``selectors.events_page`` reads the rows, by what the reader may see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson
from django.core.cache import cache

from engine.events import EVERYONE

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


def seen(
    rows: Iterable[tuple[int, str, bool, bool]], seat: int | None, describe: Describe | None
) -> list[bytes]:
    """Events as ``seat`` (``None``: a spectator) saw them, from ``(seq, line,
    is_public, has_twin)`` rows, without ``hash`` (a chain link beside a secret
    event is a check a guess of it could be run against) nor ``public``:

    - a public event: its line as stored;
    - a secret one addressed to ``seat``: whole;
    - any other secret one: its public twin, ``to`` everyone and ``redacted``, or
      nothing when it has no twin.

    Whether a secret is addressed to ``seat`` is read from the line itself, the
    text the chain seals."""
    out: list[bytes] = []
    append = out.append
    for _seq, line, is_public, has_twin in rows:
        if is_public and not has_twin:  # most events: the line is what everyone saw
            body = line.encode()
            if describe is not None:
                text = orjson.dumps(describe(orjson.loads(body)))
                body = b'{"text":' + text + b"," + body[1:]
            append(body)
            continue
        event = orjson.loads(line)
        if is_public or (seat is not None and seat in event["to"]):
            event.pop("public", None)
        elif has_twin:
            event = {
                "seq": event["seq"],
                "type": event["type"],
                "to": EVERYONE,
                "data": event["public"],
                "redacted": True,
            }
        else:
            continue
        if describe is not None:
            event["text"] = describe(event)
        append(orjson.dumps(event))
    return out


def body(fields: dict[str, Any], events: list[bytes]) -> bytes:
    """A page's JSON: ``fields`` and ``"results"``, the events spliced as they are."""
    head = orjson.dumps(fields)
    return head[:-1] + b',"results":[' + b",".join(events) + b"]}"


def cached(
    match, after: int, limit: int, view: Any, text: bool, make: Callable[..., EventsPage]
) -> EventsPage:
    """A page of a match that reveals everything, from the cache every web process
    shares, made by ``make(match, after, limit, view, text)`` and kept there when
    missing. Such a log never changes, and whoever may see the match may ask for
    any view of it; the view is in the key, so no view is served another's page,
    and so is the log's last chain link, which stands for every line of it (a
    match run again after a lost run may end with as many events, not the same).
    A running match's pages are never kept (its spectator sees more each event)."""
    if not match.reveals_everything:
        return make(match, after, limit, view, text)
    key = f"events:{match.pk}:{match.digest}:{after}:{limit}:{view}:{int(text)}"
    page = cache.get(key)
    if not isinstance(page, EventsPage):
        page = make(match, after, limit, view, text)
        cache.set(key, page, CACHED_SECONDS)
    return page

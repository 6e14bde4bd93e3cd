"""Built replays (``engine.replay.Replay``: a match's events with a snapshot every 32
of them), kept so that serving a state folds at most 32 events, not the whole log.

Two levels. Each web process keeps its last ``LOCAL_SIZE`` replays (stepping
through one folds an event a step). A finished match's replay is also kept, once
built, in the cache every web process shares (the Django cache: Redis in
production, ``config/cache.py``) for ``SHARED_SECONDS``, in blocks of 32 events
with the state before each: a state anywhere in it is one cache read of a few
kilobytes and at most 32 events folded, in any process, however many matches are
cycled through (unpickling a whole eight-seat Powerball replay took 18 ms,
reading its events from the database more). A finished match's log never
changes; a running match's replay is extended by the events stored since.

``ReplayCache.state`` says what a state cost besides: the events read and folded,
which the API's throttle counts against the client's ``replay`` rate.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.core.cache import cache

from engine import registry
from engine.replay import SNAPSHOT_EVERY, Replay, fold

from matches.models import Match, MatchEvent

#: replays each web process keeps (most recently used)
LOCAL_SIZE = 16
#: how long a finished match's replay stays in the shared cache
SHARED_SECONDS = 3600


def block_key(match: Match, game, block: int) -> str:
    # the rules version: a replay's states are the rules' own objects
    return f"replay:{match.pk}:{match.event_count}:{game.name}:{game.rules_version}:{block}"


class ReplayCache:
    """Replays by match, in this process and (finished ones) in the shared cache."""

    def __init__(self, size: int = LOCAL_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[tuple, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def state(self, match: Match, at: int) -> tuple[Any, int]:
        """The state after event ``at`` and what it cost (events read and folded)."""
        # a match run again (its first run lost) starts again: its own replay
        key = (match.pk, match.started_at)
        with self._lock:
            replay = self._items.get(key)
            if replay is not None:
                self._items.move_to_end(key)
        game = registry.get(match.game)
        if replay is None and match.is_over:
            shared = _from_blocks(match, game, at)
            if shared is not None:
                return shared
        if replay is None:
            replay = _built(match, game, at)
            cost = len(replay.events) + replay.folded
            with self._lock:
                self._items[key] = replay
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        else:  # a running match's replay is read on to ``at`` when it stops short
            cost = self._read_on(replay, match, at) if len(replay.events) <= at else 0
        before = replay.folded
        state = replay.state_at(at)
        return state, cost + replay.folded - before

    def _read_on(self, replay: Replay, match: Match, at: int) -> int:
        """Extend ``replay`` to event ``at``; the events read."""
        first = len(replay.events)
        more = read_events(match, first, at)
        with self._lock:  # another thread may have read them meanwhile
            if len(replay.events) == first:
                replay.events.extend(more)  # type: ignore[attr-defined]  # a list here
        return len(more)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def _built(match: Match, game, at: int) -> Replay:
    """A finished match's whole replay (shared in blocks), or a running one's to ``at``."""
    if not match.is_over:
        return Replay(game, read_events(match, 0, at))
    replay = Replay(game, read_events(match, 0, match.event_count - 1))
    replay.state_at(len(replay.events) - 1)  # every snapshot made once, for every process
    blocks = {
        block_key(match, game, first // replay.every): (before, list(events))
        for first, before, events in replay.blocks()
    }
    cache.set_many(blocks, SHARED_SECONDS)
    return replay


def _from_blocks(match: Match, game, at: int) -> tuple[Any, int] | None:
    """The state after ``at`` from the shared block that holds it, and its cost."""
    block = cache.get(block_key(match, game, at // SNAPSHOT_EVERY))
    if block is None:
        return None
    before, events = block
    first = at - at % SNAPSHOT_EVERY
    folded = at - first + 1
    return fold(game, before, events[:folded], first), len(events) + folded


def read_events(match: Match, first: int, last: int) -> list:
    """The engine's events ``first..last`` of ``match``, as stored."""
    rows = MatchEvent.objects.filter(match=match, seq__gte=first, seq__lte=last).order_by("seq")
    return [
        r.to_engine()
        for r in rows.only("seq", "type", "to", "data", "public").iterator(chunk_size=2000)
    ]


replay_cache = ReplayCache()

"""Built replays (``engine.replay.Replay``: a match's events with a snapshot every 32
of them), kept so that serving a state folds at most 32 events, not the whole log.

Two levels: each web process keeps its last ``LOCAL_SIZE`` replays, and a finished
match's replay, with all its snapshots, is kept in the cache every web process
shares (the Django cache: Redis in production, ``config/cache.py``) for
``SHARED_SECONDS``, so cycling through more matches than a process keeps, or
through processes, costs an unpickling (about 30 times cheaper than reading the
events and folding them: ``docs/performance.md``), not a rebuild. A finished
match's log never changes; a running match's replay is extended by the events
stored since, read as they come.

``ReplayCache.get`` says what a state cost besides: the events read and folded,
which ``accounts.throttling.charge`` counts against the client's ``replay`` rate.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict

from django.core.cache import cache

from engine import registry
from engine.replay import Replay

from matches.models import Match, MatchEvent

#: replays each web process keeps (most recently used)
LOCAL_SIZE = 16
#: how long a finished match's replay stays in the shared cache
SHARED_SECONDS = 3600
logger = logging.getLogger(__name__)


def shared_key(match: Match, game) -> str:
    # the rules version: a replay's states are the rules' own objects
    return f"replay:{match.pk}:{match.event_count}:{game.name}:{game.rules_version}"


class ReplayCache:
    """Replays by match, in this process and (finished ones) in the shared cache."""

    def __init__(self, size: int = LOCAL_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[int, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def state(self, match: Match, at: int):
        """The state after event ``at`` and what it cost (events read and folded)."""
        replay, cost = self._replay(match, at)
        folded = replay.folded
        state = replay.state_at(at)
        return state, cost + replay.folded - folded

    def _replay(self, match: Match, at: int) -> tuple[Replay, int]:
        # a match run again (its first run lost) starts again: its own replay
        key = (match.pk, match.started_at)
        with self._lock:
            replay = self._items.get(key)
            if replay is not None:
                self._items.move_to_end(key)
        if replay is not None and len(replay.events) > at:
            return replay, 0
        game = registry.get(match.game)
        if replay is not None:  # a running match's replay: the events stored since
            return replay, self._read_on(replay, match, at)
        replay = _unpickled(cache.get(shared_key(match, game)), game) if match.is_over else None
        if replay is not None:
            cost = len(replay.events)
        else:
            # a finished match's whole log; a running one's up to ``at`` (what is stored)
            upto = match.event_count - 1 if match.is_over else at
            replay = Replay(game, read_events(match, 0, upto))
            cost = len(replay.events)
            if match.is_over:
                replay.state_at(upto)  # every snapshot made once, for every process
                cost += replay.folded
                cache.set(shared_key(match, game), replay, SHARED_SECONDS)
        with self._lock:
            self._items[key] = replay
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return replay, cost

    def _read_on(self, replay: Replay, match: Match, at: int) -> int:
        """Extend ``replay`` to event ``at``; the events read."""
        first = len(replay.events)
        more = read_events(match, first, at)
        with self._lock:  # another thread may have read them meanwhile
            if len(replay.events) == first:
                replay.events.extend(more)
        return len(more)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


def _unpickled(replay, game) -> Replay | None:
    if not isinstance(replay, Replay):
        return None
    return replay.with_game(game)


def read_events(match: Match, first: int, last: int) -> list:
    """The engine's events ``first..last`` of ``match``, as stored."""
    rows = MatchEvent.objects.filter(match=match, seq__gte=first, seq__lte=last).order_by("seq")
    return [
        r.to_engine()
        for r in rows.only("seq", "type", "to", "data", "public").iterator(chunk_size=2000)
    ]


replay_cache = ReplayCache()

"""In-process tests of the tournaments app: matches are played in this process
(``services.set_dispatch`` runs them at once instead of sending them to a broker)."""

from __future__ import annotations

from collections import deque

import pytest

from tournaments import services
from tournaments.tasks import play


@pytest.fixture
def inline(db):
    """Queue matches here; ``drain()`` plays them (and whatever they schedule)."""
    todo: deque[int] = deque()
    services.set_dispatch(todo.extend)

    def drain(limit: int = 10_000) -> int:
        n = 0
        while todo and n < limit:
            mid = todo.popleft()
            play(mid, "test")
            services.after_match(mid)
            n += 1
        return n

    drain.queue = todo
    yield drain
    services.set_dispatch(None)


def make_tournament(fmt="round_robin", bots=("greedy", "random", "greedy", "random"), seed=3,
                    game="tic_tac_toe", **kw):
    t = services.create_tournament(f"{fmt} {seed}", game, fmt, seed=seed, **kw)
    services.add_entries(t, list(bots))
    services.open_entries(t)
    return t

"""In-process tests of the tournaments app: matches are played in this process
(``rounds.set_dispatch`` runs them at once instead of sending them to a broker)."""

from __future__ import annotations

from collections import deque

import pytest

from tournaments import lifecycle, rounds
from tournaments.tasks import play


@pytest.fixture
def inline(db):
    """Queue matches here; ``drain()`` plays them (and whatever they schedule)."""
    todo: deque[int] = deque()
    rounds.set_dispatch(todo.extend)

    def drain(limit: int = 10_000) -> int:
        n = 0
        while todo and n < limit:
            mid = todo.popleft()
            play(mid, "test")
            rounds.after_match(mid)
            n += 1
        return n

    drain.queue = todo
    yield drain
    rounds.set_dispatch(None)


def make_tournament(fmt="round_robin", bots=("greedy", "random", "greedy", "random"), seed=3,
                    game="tic_tac_toe", **kw):
    t = lifecycle.create_tournament(f"{fmt} {seed}", game=game, format=fmt, seed=seed, **kw)
    lifecycle.add_entries(t, bots=list(bots))
    lifecycle.open_entries(t)
    return t

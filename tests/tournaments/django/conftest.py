"""In-process tests of the tournaments app: matches are played in this process
(``inline``: the matches sent to the workers are run here by ``drain()``)."""

from __future__ import annotations

import pytest

from tournaments import services


@pytest.fixture
def inline(db, inline_worker):
    """Queue matches here; ``drain()`` plays them (and whatever they schedule)."""
    return inline_worker


def make_tournament(fmt="round_robin", bots=("greedy", "random", "greedy", "random"), seed=3,
                    game="tic_tac_toe", **kw):
    t = services.create_tournament(f"{fmt} {seed}", game, fmt, seed=seed, **kw)
    services.add_entries(t, list(bots))
    services.open_entries(t)
    return t

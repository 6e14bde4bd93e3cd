"""In-process tests of the tournaments app: matches are played in this process
(``inline``: the matches sent to the workers are run here by ``drain()``)."""

from __future__ import annotations

import pytest

from tournaments import lifecycle


@pytest.fixture
def inline(db, inline_worker):
    """Queue matches here; ``drain()`` plays them (and whatever they schedule)."""
    return inline_worker


def make_tournament(fmt="round_robin", bots=("greedy", "random", "greedy", "random"), seed=3,
                    game="tic_tac_toe", **kw):
    t = lifecycle.create_tournament(f"{fmt} {seed}", game=game, format=fmt, seed=seed, **kw)
    lifecycle.add_entries(t, bots=list(bots))
    lifecycle.open_entries(t)
    return t

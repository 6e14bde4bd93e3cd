"""In-process tests of the tournaments app: matches are played in this process
(``inline``: the matches sent to the workers are run here by ``drain()``)."""

from __future__ import annotations

import pytest

from tournaments import lifecycle


@pytest.fixture
def inline(db, inline_worker):
    """Queue matches here; ``drain()`` plays them (and whatever they schedule)."""
    return inline_worker


@pytest.fixture
def admin_client(client, django_user_model):
    """The test client, logged in as a superuser (the organiser)."""
    django_user_model.objects.create_superuser("boss", "b@example.com", "pw-pw-pw-pw")
    client.login(username="boss", password="pw-pw-pw-pw")
    return client


def make_tournament(
    fmt="round_robin",
    bots=("greedy", "random", "greedy", "random"),
    seed=3,
    game="tic_tac_toe",
    **kw,
):
    t = lifecycle.create_tournament(f"{fmt} {seed}", game=game, format=fmt, seed=seed, **kw)
    lifecycle.add_entries(t, bots=list(bots))
    lifecycle.open_entries(t)
    return t

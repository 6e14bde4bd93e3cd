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


#: a new season's admin form with every field but the game filled in
SEASON_FORM = {
    "name": "s",
    "seed": 1,
    "group_size": 2,
    "teams": "",
    "k": 1,
    "period_seconds": 60,
    "jitter": 0,
    "max_rounds": 0,
    "signup": "organiser",
    "entries_per_user": 1,
    "max_entries": 0,
    "entries-TOTAL_FORMS": 0,
    "entries-INITIAL_FORMS": 0,
}

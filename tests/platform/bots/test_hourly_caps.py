"""The hourly caps of an account hold under parallel requests: each is counted, and
the row it counts written, under a lock on the account's row, so 60 requests
released together make no more than the cap (forks 30, challenges 20, uploads 30),
where checking first and inserting after let a few more through. Real threads, each
with its own connection to the real database (PostgreSQL: SQLite's in-memory test
database refuses concurrent writers)."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.platform.bots.bot_helpers import (
    GOOD_PY,
    all_at_once,
    needs_concurrent_writers,
    py_upload,
)

from bots import conf, services
from bots.models import BotVersion, Challenge
from matches import services as match_services
from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

PARALLEL = 60


@pytest.fixture(autouse=True)
def concurrent_writers(inline_worker):
    """The matches made wait in the test (``inline_worker``), never reach a broker."""
    needs_concurrent_writers()


def posted(alice, path: str, body: dict, format: str = "json"):
    """``post(i)``: the status of one POST of ``body`` to ``path`` as alice, by token."""
    token = Token.objects.create(user=alice).key

    def post(i: int) -> int:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        return client.post(path, body(i) if callable(body) else body, format=format).status_code

    return post


def test_parallel_forks_make_no_more_than_the_cap(alice):
    parent = match_services.play_and_store("tic_tac_toe", ["random", "random"], 9)
    body = {"at": 3, "seats": [{"seat": 1, "builtin": "greedy"}]}
    codes = all_at_once(PARALLEL, posted(alice, f"/api/matches/{parent.pk}/forks/", body))
    cap = conf.get("BOTS_FORKS_PER_HOUR")
    assert Match.objects.filter(forked_by=alice).count() == cap == 30
    assert sorted(codes) == [201] * cap + [429] * (PARALLEL - cap)


def test_parallel_challenges_make_no_more_than_the_cap(alice, monkeypatch):
    monkeypatch.setattr(services, "validate_bot", lambda *a, **k: (True, "", ""))
    bot, _ = services.create_bot(alice, "mine", "tic_tac_toe", py_upload())
    codes = all_at_once(
        PARALLEL, posted(alice, f"/api/bots/{bot.pk}/challenges/", {"builtin": "greedy"})
    )
    cap = conf.get("BOTS_CHALLENGES_PER_HOUR")
    assert Challenge.objects.filter(challenger=alice).count() == cap == 20
    assert sorted(codes) == [201] * cap + [429] * (PARALLEL - cap)


def test_parallel_uploads_store_no_more_than_the_cap(alice, monkeypatch):
    monkeypatch.setattr(services, "validate_bot", lambda *a, **k: (True, "", ""))
    bot, _ = services.create_bot(alice, "mine", "tic_tac_toe", py_upload())

    def upload(i: int) -> dict:  # each a different file, so none is refused as a duplicate
        return {"file": py_upload(GOOD_PY + f"\n# version {i}\n".encode())}

    codes = all_at_once(
        PARALLEL, posted(alice, f"/api/bots/{bot.pk}/versions/", upload, format="multipart")
    )
    cap = conf.get("BOTS_UPLOADS_PER_HOUR")
    assert BotVersion.objects.filter(bot__owner=alice).count() == cap == 30  # the first included
    assert sorted(codes) == [201] * (cap - 1) + [429] * (PARALLEL - cap + 1)

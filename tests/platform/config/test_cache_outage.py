"""The API keeps serving while the Redis cache is down (its throttles and the login
lockout count per process meanwhile, with a warning) and uses Redis again once it
is back. A real Redis server of the test's own, stopped and started again."""

from __future__ import annotations

import logging
import re
import time

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.private_redis import PATIENCE, PrivateRedis

from config.cache import caches_for

pytestmark = pytest.mark.django_db

PASSWORD = "s3cret-pass-word"  # the ``user`` fixture's (ada)


@pytest.fixture
def private_redis(tmp_path, settings):
    server = PrivateRedis(tmp_path)
    server.start()
    settings.CACHES = caches_for(server.url)
    settings.SCRIMMAGE_CACHE_RETRY_SECONDS = 0  # try Redis at every request
    yield server
    server.stop()


def every_operation(match_id: int) -> list[tuple[str, str]]:
    """(method, path) of every operation of the API's schema, ids filled in."""
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    operations = []
    for template, methods in paths.items():
        path = re.sub(r"\{\w+\}", str(match_id), template)  # a 404 is throttled all the same
        operations += [(method.upper(), path) for method in methods]
    return operations


def answers(operations, token: str) -> dict:
    """Each operation's status, anonymous and signed in (throttled either way)."""
    anonymous, signed_in = APIClient(), APIClient()
    signed_in.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    codes = {}
    for method, path in operations:
        for who, client in (("anonymous", anonymous), ("signed in", signed_in)):
            response = getattr(client, method.lower())(path, {}, format="json")
            codes[(method, path, who)] = response.status_code
    return codes


def log_in(password: str = PASSWORD) -> int:
    return (
        APIClient()
        .post("/api/auth/token/", {"username": "ada", "password": password}, format="json")
        .status_code
    )


def test_the_api_answers_while_the_cache_is_down_and_uses_it_again_when_back(
    private_redis, finished_match, user, caplog
):
    token = Token.objects.create(user=user).key
    operations = every_operation(finished_match.pk)
    assert len(operations) > 15
    up = answers(operations, token)
    assert max(up.values()) < 500, up
    assert private_redis.client().keys("*throttle_*")  # the throttles count in Redis

    private_redis.stop()
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        down = answers(operations, token)
        assert log_in() == 200 and log_in("wrong") == 400
    assert {k: v for k, v in down.items() if v >= 500} == {}
    assert down == up
    assert sum("cannot be reached" in r.getMessage() for r in caplog.records) == 1

    private_redis.start()  # empty: it persisted nothing
    caplog.clear()
    deadline = time.monotonic() + PATIENCE
    while not private_redis.client().keys("*throttle_*"):
        assert time.monotonic() < deadline, "the cache was not used again"
        assert APIClient().get("/api/matches/").status_code == 200
    assert "is back" in caplog.text
    assert log_in("wrong") == 400
    assert private_redis.client().keys("*login-fail*")  # the lockout counts there again

"""One function decides a client's address, for the API's throttles and the login
lockout alike: the socket's address (``REMOTE_ADDR``) unless proxies are configured
(``SCRIMMAGE_NUM_PROXIES``), and then the hop the nearest proxy appended to
``X-Forwarded-For``. A forged header neither escapes a limit nor turns one on
someone else."""

from __future__ import annotations

import itertools

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tests.platform.accounts.account_helpers import manage_check

from accounts.addresses import client_address

pytestmark = pytest.mark.django_db

PASSWORD = "s3cret-pass-word"  # the ``user`` fixture's (ada)
CLIENT, PROXY, LOCALHOST = "10.0.0.1", "10.9.9.9", "127.0.0.1"
forged = (f"203.0.113.{i % 250}" for i in itertools.count())


@pytest.fixture(autouse=True)
def limits(settings, monkeypatch):
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 3
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS = 5
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT = 1000
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "3/min"})


def token(username: str, password: str, remote: str, header: str | None = None):
    extra = {} if header is None else {"HTTP_X_FORWARDED_FOR": header}
    return APIClient().post(
        "/api/auth/token/",
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=remote,
        **extra,
    )


def listing(remote: str, header: str | None = None) -> int:
    extra = {} if header is None else {"HTTP_X_FORWARDED_FOR": header}
    return APIClient().get("/api/matches/", REMOTE_ADDR=remote, **extra).status_code


def locked(response) -> bool:
    return response.status_code == 429 and "Too many failed logins" in response.content.decode()


@pytest.mark.parametrize(
    "proxies, header, expected",
    [
        (0, None, CLIENT),
        (0, "203.0.113.7", CLIENT),  # no proxy: the header is the client's own words
        (0, "203.0.113.7, 10.0.0.5", CLIENT),
        (1, None, CLIENT),  # not through the proxy
        (1, "10.0.0.5", "10.0.0.5"),
        (1, "203.0.113.7, 10.0.0.5", "10.0.0.5"),  # the left part was forged
        (2, "203.0.113.7, 10.0.0.5, 10.0.0.6", "10.0.0.5"),
        (3, "10.0.0.5", "10.0.0.5"),  # fewer hops than proxies: the leftmost
        (1, " , ", CLIENT),
    ],
)
def test_the_client_address_comes_from_the_socket_unless_proxies_are_configured(
    settings, proxies, header, expected
):
    settings.SCRIMMAGE_NUM_PROXIES = proxies
    extra = {} if header is None else {"HTTP_X_FORWARDED_FOR": header}
    request = RequestFactory().get("/", REMOTE_ADDR=CLIENT, **extra)
    assert client_address(request) == expected


def test_without_proxies_rotating_the_header_escapes_neither_lockout_nor_throttle(user):
    for _ in range(3):
        token("ada", "wrong", CLIENT, next(forged))
    assert locked(token("ada", PASSWORD, CLIENT, next(forged)))  # one account from one address
    for i in range(5):
        token(f"guess{i}", "wrong", "10.0.0.2", next(forged))
    assert locked(token("bea", "anything", "10.0.0.2", next(forged)))  # one address
    assert [listing("10.0.0.3", next(forged)) for _ in range(4)] == [200, 200, 200, 429]


def test_without_proxies_a_forged_localhost_header_locks_out_only_its_sender(user):
    for i in range(5):
        token(f"guess{i}", "wrong", "10.6.6.6", LOCALHOST)
    assert locked(token("ada", PASSWORD, "10.6.6.6", LOCALHOST))
    response = token("ada", PASSWORD, LOCALHOST)  # a client at 127.0.0.1, no header
    assert response.status_code == 200 and "token" in response.json()
    assert [listing("10.6.6.7", LOCALHOST) for _ in range(4)] == [200, 200, 200, 429]
    assert listing(LOCALHOST) == 200


def test_behind_proxies_the_nearest_hop_counts_and_forged_ones_do_not(user, settings):
    settings.SCRIMMAGE_NUM_PROXIES = 1
    for i in range(5):  # one client behind the proxy, forging what it sends before it
        token(f"guess{i}", "wrong", PROXY, f"{next(forged)}, {CLIENT}")
    assert locked(token("ada", PASSWORD, PROXY, f"{next(forged)}, {CLIENT}"))
    other = token("ada", PASSWORD, PROXY, f"{CLIENT}, 10.0.0.2")  # forging the locked one
    assert other.status_code == 200
    assert [listing(PROXY, f"{next(forged)}, 10.0.0.3") for _ in range(4)] == [200] * 3 + [429]
    assert listing(PROXY, "10.0.0.4") == 200


@pytest.mark.parametrize("value", ["one", "-1"])
def test_a_proxy_count_that_is_not_a_count_is_one_line_saying_so(tmp_path, value):
    done = manage_check(tmp_path, SCRIMMAGE_NUM_PROXIES=value)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "SCRIMMAGE_NUM_PROXIES" in line and repr(value) in line

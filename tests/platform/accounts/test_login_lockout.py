"""Logins cannot be brute-forced, and the lockout is no weapon: too many wrong
passwords for an account from one address lock that address out of it, too many
from one address lock the address out, and a guesser spread over many addresses
makes the account wait longer and longer; the owner logging in from elsewhere is
never locked out by an attacker on one address. Right passwords never count."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.platform.accounts.account_helpers import manage_check

from accounts import lockout

pytestmark = pytest.mark.django_db

PASSWORD = "s3cret-pass-word"  # the ``user`` fixture's (ada)
HOME, OTHER, EVIL = "10.0.0.1", "10.0.0.2", "10.6.6.6"


@pytest.fixture(autouse=True)
def limits(settings):
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 3
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS = 10
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT = 7
    settings.SCRIMMAGE_LOGIN_DELAY_MAX_SECONDS = 8
    settings.SCRIMMAGE_LOGIN_LOCKOUT_SECONDS = 600


def via_api(username: str, password: str, address: str = HOME):
    return APIClient().post(
        "/api/auth/token/",
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
    )


def via_form(username: str, password: str, address: str = HOME):
    return Client().post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def accepted(response) -> bool:
    return response.status_code in (200, 302) and (
        response.status_code == 302 or "token" in response.json()
    )


def refused_as_locked(response) -> bool:
    return (
        response.status_code == 429
        and int(response["Retry-After"]) > 0
        and "Too many failed logins" in response.content.decode()
    )


@pytest.fixture(params=["api", "form"])
def login(request):
    return via_api if request.param == "api" else via_form


def test_wrong_passwords_for_an_account_from_one_address_lock_that_address_out_of_it(login, user):
    for _ in range(3):
        response = login("ada", "wrong")
        assert response.status_code in (200, 400) and not refused_as_locked(response)
    assert refused_as_locked(login("ada", PASSWORD))  # the right password included
    assert accepted(login("ada", PASSWORD, OTHER))  # the owner elsewhere is not locked out


def attack(address: str, rounds: int, monkeypatch, start: float = 1_000_000.0) -> None:
    """``rounds`` lockout times of wrong passwords for ada from ``address``, by the
    API, the form and the admin's login, as many as they will take."""
    for r in range(rounds):
        monkeypatch.setattr(lockout, "clock", lambda r=r: start + r * 601)
        for _ in range(4):
            via_api("ada", "wrong", address)
            via_form("ada", "wrong", address)
            Client().post(
                "/admin/login/", {"username": "ada", "password": "x"}, REMOTE_ADDR=address
            )


def admin_login(username: str, address: str) -> bool:
    admin = Client()
    admin.post("/admin/login/", {"username": username, "password": PASSWORD}, REMOTE_ADDR=address)
    return admin.get("/admin/").status_code == 200


def test_an_attacker_on_one_address_never_locks_the_owner_out_of_any_login(
    django_user_model, monkeypatch
):
    django_user_model.objects.create_superuser("ada", password=PASSWORD)
    for rounds in (1, 2, 5):  # within one lockout time, and kept up over several
        attack(EVIL, rounds, monkeypatch)
        assert refused_as_locked(via_api("ada", PASSWORD, EVIL))
        assert accepted(via_api("ada", PASSWORD, HOME))
        assert accepted(via_form("ada", PASSWORD, HOME))
        assert admin_login("ada", HOME)


def test_a_guesser_on_many_addresses_waits_longer_after_each_failure(user, monkeypatch):
    now = [1_000_000.0]
    monkeypatch.setattr(lockout, "clock", lambda: now[0])
    guessers = (f"10.1.{i // 250}.{i % 250}" for i in range(10_000))
    for _ in range(6):  # under the account's limit (7): no one waits
        assert not refused_as_locked(via_api("ada", "wrong", next(guessers)))
    waits = []
    for _ in range(6):
        via_api("ada", "wrong", next(guessers))
        response = via_api("ada", PASSWORD, HOME)  # the owner too
        assert refused_as_locked(response)
        waits.append(int(response["Retry-After"]))
        now[0] += waits[-1]
    assert waits == [1, 2, 4, 8, 8, 8]  # doubling up to the maximum
    assert accepted(via_api("ada", PASSWORD, HOME))  # once the wait is over
    # 20 minutes of guessing from fresh addresses, each as soon as it may: one a wait
    guesses, end = 0, now[0] + 1200
    while now[0] < end:
        response = via_api("ada", "wrong", next(guessers))
        if refused_as_locked(response):
            now[0] += int(response["Retry-After"])
        else:
            guesses += 1
    # the counts start again every 600 s: 7 at once, then waits of 1, 2 and 4 s,
    # then one guess every 8 s (the maximum); without the waits, thousands
    assert guesses <= 1200 / 8 + 3 * (7 + 3)


def test_the_form_lockout_shows_the_reason_and_does_not_log_in(user):
    for _ in range(3):
        via_form("ada", "wrong")
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": "ada", "password": PASSWORD}, REMOTE_ADDR=HOME
    )
    page = response.content.decode()
    assert response.status_code == 429 and "try again in 600 seconds" in page
    assert 'name="username"' in page and "Log out ada" not in client.get("/").content.decode()


def test_wrong_passwords_from_one_address_lock_it_for_every_account(login, user, django_user_model):
    django_user_model.objects.create_user("bea", password=PASSWORD)
    for i in range(10):  # different accounts: no account reaches its own limit
        login(f"guess{i}", "wrong")
    assert refused_as_locked(login("ada", PASSWORD))
    assert refused_as_locked(login("bea", PASSWORD))
    assert accepted(login("ada", PASSWORD, OTHER))
    assert accepted(login("bea", PASSWORD, OTHER))


def test_the_lockout_expires(login, user, monkeypatch):
    start = 1_000_000.0
    monkeypatch.setattr(lockout, "clock", lambda: start)
    for _ in range(3):
        login("ada", "wrong")
    monkeypatch.setattr(lockout, "clock", lambda: start + 599)
    response = login("ada", PASSWORD)
    assert refused_as_locked(response) and response["Retry-After"] == "1"
    monkeypatch.setattr(lockout, "clock", lambda: start + 600)
    assert accepted(login("ada", PASSWORD))
    assert not refused_as_locked(login("ada", "wrong"))  # the count started again
    assert not refused_as_locked(login("ada", "wrong"))


def test_right_passwords_never_count_and_clear_the_failures_from_their_address(login, user):
    for _ in range(20):
        assert accepted(login("ada", PASSWORD))
    for _ in range(2):
        login("ada", "wrong")
    assert accepted(login("ada", PASSWORD))
    for _ in range(2):
        login("ada", "wrong")
    assert accepted(login("ada", PASSWORD))


def test_a_missing_field_or_a_malformed_body_is_not_a_guess(user):
    for body in [{"username": "ada"}, "ada", [1, 2], {"username": "ada", "password": ""}] * 3:
        assert (
            APIClient().post("/api/auth/token/", body, format="json", REMOTE_ADDR=HOME).status_code
            == 400
        )
    for _ in range(10):
        assert via_form("ada", "").status_code == 200
    assert accepted(via_api("ada", PASSWORD)) and accepted(via_form("ada", PASSWORD))


def test_a_body_that_is_not_an_object_is_a_400(user):
    response = APIClient().post("/api/auth/token/", [1, 2], format="json")
    assert response.status_code == 400


def test_the_admin_login_counts_and_obeys_the_same_lockout(django_user_model):
    django_user_model.objects.create_superuser("boss", password=PASSWORD)
    for _ in range(3):
        response = Client().post(
            "/admin/login/", {"username": "boss", "password": "wrong"}, REMOTE_ADDR=HOME
        )
        assert response.status_code == 200
    assert refused_as_locked(via_api("boss", PASSWORD, HOME))  # counted with the others
    assert not admin_login("boss", HOME)  # the form again: not logged in
    assert admin_login("boss", OTHER)


def test_checks_outside_a_request_are_neither_counted_nor_refused(user):
    from django.contrib.auth import authenticate

    for _ in range(5):
        assert authenticate(username="ada", password="wrong") is None
    assert authenticate(username="ada", password=PASSWORD) == user
    assert accepted(via_api("ada", PASSWORD))


def test_a_per_account_limit_one_address_could_reach_is_refused_in_one_line(tmp_path):
    done = manage_check(
        tmp_path,
        SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS="10",
        SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT="19",
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT must be at least twice" in line

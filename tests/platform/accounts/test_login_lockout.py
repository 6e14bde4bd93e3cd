"""Logins cannot be brute-forced. Too many wrong passwords for an
account, or from a client address, lock logins out (429 with the reason), the right
password included, until the lockout expires; right passwords never count."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts import throttle

pytestmark = pytest.mark.django_db

PASSWORD = "s3cret-pass-word"  # the ``user`` fixture's (ada)
HOME, OTHER = "10.0.0.1", "10.0.0.2"


@pytest.fixture(autouse=True)
def limits(settings):
    # a fast hasher: these tests log in some hundred times
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ACCOUNT = 3
    settings.SCRIMMAGE_LOGIN_FAILURES_PER_ADDRESS = 5
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


def test_wrong_passwords_for_one_account_lock_it_right_password_included(login, user):
    for _ in range(3):
        response = login("ada", "wrong")
        assert response.status_code in (200, 400) and not refused_as_locked(response)
    assert refused_as_locked(login("ada", PASSWORD))
    assert refused_as_locked(login("ada", PASSWORD, OTHER))  # per account, from anywhere


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
    for i in range(5):  # different accounts: no account reaches its own limit
        login(f"guess{i}", "wrong")
    assert refused_as_locked(login("ada", PASSWORD))
    assert refused_as_locked(login("bea", PASSWORD))
    assert accepted(login("ada", PASSWORD, OTHER))


def test_the_lockout_expires(login, user, monkeypatch):
    start = 1_000_000.0
    monkeypatch.setattr(throttle, "clock", lambda: start)
    for _ in range(3):
        login("ada", "wrong")
    monkeypatch.setattr(throttle, "clock", lambda: start + 599)
    response = login("ada", PASSWORD)
    assert refused_as_locked(response) and response["Retry-After"] == "1"
    monkeypatch.setattr(throttle, "clock", lambda: start + 600)
    assert accepted(login("ada", PASSWORD))
    assert not refused_as_locked(login("ada", "wrong"))  # the count started again


def test_right_passwords_never_count_and_clear_the_accounts_failures(login, user):
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


def test_behind_proxies_the_address_comes_from_x_forwarded_for(user, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    for i in range(5):
        APIClient().post(
            "/api/auth/token/",
            {"username": f"guess{i}", "password": "wrong"},
            format="json",
            REMOTE_ADDR="10.9.9.9",
            HTTP_X_FORWARDED_FOR=HOME,
        )
    behind_proxy = {"REMOTE_ADDR": "10.9.9.9", "format": "json"}
    locked = APIClient().post(
        "/api/auth/token/",
        {"username": "ada", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR=HOME,
        **behind_proxy,
    )
    other = APIClient().post(
        "/api/auth/token/",
        {"username": "ada", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR=OTHER,
        **behind_proxy,
    )
    assert refused_as_locked(locked) and other.status_code == 200


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
    assert refused_as_locked(via_api("boss", PASSWORD, OTHER))  # counted with the others
    admin = Client()
    response = admin.post(
        "/admin/login/", {"username": "boss", "password": PASSWORD}, REMOTE_ADDR=OTHER
    )
    assert response.status_code == 200  # the form again: not logged in
    assert admin.get("/admin/").status_code == 302


def test_checks_outside_a_request_are_neither_counted_nor_refused(user):
    from django.contrib.auth import authenticate

    for _ in range(5):
        assert authenticate(username="ada", password="wrong") is None
    assert authenticate(username="ada", password=PASSWORD) == user
    assert accepted(via_api("ada", PASSWORD))

"""Sign-up, log in and out, and the API token page."""

import pytest
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db


def test_signup_logs_in_and_lands_on_my_bots(client, django_user_model):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "grace",
            "password1": "a-long-pass-phrase-9",
            "password2": "a-long-pass-phrase-9",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/bots/"  # to upload a first bot
    assert django_user_model.objects.filter(username="grace").exists()
    page = client.get("/accounts/token/")
    assert "You have no API token yet" in page.content.decode()


def test_signup_errors_are_shown(client, django_user_model):
    response = client.post(
        "/accounts/signup/", {"username": "grace", "password1": "x", "password2": "y"}
    )
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode() or "match" in response.content.decode()
    assert not django_user_model.objects.filter(username="grace").exists()


def test_login_and_logout(client, user):
    page = client.get("/accounts/login/")
    assert page.status_code == 200
    response = client.post("/accounts/login/", {"username": "ada", "password": "s3cret-pass-word"})
    assert response.status_code == 302
    assert "Log out ada" in client.get("/").content.decode()
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "Log in" in client.get("/").content.decode()


def test_token_create_and_regenerate(client, user):
    client.force_login(user)
    client.post("/accounts/token/")
    first = Token.objects.get(user=user).key
    assert first in client.get("/accounts/token/").content.decode()
    client.post("/accounts/token/")
    second = Token.objects.get(user=user).key
    assert second != first
    assert not Token.objects.filter(key=first).exists()


def test_token_page_needs_login(client):
    response = client.get("/accounts/token/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]

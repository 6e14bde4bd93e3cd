"""No surprises for a newcomer: the upload form's game, validation in the chosen
game, the API's root, plural messages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.platform.bots.bot_helpers import GOOD_PY, py_upload

from bots.models import Bot

pytestmark = pytest.mark.django_db


def selected_game(html: str) -> str:
    select = re.search(r'<select name="game".*?</select>', html, re.S).group(0)
    chosen = re.findall(r'<option value="([^"]*)"[^>]*selected', select)
    return chosen[0] if chosen else ""


def test_the_new_bot_form_has_no_default_game(client, alice):
    client.force_login(alice)
    html = client.get(reverse("my-bots")).content.decode()
    assert selected_game(html) == "" and ">choose a game</option>" in html
    # a game page's "upload a bot" link chooses its game
    assert (
        selected_game(client.get(reverse("my-bots") + "?game=connect_four").content.decode())
        == "connect_four"
    )
    response = client.post(reverse("my-bots"), {"name": "nogame", "file": py_upload(GOOD_PY)})
    assert response.status_code == 400 and "This field is required" in response.content.decode()
    assert not Bot.objects.exists()


def test_a_bot_of_another_game_is_invalid_with_the_reason(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("my-bots"),
        {"name": "wronggame", "game": "aerial_assault", "file": py_upload(GOOD_PY)},
        follow=True,
    )
    version = Bot.objects.get(name="wronggame").versions.get()
    assert version.status == "invalid"
    assert "its first decision in aerial_assault failed" in version.validation_reason
    assert "invalid" in response.content.decode()


def test_the_api_root_lists_every_part_of_the_api(client):
    response = client.get("/api/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    listed = response.json()
    assert {"matches", "bots", "competitions", "schema", "docs", "token"} <= set(listed)
    for name in ("matches", "bots", "competitions", "schema", "docs"):
        assert client.get(listed[name]["url"]).status_code == 200, name
    # in a browser: the browsable API's page, with the links
    page = client.get("/api/", HTTP_ACCEPT="text/html")
    assert page.status_code == 200 and "/api/matches/" in page.content.decode()


def test_command_lines_count_in_the_right_number(finished_match):
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("verify_replays", str(finished_match.pk), stdout=out)
    assert "1 match checked, 0 with mismatches" in out.getvalue()
    out = io.StringIO()
    call_command("demo", "--matches", "1", stdout=out)
    assert "1 new demo match\n" in out.getvalue() and "match(es)" not in out.getvalue()

"""The Write a bot page, its downloads, the home page link, and the admin."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bots import services
from engine import registry
from engine.sdk import SDK_FILE, starter_path

from tests.platform.bots.bot_helpers import py_upload

pytestmark = pytest.mark.django_db


def test_the_home_page_links_to_write_a_bot(client):
    page = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("write-a-bot")}"' in page


def test_write_a_bot_renders_the_markdown_with_downloads(client):
    page = client.get(reverse("write-a-bot"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1" in html and "Write a bot" in html and "<table>" in html
    assert "<code>scrimmage_bot</code>" in html or "scrimmage_bot" in html
    assert f'href="{reverse("bot-sdk")}"' in html
    for game in registry.games():
        assert f'href="{reverse("bot-starter", args=[game])}"' in html
    assert f'href="{reverse("bot-doc", args=["protocol"])}"' in html  # protocol.md, rewritten
    assert client.get(reverse("bot-doc", args=["protocol"])).status_code == 200
    assert client.get(reverse("bot-doc", args=["nope"])).status_code == 404


def test_the_sdk_and_starters_download(client):
    response = client.get(reverse("bot-sdk"))
    assert b"".join(response.streaming_content) == SDK_FILE.read_bytes()
    assert "attachment" in response["Content-Disposition"]
    for game in registry.games():
        response = client.get(reverse("bot-starter", args=[game]))
        assert b"".join(response.streaming_content) == starter_path(game).read_bytes()
    assert client.get(reverse("bot-starter", args=["chess"])).status_code == 404


def test_the_admin_lists_bots_and_versions_read_only(admin_client, django_user_model):
    owner = django_user_model.objects.create_user("carol", password="pw-carol-1")
    bot, version = services.create_bot(owner, "b", "tic_tac_toe", py_upload())
    assert admin_client.get(reverse("admin:bots_bot_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:bots_bot_change", args=[bot.pk])).status_code == 200
    page = admin_client.get(reverse("admin:bots_botversion_change", args=[version.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert admin_client.get(reverse("admin:bots_botversion_add")).status_code == 403


def test_the_add_to_competition_action_enters_bots_in_a_tournament(admin_client,
                                                                    django_user_model):
    owner = django_user_model.objects.create_user("dave", password="pw-dave-1")
    bot, _ = services.create_bot(owner, "b", "tic_tac_toe", py_upload())
    page = admin_client.get(reverse("admin:bots_bot_changelist")).content.decode()
    assert "add_to_competition" in page
    from tournaments.lifecycle import create_tournament

    cup = create_tournament("Cup", game="tic_tac_toe")
    url = reverse("admin:bots_bot_changelist")
    response = admin_client.post(url, {"action": "add_to_competition",
                                       "_selected_action": [bot.pk]})
    assert response.status_code == 200 and "Cup" in response.content.decode()
    admin_client.post(url, {"action": "add_to_competition", "_selected_action": [bot.pk],
                            "apply": "1", "competition": str(cup.pk)})
    assert cup.entries.filter(bot=bot).exists()

"""Write a bot (web.bot_docs): the guide and protocol pages, the SDK and starter
downloads, and the home page's link."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine import registry
from engine.registry import starter_path
from engine.sdk import SDK_FILE

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


def test_write_a_bot_has_a_tab_per_language_with_its_downloads(client):
    html = client.get(reverse("write-a-bot")).content.decode()
    for language in ("python", "javascript", "native", "java"):
        assert f'href="#lang-{language}"' in html and f'id="lang-{language}"' in html
    for game in registry.games():
        assert f'href="{reverse("bot-starter-js", args=[game])}"' in html
    for name in ("scrimmage_bot.js", "starter.c", "ScrimmageBot.java", "Starter.java"):
        assert f'href="{reverse("bot-language-file", args=[name])}"' in html
    # and the guide has a section per language
    assert "Other languages" in html and "JavaScript (Node.js)" in html


def test_the_javascript_c_and_java_files_download(client):
    for game in registry.games():
        response = client.get(reverse("bot-starter-js", args=[game]))
        expected = (starter_path(game).parent / "starter.js").read_bytes()
        assert b"".join(response.streaming_content) == expected
    response = client.get(reverse("bot-language-file", args=["starter.c"]))
    assert b"".join(response.streaming_content) == (SDK_FILE.parent / "starter.c").read_bytes()
    assert client.get(reverse("bot-language-file", args=["secrets.py"])).status_code == 404
    assert client.get(reverse("bot-starter-js", args=["chess"])).status_code == 404

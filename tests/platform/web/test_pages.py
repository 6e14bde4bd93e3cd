"""The web pages render, filter and carry the viewer's configuration."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from engine import registry

from matches import services

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]


def test_home_leads_with_finished_matches_on_small_boards_and_the_games(client, finished_match):
    html = client.get("/").content.decode()
    assert f"/matches/{finished_match.pk}/" in html
    card = html.index(f'data-match="{finished_match.pk}"')
    assert "<svg" in html[card : html.index("</li>", card)]  # its final position, drawn
    assert html.index("Just finished") < html.index("Write a bot</a>:")
    for name in registry.games():
        assert f"?game={name}" in html
    assert "greedy (seat 0) won" in html


def test_match_list_filters_and_errors(client, finished_match):
    other = services.play_and_store("tic_tac_toe", ["random", "random"], 9)
    html = client.get("/matches/?bot=greedy").content.decode()
    assert f'href="/matches/{finished_match.pk}/"' in html
    assert f'href="/matches/{other.pk}/"' not in html
    html = client.get("/matches/?search=random&status=finished").content.decode()
    assert f'href="/matches/{other.pk}/"' in html
    response = client.get("/matches/?game=chess")
    assert response.status_code == 400 and "game: unknown game" in response.content.decode()


def test_match_page_carries_the_viewer_config(client, finished_match):
    response = client.get(f"/matches/{finished_match.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    start = html.index('<script id="viewer-config" type="application/json">') + len(
        '<script id="viewer-config" type="application/json">'
    )
    config = json.loads(html[start : html.index("</script>", start)])
    assert config["id"] == finished_match.pk and config["over"] is True
    assert config["stateUrl"] == f"/api/matches/{finished_match.pk}/state/"
    assert "web/viewer.js" in html
    assert f"/api/matches/{finished_match.pk}/log.jsonl" in html
    assert client.get("/matches/999999/").status_code == 404


def test_static_files_are_served(client):
    assert client.get("/static/web/viewer.js").status_code == 200


def _settings_process(env):
    # a fresh process as an operator would start it: not a test run (pytest's
    # PYTEST_VERSION would make the settings think it is one)
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if k
            not in ("DJANGO_DEBUG", "DJANGO_SECRET_KEY", "PYTEST_VERSION", "PYTEST_CURRENT_TEST")
        },
        **env,
    }
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, text=True, capture_output=True, timeout=60
    )


def test_settings_refuse_the_development_key_without_debug():
    env = {"PYTHONPATH": f"{ROOT}:{ROOT / 'platform'}", "DJANGO_SETTINGS_MODULE": "config.settings"}
    refused = _settings_process(env)
    assert refused.returncode != 0 and "DJANGO_SECRET_KEY" in refused.stderr
    assert _settings_process({**env, "DJANGO_SECRET_KEY": "x" * 50}).stdout.strip() == "False"
    assert _settings_process({**env, "DJANGO_DEBUG": "1"}).stdout.strip() == "True"


def test_database_url_selects_the_database():
    assert settings.DATABASES["default"]["ENGINE"] in (
        "django.db.backends.sqlite3",
        "django.db.backends.postgresql",
    )

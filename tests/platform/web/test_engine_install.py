"""A bot author outside the repository: from the site alone, install the engine
the Write a bot page names into a fresh virtual environment, download the starter
it names, and play a match with the installed ``scrimmage`` in a folder of its own.

pip gets nothing but the site's wheel (``--no-index``, no configuration): the
engine needs nothing beyond the standard library."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.urls import reverse

from engine import wheel

pytestmark = pytest.mark.django_db(transaction=True)


def _guide(base: str) -> str:
    with urllib.request.urlopen(base + reverse("write-a-bot")) as page:
        return html.unescape(page.read().decode())


def _outside_env() -> dict[str, str]:
    """The environment of a shell outside the repository: no import path of ours,
    no pip configuration (its indexes and constraints)."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))
    }
    return {**env, "PIP_CONFIG_FILE": os.devnull, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def _run(args, cwd: Path, env) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_the_guide_names_this_site_and_no_repository_path(live_server, data_dir):
    guide = _guide(live_server.url)
    assert f"pip install {live_server.url}/downloads/{wheel.current_wheel_name()}" in guide
    assert f"curl -o bot.py {live_server.url}/bots/starters/tic_tac_toe.py" in guide
    assert f"SCRIMMAGE_SITE={live_server.url} " in guide
    assert "https://SITE" not in guide and "VERSION" not in guide
    assert not re.search(r"engine/(games|sdk)|make setup|clone", guide)


def test_an_old_or_unknown_wheel_is_not_found(client, data_dir):
    old = reverse("engine-wheel", args=["scrimmage_engine-0.0.1+0-py3-none-any.whl"])
    assert client.get(old).status_code == 404


def test_the_served_wheel_installs_alone_and_plays_a_match_outside_the_repository(
    live_server, data_dir, tmp_path
):
    guide = _guide(live_server.url)
    wheel_url = re.search(r"pip install (\S+\.whl)", guide).group(1)
    starter_url = re.search(r"curl -o bot\.py (\S+)", guide).group(1)
    env = _outside_env()
    venv = tmp_path / "author-env"
    _run([sys.executable, "-m", "venv", str(venv)], tmp_path, env)
    _run([venv / "bin" / "pip", "install", "--no-index", wheel_url], tmp_path, env)

    home = tmp_path / "home"
    home.mkdir()
    urllib.request.urlretrieve(starter_url, home / "bot.py")
    where = _run(
        [venv / "bin" / "python", "-c", "import engine; print(engine.__file__)"], home, env
    )
    assert where.stdout.startswith(str(venv))  # the installed engine, not the repository's
    no_django = [venv / "bin" / "python", "-c", "import django"]
    assert subprocess.run(no_django, cwd=home, env=env, capture_output=True).returncode == 1

    played = _run(
        [
            venv / "bin" / "scrimmage",
            "play",
            "tic_tac_toe",
            "./bot.py",
            "greedy",
            "--out",
            "m.jsonl",
        ],
        home,
        env,
    )
    assert "seat 0 ./bot.py: rank" in played.stdout and "digest " in played.stdout
    verified = _run([venv / "bin" / "scrimmage", "verify", "m.jsonl"], home, env)
    assert verified.stdout.startswith("ok ")
    # selfplay's progress bar is tqdm's, which the wheel leaves to its "fast" extra
    selfplay = [venv / "bin" / "scrimmage", "selfplay", "tic_tac_toe", "greedy", "random"]
    assert "3 matches" in _run([*selfplay, "--matches", "3"], home, env).stdout

"""The README's ``manage.py`` commands, run as a user runs them (a fresh process, a
fresh SQLite database): what to set is one clear line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README_TOURNAMENT = [
    "run_tournament",
    "aimbots",
    "--format",
    "swiss",
    "--bots",
    "greedy",
    "random",
    "greedy",
    "random",
    "--seed",
    "1",
    "--inline",
    "--no-progress",
]


def manage(tmp_path, *args, debug=True):
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "PYTEST_VERSION",
            "DJANGO_DEBUG",
            "DJANGO_SECRET_KEY",
            "DATABASE_URL",
            "CELERY_BROKER_URL",
        )
    }
    env["SCRIMMAGE_DATA_DIR"] = str(tmp_path / "data")
    if debug:
        env["DJANGO_DEBUG"] = "1"
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_without_a_secret_key_or_debug_a_command_says_what_to_set_in_one_line(tmp_path):
    done = manage(tmp_path, *README_TOURNAMENT, debug=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "DJANGO_SECRET_KEY" in line and "DJANGO_DEBUG=1" in line


def test_an_unmigrated_database_says_to_migrate_then_the_readme_command_runs(tmp_path):
    done = manage(tmp_path, *README_TOURNAMENT)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "run `manage.py migrate` first" in line
    assert manage(tmp_path, "migrate", "--noinput", "-v", "0").returncode == 0
    done = manage(tmp_path, *README_TOURNAMENT)
    assert done.returncode == 0, done.stderr
    assert "finished" in done.stdout and "rank" in done.stdout

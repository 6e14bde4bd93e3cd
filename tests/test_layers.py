"""The import contracts in pyproject.toml ([tool.importlinter]): engine -> matches ->
bots -> tournaments -> web, no package importing one above it, and an engine and a
tournament core (tournaments.core) without Django. Run as a user runs them: the
venv's ``lint-imports``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def test_every_import_keeps_to_the_layers():
    # platform/ is a folder on the import path, not a package (as in manage.py)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "platform")])}
    done = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"broken import contracts:\n{done.stdout}{done.stderr}"


def test_installed_apps_are_listed_in_layer_order():
    """Lowest layer first, as the layers contract orders them (highest first)."""
    import tomllib

    from django.conf import settings

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [
        c["layers"] for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers"
    ]
    rank = {
        package.strip(): i
        for i, layer in enumerate(reversed(layers))
        for package in layer.split("|")
    }
    ours = [app for app in settings.INSTALLED_APPS if app in rank]
    assert {"matches", "bots", "tournaments", "web", "accounts"} <= set(ours)
    assert [rank[app] for app in ours] == sorted(rank[app] for app in ours), ours

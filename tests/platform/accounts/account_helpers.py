"""Helpers of the accounts tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def manage_check(tmp_path, **env):
    """``manage.py check`` in a fresh process with ``env`` added."""
    keep = {k: v for k, v in os.environ.items() if k not in ("PYTEST_VERSION", "DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**keep, "DJANGO_DEBUG": "1", "SCRIMMAGE_DATA_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )

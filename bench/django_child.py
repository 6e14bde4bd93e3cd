"""What the benchmarks that measure a database share: a scratch PostgreSQL database
made and dropped around a run, and a child process (Django settings are fixed per
process) that runs a benchmark module against it and prints its figures as the
last line of its output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def pg_scratch(name: str, action: str) -> str | None:
    """Drop the database ``name`` and (``action`` "create") make it again empty;
    returns why PostgreSQL could not be used, or ``None``."""
    try:
        import psycopg
    except ImportError as exc:
        return f"psycopg missing: {exc}"
    try:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name}")
            if action == "create":
                conn.execute(f"CREATE DATABASE {name}")
    except Exception as exc:  # noqa: BLE001 - any failure means: not reachable here
        return f"PostgreSQL not reachable: {str(exc).strip().splitlines()[0]}"
    return None


def run_child(module: str, args: list[str], env: dict, timeout: float = 900) -> dict:
    """Run ``python -m module --child *args`` with ``env`` added; its figures (the
    JSON on its last line of output), or the error it ended with."""
    env = {**os.environ, **env, "DJANGO_SECRET_KEY": "bench-" + os.urandom(16).hex(),
           "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost,testserver"}
    env.pop("DJANGO_DEBUG", None)
    proc = subprocess.run([sys.executable, "-m", module, "--child", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed",
                "stderr_tail": proc.stderr[-2000:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def setup_django() -> None:
    """In the child: Django set up on the database of its environment, migrated."""
    sys.path.insert(0, str(ROOT / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)

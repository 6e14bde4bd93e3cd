"""What the benchmarks that need Django share: a scratch PostgreSQL database, and
a child process of their own (Django's settings are fixed per process) that sets
Django up on it and prints one JSON object back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def _admin(sql: str) -> str | None:
    """Run ``sql`` on the server's ``postgres`` database; why not, if it fails."""
    try:
        import psycopg

        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as conn:
            conn.execute(sql)
    except Exception as exc:
        return f"PostgreSQL not reachable: {str(exc).strip().splitlines()[0]}"
    return None


@contextmanager
def scratch_database(name: str):
    """A fresh PostgreSQL database ``name`` (its URL), dropped afterwards; ``None``
    and the reason when the server cannot be reached."""
    problem = _admin(f"DROP DATABASE IF EXISTS {name}") or _admin(f"CREATE DATABASE {name}")
    if problem:
        yield None, problem
        return
    try:
        yield f"{PG_SERVER}/{name}", None
    finally:
        _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def run_child(module: str, env: dict, *args: str, timeout: float = 1800) -> dict:
    """``python -m module --child args`` with ``env`` added; its last stdout line,
    a JSON object (or the error it died of)."""
    env = {
        **os.environ,
        **env,
        "DJANGO_SECRET_KEY": "bench-" + os.urandom(16).hex(),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
    }
    env.pop("DJANGO_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, "-m", module, "--child", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0:
        return {
            "error": proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "failed",
            "stderr_tail": proc.stderr[-2000:],
        }
    return json.loads(proc.stdout.strip().splitlines()[-1])


def setup_django() -> None:
    """In the child: Django on the database of ``DATABASE_URL``, migrated."""
    sys.path.insert(0, str(ROOT / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)

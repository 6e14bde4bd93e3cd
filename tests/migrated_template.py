"""One migration a run, not one a test process (a pytest plugin, named in
``tests/conftest.py``).

Each pytest-xdist process makes its own test database, and Django builds each by
running every migration (5 s of CPU here, and as much again in PostgreSQL). With
PostgreSQL the controlling process migrates one template database before the test
processes start, and each process's database is made as a copy of it (Django's
``TEST["TEMPLATE"]``, ``CREATE DATABASE ... TEMPLATE``, well under a second); Django
then runs the migrations as usual and finds none left to apply. Every test process
still starts from what the migrations make; nothing is kept between runs (the
template is dropped at the end, and made afresh at the start).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest

#: tells the test processes the template's name (they inherit the environment)
TEMPLATE_VARIABLE = "SCRIMMAGE_TEST_TEMPLATE"
ROOT = Path(__file__).resolve().parents[1]


def template_url(config: pytest.Config) -> str | None:
    """The template database's URL, when this is the controlling process of a
    parallel run on PostgreSQL; else ``None`` (each process migrates its own)."""
    url = os.environ.get("DATABASE_URL", "")
    parallel = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not parallel or not url.startswith("postgres"):
        return None
    parts = urlsplit(url)
    return parts._replace(path=f"/test_{parts.path.lstrip('/')}_template").geturl()


def server_command(url: str, sql: str) -> None:
    """Run ``sql`` on the server of ``url``, from its maintenance database."""
    with psycopg.connect(urlsplit(url)._replace(path="/postgres").geturl(), autocommit=True) as c:
        c.execute(sql)


def name_of(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


def pytest_configure(config: pytest.Config) -> None:
    url = template_url(config)
    if url is None:
        return
    name = name_of(url)
    server_command(url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    server_command(url, f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--run-syncdb", "--noinput", "-v0"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url},
        check=True,
    )
    os.environ[TEMPLATE_VARIABLE] = name


def pytest_unconfigure(config: pytest.Config) -> None:
    url = template_url(config)
    if url is not None and os.environ.pop(TEMPLATE_VARIABLE, None):
        server_command(url, f'DROP DATABASE IF EXISTS "{name_of(url)}" WITH (FORCE)')


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """pytest-django's hook for the test databases' settings: copy the template."""
    template = os.environ.get(TEMPLATE_VARIABLE)
    if template:
        from django.conf import settings

        settings.DATABASES["default"].setdefault("TEST", {})["TEMPLATE"] = template

"""A real stack for worker tests: a database, a broker, Celery worker processes.

Nothing is mocked. The database is a fresh SQLite file, or (when ``DATABASE_URL``
names a PostgreSQL server) a fresh database created on that server for the test
and dropped after it; pytest-django's own test database is not used, because the
workers are separate processes that must see the same data. Either is a copy of
a database the ``migrate`` command made once per test process (``template``).
The broker is kombu's filesystem transport in a temporary folder, or Redis
(``REDIS_URL``; database 13 by default, flushed first). Every process (migrate,
commands, probes, workers, beat) gets the same environment.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from tests.tournaments.prober import Prober

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
CELERY = str(Path(sys.executable).with_name("celery"))
DEFAULT_REDIS = "redis://127.0.0.1:6379/13"
#: how long a poll waits for what must happen: only a bound on a hang, far beyond
#: what anything takes even on a busy machine (a poll returns as soon as it holds)
PATIENCE = 300.0


def redis_url() -> str | None:
    """The Redis database of this test process (``config.settings`` gives each
    pytest-xdist process its own), which the suite flushes: never point REDIS_URL at
    a database that holds anything of value."""
    from django.conf import settings

    return settings.REDIS_URL or None


def _pg_sql(admin: str, sql: str) -> None:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


def _url_of(admin: str, name: str) -> str:
    return urlunparse(urlparse(admin)._replace(path="/" + name))


#: the migrated database of this test process, by server (or "sqlite"), that each
#: stack's database is a copy of: ``migrate`` took a stack ten seconds on a busy
#: machine, a copy (``CREATE DATABASE ... TEMPLATE``, a file copied) a fraction of one
_templates: dict[str, str] = {}


def template(admin: str | None, env: dict[str, str]) -> str:
    """The name (PostgreSQL) or path (SQLite) of the migrated database to copy,
    made by ``manage.py migrate`` the first time; dropped when the process exits."""
    key = admin or "sqlite"
    if key not in _templates:
        if admin:
            name = f"scrimmage_workers_template_{uuid.uuid4().hex[:10]}"
            _pg_sql(admin, f'CREATE DATABASE "{name}"')
            atexit.register(_pg_sql, admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            url = _url_of(admin, name)
        else:
            folder = tempfile.mkdtemp(prefix="scrimmage-workers-template-")
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            name = os.path.join(folder, "db.sqlite3")
            url = f"sqlite:///{name}"
        migrate = [PY, "manage.py", "migrate", "--noinput", "-v0"]
        done = subprocess.run(
            migrate, cwd=ROOT, env={**env, "DATABASE_URL": url}, capture_output=True, text=True
        )
        if done.returncode != 0:
            raise AssertionError(f"migrate failed:\n{done.stdout}\n{done.stderr}")
        _templates[key] = name
    return _templates[key]


class Stack:
    """``database``: a PostgreSQL server's admin URL to make the test's database on
    (instead of ``DATABASE_URL``'s server); ``redis``: the URL of a Redis of the
    test's own for the cache and a Redis broker (instead of the suite's)."""

    def __init__(
        self,
        tmp: Path,
        broker: str = "filesystem",
        *,
        database: str | None = None,
        redis: str | None = None,
    ) -> None:
        self.tmp = tmp
        self.procs: list[subprocess.Popen] = []
        self.logs: list[Path] = []
        self.env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "CELERY_", "PYTEST"))
        }
        self.env.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings",
                "DJANGO_DEBUG": "1",
                "SCRIMMAGE_DATA_DIR": str(tmp / "data"),
                "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "platform")]),
                "SCRIMMAGE_LEASE_SECONDS": "10",
                "SCRIMMAGE_HEARTBEAT_SECONDS": "1",
                "SLOW_BOT_DELAY": "0.15",
            }
        )
        self._pg_admin = None
        self._prober: Prober | None = None
        db = database or os.environ.get("DATABASE_URL", "")
        if db.startswith(("postgres://", "postgresql://")):
            name = f"scrimmage_workers_{uuid.uuid4().hex[:10]}"
            self._pg_admin = db
            self._pg_name = name
        else:
            self.env["DATABASE_URL"] = f"sqlite:///{tmp / 'db.sqlite3'}"
        own_redis = redis or redis_url()
        if own_redis:  # the processes' cache, and the broker below
            self.env["REDIS_URL"] = own_redis
        if broker == "redis":
            url = own_redis or DEFAULT_REDIS
            import redis as redis_client

            redis_client.Redis.from_url(url).flushdb()
            self.env["CELERY_BROKER_URL"] = url
        else:
            self.env["CELERY_BROKER_URL"] = "filesystem://"
        self.broker = broker
        self._make_database(own_server=database is not None)

    def _make_database(self, own_server: bool) -> None:
        """A copy of the process's migrated database; a server of the stack's own
        (``database``) has none to copy: migrated there."""
        if self._pg_admin is None:
            shutil.copyfile(template(None, self.env), self.tmp / "db.sqlite3")
        elif own_server:
            self._pg_sql(f'CREATE DATABASE "{self._pg_name}"')
            self.env["DATABASE_URL"] = _url_of(self._pg_admin, self._pg_name)
            self.manage("migrate", "--noinput", "-v0")
        else:
            origin = template(self._pg_admin, self.env)
            self._pg_sql(f'CREATE DATABASE "{self._pg_name}" TEMPLATE "{origin}"')
            self.env["DATABASE_URL"] = _url_of(self._pg_admin, self._pg_name)

    def _pg_sql(self, sql: str) -> None:
        assert self._pg_admin is not None
        _pg_sql(self._pg_admin, sql)

    # -- processes --------------------------------------------------------------------
    def run(
        self, *args: str, timeout: float = 300, check: bool = True
    ) -> subprocess.CompletedProcess:
        out = subprocess.run(
            args, cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=timeout
        )
        if check and out.returncode != 0:
            raise AssertionError(f"{args} failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
        return out

    def manage(self, *args: str, **kw) -> subprocess.CompletedProcess:
        return self.run(PY, "manage.py", *args, **kw)

    def probe(self, code: str, timeout: float = 300):
        """Run ``code`` in a process with Django set up (and the slow bot): the
        stack's prober (``prober.py``), started again when the environment has
        changed. ``code`` sets ``out``, sent back as JSON."""
        if self._prober is None or self._prober.env != self.env:
            if self._prober is not None:
                self._prober.close()
            self._prober = Prober(ROOT, self.env, self.tmp / "prober.log")
        return self._prober.ask(code, timeout)

    def start_worker(
        self,
        app: str = "config",
        name: str = "w",
        concurrency: int = 1,
        wait: bool = True,
        env: dict | None = None,
    ) -> subprocess.Popen:
        log = self.tmp / f"{name}-{len(self.logs)}.log"
        pool = ["--pool=solo"] if concurrency == 1 else ["--pool=prefork", f"-c{concurrency}"]
        proc = subprocess.Popen(
            [
                CELERY,
                "-A",
                app,
                "worker",
                *pool,
                "-l",
                "info",
                "--without-mingle",
                "--without-gossip",
                "-n",
                f"{name}{len(self.logs)}@%h",
            ],
            cwd=ROOT,
            env={**self.env, **(env or {})},
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append(proc)
        self.logs.append(log)
        if wait:
            self._wait_log(log, "ready", PATIENCE)
        return proc

    def start_beat(self) -> subprocess.Popen:
        log = self.tmp / f"beat-{len(self.logs)}.log"
        proc = subprocess.Popen(
            [
                CELERY,
                "-A",
                "config",
                "beat",
                "-l",
                "info",
                "--max-interval",
                "1",
                "-s",
                str(self.tmp / "beat-schedule"),
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append(proc)
        self.logs.append(log)
        return proc

    @staticmethod
    def _wait_log(log: Path, text: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in log.read_text(errors="replace"):
                return
            time.sleep(0.1)
        raise AssertionError(
            f"{log.name}: no {text!r} after {timeout}s:\n{log.read_text()[-3000:]}"
        )

    def kill9(self, proc: subprocess.Popen) -> None:
        os.killpg(proc.pid, signal.SIGKILL)  # the worker and any pool children
        proc.wait(timeout=10)

    def wait_for(self, code: str, timeout: float = PATIENCE, every: float = 0.3):
        """Poll ``probe(code)`` until its ``out`` is truthy; returns it."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = self.probe(code)
            if last:
                return last
            time.sleep(every)
        raise AssertionError(f"timed out waiting; last {last!r}\n{self.tail()}")

    def tail(self) -> str:
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-4000:]}" for p in self.logs
        )

    def close(self) -> None:
        """End every process of the stack at once (SIGKILL to its process group):
        the test is over, nothing a warm shutdown does is checked, and it took an
        idle worker seconds (Celery's shutdown, then the interpreter's)."""
        if self._prober is not None:
            self._prober.close()
        for proc in self.procs:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if self._pg_admin:
            self._pg_sql(f'DROP DATABASE IF EXISTS "{self._pg_name}" WITH (FORCE)')


BROKERS = ["filesystem", "redis"]


def broker_param(broker: str):
    """Redis runs when REDIS_URL is set (``.ci/run`` sets it); the filesystem always."""
    import pytest

    marks = []
    if broker == "redis" and not redis_url():
        marks.append(pytest.mark.skip(reason="REDIS_URL is not set (.ci/run sets it)"))
    return pytest.param(broker, marks=marks, id=broker)


#: the probe snippet that summarises a tournament (standings by entry name, and
#: how each fixture's match went)
SUMMARY = """
from matches.models import Match
from matches.verification import verify_stored_match
from tournaments.models import Competition, Fixture
from tournaments import selectors
from tournaments.rebuild import rebuild
t = Competition.objects.get(pk={pk})
fx = list(Fixture.objects.filter(competition=t).select_related('match__claim'))
out = {{
  'status': t.status,
  'standings': [[r['name'], r['rank'], r['points'], r['wins'], r['draws'], r['losses'],
                 round(r['mu'], 8), round(r['sigma'], 8)] for r in selectors.standings(t)],
  'fixtures': len(fx),
  'pairings': sorted([f.round_no, f.table, f.leg, [x.entry.name for x in f.seats.order_by('index')]]
                     for f in fx),
  'matches': Match.objects.filter(fixture__competition=t).count(),
  'statuses': sorted({{f.match.status for f in fx if f.match}}),
  'attempts': sorted(f.match.claim.attempts for f in fx if f.match),
  'verified': all(verify_stored_match(f.match).ok for f in fx if f.match),
  'rebuild_diffs': rebuild(t, check=True),
  'history': __import__('tournaments.models', fromlist=['x']).RatingHistory.objects.filter(entry__competition=t).count(),
}}
"""

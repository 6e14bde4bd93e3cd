"""Tournament benchmark: matches per minute end to end on real workers, and the
platform's work per match.

A 32-bot round robin of tic-tac-toe built-in bots (``greedy`` and ``random``,
sixteen entries each: 496 matches in 31 rounds) is created and started, and the
clock runs until the last round is rated and the tournament finished, with 1 and
with 2 worker processes (``celery -A config worker --pool=solo``), on Redis and
PostgreSQL (the same harness as the worker tests: ``tests/tournaments/stack.py``;
REDIS_URL / DATABASE_URL, defaulting to the local standard ports). The engine's
own share is measured by replaying the same matches in one process with the
engine alone (no storage); the rest of the worker time is queueing, storage,
claims, round checks and ratings: ``outside_engine_share``.

Each match's time comes from the worker's log (``matches.tasks`` logs it: the
claim, the run, storing it), and so does the time of the round checks that follow
each message's matches (completing the round when they were its last);
``platform_ms_per_match_median`` is a match's time less the engine's (medians),
``platform_ms_per_match_mean`` all of the platform's time (matches and round
checks) per match, less the engine's mean. Short matches travel several to a
message (``matches.batching``): ``messages`` counts the worker tasks (Celery's
"succeeded in" lines).

The wall time is the tournament's own ``started_at`` to ``finished_at`` (both
written by the platform). The benchmark waits for the finish by querying the
database on one connection of its own: a probe (a new Django process) per poll
took CPU from the workers on a two-core machine, 10 to 14 ms a match.
"""

from __future__ import annotations

import os
import re
import sqlite3
import statistics
import tempfile
import time
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from urllib.parse import urlparse

ENTRIES = ["greedy", "random"] * 16
#: Celery's line for a finished task
SUCCEEDED = re.compile(r"Task matches\.run_match\[[^\]]+\] succeeded in ([0-9.]+)s")
#: the worker's line for a finished match, with its time in milliseconds
MATCH_DONE = re.compile(r"match \d+: finished in ([0-9.]+) ms")
#: the worker's line for the round checks after a message's matches
TOLD = re.compile(r"over: told in ([0-9.]+) ms")
PG = "postgres://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/13"

CREATE = f"""
from tournaments import lifecycle
t = lifecycle.create_tournament('bench', game='tic_tac_toe', format='round_robin', seed=1)
lifecycle.add_entries(t, bots={ENTRIES!r})
lifecycle.open_entries(t)
out = t.pk
"""

ENGINE_TIME = """
import time
from engine import registry
from engine.lineup import lineup
from engine.runner import run_match
from matches.models import Match
total = 0.0
n = 0
each = []
for m in Match.objects.filter(fixture__competition_id={pk}).prefetch_related('seats'):
    game = registry.get(m.game)
    seats, players = lineup(game, [s.bot_name for s in m.seats.order_by('index')])
    t0 = time.perf_counter()
    run_match(game, players, seats, m.seed, m.options)
    each.append(time.perf_counter() - t0)
    total += each[-1]
    n += 1
out = {{'engine_seconds': total, 'matches': n, 'engine_median_ms': sorted(each)[n // 2] * 1000}}
"""


STATUS_SQL = "SELECT status, started_at, finished_at FROM tournaments_competition WHERE id = {}"


def _connect(database_url: str):
    """A connection of this process to the stack's database (PostgreSQL or SQLite)."""
    if database_url.startswith("sqlite:"):
        conn = sqlite3.connect(urlparse(database_url).path, isolation_level=None)
        return conn, "?"
    import psycopg

    return psycopg.connect(database_url, autocommit=True), "%s"


def _as_time(value) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def wait_finished(database_url: str, pk: int, timeout: float, every: float = 0.05) -> float:
    """Poll the tournament's row until it is finished; returns its start-to-finish
    seconds as the platform recorded them (so the polling interval adds nothing)."""
    conn, mark = _connect(database_url)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, started, finished = conn.execute(STATUS_SQL.format(mark), (pk,)).fetchone()
            if status == "finished":
                return (_as_time(finished) - _as_time(started)).total_seconds()
            time.sleep(every)
    finally:
        conn.close()
    raise TimeoutError(f"tournament {pk} not finished after {timeout} s")


def _one(workers: int) -> dict:
    from tests.tournaments.stack import Stack

    with tempfile.TemporaryDirectory() as tmp:
        stack = Stack(Path(tmp), "redis")
        try:
            for i in range(workers):
                stack.start_worker(name=f"bench{i}")
            pk = stack.probe(CREATE)
            stack.probe(
                f"from tournaments import lifecycle\nfrom tournaments.models import Competition\n"
                f"lifecycle.start(Competition.objects.get(pk={pk}))\nout = 1"
            )
            wall = wait_finished(stack.env["DATABASE_URL"], pk, timeout=900)
            engine = stack.probe(ENGINE_TIME.format(pk=pk))
            logs = [log.read_text(errors="replace") for log in stack.logs]
        finally:
            stack.close()
    each = sorted(float(x) for log in logs for x in MATCH_DONE.findall(log))
    checks = sum(float(x) for log in logs for x in TOLD.findall(log))
    n = engine["matches"]
    engine_mean_ms = engine["engine_seconds"] / n * 1000
    busy = wall * workers
    median = statistics.median(each)
    return {
        "workers": workers,
        "matches": n,
        "wall_seconds": round(wall, 2),
        "matches_per_minute": round(n / wall * 60, 1),
        "messages": sum(len(SUCCEEDED.findall(log)) for log in logs),
        "match_ms_median": round(median, 2),
        "match_ms_p90": round(each[int(len(each) * 0.9)], 2),
        "match_seconds_total": round(sum(each) / 1000, 2),
        "round_checks_ms_per_match": round(checks / n, 2),
        "platform_ms_per_match_median": round(median - engine["engine_median_ms"], 2),
        "platform_ms_per_match_mean": round((sum(each) + checks) / n - engine_mean_ms, 2),
        "engine_seconds": round(engine["engine_seconds"], 3),
        "outside_engine_share": round(1 - engine["engine_seconds"] / busy, 3),
    }


@contextmanager
def local_servers():
    """``DATABASE_URL`` and ``REDIS_URL`` as set, or the local standard ports' while
    the benchmark runs."""
    saved = {k: os.environ.get(k) for k in ("DATABASE_URL", "REDIS_URL")}
    os.environ.setdefault("DATABASE_URL", PG)
    os.environ.setdefault("REDIS_URL", REDIS)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def run() -> dict:
    with local_servers():
        out = {
            "game": "tic_tac_toe",
            "format": "round_robin",
            "entries": len(ENTRIES),
            "database": "postgresql",
            "broker": "redis",
            "note": "wall time: the tournament's started_at to finished_at, waited for "
            "by polling the database from the benchmark's own process; "
            "outside_engine_share = 1 - engine time / (wall x workers); match times "
            "from the workers' logs",
        }
        for workers in (1, 2):
            out[f"workers_{workers}"] = _one(workers)
        out["second_worker_gain"] = round(
            out["workers_2"]["matches_per_minute"] / out["workers_1"]["matches_per_minute"] - 1, 3
        )
        return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))

"""Scale benchmark: matches a minute of uploaded, sandboxed bots with 1, 2 and 4
workers, each a Celery process with its own data folder (as on separate hosts),
sharing only PostgreSQL, Redis and an S3-compatible bot store (moto's server,
``tests/s3_server.py``; the same harness as the worker tests: ``tests/tournaments/stack.py``).

The bots are ``ENTRIES`` copies of tic-tac-toe's starter bot, uploaded through the
bots service (each copy's bytes its own, so each is its own version, fetched by
each worker from the store on its first match), in a round robin: ``ENTRIES // 2``
matches a round, so up to that many workers have work between two rounds. Each
match starts two sandboxed processes (bubblewrap), the bulk of its time.

The wall time is the tournament's own ``started_at`` to ``finished_at``; the
machine's load average (1 minute) is recorded before each run and when it ends,
since the machine is shared. ``gain_per_worker``: the rate with N workers over the
rate with one, divided by N (1.0 would be perfect scaling).
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
from pathlib import Path

from bench.tournament_bench import local_servers, wait_finished
from tests.tournaments.uploaded import UPLOADED_ROUND_ROBIN

ENTRIES = 16
WORKERS = (1, 2, 4)
MATCH_DONE = re.compile(r"match \d+: finished in ([0-9.]+) ms")

CREATE = UPLOADED_ROUND_ROBIN + "out = t.pk\n"

START = """
from tournaments import lifecycle
from tournaments.models import Competition
lifecycle.start(Competition.objects.get(pk={pk}))
out = 1
"""

COUNT = """
from matches.models import Match
out = {{s: Match.objects.filter(fixture__competition_id={pk}, status=s).count()
        for s in ('finished', 'failed')}}
"""


def _one(workers: int) -> dict:
    from tests.s3_server import S3Server
    from tests.tournaments.stack import Stack

    with tempfile.TemporaryDirectory() as tmp:
        s3 = S3Server().start()
        stack = Stack(Path(tmp), "redis", redis=os.environ["REDIS_URL"])
        try:
            stack.env.update(s3.env())
            pk = stack.probe(CREATE.format(bots=ENTRIES))
            for i in range(workers):
                folder = str(Path(tmp) / f"host{i}")
                stack.start_worker(name=f"scale{i}", env={"SCRIMMAGE_DATA_DIR": folder})
            load_before = os.getloadavg()[0]
            stack.probe(START.format(pk=pk))
            wall = wait_finished(stack.env["DATABASE_URL"], pk, timeout=1800)
            load_after = os.getloadavg()[0]
            counts = stack.probe(COUNT.format(pk=pk))
            logs = [log.read_text(errors="replace") for log in stack.logs]
        finally:
            stack.close()
            s3.stop()
    each = [float(x) for log in logs for x in MATCH_DONE.findall(log)]
    n = counts["finished"] + counts["failed"]
    return {
        "workers": workers,
        "matches": n,
        "failed": counts["failed"],
        "wall_seconds": round(wall, 2),
        "matches_per_minute": round(n / wall * 60, 1),
        "match_ms_median": round(statistics.median(each), 1),
        "load_1min_before": round(load_before, 2),
        "load_1min_after": round(load_after, 2),
    }


def run() -> dict:
    with local_servers():
        out: dict = {
            "game": "tic_tac_toe",
            "bots": f"{ENTRIES} uploaded copies of the starter bot, sandboxed (bubblewrap)",
            "format": "round_robin",
            "database": "postgresql",
            "broker": "redis",
            "bot_store": "S3-compatible (moto server), each worker its own data folder",
            "cpus": os.cpu_count(),
        }
        for workers in WORKERS:
            out[f"workers_{workers}"] = _one(workers)
    one = out["workers_1"]["matches_per_minute"]
    out["gain_per_worker"] = {
        str(w): round(out[f"workers_{w}"]["matches_per_minute"] / one / w, 3) for w in WORKERS
    }
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))

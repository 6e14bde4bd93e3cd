"""What ``make run``'s demo stores over many cycles (issue 24): it must level off.

In a child process, on a fresh SQLite file in a temporary data folder (``make
run``'s default): ``manage.py demo`` and ``manage.py demo_seasons --rounds R``,
then every demo ladder played round after round here (the worker's own
``matches.tasks.run``, no broker, no waiting for the period), and after each
cycle the scheduler's step (``tournaments.demo.keep_demos_alive``: the next demo
ladders, the older finished ones deleted). After each cycle: the database file's
size, the bytes of the stored logs (every event's canonical line) and the rows.

Not part of ``make bench`` (a 30-round cycle of every game takes many minutes):
``python -m bench.demo_storage [--rounds 30] [--cycles 4]``; prints JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from bench.scratch import run_child, setup_django


def run(rounds: int = 30, cycles: int = 4) -> dict:
    with tempfile.TemporaryDirectory(prefix="scrimmage-demo-storage-") as tmp:
        env = {"SCRIMMAGE_DATA_DIR": tmp, "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3"}
        return run_child(
            "bench.demo_storage", env, str(rounds), str(cycles), str(tmp), timeout=6 * 3600
        )


def _child(rounds: int, cycles: int, data: Path) -> dict:
    setup_django()
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Sum
    from django.db.models.functions import Length

    from matches import tasks
    from matches.models import Match, MatchEvent
    from tournaments import demo
    from tournaments.models import Competition
    from tournaments.rounds import ladder_tick

    queue: list[int] = []
    tasks.run_match.delay = lambda mid, then=(): queue.extend([mid, *then])  # type: ignore[method-assign]
    call_command("demo", verbosity=0, stdout=sys.stderr)
    call_command("demo_seasons", "--rounds", str(rounds), stdout=sys.stderr)

    def stored() -> dict:
        with connection.cursor() as cur:  # the pages freed by deletes are reused
            cur.execute("PRAGMA page_count")
            pages = cur.fetchone()[0]
            cur.execute("PRAGMA freelist_count")
            free = cur.fetchone()[0]
        files = sum(p.stat().st_size for p in data.glob("db.sqlite3*"))
        return {
            "file_mb": round(files / 1e6, 2),
            "used_mb": round((pages - free) * files / max(pages, 1) / 1e6, 2),
            "log_mb": round(
                (MatchEvent.objects.aggregate(n=Sum(Length("line")))["n"] or 0) / 1e6, 2
            ),
            "matches": Match.objects.count(),
            "events": MatchEvent.objects.count(),
            "demo_seasons": Competition.objects.filter(demo=True).count(),
        }

    after = [{"cycle": 0, **stored()}]
    for n in range(1, cycles + 1):
        started, played = time.perf_counter(), 0
        live = Competition.objects.filter(demo=True, status="running")
        while live.exists():
            while queue:
                tasks.run(queue.pop(0), "bench")
                played += 1
            for pk in live.values_list("pk", flat=True):
                ladder_tick(pk)
        demo.keep_demos_alive()
        after.append(
            {"cycle": n, "played": played, "s": round(time.perf_counter() - started), **stored()}
        )
        print(json.dumps(after[-1]), file=sys.stderr, flush=True)
    return {"rounds": rounds, "cycles": cycles, "after": after}


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        rounds, cycles, data = int(argv[1]), int(argv[2]), Path(argv[3])
        print(json.dumps(_child(rounds, cycles, data)))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30, help="rounds of a demo ladder")
    parser.add_argument("--cycles", type=int, default=4, help="demo ladders played in a row")
    opts = parser.parse_args(argv)
    print(json.dumps(run(opts.rounds, opts.cycles), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

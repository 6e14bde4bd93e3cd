"""Platform benchmark: storing events, the events API, the log download and the
replay page's time to first board.

``run()`` measures each database in a child process of its own (Django settings are
fixed per process): SQLite in a temporary directory, and PostgreSQL in a scratch
database ``scrimmage_bench`` on postgres://postgres@127.0.0.1:5432 when reachable
(created and dropped here). The stored match is a synthetic 10,000-event log (no
registered game makes logs that long yet) written through the real storage path:
an engine ``Log`` whose listener is the platform's batching ``EventWriter``. Time to
first board uses real matches of every registered game, a threaded WSGI server
and Debian's chromium through Playwright.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.scratch import run_child, scratch_database, setup_django

EVENTS = 10_000
PG_SCRATCH = "scrimmage_bench"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def run() -> dict:
    """Figures for SQLite and (when reachable) PostgreSQL."""
    out = {"events_per_match": EVENTS}
    with tempfile.TemporaryDirectory(prefix="scrimmage-bench-") as tmp:
        out["sqlite"] = run_child(
            "bench.platform_bench",
            {"DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "SCRIMMAGE_DATA_DIR": tmp},
            "--browser",
            timeout=900,
        )
        with scratch_database(PG_SCRATCH) as (url, problem):
            out["postgresql"] = (
                {"skipped": problem}
                if problem
                else run_child(
                    "bench.platform_bench",
                    {"DATABASE_URL": url, "SCRIMMAGE_DATA_DIR": tmp},
                    timeout=900,
                )
            )
    return out


# -- the child process ---------------------------------------------------------------
def _synthetic_log_into(match, batch_size: int = 200) -> float:
    """Play a synthetic 10,000-event log into ``match``; returns seconds."""
    from engine.events import ACTION_SUBMITTED, MATCH_ENDED, MATCH_STARTED, Event, Log

    from matches import services, storing

    writer = services.EventWriter(match, batch_size)
    log = Log()
    log.listeners.append(writer)
    began = time.perf_counter()
    log.append(
        Event(
            MATCH_STARTED,
            {
                "game": match.game,
                "seed": match.seed,
                "seats": [],
                "options": {},
                "limits": {},
                "rules_version": 1,
            },
        )
    )
    for i in range(1, EVENTS - 1):
        if i % 10 == 0:  # a private event with its public twin, as hidden-information games make
            log.append(
                Event(
                    "CardDrawn",
                    {"seat": i % 2, "card": i % 52, "deck_left": 52 - i % 52},
                    (i % 2,),
                    {"seat": i % 2},
                )
            )
        else:
            log.append(
                Event(
                    ACTION_SUBMITTED,
                    {
                        "seat": i % 2,
                        "action": {
                            "move": i % 9,
                            "path": [i % 7, (i * 3) % 7, (i * 5) % 7],
                            "note": "step",
                        },
                    },
                )
            )
    log.append(
        Event(MATCH_ENDED, {"ranks": [1, 2], "scores": [1, 0], "reason": "bench", "faults": [0, 0]})
    )
    writer.flush()
    elapsed = time.perf_counter() - began
    storing.finish(match, log.events[-1].data, expected_digest=log.digest)
    return elapsed


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        fn()
        times.append((time.perf_counter() - began) * 1000)
    return round(statistics.median(times), 2)


def _child_main(browser: bool) -> dict:
    setup_django()
    from django.conf import settings
    from django.test import Client

    from matches import services

    out: dict = {"database": settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]}
    match = services.create_match("tic_tac_toe", ["random", "random"], 1)
    seconds = _synthetic_log_into(match)
    out["store_events_per_s"] = round(EVENTS / seconds)
    out["store_10k_events_s"] = round(seconds, 3)

    client = Client()
    out["events_api_first_page_ms"] = _median_ms(
        lambda: client.get(f"/api/matches/{match.pk}/events/").json(), 7
    )
    out["events_api_page_size"] = 200

    def download():
        response = client.get(f"/api/matches/{match.pk}/log.jsonl")
        out["log_bytes"] = len(b"".join(response.streaming_content))

    out["log_download_ms"] = _median_ms(download, 5)
    if browser:
        out["time_to_first_board_ms"] = _time_to_first_board()
    return out


def _time_to_first_board() -> dict:
    """Per game: navigation start to the first board drawn, cold (first visit)."""
    import socketserver
    import threading
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

    from django.core.wsgi import get_wsgi_application

    from engine import registry

    from matches import services

    if not Path(CHROMIUM).exists():
        return {"skipped": f"{CHROMIUM} missing (make setup installs it)"}
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "playwright missing (make setup installs it)"}

    class Quiet(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    class Threading(socketserver.ThreadingMixIn, WSGIServer):
        daemon_threads = True

    matches = {}
    for game in registry.games().values():
        names = sorted(game.bots)
        bots = [names[i % len(names)] for i in range(min(game.seat_counts))]
        matches[game.name] = services.play_and_store(game.name, bots, 1)

    server = make_server("127.0.0.1", 0, get_wsgi_application(), Threading, Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    out = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, match in matches.items():
                context = browser.new_context()
                page = context.new_page()
                began = time.perf_counter()
                page.goto(f"{base}/matches/{match.pk}/")
                page.wait_for_selector("#board[data-loaded='true'] svg", timeout=30000)
                out[name] = {
                    "ms": round((time.perf_counter() - began) * 1000, 1),
                    "events": match.event_count,
                }
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return out


if __name__ == "__main__":
    if "--child" in sys.argv:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs a loop
        print(json.dumps(_child_main("--browser" in sys.argv)))
    else:
        print(json.dumps(run(), indent=2))

"""What serving a replay costs the platform (issue 26 items 5 and 6, issue 21's
bounded replays): the events API's CPU per event served, the API's throttle per
request, a replay step, and states served while cycling through more stored
matches than a web process keeps.

Eighteen eight-seat Powerball matches (random v random, about 3,000 events each)
are played and stored in a scratch PostgreSQL database, then read through the
API in this process (Django's test client: the whole request path, no network).
CPU is this process's time (``time.process_time``): the database server's is
not in it. With ``SCRIMMAGE_BENCH_BEFORE`` naming another checkout (say main
before this work), that checkout runs the same child beside this one, each on a
database of its own; ``REDIS_URL`` (when set) is the shared cache of both.

``python bench/replay_bench.py --child ROOT`` runs one side and prints its JSON.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MATCHES = 18
SEATS = 8
GAME = "powerball"
UNLIMITED = "1000000000/hour"


def run(passes: int = 3) -> dict:
    """Each side ``passes`` times, the sides in turn (the machine's load moves
    between them); each figure is the median of its passes."""
    from bench.scratch import scratch_database

    sides = {"after": ROOT}
    before = os.environ.get("SCRIMMAGE_BENCH_BEFORE")
    if before:
        sides["before"] = Path(before).resolve()
    runs: dict[str, list[dict]] = {name: [] for name in sides}
    for _ in range(passes):
        for name, root in sides.items():
            with scratch_database(f"scrimmage_replay_{name}") as (url, problem):
                runs[name].append({"skipped": problem} if problem else _run_side(root, url))
    out: dict = {"game": GAME, "seats": SEATS, "matches": MATCHES, "passes": passes}
    out.update({name: _medians(results) for name, results in runs.items()})
    if "before" in out and "error" not in out["before"] and "error" not in out["after"]:
        out["ratios"] = _ratios(out["before"], out["after"])
    return out


def _medians(results: list[dict]) -> dict:
    bad = [r for r in results if "error" in r or "skipped" in r]
    if bad:
        return bad[0]
    first = results[0]
    return {
        k: statistics.median(r[k] for r in results) if isinstance(v, (int, float)) else v
        for k, v in first.items()
    }


def _run_side(root: Path, url: str) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SECRET_KEY": "bench-" + os.urandom(16).hex(),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "SCRIMMAGE_THROTTLE_ANON": UNLIMITED,
        "SCRIMMAGE_THROTTLE_USER": UNLIMITED,
        "SCRIMMAGE_THROTTLE_REPLAY": UNLIMITED,
        "PYTHONPATH": os.pathsep.join([str(root), str(root / "platform")]),
    }
    env.pop("DJANGO_DEBUG", None)
    proc = subprocess.run(
        [sys.executable, str(HERE / "replay_bench.py"), "--child", str(root)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if proc.returncode != 0:
        return {"error": proc.stderr.strip()[-2000:] or "failed"}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _ratios(before: dict, after: dict) -> dict:
    keys = [k for k, v in after.items() if isinstance(v, (int, float)) and before.get(k)]
    return {k: round(before[k] / after[k], 2) for k in keys if after[k]}


# -- the child: one checkout ----------------------------------------------------------
def _child(root: Path) -> dict:
    sys.path[:0] = [str(root), str(root / "platform")]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from matches import services

    call_command("migrate", verbosity=0, interactive=False)
    cache.clear()
    out: dict = {"cache": settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]}
    matches = [services.play_and_store(GAME, ["random"] * SEATS, seed) for seed in range(MATCHES)]
    assert all(m.status == "finished" for m in matches), [m.error for m in matches]
    out["events_per_match"] = round(statistics.mean(m.event_count for m in matches))
    client = Client()
    out.update(_events_api(client, matches[0]))
    out.update(_throttle())
    out.update(_steps(client, matches[0]))
    out.update(_cycling(client, matches))
    out.update(_under_load(root, matches))
    return out


def _cpu_per_event(client, match, query: str, repeat: int = 3) -> tuple[float, float]:
    """Median CPU us an event, paging through the whole log with ``query`` (the
    requests only, not the client's decoding of the pages): with the shared cache
    emptied before each pass, and with it as the passes before left it."""
    from django.core.cache import cache

    def one_pass() -> float:
        spent, served = 0.0, 0
        url = f"/api/matches/{match.pk}/events/?{query}"
        while url:
            cpu = time.process_time()
            response = client.get(url)
            spent += time.process_time() - cpu
            page = response.json()
            served += len(page["results"])
            url = page["next"]
        assert served == match.event_count
        return spent / served * 1e6

    cold = []
    for _ in range(repeat):
        cache.clear()
        cold.append(one_pass())
    warm = [one_pass() for _ in range(repeat)]
    return round(statistics.median(cold), 2), round(statistics.median(warm), 2)


def _events_api(client, match) -> dict:
    client.get(f"/api/matches/{match.pk}/events/?limit=1")  # the first request's set-up
    out = {}
    for name, query in [
        ("limit_1000", "limit=1000"),
        ("limit_200", "limit=200"),
        ("no_text", "limit=1000&text=false"),
        # the replay viewer's own requests: a seat's or the spectator's list
        ("spectator", "limit=1000&view=spectator"),
        ("seat", "limit=1000&view=1"),
    ]:
        cold, warm = _cpu_per_event(client, match, query)
        out[f"events_api_cpu_us_per_event_{name}_cold"] = cold
        out[f"events_api_cpu_us_per_event_{name}_cached"] = warm
    runs = []
    for _ in range(5):
        cpu = time.process_time()
        b"".join(client.get(f"/api/matches/{match.pk}/log.jsonl").streaming_content)
        runs.append((time.process_time() - cpu) / match.event_count * 1e6)
    out["log_jsonl_cpu_us_per_event"] = round(statistics.median(runs), 2)
    return out


def _throttle(repeat: int = 300) -> dict:
    """Wall and CPU ms of the API's throttles for one anonymous request."""
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory
    from rest_framework.views import APIView

    view = APIView()
    request = Request(APIRequestFactory().get("/api/matches/", REMOTE_ADDR="10.9.9.9"))
    throttles = view.get_throttles()
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(repeat):
        assert all(t.allow_request(request, view) for t in throttles)
    return {
        "throttle_classes": len(throttles),
        "throttle_wall_ms_per_request": round((time.perf_counter() - wall) / repeat * 1e3, 3),
        "throttle_cpu_ms_per_request": round((time.process_time() - cpu) / repeat * 1e3, 3),
    }


def _steps(client, match) -> dict:
    """A replay stepped one event at a time, in the engine and through the API."""
    from engine import registry

    try:
        from engine.reading import parse_jsonl
    except ImportError:  # a checkout from before engine.reading
        from engine.events import parse_jsonl
    from engine.replay import Replay

    from matches import selectors

    game = registry.get(GAME)
    events = parse_jsonl(selectors.export_bytes(match))
    replay = Replay(game, events)
    last = len(events) - 1
    replay.state_at(last)  # every snapshot made: what a served replay holds
    cpu = time.process_time()
    for seq in range(len(events)):
        replay.state_at(seq)
    out = {"replay_step_cpu_ms": round((time.process_time() - cpu) / len(events) * 1e3, 4)}
    for seq in (255, 256, 511, 512):
        runs = []
        for _ in range(50):
            replay.state_at(last)  # the cursor elsewhere
            cpu = time.process_time()
            replay.state_at(seq)
            runs.append(time.process_time() - cpu)
        out[f"replay_state_at_{seq}_cpu_ms"] = round(statistics.median(runs) * 1e3, 4)
    seeks = random.Random(1).choices(range(len(events)), k=500)
    cpu = time.process_time()
    for seq in seeks:
        replay.state_at(seq)
    out["replay_random_seek_cpu_ms"] = round((time.process_time() - cpu) / len(seeks) * 1e3, 4)
    url = f"/api/matches/{match.pk}/state/?seat=spectator&at="
    client.get(url + "0")
    wall, cpu = time.perf_counter(), time.process_time()
    for seq in range(1, 201):
        assert client.get(url + str(seq)).status_code == 200
    out["api_state_step_wall_ms"] = round((time.perf_counter() - wall) / 200 * 1e3, 2)
    out["api_state_step_cpu_ms"] = round((time.process_time() - cpu) / 200 * 1e3, 2)
    return out


def _cycling(client, matches) -> dict:
    """States of the 18 matches in turn, at random events: more matches than a web
    process keeps, as a client cycling through logs asks them."""
    pick = random.Random(2)
    times = []
    for _ in range(3):
        for match in matches:
            at = pick.randrange(match.event_count)
            began = time.perf_counter()
            assert client.get(f"/api/matches/{match.pk}/state/?at={at}").status_code == 200
            times.append((time.perf_counter() - began) * 1e3)
    return {
        "cycling_state_median_ms": round(statistics.median(times), 2),
        "cycling_state_max_ms": round(max(times), 2),
    }


def _under_load(root: Path, matches, clients: int = 8, seconds: float = 20) -> dict:
    """A match's page, alone and while ``clients`` anonymous clients cycle through
    the matches' states, served by gunicorn (two sync workers, as deployed)."""
    import socket
    import threading
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "-w", "2"]
        + ["-b", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=root / "platform",
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"

    def fetch(path: str) -> float:
        began = time.perf_counter()
        with urllib.request.urlopen(base + path, timeout=120) as response:
            response.read()
        return (time.perf_counter() - began) * 1e3

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                fetch("/api/")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        page = f"/matches/{matches[0].pk}/"
        fetch(page)
        alone = [fetch(page) for _ in range(10)]
        stop = threading.Event()
        states = []

        def cycle(n: int) -> None:
            pick = random.Random(n)
            while not stop.is_set():
                match = pick.choice(matches)
                at = pick.randrange(match.event_count)
                states.append(fetch(f"/api/matches/{match.pk}/state/?at={at}"))

        threads = [threading.Thread(target=cycle, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        loaded, ends = [], time.monotonic() + seconds
        while time.monotonic() < ends:
            loaded.append(fetch(page))
        stop.set()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {
        "match_page_alone_ms": round(statistics.median(alone), 1),
        f"match_page_with_{clients}_clients_ms": round(statistics.median(loaded), 1),
        f"states_for_{clients}_clients_median_ms": round(statistics.median(states), 1),
        f"states_served_in_{int(seconds)}_s": len(states),
    }


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        print(json.dumps(_child(Path(sys.argv[2]))))
    else:
        print(json.dumps(run(), indent=2))

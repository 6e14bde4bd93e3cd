"""Engine figures: matches and events per second, verify speed, seek time.

One core, one process; each figure runs for a fixed budget of CPU time (process
time: other processes on a busy machine slow the wall clock far more).

``seed_games``: the five seed games at their largest table (``engine_figures``),
each run in a process of its own ``ROUNDS`` times, the median kept. With
``SCRIMMAGE_BENCH_BEFORE`` set to another checkout (say, main before a change),
the same figures of that checkout's engine are taken in turn with these (one run
of each, then again), and ``ratio`` is after over before.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine import registry
from engine.lineup import lineup
from engine.replay import Replay, verify
from engine.runner import run_match

SEED_GAMES = ("aimbots", "aerial_assault", "cascade_effect", "powerball", "dogfight")
ROUNDS = 5
FIGURES = Path(__file__).with_name("engine_figures.py")
BEFORE_ENV = "SCRIMMAGE_BENCH_BEFORE"


def _timed_matches(game, bots, budget):
    began, matches, events, longest = time.process_time(), 0, 0, None
    while time.process_time() - began < budget or matches == 0:
        seats, players = lineup(game, bots)
        match = run_match(game, players, seats, matches)
        matches += 1
        events += len(match.log)
        if longest is None or len(match.log) > len(longest.log):
            longest = match
    elapsed = time.process_time() - began
    return {
        "matches": matches,
        "seconds": round(elapsed, 3),
        "matches_per_second": round(matches / elapsed, 2),
        "events_per_second": round(events / elapsed),
        "events_per_match": events // matches,
    }, longest


def _verify_speed(game, match):
    began = time.process_time()
    verdict = verify(match.log.events, registry.get)
    elapsed = time.process_time() - began
    assert verdict.ok, verdict.describe()
    return {
        "events": len(match.log),
        "seconds": round(elapsed, 4),
        "events_per_second": round(len(match.log) / elapsed),
    }


def _seek(game, match):
    last = len(match.log) - 1
    replay = Replay(game, match.log.events)
    began = time.perf_counter()
    replay.state_at(last)
    cold = time.perf_counter() - began
    began = time.perf_counter()
    replay.state_at(last)
    warm = time.perf_counter() - began
    return {
        "events": len(match.log),
        "cold_ms": round(cold * 1000, 3),
        "with_snapshots_ms": round(warm * 1000, 3),
    }


def bench_game(name: str, budget: float = 4.0, seats: int | None = None) -> dict:
    game = registry.get(name)
    seats = seats or game.seat_counts[0]
    out = {}
    longest = None
    for bot in ("random", "greedy"):
        figures, match = _timed_matches(game, [bot] * seats, budget)
        out[f"{bot}_v_{bot}"] = figures
        if longest is None or len(match.log) > len(longest.log):
            longest = match
    for count in (4, 8):  # the bigger tables a game allows, random bots only
        if count in game.seat_counts and count != seats:
            out[f"random_{count}_seats"], _ = _timed_matches(game, ["random"] * count, budget)
    out["verify"] = _verify_speed(game, longest)
    out["seek_to_last_event_of_longest_log"] = _seek(game, longest)
    return out


def _figures(name: str, engine_path: str | None) -> dict:
    """``engine_figures`` of ``name`` in a fresh process, with the engine found
    first on ``engine_path`` when given (another checkout)."""
    env = dict(os.environ)
    if engine_path is not None:
        env["PYTHONPATH"] = engine_path
    out = subprocess.run(
        [sys.executable, str(FIGURES), name], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


KEYS = ("play_events_per_second", "verify_events_per_second", "floor_events_per_second")


def seed_games(rounds: int = ROUNDS) -> dict:
    before = os.environ.get(BEFORE_ENV)
    out = {}
    for name in SEED_GAMES:
        if name not in registry.games():
            continue
        now, then = [], []
        for _ in range(rounds):
            now.append(_figures(name, None))
            if before:
                then.append(_figures(name, before))
        figures = _medians(now)
        figures["verify_over_floor"] = round(
            figures["verify_events_per_second"] / figures["floor_events_per_second"], 3
        )
        if before:
            figures["before"] = _medians(then)
            figures["same_logs_as_before"] = now[0]["logs_digest"] == then[0]["logs_digest"]
            figures["ratio"] = {
                key: round(figures[key] / figures["before"][key], 2) for key in KEYS
            }
        out[name] = figures
    return out


def _medians(runs: list[dict]) -> dict:
    first = runs[0]
    out = {key: first[key] for key in ("seats", "matches", "events")}
    out.update({key: round(statistics.median(r[key] for r in runs)) for key in KEYS})
    out["runs"] = len(runs)
    return out


def run() -> dict:
    out = {name: bench_game(name) for name in registry.games()}
    out["seed_games_largest_table_cpu"] = {
        "before": os.environ.get(BEFORE_ENV),
        "games": seed_games(),
    }
    return out

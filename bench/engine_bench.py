"""Engine figures: matches and events per second, verify speed, seek time.

One core, one process; each figure runs for a fixed wall-clock budget.
"""

from __future__ import annotations

import time

from engine import registry
from engine.lineup import lineup
from engine.replay import Replay, verify
from engine.runner import run_match


def _timed_matches(game, bots, budget):
    began, matches, events, longest = time.perf_counter(), 0, 0, None
    while time.perf_counter() - began < budget or matches == 0:
        seats, players = lineup(game, bots)
        match = run_match(game, players, seats, matches)
        matches += 1
        events += len(match.log)
        if longest is None or len(match.log) > len(longest.log):
            longest = match
    elapsed = time.perf_counter() - began
    return {
        "matches": matches,
        "seconds": round(elapsed, 3),
        "matches_per_second": round(matches / elapsed, 2),
        "events_per_second": round(events / elapsed),
        "events_per_match": events // matches,
    }, longest


def _verify_speed(game, match):
    began = time.perf_counter()
    verdict = verify(match.log.events, registry.get)
    elapsed = time.perf_counter() - began
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


def run() -> dict:
    return {name: bench_game(name) for name in registry.games()}

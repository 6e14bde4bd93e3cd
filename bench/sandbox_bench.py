"""Sandbox figures: what running a bot out of process, in bubblewrap, costs.

- ``round_trip_ms``: per-decision time seen by the runner (p50, p99) for the
  tic-tac-toe starter in the sandbox, against the same decision in process;
- ``start_ms``: spawning the sandbox and completing the handshake (p50, p99);
- ``matches``: whole matches, two sandboxed starters against each other versus
  two in-process random bots, for tic-tac-toe and aimbots (when registered);
- ``play_cpu``: the CPU seconds (user and system, the bots' processes included)
  of a whole ``scrimmage play`` of tic-tac-toe, two sandboxed starters against two
  built-in random bots, run in turn; ``extra_s`` is what the sandbox adds.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from engine import registry
from engine.bots import Limits, Sandbox, SubprocessPlayer, load_program
from engine.events import ACTION_SUBMITTED
from engine.game import Header, Seat
from engine.lineup import lineup
from engine.registry import starter_path
from engine.runner import run_match

LIMITS = Limits(startup=10.0, decision=10.0, match=600.0)


def percentile_ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 3)


class TimedPlayer:
    """Wraps a player and times each decide() as the runner sees it."""

    def __init__(self, inner) -> None:
        self.inner, self.times = inner, []

    def begin(self, seat, header):
        self.inner.begin(seat, header)
        if hasattr(self.inner, "handshake"):  # start-up is measured apart, in _start
            self.inner.handshake()

    def decide(self, request):
        began = time.perf_counter()
        action = self.inner.decide(request)
        self.times.append(time.perf_counter() - began)
        return action

    def finish(self, outcome):
        self.inner.finish(outcome)


def _round_trips(matches: int = 40) -> dict:
    game = registry.get("tic_tac_toe")
    starter = str(starter_path("tic_tac_toe"))
    out = {}
    for label, bots in (("sandboxed", [starter, starter]), ("in_process", ["random", "random"])):
        times: list[float] = []
        for seed in range(matches):
            seats, players = lineup(game, bots, limits=LIMITS)
            timed = [TimedPlayer(p) for p in players]
            run_match(game, timed, seats, seed)
            for t in timed:
                times += t.times
        out[label] = {
            "decisions": len(times),
            "p50_ms": percentile_ms(times, 0.5),
            "p99_ms": percentile_ms(times, 0.99),
        }
    return out


def _start(count: int = 30, program_path=None) -> dict:
    """Spawn-to-ready times of ``program_path`` (the tic-tac-toe starter)."""
    game = registry.get("tic_tac_toe")
    program = load_program(program_path or starter_path("tic_tac_toe"))
    sandbox = Sandbox(LIMITS)
    header = Header(
        game.name,
        game.rules_version,
        0,
        (Seat("a"), Seat("b")),
        {},
        {"max_steps": 100, "max_faults": 5},
    )
    starts, closes = [], []
    for _ in range(count):
        player = SubprocessPlayer(program, sandbox=sandbox)
        began = time.perf_counter()
        player.begin(0, header)
        player.handshake()
        starts.append(time.perf_counter() - began)
        assert player.failure is None, player.failure
        began = time.perf_counter()
        player.close()
        closes.append(time.perf_counter() - began)
    return {
        "spawn_and_handshake_p50_ms": percentile_ms(starts, 0.5),
        "spawn_and_handshake_p99_ms": percentile_ms(starts, 0.99),
        "kill_and_reap_p50_ms": percentile_ms(closes, 0.5),
        "runs": count,
    }


def _matches(name: str, count: int) -> dict:
    game = registry.get(name)
    starter = str(starter_path(name))
    seats_n = game.seat_counts[0]
    out = {}
    for label, bots in (("sandboxed", [starter] * seats_n), ("in_process", ["random"] * seats_n)):
        began, decisions = time.perf_counter(), 0
        for seed in range(count):
            seats, players = lineup(game, bots, limits=LIMITS)
            match = run_match(game, players, seats, seed)
            decisions += sum(1 for e in match.log if e.type == ACTION_SUBMITTED)
        elapsed = time.perf_counter() - began
        out[label] = {
            "matches": count,
            "seconds_per_match": round(elapsed / count, 4),
            "decisions_per_match": decisions // count,
        }
    out["slowdown"] = round(
        out["sandboxed"]["seconds_per_match"] / max(out["in_process"]["seconds_per_match"], 1e-9), 1
    )
    return out


def _play_cpu(rounds: int = 7) -> dict:
    starter = str(starter_path("tic_tac_toe"))
    command = [sys.executable, "-m", "engine", "play", "tic_tac_toe"]
    runs: dict[str, list[float]] = {"sandboxed": [], "built_in": []}
    subprocess.run(command + [starter, starter], capture_output=True, check=True)  # warm up
    for _ in range(rounds):
        for label, bots in (("sandboxed", [starter, starter]), ("built_in", ["random", "random"])):
            before = os.times()
            subprocess.run(command + bots, capture_output=True, check=True)
            after = os.times()
            runs[label].append(
                after.children_user
                - before.children_user
                + after.children_system
                - before.children_system
            )
    out = {label: round(statistics.median(cpu), 3) for label, cpu in runs.items()}
    out["extra_s"] = round(out["sandboxed"] - out["built_in"], 3)
    out["runs"] = rounds
    return out


def run() -> dict:
    result = {
        "play_cpu": _play_cpu(),
        "bwrap": Sandbox(LIMITS).sandboxed,
        "round_trip": _round_trips(),
        "start": _start(),
        "matches": {"tic_tac_toe": _matches("tic_tac_toe", 20)},
    }
    if "aimbots" in registry.games():
        result["matches"]["aimbots"] = _matches("aimbots", 3)
    return result


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))

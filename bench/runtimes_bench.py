"""Runtime figures: each bot language's start-up and decision round trip in the
sandbox, beside Python's (issue 25's targets: native and JavaScript start within
2x of Python, round trips under 1 ms p99).

- ``start_ms``: spawning the sandbox until the bot's ``ready`` (p50, p99);
- ``round_trip_ms``: a tic-tac-toe decision as the runner sees it (p50, p99),
  the starter of each language against the built-in random bot.

The C starter is built static with gcc and the Java starter's jar with javac and
jar, into a temporary folder, each run.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from bench import sandbox_bench
from bench.sandbox_bench import LIMITS, TimedPlayer, percentile_ms
from engine import registry
from engine.lineup import lineup
from engine.registry import folder_of
from engine.runner import run_match

SDK = Path(__file__).resolve().parents[1] / "engine" / "sdk"


def _programs(folder: Path) -> dict[str, Path]:
    game = folder_of(registry.get("tic_tac_toe"))
    found = {"python": game / "starter.py", "javascript": game / "starter.js"}
    if shutil.which("gcc"):
        native = folder / "bot"
        subprocess.run(["gcc", "-O2", "-static", "-o", native, SDK / "starter.c"], check=True)
        found["native"] = native
    if shutil.which("javac") and shutil.which("jar"):
        classes, jar = folder / "classes", folder / "bot.jar"
        sources = [SDK / "java" / "ScrimmageBot.java", SDK / "java" / "Starter.java"]
        subprocess.run(["javac", "-d", classes, *sources], check=True)
        subprocess.run(
            ["jar", "--create", "--file", jar, "--main-class", "Starter", "-C", classes, "."],
            check=True,
        )
        found["java"] = jar
    return found


def _start(program_path: Path, count: int) -> dict:
    figures = sandbox_bench._start(count, program_path)
    return {
        "p50": figures["spawn_and_handshake_p50_ms"],
        "p99": figures["spawn_and_handshake_p99_ms"],
        "runs": count,
    }


def _round_trips(program_path: Path, matches: int) -> dict:
    game = registry.get("tic_tac_toe")
    times: list[float] = []
    for seed in range(matches):
        seats, players = lineup(game, [str(program_path), "random"], limits=LIMITS)
        timed = TimedPlayer(players[0])
        run_match(game, [timed, players[1]], seats, seed)
        times += timed.times
    return {
        "p50": percentile_ms(times, 0.5),
        "p99": percentile_ms(times, 0.99),
        "decisions": len(times),
    }


def run(starts: int = 20, matches: int = 40) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="runtimes-bench-") as folder:
        for language, path in _programs(Path(folder)).items():
            out[language] = {
                "start_ms": _start(path, starts),
                "round_trip_ms": _round_trips(path, matches),
            }
    python = out["python"]["start_ms"]["p50"]
    for figures in out.values():
        figures["start_vs_python"] = round(figures["start_ms"]["p50"] / python, 2)
    return out

"""The timing loop every framework's script shares (standard library only: each
script runs under its own interpreter, ours or the peers' virtual environment).

A script hands ``main`` one function per game: ``play(i)`` plays the ``i``-th full
random-versus-random game and returns how many moves were made in it. A *step* is
one move of one player, counted the same way for every framework (a framework's
extra bookkeeping calls, such as PettingZoo's last ``step(None)`` per agent after
the end, are not steps). ``main`` plays games for a fixed time after a short
warm-up, in a few rounds, and prints one JSON object on stdout, with the figures of
the best round (the machine is shared: the least disturbed round is the truest).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Callable

GAMES = ("tic_tac_toe", "connect_four")


def measure(play: Callable[[int], int], seconds: float, warmup: float, rounds: int = 5) -> dict:
    """Play games for ``seconds`` (after a warm-up), in ``rounds`` equal rounds.

    The machine is shared and noisy, so the figures reported are those of the best
    round (the least disturbed), as ``timeit`` advises; the totals are kept too.
    """
    clock = time.perf_counter
    end = clock() + warmup
    i = 0
    while clock() < end:
        play(i)
        i += 1
    best = None
    total_games = total_steps = 0
    total_time = 0.0
    for _ in range(max(1, rounds)):
        games = steps = 0
        began = clock()
        end = began + seconds / max(1, rounds)
        while True:
            steps += play(i)
            games += 1
            i += 1
            if clock() >= end:
                break
        elapsed = clock() - began
        total_games, total_steps, total_time = (
            total_games + games,
            total_steps + steps,
            total_time + elapsed,
        )
        if best is None or elapsed / steps < best[2] / best[1]:
            best = (games, steps, elapsed)
    games, steps, elapsed = best
    return {
        "games": total_games,
        "steps": total_steps,
        "seconds": round(total_time, 3),
        "rounds": max(1, rounds),
        "games_per_s": round(games / elapsed, 1),
        "steps_per_game": round(total_steps / total_games, 2),
        "us_per_step": round(elapsed / steps * 1e6, 2),
        "mean_us_per_step": round(total_time / total_steps * 1e6, 2),
    }


def main(
    framework: str,
    version: str,
    setups: dict[str, Callable[[], Callable[[int], int] | str]],
    path: str,
) -> None:
    """Parse ``--seconds``/``--warmup``/``--games``, time each game, print JSON.

    ``setups`` maps a game name to a function that builds that game's ``play``
    (outside the timed region), or returns a string saying why it cannot.
    """
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--warmup", type=float, default=0.5)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    results = {}
    for name in args.games:
        setup = setups.get(name)
        if setup is None:
            results[name] = {"unavailable": f"{framework} has no {name}"}
            continue
        play = setup()
        if isinstance(play, str):
            results[name] = {"unavailable": play}
            continue
        results[name] = measure(play, args.seconds, args.warmup, args.rounds)
    print(
        json.dumps(
            {
                "framework": framework,
                "version": version,
                "path": path,
                "python": platform.python_version(),
                "games": results,
            }
        )
    )
    sys.stdout.flush()

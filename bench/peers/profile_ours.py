"""Where our time per step goes: cProfile over full random-vs-random matches,
run exactly as scrimmage_peer.py runs them.

    .venv/bin/python bench/peers/profile_ours.py [tic_tac_toe|connect_four] [--games N]

Prints the functions by their own time, each also as microseconds per step
(profiling slows everything down several times: read the shares, not the sums).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from engine import registry
from engine.events import ACTION_SUBMITTED
from engine.lineup import lineup
from engine.runner import run_match


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="tic_tac_toe")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    game = registry.get(args.game)
    steps = 0

    def games() -> None:
        nonlocal steps
        for i in range(args.games):
            seats, players = lineup(game, ["random", "random"])
            match = run_match(game, players, seats, i)
            steps += sum(1 for e in match.log.events if e.type == ACTION_SUBMITTED)

    profile = cProfile.Profile()
    profile.runcall(games)
    stats = pstats.Stats(profile)
    total = stats.total_tt
    print(
        f"{args.game}: {args.games} games, {steps} steps; profiled {total / steps * 1e6:.1f} us/step"
    )
    rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[: args.top]
    print(f"{'own us/step':>11} {'share':>6} {'calls/step':>10}  function")
    for (path, line, name), (calls, _, own, _cum, _) in rows:
        where = path.split("/work/main/")[-1] if "/" in path else path
        print(
            f"{own / steps * 1e6:>11.2f} {own / total:>6.1%} {calls / steps:>10.2f}  "
            f"{name} ({where}:{line})"
        )


if __name__ == "__main__":
    main()

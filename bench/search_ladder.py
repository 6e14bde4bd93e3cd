"""The built-ins' ladder: random < greedy < search-1 < search < search-3.

``python -m bench.run search_ladder`` (or ``python -m bench.search_ladder
[matches] [game ...]``, which prints the figures as JSON) plays, for each of the five seed games, two-seat
matches of each step of the ladder and of ``search`` against ``greedy``, the
seats swapped every other match (draws count half), and records each step's
win rate for the stronger bot and the search bots' decisions per second.
``SEARCH_LADDER_MATCHES`` (default 200) sets the matches per step and
``SEARCH_LADDER_GAMES`` (comma-separated) the games. It measures
play, not a time limit: nothing here asserts.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from engine import registry
from engine.lineup import lineup
from engine.runner import run_match
from engine.search.bot import SearchBot

GAMES = ("aimbots", "aerial_assault", "cascade_effect", "powerball", "dogfight")
#: (stronger, weaker): search against greedy (issue 29's 70%), then the ladder's
#: steps, the cheap ones first (a run cut short still has the headline figure)
STEPS = (
    ("greedy", "random"),
    ("search", "greedy"),
    ("search-1", "greedy"),
    ("search", "search-1"),
    ("search-3", "search"),
)


class DecisionClock:
    """Counts the search bots' decisions and the wall time they take."""

    def __init__(self) -> None:
        self.decisions = 0
        self.seconds = 0.0
        self._decide = SearchBot.decide

    def __enter__(self) -> DecisionClock:
        clock, decide = self, self._decide

        def timed(bot: SearchBot, request: Any) -> Any:
            start = time.perf_counter()
            try:
                return decide(bot, request)
            finally:
                clock.seconds += time.perf_counter() - start
                clock.decisions += 1

        SearchBot.decide = timed  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        SearchBot.decide = self._decide  # type: ignore[method-assign]


def step(name: str, strong: str, weak: str, matches: int) -> dict[str, Any]:
    """``strong``'s share of ``matches`` against ``weak``, seats swapped every other one."""
    game = registry.get(name)
    points = 0.0
    faults = 0  # a bot's exception is played as the default: a bug, not a strength
    start = time.perf_counter()
    with DecisionClock() as clock:
        for i in range(matches):
            order = [strong, weak] if i % 2 == 0 else [weak, strong]
            seats, players = lineup(game, order)
            match = run_match(game, players, seats, seed=20_000 + i)
            faults += sum(match.faults)
            ranks = match.outcome.ranks  # type: ignore[union-attr]
            mine, theirs = (ranks[0], ranks[1]) if i % 2 == 0 else (ranks[1], ranks[0])
            points += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return {
        "matches": matches,
        "win_rate": round(points / matches, 3),
        "seconds": round(time.perf_counter() - start, 1),
        "search_decisions": clock.decisions,
        "faults": faults,
        "search_decisions_per_second": round(clock.decisions / clock.seconds, 2)
        if clock.seconds
        else None,
    }


def run(matches: int | None = None, games: tuple[str, ...] = ()) -> dict[str, Any]:
    count = matches or int(os.environ.get("SEARCH_LADDER_MATCHES", "200"))
    named = os.environ.get("SEARCH_LADDER_GAMES", "")
    games = games or (tuple(named.split(",")) if named else GAMES)
    out: dict[str, Any] = {}
    for name in games:
        out[name] = {}
        for strong, weak in STEPS:
            figures = step(name, strong, weak, count)
            out[name][f"{strong} vs {weak}"] = figures
            print(name, strong, "vs", weak, figures, flush=True)
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    figures = run(int(args[0]) if args else None, tuple(args[1:]))
    print(json.dumps(figures, indent=2, sort_keys=True))

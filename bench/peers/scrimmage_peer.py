"""Ours: full matches through the real path, as the ladder plays them.

Each game is ``engine.runner.run_match`` with the event log and its hash chain on,
the players built by ``engine.lineup.lineup`` (``BotPlayer`` around ``RandomBot``)
and asked through the player interface, a new seed per match. Run with the
project's interpreter: ``.venv/bin/python bench/peers/scrimmage_peer.py``.
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import main

from engine import registry
from engine.events import ACTION_SUBMITTED
from engine.lineup import lineup
from engine.runner import run_match


def setup(name: str):
    def make():
        game = registry.get(name)
        bots = ["random", "random"]

        def play(i: int) -> int:
            seats, players = lineup(game, bots)
            match = run_match(game, players, seats, i)
            return sum(1 for e in match.log.events if e.type == ACTION_SUBMITTED)

        return play

    return make


if __name__ == "__main__":
    main(
        "scrimmage",
        version("scrimmage"),
        {name: setup(name) for name in ("tic_tac_toe", "connect_four")},
        "engine.runner.run_match, log + hash chain on, BotPlayer(RandomBot) via engine.lineup",
    )

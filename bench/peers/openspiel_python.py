"""OpenSpiel's pure-Python games (open_spiel.python.games), driven through the
same pyspiel API. OpenSpiel ships a Python tic-tac-toe but no Python connect four."""

from __future__ import annotations

import os
import random
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import main


def make_tic_tac_toe():
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_tic_tac_toe")
    choice = random.choice

    def play(i: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        return steps

    return play


def make_connect_four():
    return "OpenSpiel has no pure-Python connect four (open_spiel.python.games)"


if __name__ == "__main__":
    random.seed(0)
    main(
        "open_spiel (pure-Python games)",
        version("open_spiel"),
        {"tic_tac_toe": make_tic_tac_toe, "connect_four": make_connect_four},
        "open_spiel.python.games.tic_tac_toe via pyspiel.load_game('python_tic_tac_toe')",
    )

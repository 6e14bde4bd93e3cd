"""OpenSpiel's C++ games through pyspiel: new_initial_state, legal_actions,
apply_action, with the random choice made in Python."""

from __future__ import annotations

import os
import random
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import main


def setup(name: str):
    def make():
        import pyspiel

        game = pyspiel.load_game(name)
        choice = random.choice

        def play(i: int) -> int:
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                steps += 1
            return steps

        return play

    return make


if __name__ == "__main__":
    random.seed(0)
    main(
        "open_spiel (C++ via pyspiel)",
        version("open_spiel"),
        {name: setup(name) for name in ("tic_tac_toe", "connect_four")},
        "pyspiel.load_game(name): new_initial_state / legal_actions / apply_action",
    )

"""kaggle-environments: ``env.run(["random", "random"])`` with each environment's
built-in random agent; ConnectX for connect four, the OpenSpiel wrapper
(``open_spiel_tic_tac_toe``) for tic-tac-toe. A step of the environment is one
move of the active seat (ConnectX); the OpenSpiel wrapper needs one more
environment step than there are moves, so there the marks on the board are counted.
The OpenSpiel wrapper only lists legal actions (which its random agent needs) with
``includeLegalActions``."""

from __future__ import annotations

import os
import random
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import main


def connectx_moves(steps: list) -> int:
    return len(steps) - 1  # one seat acts per environment step


def tic_tac_toe_moves(steps: list) -> int:
    # the OpenSpiel wrapper takes one more environment step than there are moves,
    # so count the marks on the final board instead
    board = steps[-1][0].observation["observationString"]
    return board.count("x") + board.count("o")


def setup(env_name: str, moves, configuration: dict | None = None):
    def make():
        from kaggle_environments import make as make_env

        env = make_env(env_name, configuration=configuration, debug=False)

        def play(i: int) -> int:
            env.reset()
            return moves(env.run(["random", "random"]))

        return play

    return make


if __name__ == "__main__":
    random.seed(0)
    main(
        "kaggle-environments",
        version("kaggle-environments"),
        {
            "tic_tac_toe": setup(
                "open_spiel_tic_tac_toe", tic_tac_toe_moves, {"includeLegalActions": True}
            ),
            "connect_four": setup("connectx", connectx_moves),
        },
        "kaggle_environments.make(env).run(['random', 'random']): connectx; open_spiel_tic_tac_toe",
    )

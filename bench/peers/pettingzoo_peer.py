"""PettingZoo's classic environments through the AEC API: reset, agent_iter,
last, step, with a random legal action taken from the observation's action mask."""

from __future__ import annotations

import os
import random
import sys
from importlib.metadata import version

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import main


def setup(module: str):
    def make():
        import importlib

        import numpy as np

        env = importlib.import_module(f"pettingzoo.classic.{module}").env()
        choice, nonzero = random.choice, np.flatnonzero

        def play(i: int) -> int:
            env.reset(seed=i)
            steps = 0
            for _agent in env.agent_iter():
                observation, reward, termination, truncation, info = env.last()
                if termination or truncation:
                    action = None  # the AEC API's closing call per agent: not a move
                else:
                    action = int(choice(nonzero(observation["action_mask"])))
                    steps += 1
                env.step(action)
            return steps

        return play

    return make


if __name__ == "__main__":
    random.seed(0)
    main(
        "pettingzoo (classic)",
        version("pettingzoo"),
        {"tic_tac_toe": setup("tictactoe_v3"), "connect_four": setup("connect_four_v3")},
        "pettingzoo.classic.{tictactoe_v3,connect_four_v3}.env(): reset / agent_iter / last / step",
    )

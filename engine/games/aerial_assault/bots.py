"""Built-in Aerial Assault bots: ``random`` and ``greedy`` (in ``greedy.py``).

Both read only ``request.view`` (and the static catalogues in ``cards``). The
build, autonomous and card-play decisions are checked by a function rather than
listed, so the bots build their actions with ``plays.play_options``, which lists
a robot's legal card plays from the view.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.greedy import GreedyBot
from engine.games.aerial_assault.plays import play_options
from engine.games.aerial_assault.search_hooks import project, propose
from engine.players import Request
from engine.rng import Rng
from engine.search.bot import search_bots


class RandomBot:
    """Any legal action, uniformly at each choice point."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Any:
        if request.legal is not None:
            return self.rng.choice(request.legal)
        view = request.view
        phase = view["phase"]
        out = []
        for r in view["my_robots"]:
            robot = view["robots"][r]
            if phase == "build":
                out.append(self.rng.choice(C.legal_builds(robot["budget"])))
            elif phase == "auto":
                hand, zone, program = list(robot["hand"]), robot["zone"], []
                for _ in range(3):
                    play, zone = self.rng.choice(play_options(view, r, hand, zone, True))
                    hand.remove(play["card"])
                    program.append(play)
                out.append(program)
            else:
                play, _ = self.rng.choice(
                    play_options(view, r, robot["hand"], robot["zone"], False)
                )
                out.append(play)
        return out


BOTS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    **search_bots(depth=0.25, value=project, propose=propose),
}

__all__ = ["BOTS", "GreedyBot", "RandomBot", "play_options"]

"""A game may give its search bots a rollout policy of their own
(``search_bots(policy=...)``): that bot proposes the first candidate, the one
the search keeps unless another surely beats it, and plays the rollouts."""

from __future__ import annotations

from typing import Any

from engine import registry
from engine.decisions import Action
from engine.games.tic_tac_toe.rules import EMPTY, State
from engine.players import Request
from engine.rng import Rng
from engine.search.bot import search_bots
from engine.search.mcts import Budget, Hooks, Search

GAME = registry.get("tic_tac_toe")


class LastSquare:
    """Always the last legal action: never what tic-tac-toe's greedy plays first."""

    def __init__(self, game: Any, seat: int, rng: Rng) -> None:
        pass

    def decide(self, request: Request) -> Action:
        return request.legal[-1]


def test_the_policy_proposes_the_first_candidate():
    # seat 0 to move wins at cell 2: tic-tac-toe's greedy takes it
    state = State((0, 0, EMPTY, 1, 1, EMPTY, EMPTY, EMPTY, EMPTY), 0)
    for policy, first in ((LastSquare, 8), ("greedy", 2)):
        search = Search(GAME, 0, Rng(3, 0), Budget(2, 3, 2), Hooks(policy=policy))
        candidates = search.candidates(state, 2)
        assert len(candidates) == 3 and candidates[0] == first


def test_search_bots_carry_the_policy_a_game_gives_them():
    for cls in search_bots(policy=LastSquare).values():
        assert cls.hooks.policy is LastSquare
    assert all(cls.hooks.policy == "greedy" for cls in search_bots(depth=2).values())

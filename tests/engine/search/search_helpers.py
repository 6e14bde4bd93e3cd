"""A search bot at a tiny budget (the behaviour, not the strength, is under test)
and matches that seat it."""

from __future__ import annotations

from engine import registry
from engine.game import Game
from engine.lineup import lineup
from engine.players import BotPlayer
from engine.runner import Match, run_match
from engine.search.bot import SearchBot
from engine.search.mcts import Budget

#: every registered game that can be searched
SEARCHED = sorted(name for name, game in registry.games().items() if game.determinise)


class TinySearchBot(SearchBot):
    budget = Budget(iterations=2, width=2, depth=2)


def tiny_search(game: Game) -> type[SearchBot]:
    """``TinySearchBot`` with what ``game`` supplies to its search (its ranked
    candidates, say), so the fairness and determinism tests cover those too."""
    return type("TinySearchBot", (TinySearchBot,), {"hooks": game.bots["search"].hooks})


def search_match(name: str, seed: int, opponent: str = "greedy") -> Match:
    """A two-seat match: the tiny search bot in seat 0, ``opponent`` in seat 1."""
    game = registry.get(name)
    seats, players = lineup(game, ["random", opponent])
    players[0] = BotPlayer(game, tiny_search(game))
    return run_match(game, players, seats, seed=seed)

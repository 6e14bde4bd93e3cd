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


def tiny_search_bot(game: Game) -> type[SearchBot]:
    """``TinySearchBot`` with the hooks the game gives its own search bots, so
    what a game supplies is held to the same fairness and determinism."""
    hooks = game.bots["search"].hooks
    return type("TinySearchBot", (TinySearchBot,), {"hooks": hooks})


def search_match(name: str, seed: int, opponent: str = "greedy") -> Match:
    """A two-seat match: the tiny search bot in seat 0, ``opponent`` in seat 1."""
    game = registry.get(name)
    seats, players = lineup(game, ["random", opponent])
    players[0] = BotPlayer(game, tiny_search_bot(game))
    return run_match(game, players, seats, seed=seed)

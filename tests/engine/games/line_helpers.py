"""Helpers shared by the line-game tests (tic-tac-toe, connect four): bots that
play a fixed list of moves, and a match between two such lists."""

from __future__ import annotations

from engine.game import Game, Seat
from engine.players import BotPlayer
from engine.runner import Match, run_match


def scripted(moves: list) -> type:
    """A bot class that plays ``moves`` in order (whatever they are)."""

    class Scripted:
        def __init__(self, game, seat, rng):
            self.moves = iter(moves)

        def decide(self, request):
            return next(self.moves)

    return Scripted


def play_moves(game: Game, moves0: list, moves1: list, seed: int = 0) -> Match:
    """A match of ``game`` in which seat 0 plays ``moves0`` and seat 1 ``moves1``."""
    players = [BotPlayer(game, scripted(moves0)), BotPlayer(game, scripted(moves1))]
    return run_match(game, players, [Seat("a"), Seat("b")], seed)

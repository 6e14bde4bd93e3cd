"""Tic-tac-toe as a Scrimmage game plugin."""

from engine.games.tic_tac_toe.bots import BOTS
from engine.games.tic_tac_toe.describe import describe
from engine.games.tic_tac_toe.render import render
from engine.games.tic_tac_toe.rules import TicTacToe

GAME = TicTacToe()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

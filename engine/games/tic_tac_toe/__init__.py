"""Tic-tac-toe as a Scrimmage game plugin."""

from engine.events import ACTION_SUBMITTED
from engine.game import Pacing
from engine.games.tic_tac_toe.bots import BOTS
from engine.games.tic_tac_toe.describe import describe
from engine.games.tic_tac_toe.determinise import determinise
from engine.games.tic_tac_toe.render import panel, render
from engine.games.tic_tac_toe.rules import TicTacToe

GAME = TicTacToe()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# every action places a mark: a turn; about 10 events, a mark every 7 s
GAME.pacing = Pacing(frozenset({ACTION_SUBMITTED}), 0.15)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

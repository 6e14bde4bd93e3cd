"""Connect four as a Scrimmage game plugin."""

from engine.games.connect_four.bots import BOTS
from engine.games.connect_four.describe import describe
from engine.games.connect_four.render import render
from engine.games.connect_four.rules import ConnectFour

GAME = ConnectFour()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

"""Aimbots Combat Arena as a Scrimmage game plugin."""

from engine.games.aimbots.bots import BOTS
from engine.games.aimbots.describe import describe
from engine.games.aimbots.render import render
from engine.games.aimbots.rules import Aimbots

GAME = Aimbots()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

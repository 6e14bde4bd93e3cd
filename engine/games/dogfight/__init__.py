"""Dogfight as a Scrimmage game plugin."""

from engine.games.dogfight.bots import BOTS
from engine.games.dogfight.describe import describe
from engine.games.dogfight.render import render
from engine.games.dogfight.rules import Dogfight

GAME = Dogfight()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

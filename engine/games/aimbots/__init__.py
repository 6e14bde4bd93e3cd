"""Aimbots Combat Arena as a Scrimmage game plugin."""

from engine.game import Pacing
from engine.games.aimbots.bots import BOTS
from engine.games.aimbots.describe import describe
from engine.games.aimbots.determinise import determinise
from engine.games.aimbots.events import TURN_STARTED
from engine.games.aimbots.render import panel, render
from engine.games.aimbots.rules import Aimbots

GAME = Aimbots()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# a step by turn stops as each seat's turn starts
GAME.pacing = Pacing(frozenset({TURN_STARTED}), 4)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

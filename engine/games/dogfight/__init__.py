"""Dogfight as a Scrimmage game plugin."""

from engine.game import Pacing
from engine.games.dogfight.bots import BOTS
from engine.games.dogfight.describe import describe
from engine.games.dogfight.determinise import determinise
from engine.games.dogfight.events import ROUND_STARTED, STAGE_STARTED
from engine.games.dogfight.render import panel, render
from engine.games.dogfight.rules import Dogfight

GAME = Dogfight()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# a step by turn stops at each round and each stage of a round
GAME.pacing = Pacing(frozenset({ROUND_STARTED, STAGE_STARTED}), 1.5)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

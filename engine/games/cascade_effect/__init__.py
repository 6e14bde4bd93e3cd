"""Cascade Effect (the Borg game) as a Scrimmage game plugin."""

from engine.game import Pacing
from engine.games.cascade_effect.bots import BOTS
from engine.games.cascade_effect.describe import describe
from engine.games.cascade_effect.determinise import determinise
from engine.games.cascade_effect.events import TURN_STARTED
from engine.games.cascade_effect.render import panel, render
from engine.games.cascade_effect.rules import CascadeEffect

GAME = CascadeEffect()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# a step by turn stops as each robot's turn starts
GAME.pacing = Pacing(frozenset({TURN_STARTED}), 4)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

"""Cascade Effect (the Borg game) as a Scrimmage game plugin."""

from engine.games.cascade_effect.bots import BOTS
from engine.games.cascade_effect.describe import describe
from engine.games.cascade_effect.render import render
from engine.games.cascade_effect.rules import CascadeEffect

GAME = CascadeEffect()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

"""Aerial Assault (Escape Velocity Games, 2015) as a Scrimmage game plugin."""

from engine.games.aerial_assault.bots import BOTS
from engine.games.aerial_assault.describe import describe
from engine.games.aerial_assault.render import render
from engine.games.aerial_assault.rules import AerialAssault

GAME = AerialAssault()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

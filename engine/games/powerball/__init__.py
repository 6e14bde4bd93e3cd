"""American Robonators: Powerball as a Scrimmage game plugin."""

from engine.games.powerball.bots import BOTS
from engine.games.powerball.describe import describe
from engine.games.powerball.render import render
from engine.games.powerball.rules import Powerball

GAME = Powerball()
GAME.bots = BOTS
GAME.render = render
GAME.describer = describe

__all__ = ["GAME"]

"""American Robonators: Powerball as a Scrimmage game plugin."""

from engine.game import Pacing
from engine.games.powerball.bots import BOTS
from engine.games.powerball.describe import describe
from engine.games.powerball.determinise import determinise
from engine.games.powerball.events import TURN_STARTED
from engine.games.powerball.render import panel, render
from engine.games.powerball.rules import Powerball

GAME = Powerball()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# a step by turn stops as each turn (five registers) starts
GAME.pacing = Pacing(frozenset({TURN_STARTED}), 10)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

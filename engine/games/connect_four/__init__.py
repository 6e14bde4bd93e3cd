"""Connect four as a Scrimmage game plugin."""

from engine.events import ACTION_SUBMITTED
from engine.game import Pacing
from engine.games.connect_four.bots import BOTS
from engine.games.connect_four.describe import describe
from engine.games.connect_four.determinise import determinise
from engine.games.connect_four.render import panel, render
from engine.games.connect_four.rules import ConnectFour

GAME = ConnectFour()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# every action drops a disc: a turn; about 30 events, a disc every 3 s
GAME.pacing = Pacing(frozenset({ACTION_SUBMITTED}), 0.35)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

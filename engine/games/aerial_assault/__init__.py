"""Aerial Assault (Escape Velocity Games, 2015) as a Scrimmage game plugin."""

from engine.game import Pacing
from engine.games.aerial_assault.bots import BOTS
from engine.games.aerial_assault.describe import describe
from engine.games.aerial_assault.determinise import determinise
from engine.games.aerial_assault.events import DRAFT_ENDED, PLAY_ENDED
from engine.games.aerial_assault.render import panel, render
from engine.games.aerial_assault.rules import AerialAssault

GAME = AerialAssault()
GAME.bots = BOTS
GAME.render = render
GAME.panel = panel
# a step by turn stops at the end of the draft and of each play
GAME.pacing = Pacing(frozenset({DRAFT_ENDED, PLAY_ENDED}), 4)
GAME.describer = describe
GAME.determinise = determinise

__all__ = ["GAME"]

"""Games are found through the ``scrimmage.games`` entry points."""

import pytest

from engine import registry
from engine.game import Game, RulesError


def test_every_registered_game_has_the_same_shape():
    games = registry.games()
    assert "tic_tac_toe" in games
    for name, game in games.items():
        assert isinstance(game, Game) and game.name == name
        assert {"random", "greedy"} <= set(game.bots), name
        assert callable(game.render), name
        assert game.seat_counts and game.title


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(RulesError, match="unknown game 'chess'.*tic_tac_toe"):
        registry.get("chess")


def test_an_unknown_bot_names_the_known_ones():
    with pytest.raises(RulesError, match="no built-in bot 'deep'.*greedy, random"):
        registry.bot_class(registry.get("tic_tac_toe"), "deep")

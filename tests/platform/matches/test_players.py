"""Who plays a stored match's seats: the players of the app that answers the
matches app's signal ``players_wanted`` (the bots app: uploaded versions), else
built-in bots only."""

from __future__ import annotations

import pytest

from engine import registry
from engine.game import RulesError

from matches import players
from matches.models import MatchSeat
from matches.signals import players_wanted

TWO_BUILTINS = [MatchSeat(bot_name="random"), MatchSeat(bot_name="greedy")]


@pytest.fixture
def no_app_answers():
    """The bots app's receiver disconnected for the test."""
    from bots.receivers import _seat_players

    assert players_wanted.disconnect(dispatch_uid="bots.seat_players")
    yield
    players_wanted.connect(_seat_players, dispatch_uid="bots.seat_players")


def test_the_bots_app_answers_for_every_match():
    seated = players.seat_players(registry.get("tic_tac_toe"), TWO_BUILTINS)
    assert [type(p).__name__ for p in seated] == [
        type(p).__name__ for p in players.builtin_players(registry.get("tic_tac_toe"), TWO_BUILTINS)
    ]


def test_an_app_s_answer_plays_the_seats(no_app_answers):
    def answer(sender, game, seat_rows, **kwargs):
        return [f"{game.name}:{row.bot_name}" for row in seat_rows]

    players_wanted.connect(answer, dispatch_uid="test.answer")
    try:
        seated = players.seat_players(registry.get("tic_tac_toe"), TWO_BUILTINS)
    finally:
        players_wanted.disconnect(dispatch_uid="test.answer")
    assert seated == ["tic_tac_toe:random", "tic_tac_toe:greedy"]


def test_without_an_answer_only_built_in_bots_play(no_app_answers):
    game = registry.get("tic_tac_toe")
    assert len(players.seat_players(game, TWO_BUILTINS)) == 2
    uploaded = [MatchSeat(bot_name="mine", bot_version_ref_id=7), *TWO_BUILTINS[1:]]
    with pytest.raises(RulesError, match="no installed app runs them"):
        players.seat_players(game, uploaded)

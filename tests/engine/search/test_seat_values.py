"""How a rollout's end is valued for a seat: by the outcome of a finished match,
and, for a game that asks (``search_bots(score_weight=...)``), by the final
scores' leads as well."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ranking import Outcome
from engine.search.bot import SEARCH_BOTS, SearchBot, search_bots
from engine.search.simulate import seat_values


class Scored:
    """A game as ``seat_values`` reads it: the state is the scores."""

    def scores(self, state: Any) -> tuple[int, ...]:
        return tuple(state)


def finished(scores: tuple[int, int]) -> Outcome:
    ranks = (1, 2) if scores[0] > scores[1] else (2, 1) if scores[0] < scores[1] else (1, 1)
    return Outcome(ranks, scores, "over")


def value(scores: tuple[int, int], weight: float = 0.0) -> tuple[float, ...]:
    return seat_values(Scored(), scores, 2, finished(scores), weight)  # type: ignore[arg-type]


def test_by_default_a_finished_match_is_worth_its_outcome_whatever_the_lead():
    assert value((101, 100)) == value((200, 100)) == (1.0, 0.0)
    assert value((100, 100)) == (0.5, 0.5)


def test_with_a_score_weight_a_wider_win_is_worth_more_and_a_narrower_loss_less_bad():
    narrow, wide = value((101, 100), 0.5), value((200, 100), 0.5)
    assert wide[0] > narrow[0] > 0.5
    assert 0.5 > narrow[1] > wide[1]


def test_with_a_score_weight_a_win_is_still_worth_more_than_any_loss():
    # the lead's share never reaches 0 or 1, so it cannot outweigh the outcome
    games = [(101, 100), (500, 499), (500, 0), (99, 100), (0, 500), (499, 500)]
    wins = [value(s, 0.5)[0] for s in games if s[0] > s[1]]
    losses = [value(s, 0.5)[0] for s in games if s[0] < s[1]]
    assert min(wins) > 0.5 > max(losses)


def test_the_weight_takes_its_share_of_the_value_from_the_lead():
    # the same lead is worth (1 - w) of the win plus w of the lead's share
    lead_share = seat_values(Scored(), (200, 100), 2, None)[0]  # type: ignore[arg-type]
    assert value((200, 100), 0.25)[0] == pytest.approx(0.75 * 1.0 + 0.25 * lead_share)


def test_a_game_can_give_all_three_search_bots_a_score_weight():
    weighted = search_bots(depth=3, score_weight=0.5)
    assert set(weighted) == set(SEARCH_BOTS)
    for name, cls in weighted.items():
        assert issubclass(cls, SEARCH_BOTS[name]) and cls.score_weight == 0.5
        assert cls.budget.depth == 3 * SEARCH_BOTS[name].budget.depth


def test_the_search_bots_value_by_the_outcome_alone_unless_a_game_asks():
    assert SearchBot.score_weight == 0.0
    assert all(cls.score_weight == 0.0 for cls in search_bots(depth=0.25).values())
    assert search_bots() == SEARCH_BOTS

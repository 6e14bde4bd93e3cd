"""The ladder benchmark's figures: a step's win rate for the stronger bot, and
the faults its matches held (a bot's exception is played as the decision's
default, so a bug would otherwise pass for a weak bot)."""

from __future__ import annotations

import pytest

from bench.search_ladder import step
from engine import registry


class BrokenBot:
    def __init__(self, game, seat, rng):
        pass

    def decide(self, request):
        raise RuntimeError("a bug")


def test_a_step_counts_the_faults_its_matches_held(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(registry.get("tic_tac_toe").bots, "broken", BrokenBot)
    figures = step("tic_tac_toe", "greedy", "broken", 2)
    assert figures["matches"] == 2 and figures["win_rate"] == 1.0
    assert figures["faults"] > 0


def test_a_step_of_sound_bots_holds_no_fault():
    figures = step("tic_tac_toe", "search-1", "random", 2)
    assert figures["faults"] == 0 and figures["search_decisions"] > 0
    assert 0.0 <= figures["win_rate"] <= 1.0

"""A search bot plays whole matches of every game legally, and its matches are
deterministic: the same seed gives the same log, and verify re-simulates it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import registry
from engine.events import FAULT_TYPES
from engine.lineup import lineup
from engine.reading import parse_jsonl
from engine.replay import verify
from engine.runner import run_match
from engine.search.bot import SearchBot, quick_builtins, search_bots
from engine.search.mcts import Budget
from tests.engine.search.search_helpers import SEARCHED, search_match


def test_every_registered_game_can_be_searched():
    assert sorted(registry.games()) == SEARCHED
    for game in registry.games().values():
        assert {"search-1", "search", "search-3"} <= set(game.bots)


@pytest.mark.parametrize("name", SEARCHED)
def test_the_search_bot_plays_a_whole_match_without_a_fault(name):
    match = search_match(name, seed=11)
    faults = [e for e in match.log.events if e.type in FAULT_TYPES and e.data["seat"] == 0]
    assert match.outcome is not None and match.outcome.reason != "forfeit"
    assert not faults, faults[:1]


@pytest.mark.parametrize("name", SEARCHED)
def test_a_match_with_the_search_bot_replays_byte_for_byte_and_verifies(name):
    first = search_match(name, seed=5)
    again = search_match(name, seed=5)
    assert again.log.to_jsonl() == first.log.to_jsonl()
    verdict = verify(parse_jsonl(first.log.to_jsonl()), registry.get)
    assert verdict.ok, verdict.describe()


def test_demos_seat_search_1_but_not_the_slower_search_budgets():
    for game in registry.games().values():
        quick = quick_builtins(game.bots)
        assert {"random", "greedy", "search-1"} <= set(quick)
        assert not {"search", "search-3"} & set(quick)


def test_a_game_can_shorten_the_rollouts_of_all_three_budgets():
    full, short = search_bots(), search_bots(depth=0.25)
    assert set(short) == set(full) == {"search-1", "search", "search-3"}
    for name, cls in short.items():
        budget, base = cls.budget, full[name].budget
        assert budget.depth == max(1, round(base.depth * 0.25)) < base.depth
        assert (budget.iterations, budget.width) == (base.iterations, base.width)
        assert issubclass(cls, SearchBot) and cls.__doc__ == full[name].__doc__


def test_a_game_can_give_a_level_its_own_budget_and_keep_the_others():
    own = Budget(iterations=3, width=4, depth=24)
    full, bots = search_bots(), search_bots(depth=2, budgets={"search": own})
    assert bots["search"].budget == replace(own, depth=48)
    for name in ("search-1", "search-3"):
        assert bots[name].budget == replace(full[name].budget, depth=full[name].budget.depth * 2)
    with pytest.raises(ValueError, match="search-2"):
        search_bots(budgets={"search-2": own})


@pytest.mark.parametrize("name", SEARCHED)
def test_each_game_s_levels_do_more_work_from_search_1_to_search_3(name):
    # a game may move its levels (Powerball's are one step down), never reorder them
    bots = registry.get(name).bots
    work = [bots[level].budget for level in ("search-1", "search", "search-3")]
    rollouts = [b.iterations * b.width for b in work]
    assert rollouts[0] < rollouts[1] < rollouts[2], rollouts
    assert work[0].confidence >= work[1].confidence >= work[2].confidence


@pytest.mark.parametrize("name", ["dogfight", "cascade_effect"])
def test_search_rollouts_in_the_short_games_play_on_to_the_end_of_the_match(name):
    # valued at the end, a rollout's value is a win or a loss, not the scores' guess
    game = registry.get(name)
    rounds = []
    for seed in range(6):
        seats, players = lineup(game, ["greedy", "greedy"])
        rounds.append(run_match(game, players, seats, seed=seed).steps)
    assert max(rounds) <= game.bots["search"].budget.depth


def test_search_1_tries_fewer_moves_on_fewer_states_and_leaves_the_policy_less_readily():
    # weaker by design, not only by work: a smaller budget with the same bar
    # won about half its matches against search (docs/performance.md)
    weak, mid = search_bots()["search-1"].budget, search_bots()["search"].budget
    assert weak.iterations < mid.iterations and weak.width < mid.width
    assert weak.confidence > mid.confidence

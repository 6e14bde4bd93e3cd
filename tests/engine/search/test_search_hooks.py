"""What a game may supply to its search (``mcts.Hooks``): ranked candidates
tried after the policy's own choice, and a projection that scores a rollout
cut short. Without them every game's search is what it was."""

from __future__ import annotations

from engine import registry
from engine.events import ACTION_SUBMITTED
from engine.game import Outcome
from engine.lineup import lineup
from engine.replay import Replay
from engine.rng import Rng
from engine.runner import run_match
from engine.search.bot import SearchBot, StrongSearchBot, WeakSearchBot, search_bots
from engine.search.mcts import Budget, Hooks, Search
from engine.search.proposals import Policy
from engine.search.simulate import seat_values


def first_decision_state(name: str):
    """A game's state at its first decision, and the seat deciding."""
    game = registry.get(name)
    seats, players = lineup(game, ["greedy", "greedy"])
    events = run_match(game, players, seats, seed=3).log.events
    first = next(e for e in events if e.type == ACTION_SUBMITTED)
    state = Replay(game, events, every=1).state_at(first.seq - 1)
    return game, state, first.data["seat"]


def test_without_hooks_the_search_bots_are_the_shared_classes():
    bots = search_bots()
    assert bots == {"search-1": WeakSearchBot, "search": SearchBot, "search-3": StrongSearchBot}
    assert all(cls.hooks == Hooks() for cls in bots.values())


def test_the_game_supplied_hooks_reach_every_budget():
    def propose(game, request, rng):
        return []

    bots = search_bots(depth=0.5, propose=propose, project=len)
    assert {cls.hooks for cls in bots.values()} == {Hooks(propose=propose, project=len)}


def test_ranked_proposals_follow_the_policys_choice_in_order_and_illegal_ones_are_skipped():
    game, state, seat = first_decision_state("tic_tac_toe")
    legal = next(d for d in game.pending(state) if d.seat == seat).legal
    greedy = Policy(game, 2, Rng(5, 0), "greedy").act(state, game.pending(state)[0])
    others = [a for a in legal if a != greedy]
    offered = [others[-1], "not a move", others[0], greedy, others[1], others[2]]
    hooks = Hooks(propose=lambda game, request, rng: offered)
    search = Search(game, seat, Rng(5, 0), Budget(1, 4, 1), hooks)
    assert search.candidates(state, 2) == [greedy, others[-1], others[0], others[1]]


def test_a_projection_judges_a_rollout_cut_short_but_not_a_finished_match():
    game, state, _ = first_decision_state("tic_tac_toe")
    assert seat_values(game, state, 2, None) == (0.5, 0.5)  # no score yet
    seat_1_ahead = seat_values(game, state, 2, None, lambda s: (0.0, 3.0))
    assert seat_1_ahead[1] > 0.5 > seat_1_ahead[0]
    over = Outcome(ranks=(1, 2), scores=(1, 0), reason="line")
    assert seat_values(game, state, 2, over, lambda s: (0.0, 3.0)) == (1.0, 0.0)

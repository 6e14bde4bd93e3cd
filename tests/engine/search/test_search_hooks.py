"""What a game may supply to its search (``engine.search.mcts.Hooks``): a cut
rollout's value and the candidates worth trying. Without them the search is
the generic one, unchanged."""

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


def a_wide_decision(name: str = "dogfight"):
    """A state of a greedy match at which seat's decision lists four actions or more."""
    game = registry.get(name)
    seats, players = lineup(game, ["greedy", "greedy"])
    events = run_match(game, players, seats, seed=3).log.events
    replay = Replay(game, events, every=1)
    for e in events[1:]:
        if e.type == ACTION_SUBMITTED:
            state = replay.state_at(e.seq - 1)
            for decision in game.pending(state):
                if decision.legal is not None and len(decision.legal) >= 4:
                    return game, state, decision
    raise AssertionError("no decision with four actions")


def test_without_hooks_the_search_bots_are_the_generic_ones():
    bots = search_bots()
    assert bots == {"search-1": WeakSearchBot, "search": SearchBot, "search-3": StrongSearchBot}
    assert SearchBot.hooks == Hooks()
    short = search_bots(depth=0.25)
    assert all(cls.hooks == Hooks() for cls in short.values())


def test_the_hooks_reach_all_three_search_bots():
    def value(state):
        return (0.0, 0.0)

    def propose(game, state, decision, rng):
        return []

    for cls in search_bots(depth=0.5, value=value, propose=propose).values():
        assert cls.hooks == Hooks(value, propose)


def test_proposed_actions_follow_the_policys_choice_before_any_random_one():
    game, state, decision = a_wide_decision()
    proposed = list(reversed(decision.legal))
    hooks = Hooks(propose=lambda game, s, d, rng: proposed)
    search = Search(game, decision.seat, Rng(8, 1), Budget(1, 3, 1), hooks)
    candidates = search.candidates(state, 2)
    greedy = Policy(game, 2, Rng(8, 1), "greedy").act(state, decision)
    assert candidates[0] == greedy
    assert candidates[1:] == [a for a in proposed if a != greedy][:2]


def test_proposals_keep_their_order_and_an_illegal_one_is_skipped():
    game, state, decision = a_wide_decision()
    greedy = Policy(game, 2, Rng(5, 0), "greedy").act(state, decision)
    others = [a for a in decision.legal if a != greedy]
    offered = [others[-1], "not a move", others[0], greedy, others[1], others[2]]
    hooks = Hooks(propose=lambda game, s, d, rng: offered)
    search = Search(game, decision.seat, Rng(5, 0), Budget(1, 4, 1), hooks)
    assert search.candidates(state, 2) == [greedy, others[-1], others[0], others[1]]


def test_a_cut_rollout_is_valued_by_the_games_standing_when_it_gives_one():
    game, state, _ = a_wide_decision()
    assert game.outcome(state) is None
    tied = seat_values(game, state, 2, None, lambda s: (3.0, 3.0))
    ahead = seat_values(game, state, 2, None, lambda s: (4.0, 1.0))
    assert tied == (0.5, 0.5)
    assert ahead[0] > 0.5 > ahead[1]
    assert seat_values(game, state, 2, None) == seat_values(game, state, 2, None, None)


def test_a_finished_rollout_is_valued_by_its_outcome_not_the_standing():
    game, state, _ = a_wide_decision()
    over = Outcome(ranks=(1, 2), scores=(1, 0), reason="line")
    assert seat_values(game, state, 2, over, lambda s: (0.0, 3.0)) == (1.0, 0.0)

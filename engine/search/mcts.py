"""Determinised Monte Carlo search at the decision, with common random numbers.

Each iteration draws a full state that agrees with the searching seat's view
(the game's ``determinise``: unseen cards shuffled back, hidden cores dealt,
future dice left to chance) and plays every candidate action from it: the
other seats deciding now answer as the rollout policy would, without seeing
the searcher's choice (a simultaneous decision stays one), then the policy
plays every seat for ``depth`` decision rounds and the position is valued by
the outcome or the scores (``simulate.seat_values``). Every candidate of an
iteration meets the same drawn state and the same chance (one seed for the
dice and the policy's tie-breaks), so two candidates' values differ by what
the actions do, not by luck: a few dozen rollouts then tell actions apart
that thousands of independent ones would blur.

The candidates are the rollout policy's own choice first, then other legal
actions (a decision that lists none: what ``greedy`` and ``random`` propose);
the search keeps the policy's choice unless another did surely better (``pick``).
The only randomness is the ``Rng`` the caller gives: the seat's stream of a
built-in bot, so a match with a search bot re-simulates byte for byte.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.decisions import Action, Decision
from engine.game import Game
from engine.rng import Rng
from engine.search.proposals import Policy, fresh_proposal, key_of, legal_or_default
from engine.search.simulate import advance, seat_values

#: by how many standard errors of the run-by-run differences an action must beat
#: its policy's own choice, on average, for the search to prefer it. One, not
#: more: held-out rollouts (docs/performance.md, issue 29) showed a stricter bar
#: (1.5 and a margin of 0.02) keeping greedy's move at most decisions where
#: another won more, and a looser one (the best mean) leaving it where none did
CONFIDENCE = 1.0


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard one decision is searched, in work rather than wall time (the
    same on every machine): ``iterations`` drawn states, on each of which
    ``width`` candidate actions are rolled out ``depth`` decision rounds; and
    how sure the search must be to leave the policy's move (``confidence``)."""

    iterations: int
    width: int
    depth: int
    #: ``pick``'s bar: by how many standard errors of the paired gains another
    #: candidate must beat the policy's choice to be played
    confidence: float = CONFIDENCE


#: a game's ranked proposals at a decision, given the drawn state and the
#: search's generator: the actions it would try besides the policy's own choice,
#: best first
Propose = Callable[[Game, Any, Decision, Rng], list[Action]]
#: a game's standing of the seats in a state a rollout stopped in before the
#: end, on the scale of ``game.scores`` (a score plus what a position is worth)
Value = Callable[[Any], tuple[float, ...]]


@dataclass(frozen=True, slots=True)
class Hooks:
    """What a game may supply to its search (``search_bots(...)`` in its
    ``bots.py``); each left ``None`` keeps the generic behaviour.

    ``value(state)``: each seat's standing in a match that is not over (a cut
    rollout is valued by it in place of the raw scores: a game whose score moves
    seldom can tell progress towards it). ``propose(game, state, decision, rng)``:
    the decision's actions worth trying, best first, after the policy's own
    choice and before random ones (which, in a game of many compound actions,
    seldom hold a good one). Both are given the drawn state, which agrees with
    the searching seat's view. ``policy``: the bot that plays every seat in the
    rollouts and proposes the first candidate, a built-in's name or a bot class
    the game supplies (for a game whose ``greedy`` misses a plan that one
    decision cannot start: rollouts that return to greedy's plan cannot see its
    worth)."""

    value: Value | None = None
    propose: Propose | None = None
    policy: str | type = "greedy"


class Search:
    """One decision's search for ``seat``."""

    def __init__(
        self, game: Game, seat: int, rng: Rng, budget: Budget, hooks: Hooks = Hooks()
    ) -> None:
        if game.determinise is None:
            raise TypeError(f"{game.name} has no determinise: it cannot be searched")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.hooks = hooks

    def run(self, view: dict[str, Any], decision: Decision) -> Action:
        determinise = self.game.determinise
        assert determinise is not None  # checked when the search was built
        state = determinise(view, self.seat, self.rng)
        seats = len(self.game.scores(state)) or 2
        candidates = self.candidates(state, seats)
        if len(candidates) < 2:
            return legal_or_default(decision, candidates[0]) if candidates else decision.default
        runs: list[list[float]] = []
        for i in range(self.budget.iterations):
            if i:
                state = determinise(view, self.seat, self.rng)
            values = self.compare(state, seats, candidates, self.rng.next64() >> 1)
            if values is not None:
                runs.append(values)
        return legal_or_default(decision, candidates[pick(runs, self.budget.confidence)])

    def candidates(self, state: Any, seats: int) -> list[Action]:
        """Up to ``width`` distinct actions of the seat's decision in ``state``,
        the policy's choice first."""
        mine = [d for d in self.game.pending(state) if d.seat == self.seat]
        if not mine:
            return []
        policy = Policy(self.game, seats, self.rng, self.hooks.policy)
        random = Policy(self.game, seats, self.rng, "random")
        found: dict[str, Action] = {}
        if self.hooks.propose is not None:
            self.ranked(state, mine[0], policy, found)
        for _ in range(2 * self.budget.width):
            if len(found) >= self.budget.width:
                break
            action = fresh_proposal(mine[0], found, policy, random, state, self.rng)
            if action is None:
                break
            found.setdefault(key_of(action), action)
        return list(found.values())

    def ranked(
        self, state: Any, decision: Decision, policy: Policy, found: dict[str, Action]
    ) -> None:
        """Fill ``found`` with the policy's choice and then the game's ranked
        proposals (``Hooks.propose``), up to ``width``; an illegal one is skipped."""
        assert self.hooks.propose is not None
        first = policy.act(state, decision)
        found[key_of(first)] = first
        for action in self.hooks.propose(self.game, state, decision, self.rng):
            if len(found) >= self.budget.width:
                return
            if legal_or_default(decision, action) is action:
                found.setdefault(key_of(action), action)

    def compare(
        self, state: Any, seats: int, candidates: list[Action], seed: int
    ) -> list[float] | None:
        """The seat's value after each candidate, all under the same chance;
        ``None`` when the drawn state refuses one (it then teaches nothing)."""
        values = []
        try:
            for action in candidates:
                chance = Rng(seed, 0)
                policy = Policy(self.game, seats, Rng(seed, 1), self.hooks.policy)
                after = self.step(state, action, policy, chance)
                values.append(self.rollout(after, policy, chance, seats)[self.seat])
        except Exception:  # a drawn state the rules refuse
            return None
        return values

    def step(self, state: Any, action: Action, policy: Policy, chance: Rng) -> Any:
        """The state after the seat plays ``action`` and the others deciding with
        it answer as the policy would."""
        joint = {
            d.seat: action if d.seat == self.seat else policy.act(state, d)
            for d in self.game.pending(state)
        }
        return advance(self.game, state, joint, chance)

    def rollout(self, state: Any, policy: Policy, chance: Rng, seats: int) -> tuple[float, ...]:
        game = self.game
        outcome = game.outcome(state)
        for _ in range(self.budget.depth):
            if outcome is not None:
                break
            decisions = game.pending(state)
            if not decisions:
                break
            state = advance(game, state, {d.seat: policy.act(state, d) for d in decisions}, chance)
            outcome = game.outcome(state)
        return seat_values(game, state, seats, outcome, self.hooks.value)


def pick(runs: list[list[float]], confidence: float = CONFIDENCE, margin: float = 0.0) -> int:
    """The index of the candidate to play, given each run's values: the policy's
    choice (0) unless another beat it, run by run, on average by more than
    ``margin`` and by more than ``confidence`` standard errors of those paired
    differences. The best of a few noisy means, taken as it is, would often be
    the luckiest action rather than the best."""
    if len(runs) < 2:
        return 0
    best, best_gain = 0, 0.0
    for j in range(1, len(runs[0])):
        gains = [run[j] - run[0] for run in runs]
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1))
        if mean > max(margin, confidence * spread / math.sqrt(len(gains)), best_gain):
            best, best_gain = j, mean
    return best

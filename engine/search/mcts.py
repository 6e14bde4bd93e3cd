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
the search keeps the policy's choice unless another did better by ``MARGIN``.
The only randomness is the ``Rng`` the caller gives: the seat's stream of a
built-in bot, so a match with a search bot re-simulates byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.decisions import Action, Decision
from engine.game import Game
from engine.rng import Rng
from engine.search.proposals import Policy, fresh_proposal, key_of, legal_or_default
from engine.search.simulate import advance, seat_values

#: how much better (in the seat's share of wins, averaged) an action must do
#: for the search to prefer it to its policy's own choice
MARGIN = 0.02


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard one decision is searched, in work rather than wall time (the
    same on every machine): ``iterations`` drawn states, on each of which
    ``width`` candidate actions are rolled out ``depth`` decision rounds."""

    iterations: int
    width: int
    depth: int


class Search:
    """One decision's search for ``seat``."""

    def __init__(self, game: Game, seat: int, rng: Rng, budget: Budget) -> None:
        if game.determinise is None:
            raise TypeError(f"{game.name} has no determinise: it cannot be searched")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget

    def run(self, view: dict[str, Any], decision: Decision) -> Action:
        determinise = self.game.determinise
        assert determinise is not None  # checked when the search was built
        state = determinise(view, self.seat, self.rng)
        seats = len(self.game.scores(state)) or 2
        candidates = self.candidates(state, seats)
        if len(candidates) < 2:
            return legal_or_default(decision, candidates[0]) if candidates else decision.default
        totals = [0.0] * len(candidates)
        for i in range(self.budget.iterations):
            if i:
                state = determinise(view, self.seat, self.rng)
            values = self.compare(state, seats, candidates, self.rng.next64() >> 1)
            if values is not None:
                totals = [t + v for t, v in zip(totals, values)]
        return legal_or_default(decision, self.pick(candidates, totals))

    def candidates(self, state: Any, seats: int) -> list[Action]:
        """Up to ``width`` distinct actions of the seat's decision in ``state``,
        the policy's choice first."""
        mine = [d for d in self.game.pending(state) if d.seat == self.seat]
        if not mine:
            return []
        greedy = Policy(self.game, seats, self.rng, "greedy")
        random = Policy(self.game, seats, self.rng, "random")
        found: dict[str, Action] = {}
        for _ in range(2 * self.budget.width):
            action = fresh_proposal(mine[0], found, greedy, random, state, self.rng)
            if action is None:
                break
            found.setdefault(key_of(action), action)
            if len(found) >= self.budget.width:
                break
        return list(found.values())

    def compare(
        self, state: Any, seats: int, candidates: list[Action], seed: int
    ) -> list[float] | None:
        """The seat's value after each candidate, all under the same chance;
        ``None`` when the drawn state refuses one (it then teaches nothing)."""
        values = []
        try:
            for action in candidates:
                chance, policy = Rng(seed, 0), Policy(self.game, seats, Rng(seed, 1), "greedy")
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
        return seat_values(game, state, seats, outcome)

    def pick(self, candidates: list[Action], totals: list[float]) -> Action:
        """The policy's choice (the first) unless another did better by
        ``MARGIN`` a rollout: the best of a few noisy means, taken as it is,
        would often be the luckiest action rather than the best."""
        runs = max(1, self.budget.iterations)
        best = max(range(len(candidates)), key=lambda j: totals[j])
        if (totals[best] - totals[0]) / runs > MARGIN:
            return candidates[best]
        return candidates[0]

"""Information-set Monte Carlo tree search with determinisation.

Each iteration draws a full state that agrees with the searching seat's view
(the game's ``determinise``: unseen cards shuffled back, future dice left to the
search's own generator), then walks one open-loop tree: a node is a sequence
of decision rounds, and at each node every seat that decides picks its own
action by UCB over its own statistics (decoupled UCT), so a simultaneous
decision is searched as one, no seat seeing another's choice. Actions enter a
node one at a time as it is visited (progressive widening), the rollout
policy's choice first. Below the tree the policy plays ``depth`` rounds and the
position is valued by the outcome or the scores (``simulate.seat_values``).

The only randomness is the ``Rng`` the caller gives: the seat's stream of a
built-in bot, so a match with a search bot re-simulates byte for byte.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.decisions import Action, Decision
from engine.game import Game
from engine.rng import Rng
from engine.search.proposals import Policy, fresh_proposal, key_of, legal_or_default
from engine.search.simulate import advance, seat_values

#: the UCB exploration constant for values in [0, 1]
EXPLORE = 0.7
#: a seat's actions at a node grow as 1 + WIDEN * sqrt(visits)
WIDEN = 1.0


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard one decision is searched: ``iterations`` drawn states walked
    (not wall time: the same on every machine), each rolled out ``depth``
    decision rounds past the tree before the position is valued."""

    iterations: int
    depth: int


class Arm:
    """One seat's statistics for one action at one node."""

    __slots__ = ("action", "visits", "total")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0


class Node:
    """A position reached by a sequence of decision rounds (open loop: the
    chance between them is folded into the statistics)."""

    __slots__ = ("arms", "visits", "children")

    def __init__(self) -> None:
        self.arms: dict[int, dict[str, Arm]] = {}
        self.visits: dict[int, int] = {}
        self.children: dict[str, Node] = {}


class Search:
    """One decision's search for ``seat``."""

    def __init__(self, game: Game, seat: int, rng: Rng, budget: Budget) -> None:
        if game.determinise is None:
            raise TypeError(f"{game.name} has no determinise: it cannot be searched")
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.sim_rng = Rng(rng.next64() >> 1, 0)

    def run(self, view: dict[str, Any], decision: Decision) -> Action:
        determinise, root = self.game.determinise, Node()
        assert determinise is not None  # checked when the search was built
        for i in range(self.budget.iterations):
            state = determinise(view, self.seat, self.rng)
            if i == 0:
                self.meet(state)
            self.iterate(root, state)
        arms = root.arms.get(self.seat, {})
        ranked = sorted(arms.values(), key=lambda arm: (-arm.visits, -arm.total))
        for arm in ranked:
            if legal_or_default(decision, arm.action) is arm.action:
                return arm.action
        return decision.default

    def meet(self, state: Any) -> None:
        """Learn the seat count from the first drawn state and seat the policy bots."""
        self.seats = len(self.game.scores(state)) or 2
        self.greedy = Policy(self.game, self.seats, self.rng, "greedy")
        self.random = Policy(self.game, self.seats, self.rng, "random")

    def iterate(self, root: Node, state: Any) -> None:
        game, path, node = self.game, [], root
        outcome = game.outcome(state)
        try:
            while outcome is None:
                decisions = game.pending(state)
                if not decisions:
                    break
                joint = {d.seat: self.choose(node, d, state) for d in decisions}
                path.append((node, joint))
                state = advance(game, state, {s: a.action for s, a in joint.items()}, self.sim_rng)
                outcome = game.outcome(state)
                key = key_of(
                    [[s, k] for s, k in sorted((s, key_of(a.action)) for s, a in joint.items())]
                )
                child = node.children.get(key)
                if child is None:
                    node.children[key] = Node()
                    break
                node = child
            values = self.rollout(state, outcome)
        except Exception:  # a drawn state the rules refuse: this walk teaches nothing
            return
        for node, joint in path:
            for seat, arm in joint.items():
                node.visits[seat] = node.visits.get(seat, 0) + 1
                arm.visits += 1
                arm.total += values[seat]

    def choose(self, node: Node, decision: Decision, state: Any) -> Arm:
        """The seat's arm at ``node``: a new one while the node may widen, else
        the best by UCB of those legal in this drawn state."""
        seat = decision.seat
        arms = node.arms.setdefault(seat, {})
        visits = node.visits.get(seat, 0)
        if len(arms) < 1 + WIDEN * math.sqrt(visits):
            action = fresh_proposal(decision, arms, self.greedy, self.random, state, self.rng)
            if action is not None:
                arm = arms.setdefault(key_of(action), Arm(action))
                if arm.visits == 0:
                    return arm
        log_n = math.log(visits + 1)

        def ucb(arm: Arm) -> float:
            if arm.visits == 0:
                return math.inf
            return arm.total / arm.visits + EXPLORE * math.sqrt(log_n / arm.visits)

        for arm in sorted(arms.values(), key=ucb, reverse=True):
            if legal_or_default(decision, arm.action) is arm.action:
                return arm
        default = decision.default
        return arms.setdefault(key_of(default), Arm(default))

    def rollout(self, state: Any, outcome: Any) -> tuple[float, ...]:
        game = self.game
        for _ in range(self.budget.depth):
            if outcome is not None:
                break
            decisions = game.pending(state)
            if not decisions:
                break
            actions = {d.seat: self.greedy.act(state, d) for d in decisions}
            state = advance(game, state, actions, self.sim_rng)
            outcome = game.outcome(state)
        return seat_values(game, state, self.seats, outcome)

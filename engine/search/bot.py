"""The search bots every game with a ``determinise`` lists among its built-ins:
``search-1`` (weaker), ``search`` and ``search-3`` (stronger), one class each,
differing only in their ``Budget``. ``search-1`` is weaker by design, not only
by work: half ``search``'s candidates, two drawn states and a stricter bar for
leaving the policy's move, so it departs from greedy less often. ``search``
beats it in four seed games, where it beat the old ``search-1`` (4 x 4, the
same bar) only about half the time (docs/performance.md, "A ladder between the
search levels"). A game whose default levels do not make a ladder gives a
level its own budget (``search_bots(budgets=...)``: Powerball, Aimbots). A bot
reads its seat's view and the decision, never the true state, and draws only
from the generator the runner gives it (its seat's stream)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.decisions import Action
from engine.players import Request
from engine.rng import Rng
from engine.search.mcts import Budget, Hooks, Propose, Search, Value


class SearchBot:
    """Monte Carlo search over states drawn to agree with its view (rollouts of
    its ``hooks.policy``: greedy unless the game supplies a bot)."""

    budget = Budget(iterations=8, width=6, depth=24)
    #: what the game supplies to the search (``search_bots``): none by default
    hooks = Hooks()

    def __init__(self, game: Any, seat: int, rng: Rng) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Action:
        decision = request.decision
        legal = decision.legal
        if legal is not None and len(legal) == 1:
            return legal[0]  # nothing to weigh
        search = Search(self.game, self.seat, self.rng, self.budget, self.hooks)
        return search.run(request.view, decision)


class WeakSearchBot(SearchBot):
    """Monte Carlo search over greedy's move and two others on two drawn states,
    leaving greedy's only for a gain of 1.5 standard errors, at half ``search``'s
    rollout depth."""

    budget = Budget(iterations=2, width=3, depth=12, confidence=1.5)


class StrongSearchBot(SearchBot):
    """Monte Carlo search at a larger budget than ``search``'s."""

    budget = Budget(iterations=12, width=8, depth=24)


#: the search levels by built-in name, weaker to stronger
LEVELS: Mapping[str, type[SearchBot]] = {
    "search-1": WeakSearchBot,
    "search": SearchBot,
    "search-3": StrongSearchBot,
}

#: the levels one step down, for a game whose default ``search`` beats ``search-1``
#: by far more than a step (``search_bots(budgets=ONE_STEP_DOWN)``): ``search-3``
#: plays the default ``search``'s budget, which a bigger one hardly beats (Dogfight:
#: four times its rollouts won 54%), and ``search`` 3 drawn states x 4 moves, a step
#: from each (docs/performance.md, "The ladder in budgets")
ONE_STEP_DOWN: Mapping[str, Budget] = {
    "search": Budget(iterations=3, width=4, depth=24),
    "search-3": SearchBot.budget,
}


def search_bots(
    depth: float = 1.0,
    value: Value | None = None,
    propose: Propose | None = None,
    policy: str | type = "greedy",
    budgets: Mapping[str, Budget] | None = None,
) -> dict[str, type]:
    """The search bots by built-in name, for a game's ``BOTS``. ``depth`` scales
    their rollouts for a game whose rounds cost more (many small decisions a
    turn, a greedy move that scores every legal action), so a decision stays
    well under the platform's per-decision limit at every budget. ``value``,
    ``propose`` and ``policy`` are the game's own ``Hooks`` for its search (none
    by default: the generic search, rolling out ``greedy``). ``budgets``: a
    level's budget in this game, by name, in place of its class's (its depth
    scaled by ``depth`` too), for a game whose default levels do not make a
    ladder (each level beating the one below it, docs/performance.md)."""
    hooks = Hooks(value, propose, policy)
    budgets = budgets or {}
    unknown = sorted(budgets.keys() - LEVELS.keys())
    if unknown:
        raise ValueError(f"no search level {unknown[0]!r}")
    if depth == 1.0 and hooks == Hooks() and not budgets:
        return dict(LEVELS)
    out = {}
    for name, cls in LEVELS.items():
        b = budgets.get(name, cls.budget)
        scaled = replace(b, depth=max(1, round(b.depth * depth)))
        attrs = {"budget": scaled, "hooks": hooks, "__doc__": cls.__doc__}
        out[name] = type(cls.__name__, (cls,), attrs)
    return out


#: the search bots at the full rollout depth
SEARCH_BOTS: dict[str, type] = search_bots()

#: the search bots too slow for a demo's quick matches (seconds a decision in
#: the larger games): demos seat ``search-1`` and leave these to challenges
SLOW_BUILTINS = frozenset({"search", "search-3"})


def quick_builtins(bots: Mapping[str, type]) -> list[str]:
    """The names of a game's built-in bots fit for quick demo matches, sorted."""
    return sorted(name for name in bots if name not in SLOW_BUILTINS)

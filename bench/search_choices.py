"""How good the search bots' choices are, judged by held-out rollouts (issue 29).

``python -m bench.search_choices GAME [MATCHES] [RUNS] [WIDTH]`` records the
positions ``search`` meets in MATCHES matches against ``greedy`` (seats
swapped), then rolls each position's WIDTH candidates out RUNS times, paired as
the search pairs them (one drawn state and one seed per run), to the end of the
match or ``CAP`` decision rounds, noting the value at every depth of ``DEPTHS``.
For each budget of ``BUDGETS`` (runs, width, depth) and each decision rule of
``RULES`` it then chooses from that many runs, cut at that depth, and judges the
choice by the other runs at full depth: the gain over the rollout policy's own
choice per decision (the seat's share of wins, times 1000) and how often the
choice departs from it. The policy is the game's ``search`` bot's (``greedy``
unless the game supplies one, ``search_bots(policy=...)``). That tells a rule
too strict (it keeps the policy's move where another won more) from one too
loose (it leaves the policy's move for a lucky one), and what depth and width are worth, without playing hundreds of matches. It
measures; nothing here asserts. ``CAP`` (environment ``SEARCH_CHOICES_CAP``,
default 64) bounds the dearer games' rollouts.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from engine import registry
from engine.game import Game
from engine.lineup import lineup
from engine.rng import Rng
from engine.runner import run_match
from engine.search.bot import SearchBot
from engine.search.mcts import Budget, Hooks, Search, pick
from engine.search.proposals import Policy
from engine.search.simulate import advance, seat_values

DEPTHS = (2, 4, 8, 12, 24, 48, 96)
#: (runs, width, depth) chosen from; the first is ``search``'s old budget
BUDGETS = ((4, 4, 24), (8, 4, 24), (8, 6, 24), (8, 6, 96), (4, 6, 96), (8, 6, 2), (8, 6, 8))

Rule = Callable[[list[list[float]]], int]
Position = tuple[dict[str, Any], int]  # (view, seat)
#: per run, per candidate: (value at each of DEPTHS and at the end, rounds played)
Runs = list[list[tuple[list[float], int]]]


def best_mean(runs: list[list[float]]) -> int:
    means = [sum(column) / len(runs) for column in zip(*runs)]
    return max(range(len(means)), key=lambda j: (means[j], j == 0))


RULES: dict[str, Rule] = {
    "pick (1 SE)": pick,
    "old pick (1.5 SE, margin 0.02)": lambda runs: pick(runs, 1.5, 0.02),
    "0.5 SE": lambda runs: pick(runs, 0.5),
    "best mean": best_mean,
}


def positions(game: Game, name: str, matches: int) -> list[Position]:
    """The views at which ``search`` weighed two or more actions in its matches."""
    seen: list[Position] = []
    decide = SearchBot.decide

    def record(bot: SearchBot, request: Any) -> Any:
        legal = request.decision.legal
        if legal is None or len(legal) > 1:
            seen.append((request.view, bot.seat))
        return decide(bot, request)

    SearchBot.decide = record  # type: ignore[method-assign]
    try:
        for i in range(matches):
            seats, players = lineup(game, ["search", "greedy"][:: 1 if i % 2 == 0 else -1])
            run_match(game, players, seats, seed=30_000 + i)
    finally:
        SearchBot.decide = decide  # type: ignore[method-assign]
    return seen


def roll_out(game: Game, position: Position, runs: int, width: int, cap: int, key: int) -> Runs:
    """Each candidate's values, run by run, paired as ``Search.compare`` pairs them."""
    view, seat = position
    assert game.determinise is not None
    hooks = game.bots["search"].hooks  # the game's own candidates, as its search tries them
    search = Search(game, seat, Rng(key, 29), Budget(runs, width, cap), hooks)
    state = game.determinise(view, seat, search.rng)
    seats = len(game.scores(state)) or 2
    candidates = search.candidates(state, seats)
    out: Runs = []
    for _ in range(runs if len(candidates) > 1 else 0):
        state = game.determinise(view, seat, search.rng)
        seed = search.rng.next64() >> 1
        try:
            row = []
            for action in candidates:
                chance, policy = Rng(seed, 0), Policy(game, seats, Rng(seed, 1), hooks.policy)
                after = search.step(state, action, policy, chance)
                row.append(values_by_depth(game, after, policy, chance, (seats, seat, cap), hooks))
        except Exception:  # a drawn state the rules refuse, as the search skips it
            continue
        out.append(row)
    return out


def values_by_depth(
    game: Game, state: Any, policy: Policy, chance: Rng, where: tuple[int, int, int], hooks: Hooks
) -> tuple[list[float], int]:
    """The seat's value after each of ``DEPTHS`` rounds of the policy and at the
    end (or ``cap``), and the rounds played; ``where`` is (seats, seat, cap)."""
    seats, seat, cap = where
    values: list[float] = []
    outcome = game.outcome(state)
    played = 0
    while True:
        while len(values) < len(DEPTHS) and DEPTHS[len(values)] <= played:
            values.append(seat_values(game, state, seats, outcome, hooks.value)[seat])
        decisions = game.pending(state) if outcome is None and played < cap else []
        if not decisions:
            final = seat_values(game, state, seats, outcome, hooks.value)[seat]
            return values + [final] * (len(DEPTHS) + 1 - len(values)), played
        state = advance(game, state, {d.seat: policy.act(state, d) for d in decisions}, chance)
        outcome = game.outcome(state)
        played += 1


def judge(data: list[Runs], budget: tuple[int, int, int], rule: Rule) -> dict[str, float]:
    """Choose from the first runs of each position at ``budget``, judge on the rest."""
    runs, width, depth = budget
    at = DEPTHS.index(depth)
    gain = departs = rounds = 0.0
    counted = 0
    for position in data:
        if len(position) < runs + 4:
            continue
        chosen, held = position[:runs], position[runs:]
        w = min(width, len(chosen[0]))
        truth = [sum(run[j][0][-1] for run in held) / len(held) for j in range(w)]
        choice = rule([[run[j][0][at] for j in range(w)] for run in chosen])
        gain += truth[choice] - truth[0]
        departs += choice != 0
        rounds += sum(min(run[j][1], depth) for run in chosen for j in range(w))
        counted += 1
    n = max(1, counted)
    return {
        "gain_x1000": round(1000 * gain / n, 1),
        "departs": round(departs / n, 2),
        "rounds": round(rounds / n),
    }


def run(name: str, matches: int = 6, runs: int = 32, width: int = 6) -> dict[str, Any]:
    game = registry.get(name)
    cap = int(os.environ.get("SEARCH_CHOICES_CAP", "64"))
    data = [
        roll_out(game, p, runs, width, cap, key)
        for key, p in enumerate(positions(game, name, matches))
    ]
    data = [d for d in data if d]
    out: dict[str, Any] = {"game": name, "positions": len(data), "runs": runs, "cap": cap}
    for budget in BUDGETS:
        if budget[1] <= width and budget[2] in DEPTHS and budget[0] + 4 <= runs:
            k, w, d = budget
            out[f"{k} runs x {w} wide, depth {d}"] = {
                rule_name: judge(data, budget, rule) for rule_name, rule in RULES.items()
            }
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    figures = run(args[0], *(int(a) for a in args[1:4]))
    print(json.dumps(figures, indent=2))

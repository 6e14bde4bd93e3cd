"""Stepping a game's rules without a runner or a log: what a search needs to
play a position forward. The runner's own order is kept (each submitted action
folded as ``ActionSubmitted``, in decision order, then ``resolve`` and its
events), so a searched line reaches the states a real match would."""

from __future__ import annotations

from typing import Any

from engine.decisions import Action
from engine.events import ACTION_SUBMITTED, Event
from engine.folding import Resolved
from engine.game import Game, Outcome
from engine.rng import Rng


def advance(game: Game, state: Any, actions: dict[int, Action], rng: Rng) -> Any:
    """The state after ``actions`` (seat -> action, in decision order) are
    submitted and resolved in ``state``."""
    evolve = game.evolve
    for seat, action in actions.items():
        state = evolve(state, Event(ACTION_SUBMITTED, {"seat": seat, "action": action}))
    events = game.resolve(state, actions, rng)
    if type(events) is Resolved:
        if events.folded:
            state = events.state
        events = events[events.folded :]
    for event in events:
        state = evolve(state, event)
    return state


def seat_values(game: Game, state: Any, seats: int, outcome: Outcome | None) -> tuple[float, ...]:
    """Each seat's share of the wins against the others, in [0, 1]: from the
    ranks of a finished match, else from the scores so far (a lead counts for
    more the larger it is against the scores' size)."""
    if outcome is not None:
        return _pairwise(outcome.ranks, lambda mine, theirs: 1.0 if mine < theirs else 0.0)
    scores = tuple(game.scores(state))
    if len(scores) != seats:
        return (0.5,) * seats
    scale = 1.0 + 0.25 * max(abs(s) for s in scores)

    def share(mine: float, theirs: float) -> float:
        lead = max(-1.0, min(1.0, (mine - theirs) / scale))
        return 0.5 + 0.45 * lead  # never quite a win: the match is not over

    return _pairwise(scores, share)


def _pairwise(keys: Any, beats: Any) -> tuple[float, ...]:
    """Average over the other seats of ``beats(mine, theirs)``, ties half."""
    n = len(keys)
    if n < 2:
        return (0.5,) * n
    out = []
    for i, mine in enumerate(keys):
        total = 0.0
        for j, theirs in enumerate(keys):
            if i != j:
                total += 0.5 if mine == theirs else beats(mine, theirs)
        out.append(total / (n - 1))
    return tuple(out)

"""The states a game's ``resolve`` hands back (``Resolved``) are the states the
fold of its log reaches: the runner keeps them instead of folding the events
again, and a replay of the log must meet exactly the same states."""

from __future__ import annotations

import pytest

from engine import registry
from engine.lineup import lineup
from engine.runner import Match
from tests.engine.games.test_golden_logs import OPTIONS


class FoldChecker:
    """Wraps a player: at every decision, the match's state must equal the fold
    of every event logged so far."""

    def __init__(self, inner, folded: dict) -> None:
        self.inner, self.folded = inner, folded

    def begin(self, seat, header):
        self.inner.begin(seat, header)

    def decide(self, request):
        match = request._match
        events = match.log.events
        evolve = match.game.evolve
        state = self.folded.get("state")
        for event in events[self.folded.get("upto", 0) :]:
            state = evolve(state, event)
        self.folded.update(state=state, upto=len(events))
        assert match.state == state, f"the state after event {len(events) - 1} is not its fold"
        self.folded["checks"] = self.folded.get("checks", 0) + 1
        return self.inner.decide(request)

    def finish(self, outcome):
        self.inner.finish(outcome)


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_the_state_after_every_step_is_the_fold_of_the_log(name):
    game = registry.get(name)
    runs = [(n, bot, {}) for n in game.seat_counts for bot in ("random", "greedy")]
    runs += [(game.seat_counts[0], "random", o) for o in OPTIONS.get(name, [])]
    for seed, (n, bot, options) in enumerate(runs):
        try:
            game.check_setup(n, game.resolve_options(options))
        except Exception:
            continue
        folded: dict = {}
        seats, players = lineup(game, [bot] * n)
        match = Match.begin(game, seats, seed, options)
        match.play([FoldChecker(p, folded) for p in players])
        assert folded["checks"] > 0
        state = None
        for event in match.log.events:
            state = game.evolve(state, event)
        assert match.state == state

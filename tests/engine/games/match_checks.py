"""Checks shared by the games' whole-match tests: a player that plays whatever
legal action hypothesis-drawn numbers point at (so any legal sequence of play
can be generated), a player full of faults, a player that checks every decision
it is asked, and the determinism-and-verify check."""

from __future__ import annotations

from engine import registry
from engine.lineup import lineup
from engine.players import PlayerFault
from engine.replay import verify
from engine.runner import run_match


def check_same_seed_same_log_and_verifies(game, bots, seed: int = 5, **options) -> None:
    """Same seed and bots: byte-identical logs; another seed: another log; the log
    verifies and ends with MatchEnded."""

    def play(s):
        seats, players = lineup(game, bots)
        return run_match(game, players, seats, s, options)

    a, b = play(seed), play(seed)
    assert a.log.to_jsonl() == b.log.to_jsonl()
    assert play(seed + 1).log.to_jsonl() != a.log.to_jsonl()
    assert verify(a.log.events, registry.get).ok
    assert a.log.events[-1].type == "MatchEnded"


class Watching:
    """Wraps a player: calls ``check(game, state)`` at every decision it is asked,
    before it answers. The runner counts an exception of a player as its fault and
    plays on, so a failed check is kept in ``failures`` for the test to assert on."""

    def __init__(self, inner, check, failures: list) -> None:
        self.inner, self.check, self.failures = inner, check, failures

    def begin(self, seat, header):
        self.inner.begin(seat, header)

    def decide(self, request):
        match = request._match
        try:
            self.check(match.game, match.state)
        except AssertionError as failed:
            self.failures.append(failed)
        return self.inner.decide(request)

    def finish(self, outcome):
        self.inner.finish(outcome)


class ChosenBot:
    """Plays ``legal[pick % len(legal)]`` for the picks in turn, round and round."""

    def __init__(self, picks):
        self.picks = picks

    def begin(self, seat, header):
        self.n = 0

    def decide(self, request):
        legal = request.legal
        pick = self.picks[self.n % len(self.picks)]
        self.n += 1
        return legal[pick % len(legal)]

    def finish(self, outcome):
        pass


class Faulty:
    """A built-in bot class: illegal actions, time-outs, floats and legal moves (or
    the default where the decision lists none), in a fixed rhythm."""

    def __init__(self, game, seat, rng):
        self.rng = rng
        self.n = 0

    def decide(self, request):
        self.n += 1
        if self.n % 3 == 0:
            return 99
        if self.n % 5 == 0:
            raise PlayerFault("PlayerTimedOut", "too slow")
        if self.n % 7 == 0:
            return 1.5
        legal = request.legal
        return self.rng.choice(legal) if legal is not None else request.decision.default

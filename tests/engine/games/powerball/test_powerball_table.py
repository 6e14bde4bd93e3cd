"""A table folds its events into a working copy (``table.py``, ``engine.states.Draft``):
what ``resolve`` hands back must be the state the replay's fold reaches, field by
field, and the state it was given must be left as it was."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.folding import Resolved, fold_events
from engine.games.powerball import GAME
from engine.games.powerball.fold import evolve
from engine.games.powerball.state import State
from engine.lineup import lineup
from engine.runner import Match
from engine.states import to_plain


def differences(got: State, want: State) -> list[str]:
    """The fields (a robot's by seat) where two states differ."""
    out = [
        f.name
        for f in fields(State)
        if f.name != "robots" and getattr(got, f.name) != getattr(want, f.name)
    ]
    for mine, theirs in zip(got.robots, want.robots, strict=True):
        out += [
            f"robot {theirs.seat}: {f.name}"
            for f in fields(mine)
            if getattr(mine, f.name) != getattr(theirs, f.name)
        ]
    return out


class CheckedResolve:
    """Powerball's ``resolve``, each answer checked against the fold of its events."""

    def __init__(self) -> None:
        self.checked = 0

    def __call__(self, state: State, actions, rng) -> Resolved:
        before = to_plain(state)
        resolved = type(GAME).resolve(GAME, state, actions, rng)
        assert type(resolved) is Resolved and resolved.folded == len(resolved)
        assert to_plain(state) == before, "resolve wrote the state it was given"
        folded = fold_events(evolve, state, resolved)
        assert differences(resolved.state, folded) == []
        assert resolved.state == folded and type(resolved.state.robots) is tuple
        self.checked += 1
        return resolved


@pytest.mark.parametrize(
    ("seats", "bot", "options"),
    [
        (8, "random", {}),
        (8, "greedy", {}),
        (5, "random", {"balls": 20}),
        (3, "greedy", {"rounds": 12}),
        (2, "random", {"balls": 1, "rounds": 8}),
    ],
)
def test_resolve_hands_back_the_fold_of_its_events(seats, bot, options, monkeypatch):
    check = CheckedResolve()
    monkeypatch.setattr(GAME, "resolve", check)
    for seed in range(4):
        names, players = lineup(GAME, [bot] * seats)
        match = Match.begin(GAME, names, seed, options)
        match.play(players)
        assert match.state == fold_events(evolve, None, match.log.events)
    assert check.checked >= 4 * 8  # a program a turn at least, in every match

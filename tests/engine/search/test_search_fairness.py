"""The search bot plays fair: the counterfactual swap of ``test_secrecy``
applied to a player. A private event is swapped for another real one of the
same type, audience and public twin, the match is folded on to the next
decision, and a seat outside the event's audience must decide exactly as it
would have: a bot that read the true state (another seat's hand, cores, the
deck's order) would see the swap and, often enough, choose otherwise."""

from __future__ import annotations

import itertools
import json
from types import SimpleNamespace

import pytest

from engine import registry
from engine.events import ACTION_SUBMITTED, EVERYONE, Event
from engine.lineup import lineup
from engine.players import Request
from engine.replay import Replay
from engine.rng import Rng
from engine.runner import run_match
from tests.engine.search.search_helpers import tiny_search

#: the games with secrets a seat holds from another (dogfight's and the line
#: games' private events are submitted actions resolved before anyone decides)
SECRET_GAMES = ["aerial_assault", "aimbots", "cascade_effect", "powerball"]
SWAPS_PER_GAME = 6


def runs(game, seeds):
    out = []
    for seed in seeds:
        seats, players = lineup(game, ["random", "random"])
        out.append(run_match(game, players, seats, seed=seed).log.events)
    return out


def next_decision(events, seq: int) -> int:
    """The seq of the first submitted action after ``seq`` (the log's end if none)."""
    later = (e.seq for e in events[seq + 1 :] if e.type == ACTION_SUBMITTED)
    return next(later, len(events))


def swapped_positions(game, events_of_runs):
    """(true state, swapped state, outsiders) at the decision after each private
    event, the swapped state folded from another run's event in its place."""
    pool: dict = {}
    for events in events_of_runs:
        for e in events:
            if e.to != EVERYONE:
                key = (e.type, tuple(e.to), json.dumps(e.public, sort_keys=True))
                pool.setdefault(key, {})[json.dumps(e.data, sort_keys=True)] = e.data
    for events in events_of_runs:
        replay = Replay(game, events, every=1)
        for e in events[1:]:
            if e.to == EVERYONE:
                continue
            key = (e.type, tuple(e.to), json.dumps(e.public, sort_keys=True))
            other = next((d for d in pool.get(key, {}).values() if d != e.data), None)
            if other is None:
                continue
            until = next_decision(events, e.seq)
            try:
                swapped = game.evolve(
                    replay.state_at(e.seq - 1), Event(e.type, other, e.to, e.public)
                )
                for later in events[e.seq + 1 : until]:
                    swapped = game.evolve(swapped, later)
            except Exception:  # the swapped secret does not fit what followed
                continue
            yield replay.state_at(until - 1), swapped, [s for s in (0, 1) if s not in e.to]


def decide(game, state, seat: int):
    decision = next((d for d in game.pending(state) if d.seat == seat), None)
    if decision is None:
        return None
    match = SimpleNamespace(game=game, state=state, log=SimpleNamespace(events=[]))
    bot = tiny_search(game)(game, seat, Rng(4, -(seat + 1)))
    return bot.decide(Request(match, decision, 0))


@pytest.mark.parametrize("name", SECRET_GAMES)
def test_a_secret_the_seat_cannot_see_does_not_change_its_decision(name):
    game = registry.get(name)
    positions = swapped_positions(game, runs(game, (1, 7)))
    compared = 0
    for real, swapped, outsiders in itertools.islice(positions, 200):
        for seat in outsiders:
            if game.view(real, seat) != game.view(swapped, seat):
                continue  # the swap showed (a reveal in the events folded on)
            action = decide(game, real, seat)
            if action is None:
                continue
            assert decide(game, swapped, seat) == action, (name, seat)
            compared += 1
        if compared >= SWAPS_PER_GAME:
            break
    assert compared, f"{name}: no swapped secret before a decision of another seat"

"""Secrecy over every registered game: what a seat is shown of another seat's
private events, and (for two seats) whether its view gains their secrets.

1. Structure, every game and seat count: an event whose ``to`` leaves a seat out
   reaches that seat as exactly its public twin (same type and seq, ``data`` is
   ``public``, addressed to everyone) or not at all.
2. A leak proxy, two-seat games: for each private event, the (key, value) pairs of
   its data that its public twin lacks are the secret. Right after the event, the
   other seat's view must not gain one of those pairs (a key/value pair that was
   not in its view just before), unless the seat has already seen that pair in an
   event it was shown. Pairs are matched with their key, so a secret ``3`` under
   ``"card"`` is not confused with a visible count of 3; this keeps the check free
   of false alarms on the games we have, while still catching a view that copies
   a hidden card, hand or program into another seat's view. Its limit: a secret
   the rules store under another key (aerial_assault keeps a submitted program
   in its state under names other than the action's) is invisible to it; checked
   by hand, a view exposing every seat's view is caught for aimbots but not for
   aerial_assault, whose hand-written secrecy tests stay the guard there.
"""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.events import EVERYONE, Event
from engine.lineup import lineup
from engine.replay import Replay
from engine.runner import run_match

SEEDS = (1, 7, 23)
CASES = [(name, count) for name, game in sorted(registry.games().items())
         for count in game.seat_counts]


def play(name, count, seed):
    game = registry.get(name)
    seats, players = lineup(game, ["random"] * count)
    return game, run_match(game, players, seats, seed=seed)


def pairs(value, key="") -> set[tuple[str, str]]:
    """Every (key, value) of a JSON tree, subtrees included (a list's items keep
    the list's key)."""
    out = {(key, json.dumps(value, sort_keys=True))}
    if isinstance(value, dict):
        for k, v in value.items():
            out |= pairs(v, str(k))
    elif isinstance(value, (list, tuple)):
        for v in value:
            out |= pairs(v, key)
    return out


def secret_pairs(event: Event) -> set[tuple[str, str]]:
    hidden = pairs(event.data) - pairs(event.public or {})
    return {(k, v) for k, v in hidden if k}  # the top-level whole is not a pair


@pytest.mark.parametrize("name, count", CASES)
def test_other_seats_get_the_public_twin_or_nothing(name, count):
    private = 0
    for seed in SEEDS:
        _, match = play(name, count, seed)
        for event in match.log.events:
            if event.to == EVERYONE:
                continue
            for seat in range(count):
                seen = event.seen_by(seat)
                if seat in event.to:
                    assert seen is event
                    continue
                private += 1
                if event.public is None:
                    assert seen is None, (event.type, event.seq, seat)
                else:
                    assert (seen.type, seen.seq, seen.to, seen.data) == (
                        event.type, event.seq, EVERYONE, event.public), (event.type, seat)
                    assert seen.public is None
    if name in ("aimbots", "aerial_assault"):
        assert private, f"{name} has hidden information: its log must show it"


@pytest.mark.parametrize("name", [n for n, c in CASES if c == 2])
def test_a_view_gains_no_secret_of_the_other_seat(name):
    for seed in SEEDS:
        game, match = play(name, 2, seed)
        events = match.log.events
        replay = Replay(game, events, every=1)  # a snapshot per event: views in order
        for seat in (0, 1):
            shown: set = set()  # pairs of every event this seat was shown so far
            for event in events[1:]:
                seen = event.seen_by(seat)
                if seen is not None:
                    shown |= pairs(seen.data)
                if seen is event:
                    continue
                secret = secret_pairs(event) - shown  # private to others: must not show
                if not secret:
                    continue
                before = pairs(replay.view_at(event.seq - 1, seat))
                after = pairs(replay.view_at(event.seq, seat))
                leaked = secret & (after - before)
                assert not leaked, (f"{name} seed {seed}: seat {seat}'s view gained "
                                    f"{sorted(leaked)[:3]} of {event.type} #{event.seq}")

"""Secrecy over every registered game: what a seat is shown of another seat's
private events, and whether its view gains their secrets. No check names a
game's keys, so every registered game is covered as it is added.

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
   aerial_assault, whose hand-written secrecy tests stay the guard there; checks 3
   and 4 catch it.
3. Counterfactual: each private event is swapped for another real event of the
   same type, audience and public twin (from another seed), so the state differs
   only in what that event's audience knows. Every other seat's view and the
   spectator's must not change: a view that depends on a secret is a leak, however
   the game stores it (this is the definition of a leak, not a proxy).
4. View contract: what seat B's view shows beyond the spectator's (B's private
   parts: non-empty lists and objects) must not appear in another seat's view
   at the same place under some other key (a copy of B's hand, B's whole view). A
   game whose seat views never differ from the spectator's has nothing to leak.
   A deliberate leak (every seat's view put into each view; the omniscient state
   put into each view) is caught by 3 or 4 in every game that has secrets.
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
CASES = [
    (name, count) for name, game in sorted(registry.games().items()) for count in game.seat_counts
]


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
                        event.type,
                        event.seq,
                        EVERYONE,
                        event.public,
                    ), (event.type, seat)
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
                assert not leaked, (
                    f"{name} seed {seed}: seat {seat}'s view gained "
                    f"{sorted(leaked)[:3]} of {event.type} #{event.seq}"
                )


# -- 3. counterfactual swaps -----------------------------------------------------------
def private_key(event: Event) -> tuple:
    return (event.type, tuple(event.to), json.dumps(event.public, sort_keys=True))


def swaps(game, runs):
    """(the state before, a private event, its swap) for each private event of
    ``runs`` that another real event of the same type, audience and public twin
    (from another run) can stand in for."""
    pool: dict = {}
    for events in runs:
        for e in events:
            if e.to != EVERYONE:
                pool.setdefault(private_key(e), {})[json.dumps(e.data, sort_keys=True)] = e.data
    for events in runs:
        replay = Replay(game, events, every=1)
        for e in events[1:]:
            if e.to == EVERYONE:
                continue
            other = next((d for d in pool.get(private_key(e), {}).values() if d != e.data), None)
            if other is not None:
                yield replay.state_at(e.seq - 1), e, Event(e.type, other, e.to, e.public, e.seq)


def swap_alarms(game, count: int, view, options: dict | None = None) -> tuple[int, int]:
    """(swaps tried, swaps that changed a view that must not change)."""
    runs = []
    for seed in SEEDS[:2]:
        seats, players = lineup(game, ["random"] * count)
        runs.append(run_match(game, players, seats, seed, options).log.events)
    tried = alarms = 0
    for before, e, other in swaps(game, runs):
        try:
            swapped = game.evolve(before, other)
        except Exception:
            continue
        tried += 1
        real = game.evolve(before, e)
        outsiders = [None] + [seat for seat in range(count) if seat not in e.to]
        if any(view(real, seat) != view(swapped, seat) for seat in outsiders):
            alarms += 1
    return tried, alarms


@pytest.mark.parametrize("name, count", CASES)
def test_no_view_depends_on_a_secret_it_was_not_shown(name, count):
    game = registry.get(name)
    tried, alarms = swap_alarms(game, count, game.view)
    assert not alarms, f"{name}: {alarms} of {tried} swapped secrets changed another view"


# -- 4. the view contract ----------------------------------------------------------------
def subtrees(value) -> dict[tuple, str]:
    """Every path of a JSON tree, with the canonical text of the value there (keys
    sorted). A value's text is made once, from its children's: writing each subtree
    anew (``json.dumps`` at every node) was most of this scan's time."""
    out: dict[tuple, str] = {}
    write(value, (), out)
    return out


def write(value, path: tuple, out: dict[tuple, str]) -> str:
    if isinstance(value, dict):
        inner = sorted(((str(k), v) for k, v in value.items()), key=lambda kv: kv[0])
        text = "{" + ", ".join(f"{json.dumps(k)}: {write(v, (*path, k), out)}" for k, v in inner)
        text += "}"
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(write(v, (*path, i), out) for i, v in enumerate(value)) + "]"
    else:
        text = json.dumps(value)
    out[path] = text
    return text


def compound(text: str) -> bool:
    """A non-empty list or object, by its text."""
    return text[0] in "[{" and len(text) > 2


def private_parts(view: dict[tuple, str], spectator: dict[tuple, str]) -> set[tuple[tuple, str]]:
    """(path, text) of the non-empty lists and objects of a view (its ``subtrees``)
    that the spectator's view does not have at that path."""
    return {
        (path, text)
        for path, text in view.items()
        if path and compound(text) and spectator.get(path) != text
    }


def contract_breaches(views: list[dict], spectator: dict) -> list[tuple]:
    """Seat A's view holding seat B's private part at B's path under another key
    (views and spectator as their ``subtrees``)."""
    breaches = []
    parts = [private_parts(v, spectator) for v in views]
    for a, view in enumerate(views):
        where: dict[str, list[tuple]] = {}
        for path, text in view.items():
            if path and compound(text):
                where.setdefault(text, []).append(path)
        for b, theirs in enumerate(parts):
            for path, text in theirs if b != a else ():
                for q in where.get(text, ()):
                    if len(q) > len(path) and q[len(q) - len(path) :] == path:
                        breaches.append((a, b, q))
    return breaches


def contract_scan(game, count: int, view) -> tuple[int, int]:
    """(events where a seat's view has private parts, events with a breach), over
    about 150 events spread through one match (a leak lasts longer than the gaps)."""
    private = breached = 0
    for seed in SEEDS[:1]:
        seats, players = lineup(game, ["random"] * count)
        events = run_match(game, players, seats, seed).log.events
        replay = Replay(game, events, every=1)
        for e in events[:: max(3, len(events) // 150)]:
            state = replay.state_at(e.seq)
            spectator = subtrees(view(state, None))
            views = [subtrees(view(state, seat)) for seat in range(count)]
            private += any(private_parts(v, spectator) for v in views)
            breached += bool(contract_breaches(views, spectator))
    return private, breached


@pytest.mark.parametrize("name, count", CASES)
def test_no_view_holds_another_seats_private_parts(name, count):
    game = registry.get(name)
    _, breached = contract_scan(game, count, game.view)
    assert not breached, f"{name}: {breached} events where a seat's view holds another's"


def leaky_views(game, count):
    """Deliberate leaks: each seat's view with every seat's view added; and with
    the omniscient state added (the spectator's too)."""
    honest = game.view

    def every_view(state, seat):
        if seat is None:
            return honest(state, seat)
        return {**honest(state, seat), "all_views": [honest(state, s) for s in range(count)]}

    def whole_state(state, seat):
        return {**honest(state, seat), "everything": game.state_json(state)}

    return every_view, whole_state


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_a_deliberate_leak_is_caught_in_every_game_that_has_secrets(name):
    game = registry.get(name)
    count = game.seat_counts[0]
    private, _ = contract_scan(game, count, game.view)
    every_view, whole_state = leaky_views(game, count)
    if private:  # seats see more than a spectator: copying it must be caught
        _, breached = contract_scan(game, count, every_view)
        assert breached, f"{name}: a view holding every seat's view went unnoticed"
    tried, held_secrets = swap_alarms(game, count, lambda st, seat: game.state_json(st))
    if held_secrets:  # the state holds secrets: showing the state must be caught
        assert swap_alarms(game, count, whole_state)[1], f"{name}: showing the state went unnoticed"
    if not private and not held_secrets:
        # nothing a view could leak: every seat sees what a spectator sees, and no
        # private event leaves a trace in the state (tic-tac-toe has none; a secret
        # decision that the same step reveals, like Dogfight's stats, leaves none).
        # That conclusion must rest on swaps actually tried, not on no evidence
        _, match = play(name, count, SEEDS[0])
        assert tried or all(e.to == EVERYONE for e in match.log.events), name

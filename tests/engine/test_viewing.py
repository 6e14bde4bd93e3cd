"""A view's event list and drawing, over every registered game: each view shows what
that seat (or a spectator) knew, built with the redaction its bot was given."""

from __future__ import annotations

import pytest

from engine import registry
from engine.events import EVERYONE
from engine.lineup import lineup
from engine.runner import run_match
from engine.viewing import EVERYTHING, SPECTATOR, ViewError, entries, parse_view, shown_state
from tests.engine.test_secrecy import swaps

SEEDS = (1, 7)
CASES = [
    (name, count) for name, game in sorted(registry.games().items()) for count in game.seat_counts
]


def play(game, count, seed):
    seats, players = lineup(game, ["random"] * count)
    return run_match(game, players, seats, seed).log.events


def names(count):
    return lambda seq: [f"bot{i}" for i in range(count)]


def seen_as(game, state, event, view, count):
    """(the list entry of ``event`` in ``view``, what ``view`` draws after it: the
    input of its drawing), or ``None`` when the rules cannot fold ``event`` there."""
    try:
        after = game.evolve(state, event)
    except Exception:
        return None
    return entries(game, [event], view, names(count)), shown_state(game, after, view)


def same_to_see(game, one, other):
    """Whether two ``seen_as`` give the same words and the same drawing. A drawing
    is a pure function of what it is drawn from, so it is made (the costly part)
    only when the two inputs differ: they may still draw alike."""
    (words, shown), (other_words, other_shown) = one, other
    if words != other_words:
        return False
    return shown == other_shown or game.render(shown) == game.render(other_shown)


@pytest.mark.parametrize("name, count", CASES)
def test_no_views_words_or_drawing_change_when_a_secret_it_was_not_shown_is_swapped(name, count):
    game = registry.get(name)
    tried = told = 0
    for state, secret, swapped in swaps(game, [play(game, count, seed) for seed in SEEDS]):
        if seen_as(game, state, swapped, EVERYTHING, count) is None:
            continue
        tried += 1
        outsiders = [SPECTATOR] + [s for s in range(count) if s not in secret.to]
        for view in outsiders:
            real = seen_as(game, state, secret, view, count)
            other = seen_as(game, state, swapped, view, count)
            label = f"{name}: {view}'s view of {secret.type} #{secret.seq}"
            assert real[0] == other[0], f"{label}: the list tells the secret"
            assert same_to_see(game, real, other), f"{label}: the drawing tells the secret"
        # a secret some seat knew shows where it is known: in the words or the
        # drawing of everything (a secret of nobody's, a shuffled deck, may not);
        # once one has, the rest need not be looked at for this
        told = told or (
            bool(secret.to)
            and not same_to_see(
                game,
                seen_as(game, state, secret, EVERYTHING, count),
                seen_as(game, state, swapped, EVERYTHING, count),
            )
        )
    known = [e for e in play(game, count, SEEDS[0]) if e.to != EVERYONE]
    assert tried or not known, f"{name} has private events: some must be swapped"
    assert told or not any(e.to for e in known), f"{name}: no swapped secret was ever shown"


def test_a_seat_lists_its_own_secret_and_the_others_public_twins():
    game = registry.get("dogfight")
    events = play(game, 2, 1)
    secret = next(e for e in events if e.to != EVERYONE and e.public is not None)
    (owner,) = secret.to
    listed = {
        view: {e["seq"]: e for e in entries(game, events, view, names(2))}
        for view in (owner, 1 - owner, SPECTATOR, EVERYTHING)
    }
    assert not listed[owner][secret.seq]["redacted"]
    for view in (1 - owner, SPECTATOR):
        twin = listed[view][secret.seq]
        assert twin["redacted"] and twin["text"] == game.describe(
            {"type": secret.type, "data": secret.public, "redacted": True}, names(2)(0)
        )
    assert listed[owner][secret.seq]["text"] == listed[EVERYTHING][secret.seq]["text"]
    assert listed[owner][secret.seq]["text"] != listed[SPECTATOR][secret.seq]["text"]


def test_words_name_the_bots_that_played_each_event():
    game = registry.get("connect_four")
    events = play(game, 2, 1)
    half = len(events) // 2
    listed = entries(
        game, events, EVERYTHING, lambda seq: ["old0", "old1"] if seq < half else ["new0", "new1"]
    )
    early = " ".join(e["text"] for e in listed[1:half])
    late = " ".join(e["text"] for e in listed[half:])
    assert "old" in early and "new" not in early
    assert "new" in late and "old" not in late


@pytest.mark.parametrize(
    "text, view",
    [
        (None, EVERYTHING),
        ("", EVERYTHING),
        ("all", EVERYTHING),
        ("everything", EVERYTHING),
        ("spectator", SPECTATOR),
        ("0", 0),
        ("1", 1),
    ],
)
def test_a_view_is_named_everything_spectator_or_a_seat(text, view):
    assert parse_view(text, 2) == view


@pytest.mark.parametrize("text", ["2", "-1", "seat", "1.0", "²", "9" * 40])
def test_a_view_that_is_no_seat_is_refused_with_the_choices(text):
    with pytest.raises(ViewError, match="'everything', 'spectator' or a seat index 0..1"):
        parse_view(text, 2)

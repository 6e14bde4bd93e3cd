"""Events in words (``Game.describe``): every game says each of its events in one
sentence, the same for an engine ``Event`` and for a served event dict, and falls
back to a generic sentence it can never fail on."""

import pytest

from engine import registry
from engine.describe import Seats, describe, generic, words
from engine.events import Event
from engine.game import Game
from engine.lineup import lineup
from engine.runner import run_match


def played_log(name, seed=3):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    seats, players = lineup(game, [bot] * game.seat_counts[0])
    return game, run_match(game, players, seats, seed).log.events


def served(event, redacted=False):
    out = {
        "seq": event.seq,
        "type": event.type,
        "to": event.to,
        "data": event.public if redacted else event.data,
    }
    if redacted:
        out["redacted"] = True
    return out


def test_every_registered_game_has_its_own_describe():
    # a game added without words would fall back to "Dice rolled: dice [1, 2]"
    missing = [name for name, game in registry.games().items() if game.describer is None]
    assert not missing, f"games without a describer (GAME.describer): {missing}"


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_each_event_of_a_match_is_one_sentence(name):
    game, events = played_log(name)
    names = [s["bot"] for s in events[0].data["seats"]]
    for event in events:
        text = game.describe(event, names)
        assert text and text[0].isupper() or text.split(" ")[0] in names, (event.type, text)
        assert text.endswith((".", ")")) and "\n" not in text, (event.type, text)
        assert text == game.describe(served(event), names)
    # the game's own words, not the generic "Type: field value" for its events
    own = [e for e in events if e.type not in ("MatchStarted", "MatchEnded", "ActionSubmitted")]
    generic_ones = [
        e.type
        for e in own
        if game.describe(e, names) == generic(e.type, dict(e.data), Seats(names))
    ]
    assert not generic_ones, f"{name} leaves these to the generic wording: {set(generic_ones)}"


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_a_redacted_event_is_said_from_its_public_twin_only(name):
    game, events = played_log(name)
    for event in events:
        if event.to == "all" or event.public is None:
            continue
        text = game.describe(served(event, redacted=True))
        assert text.endswith("(details hidden)")
        for key, value in event.data.items():
            if key not in event.public and isinstance(value, (list, dict)) and value:
                assert str(value)[:12] not in text, (event.type, key)


def test_the_generic_wording_covers_the_engines_events_and_any_other():
    seats = Seats(["ann", "bob"])
    assert seats(1) == "bob (seat 1)" and seats(5) == "seat 5"
    assert (
        generic("MatchEnded", {"ranks": [1, 1], "scores": [0, 0], "reason": "full"}, seats)
        == "The match ends: a draw (full), scores 0–0."
    )
    assert (
        generic("MatchEnded", {"ranks": [2, 1], "scores": [0, 1]}, seats)
        == "The match ends: bob (seat 1) wins, scores 0–1."
    )
    assert (
        generic("ActionSubmitted", {"seat": 0, "action": {"do": "move", "to": 3}}, seats)
        == "ann (seat 0) chooses move (to 3)."
    )
    assert generic("ActionSubmitted", {"seat": 0}, seats) == "ann (seat 0) decides in secret."
    assert generic("DiceRolled", {"dice": [1, 2]}, seats) == "Dice rolled: dice [1, 2]."
    assert words("BallOut") == "ball out"


def test_a_game_without_words_or_with_broken_words_gets_the_generic_sentence():
    event = Event("DiceRolled", {"dice": [3]}, seq=4)
    assert Game().describe(event) == "Dice rolled: dice [3]."

    def broken(kind, data, seats):
        return data["missing"]

    assert describe(broken, event) == "Dice rolled: dice [3]."
    assert describe(lambda k, d, s: None, {"type": "X", "data": {}}) == "X."

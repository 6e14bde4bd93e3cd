"""Every installed game names its event types once, in its folder's ``events``
module (``EVENT_TYPES``), and its fold and its words cover exactly those: each
declared type has a handler in the fold's table and a sentence in describe's, and
no handler or sentence is for a type the game has not declared. Checked from the
declarations, so an event that no seeded match happens to write is held to it
too; played and recorded matches then show that nothing undeclared is written."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType

import pytest

from engine import registry
from engine.describe import Seats
from engine.events import ENGINE_EVENT_TYPES
from engine.lineup import lineup
from engine.runner import run_match

GAMES = sorted(registry.games())
#: the logs of older rules versions the tests keep, by game
RECORDED = Path(__file__).parent


def game_module(name: str, module: str) -> ModuleType | None:
    """The module ``module`` of the game's folder, ``None`` when it has none."""
    package = type(registry.get(name)).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{module}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{module}":
            raise
        return None


def declared(name: str) -> tuple[str, ...]:
    events = game_module(name, "events")
    assert events is not None, f"{name} has no events module declaring its event types"
    return events.EVENT_TYPES


def table(name: str, module: str, table_name: str) -> dict:
    """The fold's or describe's table by event type; none for a game that writes
    no event of its own and so has no table (the line games)."""
    found = game_module(name, module)
    return dict(getattr(found, table_name, {})) if found else {}


@pytest.mark.parametrize("name", GAMES)
def test_a_game_declares_each_of_its_event_types_once_and_none_of_the_engines(name):
    types = declared(name)
    assert len(set(types)) == len(types), f"{name} declares a type twice"
    assert all(isinstance(t, str) and t[:1].isupper() for t in types), types
    assert not set(types) & set(ENGINE_EVENT_TYPES), "the engine's types are not the game's"


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_event_type_is_folded_and_every_fold_handler_is_declared(name):
    types, handlers = set(declared(name)), table(name, "fold", "HANDLERS")
    assert not types - set(handlers), f"{name}'s fold has no handler for {types - set(handlers)}"
    assert not set(handlers) - types, f"{name}'s fold handles undeclared {set(handlers) - types}"


@pytest.mark.parametrize("name", GAMES)
def test_every_declared_event_type_is_described_and_every_sentence_is_declared(name):
    types = set(declared(name))
    said = set(table(name, "describe", "SENTENCES")) - set(ENGINE_EVENT_TYPES)
    assert not types - said, f"{name} has no sentence for {types - said}"
    assert not said - types, f"{name} has sentences for undeclared {said - types}"


def played_types(name: str) -> tuple[set[str], list]:
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    seats, players = lineup(game, [bot] * game.seat_counts[0])
    events = run_match(game, players, seats, 1).log.events
    return {e.type for e in events}, events


@pytest.mark.parametrize("name", GAMES)
def test_a_match_writes_only_declared_types_and_the_game_says_each_of_its_own(name):
    seen, events = played_types(name)
    own = set(declared(name))
    assert not seen - own - set(ENGINE_EVENT_TYPES), f"{name} writes undeclared types"
    describer, seats = registry.get(name).describer, Seats(["ann", "bob"])
    assert describer is not None
    silent = {
        e.type for e in events if e.type in own and describer(e.type, dict(e.data), seats) is None
    }
    assert not silent, f"{name} says nothing of {silent}"


@pytest.mark.parametrize("name", GAMES)
def test_the_recorded_logs_of_older_rules_hold_only_declared_types(name):
    # a type only an older rules version wrote must stay declared while the fold reads it
    recorded = {
        json.loads(line)["type"]
        for path in sorted((RECORDED / name / "data").glob("*.jsonl"))
        for line in path.read_text().splitlines()
    }
    assert not recorded - set(declared(name)) - set(ENGINE_EVENT_TYPES)

"""Every game declares how its replay steps and plays (``Game.pacing``): the event
types a step by turn stops at, and a pace at which 1x plays a typical match in
one to two minutes."""

import statistics

import pytest

from engine import registry
from engine.game import Pacing
from engine.lineup import lineup
from engine.runner import run_match

SEEDS = range(5)


def played(name, seed):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    seats, players = lineup(game, [bot] * game.seat_counts[0])
    return run_match(game, players, seats, seed).log.events


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_a_typical_match_plays_in_one_to_two_minutes_at_1x(name):
    pacing = registry.get(name).pacing
    assert isinstance(pacing, Pacing) and pacing.pace > 0
    seconds = statistics.median(len(played(name, seed)) / pacing.pace for seed in SEEDS)
    assert 60 <= seconds <= 120, f"{name}: a typical match plays {seconds:.0f} s at 1x"


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_each_turn_event_the_game_declares_occurs_and_splits_a_match_into_turns(name):
    turns = registry.get(name).pacing.turns
    assert turns, f"{name} declares no turn events"
    events = played(name, 1)
    seen = {e.type for e in events}
    assert turns <= seen, f"{name}: turn events never played: {sorted(turns - seen)}"
    stops = sum(1 for e in events if e.type in turns)
    assert 2 <= stops < len(events), (name, stops, len(events))

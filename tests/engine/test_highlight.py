"""The last event's change ringed on the board, in every game's own drawing."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.highlight import ring_changes
from engine.lineup import lineup
from engine.replay import Replay
from engine.runner import run_match


def test_only_the_piece_that_changed_is_ringed():
    before = (
        '<svg viewBox="0 0 9 9"><g class="robot" data-robot="0"><circle cx="1"/>'
        '<title>R1</title></g><rect data-sq="1" x="2"/><rect data-sq="2" x="3"/></svg>'
    )
    after = before.replace('cx="1"', 'cx="5"')
    ringed = ring_changes(before, after)
    assert '<g class="robot" data-robot="0" data-changed="1">' in ringed
    assert ringed.count("data-changed") == 1 + 1  # the piece, and the style's selector
    assert ring_changes(before, before) == before


def test_a_new_piece_is_ringed_and_a_self_closing_one_stays_well_formed():
    before = '<svg><circle data-cell="3" fill="#fff"/></svg>'
    after = '<svg><circle data-cell="3" fill="#fff"/><circle data-cell="4" data-seat="0"/></svg>'
    ringed = ring_changes(before, after)
    assert '<circle data-cell="4" data-seat="0" data-changed="1"/>' in ringed
    assert '<circle data-cell="3" fill="#fff"/>' in ringed


def test_the_innermost_change_is_ringed_not_its_group():
    before = '<svg><g data-seat="0"><g data-card="10"><rect/></g></g></svg>'
    after = '<svg><g data-seat="0"><g data-card="10"><rect/></g><g data-card="20"/></g></svg>'
    ringed = ring_changes(before, after)
    assert '<g data-card="20" data-changed="1"/>' in ringed
    assert '<g data-seat="0">' in ringed


#: events that move, place or change a piece on each game's board (a piece taken off
#: the board, like scrap picked up or a Powerball robot destroyed, leaves nothing to
#: ring: its panel says what happened)
PIECE_EVENTS = {
    "aerial_assault": ("RobotMoved", "BallPassed", "BallPickedUp"),
    "aimbots": ("BotPlaced", "Boosted", "Pivoted", "PlateAdded"),
    "cascade_effect": ("RobotPlaced", "Moved", "PieceJumped"),
    "connect_four": ("ActionSubmitted",),
    "dogfight": ("PlanePlaced", "PlaneFlew", "PlaneDestroyed"),
    "powerball": ("RobotPlaced", "Moved", "Damaged", "Spawned"),
    "tic_tac_toe": ("ActionSubmitted",),
}


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_event_that_changes_a_piece_rings_it_on_the_board(name):
    game = registry.get(name)
    seats, players = lineup(game, ["random"] * game.seat_counts[0])
    events = run_match(game, players, seats, seed=3).log.events
    replay = Replay(game, events)
    drawn = [game.render(game.state_json(replay.state_at(i))) for i in range(len(events))]
    checked = 0
    for i in range(1, len(events)):
        ringed = ring_changes(drawn[i - 1], drawn[i])
        # still one well-formed drawing: every ring inside an opening tag
        assert ringed.count("<svg") == 1 and not re.search(r'data-changed="1"[^>]*<', ringed)
        if events[i].type in PIECE_EVENTS[name] and drawn[i] != drawn[i - 1]:
            checked += 1
            assert 'data-changed="1"' in ringed, f"{name}: {events[i].type} #{i} is not ringed"
    assert checked, f"{name}: no event changed a piece"


def test_a_quoted_value_holding_a_tag_end_or_a_slash_stays_inside_its_tag():
    before = '<svg><text data-note="a/>b" x="1">one</text><g data-seat="0"/></svg>'
    after = '<svg><text data-note="a/>b" x="1">two</text><g data-seat="0"/></svg>'
    ringed = ring_changes(before, after)
    assert '<text data-note="a/>b" x="1" data-changed="1">two</text>' in ringed
    assert '<g data-seat="0"/>' in ringed

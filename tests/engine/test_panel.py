"""Every game says the words beside its board as a panel (engine/panel.py): the
same shape in every game, for every view, and none of those words drawn inside
the picture, where a phone would shrink them."""

import json
import re
from html import escape

import pytest

from engine import registry
from engine.lineup import lineup
from engine.panel import Panel, panel_text
from engine.replay import Replay
from engine.runner import run_match

LINE_KEYS = {"text", "colour", "strong", "indent", "mark"}
INK = re.compile(r"^#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?$")


def drawn_views(name, seed=9):
    """(svg, panel) of every view at five points of a played match."""
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    seats, players = lineup(game, [bot] * game.seat_counts[0])
    events = run_match(game, players, seats, seed).log.events
    replay = Replay(game, events)
    last = len(events) - 1
    for at in sorted({1, last // 4, last // 2, 3 * last // 4, last}):
        state = replay.state_at(at)
        views = [game.state_json(state)] + [game.view(state, s) for s in [None, *range(len(seats))]]
        for view in views:
            shown = json.loads(json.dumps(view))  # as served
            yield game.render(shown), game.panel(shown)


def check_shape(panel):
    assert isinstance(panel, list) and panel, "a panel says something"
    for section in panel:
        assert set(section) == {"title", "lines"}
        assert section["title"] is None or isinstance(section["title"], str)
        assert section["lines"]
        for line in section["lines"]:
            assert set(line) == LINE_KEYS
            assert isinstance(line["text"], str) and line["text"].strip()
            assert line["colour"] is None or INK.match(line["colour"])
            assert isinstance(line["strong"], bool) and isinstance(line["indent"], int)
            assert line["mark"] is None or isinstance(line["mark"], str)
    json.dumps(panel)


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_game_says_its_panel_in_one_shape_and_not_inside_the_picture(name):
    for svg, panel in drawn_views(name):
        check_shape(panel)
        for section in panel:
            for line in section["lines"]:
                # a line of the panel is not also a label of the drawing
                assert f">{escape(line['text'], quote=False)}<" not in svg, line["text"]


def test_a_panel_refuses_an_ink_that_is_not_a_plain_colour():
    with pytest.raises(ValueError, match="#rgb"):
        Panel().line("seat 0", colour="red;background:url(x)")


def test_a_panel_reads_as_text_a_line_a_row():
    panel = Panel().line("round 2", strong=True).section("seats").line("seat 0: 3", indent=1)
    assert panel_text(panel.to_json()) == "round 2\nseats\n  seat 0: 3"

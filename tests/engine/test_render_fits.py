"""Every game's drawing keeps its text inside the picture (no clipped
text): each label, at a generous average glyph width, ends within the viewBox, for
every perspective at several points of a played match."""

import re
from html import unescape

import pytest

from engine import registry
from engine.lineup import lineup
from engine.replay import Replay
from engine.runner import run_match

GLYPH = 0.56  # average glyph width of a sans-serif font, in ems (digits and lowercase)
TEXT = re.compile(
    r'<text\b[^>]*?\bx="(-?[\d.]+)"[^>]*?font-size="([\d.]+)"[^>]*>(.*?)</text>', re.S
)


def overflowing(svg):
    width = float(re.search(r'viewBox="0 0 ([\d.]+) [\d.]+"', svg).group(1))
    out = []
    for m in TEXT.finditer(svg):
        x, size, body = float(m.group(1)), float(m.group(2)), unescape(m.group(3))
        anchor = re.search(r'text-anchor="(\w+)"', m.group(0))
        anchor = anchor.group(1) if anchor else "start"
        span = len(body) * size * GLYPH
        left = x - {"start": 0, "middle": span / 2, "end": span}[anchor]
        if left < 0 or left + span > width:
            out.append(body)
    return out


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_no_label_runs_off_the_drawing(name):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    seats, players = lineup(game, [bot] * game.seat_counts[0])
    events = run_match(game, players, seats, 9).log.events
    replay = Replay(game, events)
    last = len(events) - 1
    for at in sorted({1, last // 4, last // 2, 3 * last // 4, last}):
        state = replay.state_at(at)
        shown = [game.state_json(state)] + [game.view(state, s) for s in [None, *range(len(seats))]]
        for view in shown:
            assert not overflowing(game.render(view)), (at, overflowing(game.render(view)))

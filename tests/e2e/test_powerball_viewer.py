"""The replay viewer drawing a Powerball match: the factory floor, robots, balls and
the victory-point panel, readable in a 1280 px wide window."""

import pytest

from engine import registry
from engine.reading import parse_jsonl
from engine.replay import Replay

from matches import selectors, services

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_powerball_replay_shows_the_factory_floor_and_the_final_points(
    live_server, page, artifacts
):
    match = services.play_and_store("powerball", ["greedy", "random"], 7, {"rounds": 4})
    last = match.event_count - 1
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board[data-loaded='true'] svg.powerball")
    page.focus("#slider")
    page.keyboard.press("End")
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=last, timeout=15000
    )
    svg = "#board svg.powerball"
    assert page.locator(f"{svg} rect.pit").count() == 4
    assert page.locator(f"{svg} g.flag").count() == 4
    assert page.locator(f"{svg} .belt-arrow").count() > 0
    assert page.locator(f"{svg} .wall").count() > 0
    game = registry.get("powerball")
    events = parse_jsonl(selectors.export_bytes(match))
    final = game.state_json(Replay(game, events).state_at(len(events) - 1))
    on_board = sum(1 for r in final["robots"] if r["sq"] >= 0)
    assert page.locator(f"{svg} g.robot").count() == on_board
    for robot in final["robots"]:
        panel = page.text_content(f'{svg} g.score[data-seat="{robot["seat"]}"]')
        assert f"{robot['vp']} VP" in panel
    box = page.locator(svg).bounding_box()
    assert box["width"] <= 1280
    page.screenshot(path=str(artifacts / "powerball-final.png"), full_page=True)

"""Cascade Effect in the replay viewer: a stored 4-seat match opens, seeks to its
end and shows the field, the robots and the final score."""

import pytest

from matches import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_cascade_effect_replays_to_its_final_score(live_server, page, artifacts):
    match = services.play_and_store("cascade_effect", ["greedy", "greedy", "random", "random"], 7)
    last = match.event_count - 1
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board[data-loaded='true'] svg")
    page.focus("#slider")
    page.keyboard.press("End")
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=last, timeout=15000
    )
    assert "CENTRE GOAL" in page.inner_html("#board")
    words = page.inner_text("#board-panel")
    assert "RED ALLIANCE" in words and "result:" in words
    assert page.locator("#board svg g.robot").count() == 4
    assert page.locator("#board svg g.goal").count() == 6
    page.screenshot(path=str(artifacts / "cascade-final.png"), full_page=True)

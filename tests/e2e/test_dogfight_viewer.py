"""The replay viewer shows a Dogfight table: planes, the acting plane's arc, the panel."""

import pytest

from matches import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_dogfight_replay_shows_planes_arc_and_pilots_at_1280px(live_server, page, artifacts):
    match = services.play_and_store("dogfight", ["greedy", "random", "greedy"], 8)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board[data-loaded='true'] svg")
    assert page.locator("#events li[data-type='PlaneFlew']").count()
    assert "flies" in page.locator("#events li[data-type='PlaneFlew']").first.inner_text()
    seq = int(page.locator("#events li[data-type='StageStarted']").first.get_attribute("data-seq"))
    page.click(f"#events li[data-seq='{seq}'] a")
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=seq, timeout=15000
    )
    assert page.locator("#board svg g.plane").count() == 3
    assert page.locator("#board-panel [data-mark='pilot']").count() == 3
    assert page.locator("#board svg g.arc path").count() == 3  # close, middle, far
    box = page.locator("#board svg").bounding_box()
    assert box["width"] <= 1280
    page.screenshot(path=str(artifacts / "dogfight-replay.png"), full_page=True)

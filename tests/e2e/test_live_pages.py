"""Live pages in a real browser: a running match, a competition's
standings page and its admin progress update by themselves, with a live marker that
goes away at the end. Matches are played in this process while the page watches."""

import pytest

from tests.e2e.waiting import while_the_page_waits

from matches import services as match_services
from matches.models import Match
from tournaments import lifecycle

pytestmark = pytest.mark.django_db(transaction=True)

# what the page shows, recorded across reloads: the status and the result line
RECORD_HEADER = """
(() => {
  const note = () => {
    const s = document.getElementById('match-status'), r = document.getElementById('result-text');
    if (!s || !r) return;
    const seen = JSON.parse(sessionStorage.getItem('seen') || '[]');
    seen.push(s.textContent + ' | ' + r.textContent);
    sessionStorage.setItem('seen', JSON.stringify(seen));
  };
  document.addEventListener('DOMContentLoaded', () => {
    note();
    new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
                                                       characterData: true});
  });
})();
"""


def running_tournament():
    t = lifecycle.create_tournament("live cup", game="tic_tac_toe", format="round_robin", seed=3)
    lifecycle.add_entries(t, bots=["greedy", "random", "greedy"])
    lifecycle.open_entries(t)
    return lifecycle.start(t)


def test_a_match_page_goes_live_then_shows_the_result_without_a_stale_header(live_server, page):
    match = match_services.create_match("tic_tac_toe", ["greedy", "random"], 5)
    page.add_init_script(RECORD_HEADER)
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board[data-loaded='true']")
    assert page.is_visible("#live-marker")
    while_the_page_waits(
        page, lambda: match_services.run_stored_match(match), urls="**/api/matches/**"
    )
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    # the page notices the end, drops the marker and shows the result
    page.wait_for_function(
        "document.getElementById('result-text').textContent.includes('won')"
        " || document.getElementById('result-text').textContent === 'draw'",
        timeout=30000,
    )
    assert page.locator("#live-marker").count() == 0
    assert page.inner_text("#match-status") == "finished"
    seen = page.evaluate("JSON.parse(sessionStorage.getItem('seen') || '[]')")
    assert not [s for s in seen if s.startswith("finished") and s.endswith("| running")], seen
    assert not [s for s in seen if s.startswith("finished") and s.endswith("| queued")], seen


def test_a_competition_page_counts_matches_as_they_finish_and_stops_at_the_end(
    live_server, page, queue
):
    t = running_tournament()
    page.goto(f"{live_server.url}/competitions/{t.pk}/")
    assert page.is_visible("[data-live-page]")
    summary = page.locator("[data-live='summary']")
    assert "0 done" in summary.inner_text()
    while_the_page_waits(page, lambda: queue(1))
    page.wait_for_function(
        "document.querySelector(\"[data-live='summary']\").textContent.includes('1 done')",
        timeout=30000,
    )
    assert page.is_visible("[data-live-page]")
    while_the_page_waits(page, queue)
    t.refresh_from_db()
    assert t.status == "finished"
    page.wait_for_selector("[data-live-page]", state="detached", timeout=30000)
    assert "finished" in summary.inner_text()
    rows = page.locator("[data-live='standings'] tbody tr")
    # every entry played its two games and had its bye (a bye counts as a game)
    games = [rows.nth(i).locator("td.games").inner_text() for i in range(rows.count())]
    assert games == ["3", "3", "3"]
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_admin_progress_updates_by_itself(page, queue, as_organiser):
    t = running_tournament()
    as_organiser(page, f"/admin/tournaments/tournamentproxy/{t.pk}/change/")
    page.wait_for_selector("#live-progress")
    assert page.is_visible("[data-live-page]")
    assert "0 done" in page.inner_text("#live-progress")
    while_the_page_waits(page, lambda: queue(1))
    page.wait_for_function(
        "document.getElementById('live-progress').textContent.includes('1 done')", timeout=30000
    )
    played = while_the_page_waits(page, queue)
    page.wait_for_selector("[data-live-page]", state="detached", timeout=30000)
    # the whole page tells the end, not the progress box alone: it reloaded
    page.wait_for_selector("#live-progress")
    assert f"{played + 1} done" in page.inner_text("#live-progress")
    assert page.locator("button[value=pause]").count() == 0
    assert "finished" in page.inner_text(".field-status")

"""A knockout's bracket and a table in a real browser, at desk and phone width: the
winners' and losers' brackets and the final drawn apart with a line from each match
to the next, and a table whose rank, entry and ranking column stay in view."""

from __future__ import annotations

import pytest

from tests.platform.bots.bot_helpers import play_all

from tournaments import lifecycle

pytestmark = pytest.mark.django_db(transaction=True)

WIDTHS = ({"width": 1280, "height": 900}, {"width": 390, "height": 844})


def played(fmt: str, bots: list[str]):
    t = lifecycle.create_tournament(f"{fmt} cup", game="tic_tac_toe", format=fmt, seed=5)
    lifecycle.add_entries(t, bots=bots)
    lifecycle.open_entries(t)
    play_all(t)
    return t


def document_fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def lines_reach_their_matches(page) -> list[str]:
    """Each match with a next one has a line that starts at its right edge and ends at
    the next match's left edge, in the middle of each (a few px either way)."""
    return page.evaluate(
        """() => {
      const wrong = [];
      document.querySelectorAll('.bracket-match[data-next]').forEach(from => {
        const section = from.closest('.bracket-section');
        const to = section.querySelector(`.bracket-match[data-fixture="${from.dataset.next}"]`);
        const line = section.querySelector(`polyline[data-from="${from.dataset.fixture}"]`);
        if (!line) { wrong.push(`no line from ${from.dataset.fixture}`); return; }
        const svg = line.ownerSVGElement.getBoundingClientRect();
        const pts = line.getAttribute('points').split(' ').map(Number);
        const a = from.getBoundingClientRect();
        const near = (x, y, px, py) => Math.abs(x - px) < 3 && Math.abs(y - py) < 3;
        if (!near(svg.left + pts[0], svg.top + pts[1], a.right, a.top + a.height / 2)) {
          wrong.push(`line from ${from.dataset.fixture} starts off its match`);
        }
        if (to) {
          const b = to.getBoundingClientRect();
          const n = pts.length;
          if (!near(svg.left + pts[n - 2], svg.top + pts[n - 1], b.left, b.top + b.height / 2)) {
            wrong.push(`line from ${from.dataset.fixture} ends off match ${to.dataset.fixture}`);
          }
        }
      });
      return wrong;
    }"""
    )


def test_a_double_elimination_bracket_draws_each_bracket_apart_with_lines(live_server, browser):
    cup = played("double_elimination", ["greedy", "random", "greedy", "random"])
    for viewport in WIDTHS:
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        try:
            page.goto(f"{live_server.url}/competitions/{cup.pk}/bracket/")
            titles = page.locator(".bracket-section h2").all_inner_texts()
            assert titles == ["Winners' bracket", "Losers' bracket", "Final"]
            # a winners' round never shares a row with a losers' round
            winners = page.locator("#bracket-winners .bracket-match").count()
            losers = page.locator("#bracket-losers .bracket-match").count()
            assert winners >= 3 and losers >= 2
            assert page.locator("polyline").count() == page.locator("[data-next]").count() > 0
            assert lines_reach_their_matches(page) == []
            assert document_fits(page), viewport  # a wide bracket scrolls inside its box
        finally:
            context.close()


def test_a_table_keeps_rank_entry_and_its_key_in_view_on_a_phone(live_server, browser):
    cup = played("swiss", ["greedy", "random", "greedy", "random", "random", "greedy"])
    context = browser.new_context(viewport=WIDTHS[1])
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/competitions/{cup.pk}/")
        assert "Ranked by Points, then Buchholz" in page.inner_text("#ranked-by")
        first = page.locator("table.standings tbody tr").first
        for cell in ("td.rank", "td.entry", "td.key"):
            box = first.locator(cell).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTHS[1]["width"], cell
        # scrolled to its far end, the table still shows whose row it is
        page.eval_on_selector("table.standings", "t => { t.scrollLeft = t.scrollWidth; }")
        for cell in ("td.rank", "td.entry"):
            box = first.locator(cell).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTHS[1]["width"], cell
        assert document_fits(page)
    finally:
        context.close()

"""A ladder season's admin page in a real browser, from its first round to its end:
the progress box counts matches and rounds against those planned while it runs,
and once the last round ends the whole page tells one truth (status, buttons,
ratings, progress) by itself, on a desktop and on a phone. Matches are played in
this process while the page watches."""

import pytest

from tests.e2e.waiting import while_the_page_waits

from tournaments import lifecycle, rounds

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def running_season():
    s = lifecycle.create_season(
        "live ladder", game="tic_tac_toe", group_size=2, k=1, seed=5, max_rounds=2
    )
    lifecycle.add_entries(s, bots=["greedy", "random", "greedy", "random"])
    lifecycle.open_entries(s)
    return lifecycle.start(s)


def progress_reads(page, text):
    page.wait_for_function(
        f"document.getElementById('live-progress').textContent.includes({text!r})",
        timeout=30000,
    )


def ratings(page):
    cells = page.locator(".field-rating_shown")
    return [cells.nth(i).inner_text() for i in range(cells.count())]


def test_the_season_admin_page_follows_a_whole_season_to_one_final_truth(
    browser, queue, as_organiser
):
    season = running_season()
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    as_organiser(page, f"/admin/tournaments/seasonproxy/{season.pk}/change/")
    page.wait_for_selector("#live-progress")
    assert page.is_visible("[data-live-page]")
    assert "0 done" in page.inner_text("#live-progress")
    assert "0 of 2 rounds done, round 1 under way" in page.inner_text("#live-progress")
    assert page.locator("button[value=pause]").count() == 1
    assert "running" in page.inner_text(".field-status")

    # round 1: its two matches are played, the box counts them without a reload
    while_the_page_waits(page, queue)
    progress_reads(page, "2 done")
    progress_reads(page, "1 of 2 rounds done")

    # round 2, made by the season's tick; its completion ends the season
    while_the_page_waits(page, lambda: (rounds.ladder_tick(season.pk), queue()))
    page.wait_for_selector("[data-live-page]", state="detached", timeout=30000)
    page.wait_for_selector("#live-progress")

    # the page reloaded by itself: every part of it says the season is over
    progress = page.inner_text("#live-progress")
    assert "4 done" in progress and "2 of 2 rounds done" in progress
    assert "under way" not in progress
    assert "finished" in page.inner_text(".field-status")
    for stop in ("pause", "finish", "resume"):
        assert page.locator(f"button[value={stop}]").count() == 0
    shown = ratings(page)
    assert len(shown) == 4 and not any(r.startswith("0.00") or r == "-" for r in shown), shown

    # on a phone the same page keeps the status, the progress and the ratings readable
    page.set_viewport_size(PHONE)
    page.reload()
    page.wait_for_selector("#live-progress")
    for part in ("#live-progress", ".field-status"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert ratings(page) == shown
    page.close()

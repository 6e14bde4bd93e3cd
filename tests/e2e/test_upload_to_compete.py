"""From upload to a ranked match without an admin, in a real browser: sign up,
upload the starter bot, enter an open season from the page the upload lands on,
then (the season's next round made and played by the workers' own code, in this
process) see the first ranked match and the standings row."""

from __future__ import annotations

import pytest

from engine.registry import starter_path
from tests.tournaments.django.signup_helpers import open_season

from tournaments import rounds

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path / "data"
    settings.DATA_DIR.mkdir()


def sign_up(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", "a-long-pass-phrase-9")
    page.fill("input[name=password2]", "a-long-pass-phrase-9")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{base}/bots/")


def test_an_owner_goes_from_upload_to_a_ranked_match_without_an_admin(
    live_server, page, inline_worker, artifacts
):
    # a running season anyone may enter, whose one built-in bot waits for company
    season = open_season(builtins=("greedy",))
    base = live_server.url
    sign_up(page, base, "grace")
    page.fill("#new-bot input[name=name]", "first")
    page.select_option("#new-bot select[name=game]", "tic_tac_toe")
    page.set_input_files("#new-bot input[name=file]", str(starter_path("tic_tac_toe")))
    page.click("#new-bot button[type=submit]")
    page.wait_for_url("**/bots/*/")
    assert "valid" in page.locator("#versions tr.version").first.inner_text()

    # the page the upload lands on lists the open season, one click enters it
    row = page.locator("#open-competitions tr", has_text="open ladder")
    page.screenshot(path=str(artifacts / "upload-then-compete.png"), full_page=True)
    row.locator("button.enter").click()
    page.wait_for_selector("text=grace/first is entered in open ladder from its next round")
    assert "open ladder" in page.inner_text("#bot-entries")
    assert page.locator("#open-competitions tr", has_text="open ladder").count() == 0

    # the workers make and play the season's next round
    assert rounds.ladder_tick(season.pk) == "round 1 scheduled"
    assert inline_worker.drain() == 1

    # the first ranked match, on the bot's page and the entry's page (with its version)
    page.reload()
    match_row = page.locator("#bot-matches tbody tr").first
    assert "open ladder" in match_row.inner_text()
    assert match_row.locator(".result").inner_text() in ("won", "drew", "lost")
    page.click("#bot-entries a:has-text('grace/first')")
    page.wait_for_selector("#entry-matches")
    assert page.locator("#entry-matches td.version").first.inner_text() == "v1"
    assert "after 1 rated matches" in page.inner_text("main")

    # and the standings row of the season
    page.goto(f"{base}/competitions/{season.pk}/")
    standing = page.locator("[data-live='standings'] tbody tr", has_text="grace/first")
    cells = standing.locator("td")
    assert cells.nth(0).inner_text() in ("1", "2")  # ranked
    assert cells.nth(3).inner_text() == "1"  # one game
    page.screenshot(path=str(artifacts / "upload-then-compete-standings.png"), full_page=True)

"""A newcomer's first steps in a real browser: sign up and upload (no default game, a note while the
upload is validated), the people, bot and game pages and their links, and every
page added or touched at phone width (390 px: the document no wider than the window)."""

from __future__ import annotations

import pytest

from engine import registry
from engine.registry import starter_path
from tests.platform.bots.bot_helpers import play_all, valid_bot
from tests.tournaments.django.signup_helpers import open_season

from matches import services as match_services
from matches.models import Match
from tournaments import lifecycle
from tournaments.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path / "data"
    settings.DATA_DIR.mkdir()


@pytest.fixture
def cup(django_user_model):
    """alice's bot ace in a finished round robin with the built-in bots."""
    alice = django_user_model.objects.create_user("alice", password="pw-alice-123")
    ace = valid_bot(alice, "ace")
    t = lifecycle.create_tournament("Cup", game="tic_tac_toe", format="round_robin", seed=5)
    lifecycle.add_entries(t, bots=[ace, "greedy", "random"])
    lifecycle.open_entries(t)
    play_all(t)
    return t


def document_fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_sign_up_lands_on_my_bots_and_an_upload_needs_a_game(live_server, page, artifacts):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("input[name=username]", "grace")
    page.fill("input[name=password1]", "a-long-pass-phrase-9")
    page.fill("input[name=password2]", "a-long-pass-phrase-9")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/bots/")
    assert page.locator("h1").inner_text() == "My bots"
    # no game is chosen for you
    assert page.eval_on_selector("#new-bot select[name=game]", "s => s.value") == ""
    page.fill("#new-bot input[name=name]", "first")
    page.set_input_files("#new-bot input[name=file]", str(starter_path("tic_tac_toe")))
    page.click("#new-bot button[type=submit]")
    # the browser itself refuses the form without a game (the field is required)
    assert page.url == f"{live_server.url}/bots/"
    assert page.eval_on_selector("#new-bot select[name=game]", "s => !s.checkValidity()")
    # choose a game; while the upload is validated the page says what is happening
    # (kept in sessionStorage by a listener that runs after the page's own)
    page.select_option("#new-bot select[name=game]", "aerial_assault")
    page.evaluate("""document.addEventListener('submit', () => sessionStorage.setItem(
        'note', (document.querySelector('.busy-note') || {}).textContent || ''))""")
    page.click("#new-bot button[type=submit]")
    page.wait_for_url("**/bots/*/")
    assert "validating" in page.evaluate("sessionStorage.getItem('note')")
    # a tic-tac-toe bot uploaded as Aerial Assault is invalid, and says why
    row = page.locator("#versions tr.version").first
    assert "invalid" in row.inner_text()
    assert "its first decision in aerial_assault failed" in row.inner_text()
    page.screenshot(path=str(artifacts / "upload-wrong-game.png"), full_page=True)


def test_bot_owner_entry_match_and_game_pages_link_to_each_other(live_server, page, cup, artifacts):
    page.goto(f"{live_server.url}/competitions/{cup.pk}/")
    page.click("text=alice/ace")  # the standings link to the entry
    page.wait_for_url("**/entries/*/")
    page.click("#entry-links a:text('ace')")
    page.wait_for_url("**/bots/*/")
    assert "W / D / L" in page.inner_text("#versions")
    assert page.locator("#bot-matches tbody tr").count() == 2
    assert page.locator("#bot-entries tbody tr").count() == 1
    assert page.locator("svg.rating-chart").count() == 1
    page.screenshot(path=str(artifacts / "bot-page.png"), full_page=True)
    page.click("#bot-matches tbody tr >> nth=0 >> a >> nth=0")
    page.wait_for_url("**/matches/*/")
    assert page.locator("#match-competition a", has_text="Cup").count() == 1
    page.click("a.bot-link")
    page.wait_for_url("**/bots/*/")
    page.click("#bot-links a:text('alice')")
    page.wait_for_url("**/users/alice/")
    assert "Cup" in page.inner_text("#user-entries")
    page.screenshot(path=str(artifacts / "user-page.png"), full_page=True)
    page.click("#user-bots a:text('tic_tac_toe')")
    page.wait_for_url("**/games/tic_tac_toe/")
    assert "Tic-tac-toe" in page.inner_text("#rules-text")
    with page.expect_download() as download:
        page.click("#game-starter a[download]:has-text('starter')")
    assert download.value.suggested_filename == "tic_tac_toe_starter.py"
    page.click("#game-links a:text('leaderboard')")
    page.wait_for_url("**/games/tic_tac_toe/leaderboard/")
    assert page.locator("#leaderboard tbody tr").count() == 3
    page.screenshot(path=str(artifacts / "leaderboard.png"), full_page=True)
    # the match list's bot filter takes the plain name
    page.goto(f"{live_server.url}/matches/")
    page.fill("#filters input[name=bot]", "ace")
    page.click("#filters button[type=submit]")
    page.wait_for_url("**/matches/?*bot=ace*")
    assert page.locator("#match-table a.match-link").count() == 2


def test_every_page_added_or_touched_fits_a_phone(live_server, browser, cup, artifacts):
    ace = Entry.objects.get(competition=cup, bot__isnull=False)
    match = match_services.play_and_store("aimbots", ["greedy", "random"], 3)
    paths = [
        "/",
        "/matches/",
        "/matches/?bot=ace",
        "/users/alice/",
        f"/bots/{ace.bot_id}/",
        f"/entries/{ace.pk}/",
        "/bots/write/",
        "/bots/",
        "/api/",
    ]
    paths += [f"/games/{name}/" for name in registry.games()]
    paths += [f"/games/{name}/leaderboard/" for name in registry.games()]
    # and the site's other pages, so every page is checked at phone width
    knockout = lifecycle.create_tournament(
        "Knockout", game="tic_tac_toe", format="single_elimination", seed=5
    )
    lifecycle.add_entries(knockout, bots=["greedy", "random", "greedy", "random"])
    lifecycle.open_entries(knockout)
    play_all(knockout)
    # a season alice may enter ace in: its sign-up panel, the bot page's Compete
    open_ladder = open_season(builtins=("greedy",), max_entries=8)
    paths += [
        "/games/",
        "/competitions/",
        f"/competitions/{cup.pk}/",
        f"/competitions/{open_ladder.pk}/",
        f"/competitions/{knockout.pk}/bracket/",
        f"/bots/{ace.bot_id}/versions/1/",
        "/bots/docs/protocol/",
        "/accounts/token/",
    ]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        too_wide = []
        for path in ("/accounts/signup/", "/accounts/login/"):  # signed out
            page.goto(f"{live_server.url}{path}")
            if not document_fits(page):
                too_wide.append((path, page.evaluate("document.documentElement.scrollWidth")))
        page.fill("input[name=username]", "alice")
        page.fill("input[name=password]", "pw-alice-123")
        page.click("main button[type=submit]")
        page.wait_for_load_state()
        for path in paths:
            response = page.goto(f"{live_server.url}{path}")
            assert response.status == 200, path
            if not document_fits(page):
                too_wide.append((path, page.evaluate("document.documentElement.scrollWidth")))
        # the replay page is the viewer's (its layout is tested with the viewer); what
        # this change added to it, the links to the bots and the competition, fits
        cup_match = Match.objects.filter(fixture__competition=cup).first()
        for path in (f"/matches/{match.pk}/", f"/matches/{cup_match.pk}/"):
            page.goto(f"{live_server.url}{path}")
            for selector in ("table.seats", "#match-competition"):
                if page.locator(selector).count():
                    box = page.locator(selector).bounding_box()
                    if box["x"] + box["width"] > PHONE["width"]:
                        too_wide.append((path, selector))
        page.goto(f"{live_server.url}/games/aerial_assault/")
        page.screenshot(path=str(artifacts / "game-page-phone.png"))
    finally:
        context.close()
    assert not too_wide, f"wider than a 390 px window: {too_wide}"


def test_a_phone_shows_each_table_s_key_columns_without_scrolling(live_server, browser, cup):
    ace = Entry.objects.get(competition=cup, bot__isnull=False)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("input[name=username]", "alice")
        page.fill("input[name=password]", "pw-alice-123")
        page.click("main button[type=submit]")
        page.wait_for_load_state()

        def in_view(selector: str) -> bool:
            box = page.locator(selector).first.bounding_box()
            return box is not None and box["x"] >= 0 and box["x"] < PHONE["width"] - 20

        page.goto(f"{live_server.url}/matches/")
        assert in_view("#match-table td.result"), "the match list's Result"
        page.goto(f"{live_server.url}/bots/{ace.bot_id}/")
        assert in_view("#versions td.status-cell"), "a version's Status"
        assert in_view("#versions td.validation"), "a version's Validation"
    finally:
        context.close()

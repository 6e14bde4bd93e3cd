""" "What if" forks in a real browser: fork from the viewer at the shown event, watch
the fork run, follow the links from the fork to its parent's split event and back,
and fit a phone's width (390 px)."""

from __future__ import annotations

import pytest

from matches import services, verification
from matches.models import Match
from matches.tasks import run_match

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def wait_for_seq(page, seq):
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=seq, timeout=15000
    )


def log_in(page, url, user, next_path):
    page.goto(f"{url}/accounts/login/?next={next_path}")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "s3cret-pass-word")
    page.click("form.form button[type=submit]")
    page.wait_for_url(f"**{next_path}")


def fits(page, selectors) -> None:
    """Each of ``selectors``, and everything inside it, within the window's width.
    (The whole document's width is the viewer's own phone layout.)"""
    width = page.evaluate("window.innerWidth")
    for sel in selectors:
        assert page.locator(sel).count() == 1, sel
        widest = page.evaluate(
            """sel => Math.max(...[document.querySelector(sel),
            ...document.querySelectorAll(sel + ' *')].map(e => e.getBoundingClientRect().right))""",
            sel,
        )
        assert widest <= width, f"{sel} reaches {widest} px in a {width} px window"


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("ada", password="s3cret-pass-word")


@pytest.fixture
def queued(monkeypatch):
    """Forks are queued for the workers; here the test runs each one, as a worker would."""
    made = []
    monkeypatch.setattr("matches.tasks.run_match.delay", made.append)
    return made


def test_fork_from_the_viewer_and_follow_the_links_both_ways(
    live_server, page, artifacts, user, queued
):
    parent = services.play_and_store("tic_tac_toe", ["random", "random"], 9)
    log_in(page, live_server.url, user, f"/matches/{parent.pk}/")
    page.wait_for_selector("#board[data-loaded='true'] svg")

    # the control is in plain sight above the board; the event follows the viewer
    assert page.locator("#what-if summary").is_visible()
    page.click("#events li[data-seq='4']")
    wait_for_seq(page, 4)
    page.focus("#what-if summary")
    page.keyboard.press(" ")  # the panel's key, not the viewer's play shortcut
    assert page.locator("#what-if").get_attribute("open") is not None
    assert "play" in page.inner_text("#play")
    assert page.input_value("#fork-at") == "4"
    page.select_option("#fork-seat-1", "builtin:greedy")
    page.screenshot(path=str(artifacts / "fork-form.png"), full_page=True)
    page.click("#fork-submit")

    fork = Match.objects.get(parent=parent)
    page.wait_for_url(f"**/matches/{fork.pk}/#e{fork.fork_at}")
    assert f"fork of #{parent.pk}" in page.inner_text("main")
    assert fork.status == Match.Status.QUEUED and queued == [fork.pk]
    assert run_match(fork.pk) == "finished"  # the worker's run
    # the page watches the queued match and shows it whole once it is over
    page.wait_for_function(
        "document.getElementById('match-status').textContent === 'finished'", timeout=20000
    )
    page.wait_for_selector("#board[data-loaded='true'] svg")
    wait_for_seq(page, fork.fork_at)  # opened at the split
    fork.refresh_from_db()
    assert verification.verify_stored_match(fork).ok

    # drawn as a branch: the shared events and the split are marked
    split = page.locator("#events li.fork-split")
    assert split.count() == 1 and split.get_attribute("data-seq") == str(fork.fork_at)
    assert page.locator("#events li.fork-shared").count() == fork.fork_at + 1
    assert page.locator("#fork-branch svg.branch-diagram polyline.twig").count() == 1
    assert "shared with the parent" in page.inner_text("#fork-here")
    page.screenshot(path=str(artifacts / "fork-branch.png"), full_page=True)
    page.click("#forward")
    wait_for_seq(page, fork.fork_at + 1)
    assert "this fork's own" in page.inner_text("#fork-here")
    page.click("#back")
    wait_for_seq(page, fork.fork_at)

    # to the parent, at the split event
    page.click("#fork-parent-link")
    page.wait_for_url(f"**/matches/{parent.pk}/#e{fork.fork_at}")
    page.wait_for_selector("#board[data-loaded='true'] svg")
    wait_for_seq(page, fork.fork_at)
    origin = page.locator("#events li.fork-origin")
    assert origin.count() == 1 and origin.get_attribute("data-seq") == str(fork.fork_at)

    assert page.locator(f"#fork-list a.fork-link[data-fork='{fork.pk}']").count() == 1
    page.screenshot(path=str(artifacts / "fork-parent.png"), full_page=True)

    # and back to the fork, from the line by the board, at the same event
    assert "splits off after this event" in page.inner_text("#fork-here")
    page.click(f"#fork-here a[href$='/matches/{fork.pk}/#e{fork.fork_at}']")
    page.wait_for_url(f"**/matches/{fork.pk}/#e{fork.fork_at}")
    page.wait_for_selector("#fork-branch")
    wait_for_seq(page, fork.fork_at)


def test_the_fork_pages_fit_a_phone(live_server, browser, artifacts, user, queued):
    parent = services.play_and_store("aimbots", ["greedy", "random"], 5)
    from matches.forks import create_fork

    fork = services.run_stored_match(create_fork(parent, 6, {1: "greedy"}))
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        log_in(page, live_server.url, user, f"/matches/{parent.pk}/")
        page.wait_for_selector("#board[data-loaded='true'] svg")
        page.click("#what-if summary")
        fits(page, ["#what-if", "#fork-list", "#fork-submit", "#fork-seat-1"])
        page.screenshot(path=str(artifacts / "fork-phone-parent.png"), full_page=True)
        page.goto(f"{live_server.url}/matches/{fork.pk}/")
        page.wait_for_selector("#board[data-loaded='true'] svg")
        fits(page, ["#fork-branch", "#fork-branch svg", "#what-if", "#fork-here"])
        page.screenshot(path=str(artifacts / "fork-phone-branch.png"), full_page=True)
    finally:
        context.close()

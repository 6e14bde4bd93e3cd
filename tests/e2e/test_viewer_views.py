"""Replays that tell the truth in every view, in a real browser: each view lists and
draws what that seat (or a spectator) knew, the words name what the board draws,
and the last event's change is ringed on the board - in every game."""

from __future__ import annotations

import re

import pytest

from engine import registry
from engine.events import EVERYONE
from engine.viewing import entries
from tests.engine.test_highlight import PIECE_EVENTS

from matches import selectors, services

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = sorted(registry.games())


def lineup(name):
    game = registry.get(name)
    return ["random"] * game.seat_counts[0]


def open_replay(page, url, at=None):
    page.goto(url + (f"#e{at}" if at is not None else ""))
    page.wait_for_selector("#board[data-loaded='true'] svg", timeout=30000)


def choose_view(page, view, count):
    page.select_option("#perspective", view)
    page.wait_for_function(
        "([v, n]) => document.getElementById('board').dataset.view === v &&"
        " document.querySelectorAll('#events li[data-seq]').length === n",
        arg=[view, count],
        timeout=30000,
    )


def listed_texts(page):
    return page.eval_on_selector_all(
        "#events li[data-seq] > a", "els => els.map(e => e.textContent)"
    )


def wait_for_seq(page, seq):
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=seq, timeout=30000
    )


@pytest.mark.parametrize("name", GAMES)
def test_each_views_list_is_what_that_seat_knew_and_the_last_change_is_ringed(
    name, live_server, page
):
    match = services.play_and_store(name, lineup(name), 5)
    assert match.status == "finished", match.error
    game = registry.get(name)
    events = [row.to_engine() for row in match.events.order_by("seq")]
    names = selectors.names_at(match)
    url = f"{live_server.url}/matches/{match.pk}/"
    open_replay(page, url)
    for view in ("spectator", 0, "everything"):
        shown = entries(game, events, view, names)
        choose_view(page, "all" if view == "everything" else str(view), len(shown))
        assert listed_texts(page) == [e["text"] for e in shown], view
    # a secret of another seat is listed as its public twin in seat 0's view
    hidden = [e for e in events if e.to != EVERYONE and 0 not in e.to]
    choose_view(page, "0", len(entries(game, events, 0, names)))
    for e in hidden:
        item = page.locator(f"#events li[data-seq='{e.seq}']")
        if e.public is None:
            assert not item.count(), f"{name}: seat 0 lists #{e.seq}, which it never saw"
        else:
            assert "private" in item.get_attribute("class")
            assert item.locator("a").inner_text() == game.describe(
                {"type": e.type, "data": e.public, "redacted": True}, names(e.seq)
            )
    # a move's change is ringed on the board of the view
    move = next(e for e in events if e.type in PIECE_EVENTS[name] and e.to == EVERYONE)
    page.click(f"#events li[data-seq='{move.seq}'] a")
    wait_for_seq(page, move.seq)
    assert page.locator("#board svg [data-changed]").count() >= 1


def test_dogfight_seat_0_does_not_read_seat_1s_choice_before_the_reveal(live_server, page):
    match = services.play_and_store("dogfight", ["random", "random"], 1)
    choice = match.events.filter(type="ActionSubmitted").exclude(to=EVERYONE)
    secret = next(row for row in choice if row.to == [1])
    reveal = match.events.filter(type="StatsRevealed").order_by("seq").first()
    assert secret.seq < reveal.seq
    open_replay(page, f"{live_server.url}/matches/{match.pk}/")
    everything = page.locator(f"#events li[data-seq='{secret.seq}'] a").inner_text()
    assert "chooses" in everything and "attack" in everything
    page.select_option("#perspective", "0")
    page.wait_for_function("document.getElementById('board').dataset.view === '0'")
    page.wait_for_selector(f"#events li[data-seq='{secret.seq}'].private")
    before = page.eval_on_selector_all(
        "#events li[data-seq] > a",
        "(els, r) => els.filter(e => +e.parentNode.dataset.seq < r).map(e => e.textContent)",
        reveal.seq,
    )
    assert not any("seat 1) chooses" in t for t in before), before
    said = f"{match.seats.get(index=1).bot_name} (seat 1) decides in secret."
    assert any(t.startswith(said) for t in before), before


def test_powerball_draws_the_seats_hand_face_up_and_the_others_face_down(live_server, page):
    match = services.play_and_store("powerball", ["random", "random"], 4)
    dealt = match.events.filter(type="HandDealt").order_by("seq")
    last_deal = max(row.seq for row in dealt[:2])  # both seats hold their first hand
    hand = next(row for row in dealt if row.to == [0]).data["cards"]
    url = f"{live_server.url}/matches/{match.pk}/"
    open_replay(page, url, at=last_deal)
    page.select_option("#perspective", "0")
    page.wait_for_function("document.getElementById('board').dataset.view === '0'")
    page.click(f"#events li[data-seq='{last_deal}'] a")
    wait_for_seq(page, last_deal)
    mine = page.locator("#board svg g.program[data-seat='0'] .hand-card.face-up")
    assert [int(c) for c in mine.evaluate_all("els => els.map(e => e.dataset.card)")] == hand
    assert page.locator("#board svg g.program[data-seat='1'] .hand-card.face-up").count() == 0
    assert page.locator("#board svg g.program[data-seat='1'] .hand-card.face-down").count() > 0
    # the spectator sees every hand face down; everything sees both face up
    page.select_option("#perspective", "spectator")
    page.wait_for_function("document.getElementById('board').dataset.view === 'spectator'")
    assert page.locator("#board svg .hand-card.face-up").count() == 0
    assert page.locator("#board svg .hand-card.face-down").count() > 0
    # words and cards agree: the hand is named card by card in seat 0's list
    page.select_option("#perspective", "0")
    page.wait_for_function("document.getElementById('board').dataset.view === '0'")
    text = page.locator(f"#events li[data-seq='{dealt[0].seq}'] a").inner_text()
    titles = mine.evaluate_all("els => els.map(e => e.querySelector('title').textContent)")
    assert all(title in text for title in titles), (text, titles)


def labels(page):
    return set(page.eval_on_selector_all("#board svg text", "els => els.map(e => e.textContent)"))


@pytest.mark.parametrize(
    "name, kind, pattern",
    [
        ("cascade_effect", "Moved", r"(R\d|B\d) moves from (\(\d,\d\)) to (\(\d,\d\))"),
        ("aimbots", "Boosted", r"Bot (#\d+) boosts \d \w+ from (\(\d,\d\)) to (\(\d,\d\))"),
        ("powerball", "Moved", r"moves to ([A-L]\d+) facing"),
        ("connect_four", "ActionSubmitted", r"into column (\d)\."),
    ],
)
def test_the_words_name_what_the_board_labels(name, kind, pattern, live_server, page):
    match = services.play_and_store(name, lineup(name), 5)
    row = match.events.filter(type=kind).order_by("seq")[2]
    open_replay(page, f"{live_server.url}/matches/{match.pk}/")
    page.click(f"#events li[data-seq='{row.seq}'] a")
    wait_for_seq(page, row.seq)
    text = page.locator(f"#events li[data-seq='{row.seq}'] a").inner_text()
    found = re.search(pattern, text)
    assert found, text
    drawn = labels(page)
    for name_on_board in found.groups():
        assert name_on_board in drawn, (name_on_board, text)
    if name == "connect_four":  # the protocol's column is the one the words and board name
        assert found.group(1) == str(row.data["action"])


def test_switching_views_quickly_stays_at_the_same_moment(live_server, page):
    match = services.play_and_store("aimbots", ["greedy", "greedy"], 6)
    at = match.event_count // 2
    open_replay(page, f"{live_server.url}/matches/{match.pk}/", at)
    wait_for_seq(page, at)
    for view in ("spectator", "1", "0"):  # each before the last one's list has loaded
        page.select_option("#perspective", view)
    page.wait_for_function(
        "s => { const b = document.getElementById('board');"
        " return b.dataset.view === '0' && b.dataset.seq === String(s); }",
        arg=at,
        timeout=60000,
    )
    assert page.evaluate("location.hash") == f"#e{at}"

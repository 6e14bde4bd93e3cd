"""The replay viewer in a real browser: list, open, play, seek, final board."""

import pytest

from engine import registry
from engine.lineup import lineup
from engine.reading import parse_jsonl
from engine.replay import Replay
from engine.runner import Match as EngineMatch

from matches import selectors, services, storing
from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def final_board(match):
    game = registry.get(match.game)
    events = parse_jsonl(selectors.export_bytes(match))
    return game.state_json(Replay(game, events).state_at(len(events) - 1))["board"]


def wait_for_seq(page, seq):
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=seq, timeout=15000
    )


def test_open_play_seek_to_end_and_see_the_final_board(live_server, page, artifacts):
    match = services.play_and_store("tic_tac_toe", ["greedy", "random"], 7)
    last = match.event_count - 1

    page.goto(f"{live_server.url}/matches/")
    link = page.locator(f'#match-table a[href="/matches/{match.pk}/"]')
    link.click()
    page.wait_for_url(f"**/matches/{match.pk}/**")
    page.wait_for_selector("#board[data-loaded='true'] svg")
    wait_for_seq(page, 0)
    assert page.locator("#events li").count() == match.event_count

    page.select_option("#speed", "16")
    page.click("#play")
    assert "pause" in page.inner_text("#play")
    page.wait_for_function(
        "Number(document.getElementById('board').dataset.seq) >= 2", timeout=15000
    )
    page.click("#play")  # pause
    assert "play" in page.inner_text("#play")

    page.focus("#slider")
    page.keyboard.press("End")  # seek to the end with the slider
    wait_for_seq(page, last)
    assert page.locator("#events li.current").get_attribute("data-seq") == str(last)
    assert page.evaluate("location.hash") == f"#e{last}"

    board = final_board(match)
    marks = page.locator("#board svg text[data-cell]")
    assert marks.count() == sum(1 for m in board if m >= 0)
    for cell, mark in enumerate(board):
        if mark >= 0:
            assert page.text_content(f'#board svg text[data-cell="{cell}"]') == (
                "X" if mark == 0 else "O"
            )
    page.screenshot(path=str(artifacts / "replay-final.png"), full_page=True)


def test_event_links_clicks_and_perspective(live_server, page):
    match = services.play_and_store("tic_tac_toe", ["random", "greedy"], 3)
    page.goto(f"{live_server.url}/matches/{match.pk}/#e4")
    wait_for_seq(page, 4)
    assert page.locator("#board svg text[data-cell]").count() == 4
    page.click("#events li[data-seq='2'] a")
    wait_for_seq(page, 2)
    assert page.locator("#board svg text[data-cell]").count() == 2
    page.click("#forward")
    wait_for_seq(page, 3)
    page.click("#back")
    wait_for_seq(page, 2)
    page.select_option("#perspective", "1")
    page.wait_for_function("document.getElementById('board').dataset.view === '1'")
    assert page.locator("#board svg text[data-cell]").count() == 2


def test_a_running_match_is_followed_live(live_server, page):
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, ["greedy", "random"])
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 5)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    played = EngineMatch.begin(game, seats, 5)
    for seat, player in enumerate(players):
        player.begin(seat, played.header)
    played.step(players, 5)
    storing.append_events(match, played.log.lines)
    sent = len(played.log.lines)

    page.goto(f"{live_server.url}/matches/{match.pk}/")
    wait_for_seq(page, sent - 1)
    assert page.is_visible("#live-label")
    assert page.locator("#perspective option[value='0']").is_disabled()

    played.step(players, 5)
    storing.append_events(match, played.log.lines[sent:])
    wait_for_seq(page, len(played.log.lines) - 1)
    assert page.locator("#board svg text[data-cell]").count() == 2

"""Watching a whole match in the replay viewer, for every game: a finished match
opens on its result with "play from the start" one key away, steps go by turn as
well as by event, 1x plays at the game's pace, the first board does not wait for
the event list, and a live page that reloads at the end lands on the end."""

import pytest

from engine import registry
from engine.lineup import lineup
from engine.runner import Match as EngineMatch

from matches import services, storing
from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = sorted(registry.games())


def builtin_lineup(name):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    return [bot] * game.seat_counts[0]


def shown_seq(page):
    return int(page.get_attribute("#board", "data-seq"))


def wait_for_seq(page, seq):
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=seq, timeout=30000
    )


def stored(name, seed=4):
    match = services.play_and_store(name, builtin_lineup(name), seed)
    assert match.status == "finished", match.error
    return match


def open_replay(page, match, live_server):
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.wait_for_selector("#board[data-loaded='true'] svg", timeout=30000)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_match_opens_on_its_result_and_s_plays_it_from_the_start(
    name, live_server, page
):
    match = stored(name)
    open_replay(page, match, live_server)
    wait_for_seq(page, match.event_count - 1)
    assert page.inner_text("#sentence").startswith("The match ends")
    ranks = page.locator("table.seats tbody td:nth-child(3)").all_inner_texts()
    assert sorted(ranks) == sorted(str(s.rank) for s in match.seats.all())
    assert page.locator("#board-panel li").count() > 0  # the result's words beside it
    page.keyboard.press("s")  # at 1x a match lasts a minute or more: still near its start
    page.wait_for_function("document.getElementById('play').textContent.includes('pause')")
    early = match.event_count // 4  # (frames that come late are skipped: seq 0 may not show)
    page.wait_for_function(
        "n => Number(document.getElementById('slider').value) < n", arg=early, timeout=30000
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_step_by_turn_stops_at_each_turn_the_game_declares(name, live_server, page):
    match = stored(name)
    turns = registry.get(name).pacing.turns
    open_replay(page, match, live_server)
    types = page.locator("#events li").evaluate_all("els => els.map(e => e.dataset.type)")
    stops = [i for i, kind in enumerate(types) if kind in turns]
    page.keyboard.press("Home")
    wait_for_seq(page, 0)
    page.click("#turn-forward")
    wait_for_seq(page, stops[0])
    assert f"turn 1 of {len(stops)}" in page.inner_text("#position")
    page.keyboard.press("PageDown")
    wait_for_seq(page, stops[1])
    assert f"turn 2 of {len(stops)}" in page.inner_text("#position")
    page.click("#turn-back")
    wait_for_seq(page, stops[0])
    page.keyboard.press("Shift+ArrowRight")
    wait_for_seq(page, stops[1])


@pytest.mark.parametrize("name", GAMES)
def test_1x_is_labelled_and_paced_at_the_games_own_pace(name, live_server, page):
    match = stored(name)
    pace = registry.get(name).pacing.pace
    open_replay(page, match, live_server)
    label = page.locator("#speed option[value='1']").inner_text()
    if pace >= 1:
        assert label == f"1× · {pace:g} events/s"
    else:
        assert label == f"1× · an event every {round(1 / pace, 1):g} s"
    assert page.input_value("#speed") == "1"


@pytest.mark.parametrize("name", GAMES)
def test_the_first_board_is_drawn_without_waiting_for_the_event_list(name, live_server, page):
    match = stored(name)
    # the event list never comes: the board (the result) is drawn all the same
    page.route("**/events/**", lambda route: route.abort())
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    wait_for_seq(page, match.event_count - 1)
    assert page.locator("#board svg").count() == 1
    assert page.locator("#board-panel li").count() > 0
    # the list's failure is told when its request fails, which may come after the
    # board (found on 27 November: the board first on a slow machine)
    page.wait_for_function(
        "() => document.getElementById('position').innerText.includes('could not load the events')",
        timeout=15000,
    )


def test_a_live_page_that_reloads_at_the_end_lands_on_the_end(live_server, page):
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, ["greedy", "random"])
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 5)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    played = EngineMatch.begin(game, seats, 5)
    for seat, player in enumerate(players):
        player.begin(seat, played.header)
    played.step(players, 3)
    storing.append_events(match, played.log.lines)
    sent = len(played.log.lines)

    page.goto(f"{live_server.url}/matches/{match.pk}/")
    wait_for_seq(page, sent - 1)  # following the match as it runs
    page.route("**/api/matches/**", lambda route: route.abort())  # no read under the writes
    page.wait_for_timeout(300)
    played.play(players)
    storing.append_events(match, played.log.lines[sent:])
    match.refresh_from_db()
    storing.finish(match, played.log.events[-1].data)
    page.unroute("**/api/matches/**")
    page.wait_for_function("document.getElementById('match-status').textContent === 'finished'")
    page.wait_for_selector("#board[data-loaded='true'] svg", timeout=30000)
    last = len(played.log.lines) - 1
    wait_for_seq(page, last)
    assert page.evaluate("location.hash") == f"#e{last}"

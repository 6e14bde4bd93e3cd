"""Figures of the replay viewer, measured in the real browser (not a test: timings
are never asserted). Run it by name:

    .venv/bin/python -m pytest -q -s -p no:randomly tests/e2e/bench_viewer.py

For each game: time to first board (navigation start to the first frame drawn, a
new match and the same page again), the page weight up to that first board (HTML,
JS, CSS, the events and the first frame, uncompressed bytes: the events loaded by
the time the board is drawn, which no longer waits for them), and the true
playback rate at each speed (events shown a second, frames drawn a second; a
speed is a multiple of the game's own pace). Written to
test-artifacts/viewer-figures.json and printed; docs/performance.md keeps them.
"""

import json
import time

import pytest

from engine import registry

from matches import services

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = sorted(registry.games())
SPEEDS = {"1": 6.0, "16": 3.0, "64": 3.0}  # speed -> seconds of playback measured

COUNT_FRAMES = """
window.__frames = 0;
window.__moves = [];  // [time, event index] each time the shown event changes
new MutationObserver(() => window.__frames++).observe(document.getElementById('board'),
                                                       {childList: true});
new MutationObserver(() => window.__moves.push(
    [performance.now(), Number(document.getElementById('slider').value)])
).observe(document.getElementById('position'), {childList: true, characterData: true,
                                                subtree: true});
"""


def lineup(name):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    return [bot] * game.seat_counts[0]


def first_board(page, url):
    sizes = {}

    def note(response):
        try:
            body = response.body()
        except Exception:
            return
        path = response.url.split("?")[0]
        kind = (
            "frame"
            if "/state/" in path
            else "events"
            if "/events/" in path
            else "js"
            if path.endswith(".js")
            else "css"
            if path.endswith(".css")
            else "html"
        )
        if kind == "frame" and "frame" in sizes:
            return  # frames fetched ahead are not part of the first board
        sizes[kind] = sizes.get(kind, 0) + len(body)

    page.on("response", note)
    page.goto(url)
    page.wait_for_selector("#board[data-first-board-ms]", timeout=60000)
    ms = int(page.get_attribute("#board", "data-first-board-ms"))
    page.remove_listener("response", note)
    return ms, sizes


def playback_rate(page, speed, seconds):
    """Events shown and frames drawn a second, timed in the page itself (the
    harness's own calls are slow on a busy machine)."""
    page.wait_for_selector("#board[data-loaded='true']", timeout=60000)  # every event is in
    page.evaluate("document.getElementById('first').click()")
    page.wait_for_function("document.getElementById('board').dataset.seq === '0'")
    page.select_option("#speed", speed)
    page.evaluate(COUNT_FRAMES)
    page.evaluate("window.__t0 = performance.now(); document.getElementById('play').click()")
    time.sleep(seconds)
    moves, frames, elapsed = page.evaluate(
        "[window.__moves, window.__frames, (performance.now() - window.__t0) / 1000]"
    )
    page.click("#play")
    last = int(page.get_attribute("#slider", "max"))
    if moves[-1][1] >= last:
        return None  # ran out of events: too short a match to time this speed
    # events a second between the first and the last move (whole events, no rounding)
    (t0, i0), (t1, i1) = moves[0], moves[-1]
    return round((i1 - i0) * 1000 / (t1 - t0), 1), round(frames / elapsed, 1)


def test_measure_the_viewer(live_server, browser, artifacts):
    figures = {}
    # every match is stored before the browser reads any (SQLite: no write under a read)
    matches = {name: services.play_and_store(name, lineup(name), 11) for name in GAMES}
    warm_up = services.play_and_store("tic_tac_toe", lineup("tic_tac_toe"), 1)
    context = browser.new_context()
    first_board(context.new_page(), f"{live_server.url}/matches/{warm_up.pk}/")
    context.close()  # the server's first page (templates, imports) is not a game's
    for name in GAMES:
        match = matches[name]
        url = f"{live_server.url}/matches/{match.pk}/"
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        cold, sizes = first_board(page, url)
        page.goto("about:blank")
        warm, _ = first_board(page, url)
        rates = {}
        if match.event_count > 40:
            for speed, seconds in SPEEDS.items():
                rates[speed] = playback_rate(page, speed, seconds)
        context.close()
        figures[name] = {
            "events": match.event_count,
            "first_board_ms": cold,
            "first_board_again_ms": warm,
            "bytes": sizes,
            "bytes_total": sum(sizes.values()),
            "events_per_s_and_frames_per_s": rates,
        }
        print(name, json.dumps(figures[name]))
    (artifacts / "viewer-figures.json").write_text(json.dumps(figures, indent=1))

"""The replay viewer shows every game in a real browser: a board
per seat view that draws what the view holds, "everything" with all seats at once,
events in words with the JSON behind a toggle, true speed labels, no horizontal
scrolling at 1280 px or on a phone (390 px). Screenshots of each game land in
test-artifacts/ (the committed ones in docs/screenshots/ come from there)."""

import json

import pytest

from engine import registry

from matches import services

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = sorted(registry.games())


def builtin_lineup(name):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    return [bot] * game.seat_counts[0]


# every event the player steps to from when this runs (the event list marks it at once,
# before its board is fetched): window.stepsTaken()
RECORD_STEPS = """() => {
  const list = document.getElementById("events"), taken = [];
  new MutationObserver((changes) => changes.forEach((c) => {
    if (c.target.classList.contains("current")) { taken.push(c.target.dataset.seq); }
  })).observe(list, {attributes: true, attributeFilter: ["class"], subtree: true});
  window.stepsTaken = () => taken;
}"""


def wait_for_seq(page, seq):
    page.wait_for_function(
        "s => document.getElementById('board').dataset.seq === String(s)", arg=seq, timeout=20000
    )


def wait_for_view(page, view, seq):
    # another view loads its own event list before its board: a generous deadline
    page.wait_for_function(
        "([v, s]) => { const b = document.getElementById('board');"
        " return b.dataset.view === v && b.dataset.seq === String(s); }",
        arg=[view, seq],
        timeout=60000,
    )


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def open_replay(page, url, at=None):
    page.goto(url + (f"#e{at}" if at is not None else ""))
    page.wait_for_selector("#board[data-loaded='true'] svg", timeout=20000)


@pytest.mark.parametrize("name", GAMES)
def test_each_game_reads_at_1280_and_at_phone_width(name, live_server, browser, artifacts):
    match = services.play_and_store(name, builtin_lineup(name), 4)
    assert match.status == "finished", match.error
    last = match.event_count - 1
    url = f"{live_server.url}/matches/{match.pk}/"
    figures = {}
    for width, height in ((1280, 900), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
        open_replay(page, url, last)
        wait_for_seq(page, last)
        figures[width] = int(page.get_attribute("#board", "data-first-board-ms"))
        # the final position: the board fills its column, the page does not scroll sideways
        # (a picture too wide to stay legible scrolls inside the board's box)
        assert no_horizontal_scroll(page), f"{name} scrolls sideways at {width} px"
        assert page.locator("#board").bounding_box()["width"] <= width
        if width == 1280:
            board = page.locator("#board svg").bounding_box()
            assert board["width"] >= 600, "the board is drawn small"
        # events in words; the JSON is behind the toggle
        last_item = page.locator(f"#events li[data-seq='{last}']")
        assert last_item.locator("a").inner_text().startswith("The match ends")
        assert not page.locator("#events li code.json").first.is_visible()
        page.check("#show-json")
        assert page.locator("#events li code.json").first.is_visible()
        page.uncheck("#show-json")
        assert page.inner_text("#sentence").startswith("The match ends")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(artifacts / f"viewer-{name}-{width}.png"), full_page=True)
        context.close()
        assert not errors, errors
    (artifacts / f"viewer-{name}-first-board.json").write_text(json.dumps(figures))


@pytest.mark.parametrize("name", GAMES)
def test_every_event_is_a_sentence_of_the_game(name, live_server, page):
    match = services.play_and_store(name, builtin_lineup(name), 5)
    open_replay(page, f"{live_server.url}/matches/{match.pk}/")
    texts = page.locator("#events li a").all_inner_texts()
    assert len(texts) == match.event_count
    # a sentence, not an event's JSON; the game's own words for its own events
    assert all(t and "{" not in t for t in texts if not t.startswith("The match begins"))
    types = page.locator("#events li").evaluate_all("els => els.map(e => e.dataset.type)")
    game = registry.get(name)
    for text, kind in zip(texts, types):
        if kind not in ("MatchStarted", "MatchEnded", "ActionSubmitted"):
            assert text != kind and text.lower() != kind.lower()
    assert game.describer is not None


@pytest.mark.parametrize(
    "name, marker, counts",
    [
        # Aerial Assault: a seat's view holds its two robots' hands, the spectator's none,
        # everything all four
        ("aerial_assault", "[data-mark^='hand-']", {"all": 4, "spectator": 0, "0": 2, "1": 2}),
    ],
)
def test_seat_views_draw_what_they_hold_and_everything_shows_all(
    name, marker, counts, live_server, page
):
    match = services.play_and_store(name, builtin_lineup(name), 6)
    at = match.event_count // 2
    open_replay(page, f"{live_server.url}/matches/{match.pk}/", at)
    wait_for_seq(page, at)
    drawn = {}
    for view, count in counts.items():
        page.select_option("#perspective", view)
        wait_for_view(page, view, at)
        assert page.locator(f"#board-panel {marker}").count() == count, view
        drawn[view] = page.inner_html("#board") + page.inner_html("#board-panel")
    assert len(set(drawn.values())) == len(drawn), "two views drew the same board"


def test_aimbots_views_differ_by_the_cores_each_may_see(live_server, page):
    match = services.play_and_store("aimbots", ["greedy", "greedy"], 6)
    at = match.event_count // 2
    open_replay(page, f"{live_server.url}/matches/{match.pk}/", at)
    wait_for_seq(page, at)
    drawn, cores = {}, {}
    for view in ("all", "spectator", "0", "1"):
        page.select_option("#perspective", view)
        wait_for_view(page, view, at)
        drawn[view] = page.inner_html("#board") + page.inner_html("#board-panel")
        cores[view] = page.locator("#board svg [data-core]").count()
        assert page.locator("#board-panel [data-mark='score']").count() == 2
    assert len(set(drawn.values())) == 4
    # a seat sees its own bots' cores (and destroyed ones), everything sees them all
    assert cores["spectator"] < cores["0"] < cores["all"]
    assert cores["spectator"] < cores["1"] < cores["all"]


def test_speed_labels_say_events_a_second(live_server, page):
    match = services.play_and_store("tic_tac_toe", ["greedy", "random"], 2)
    open_replay(page, f"{live_server.url}/matches/{match.pk}/")
    labels = page.locator("#speed option").all_inner_texts()
    for label, value in zip(
        labels, page.locator("#speed option").evaluate_all("els => els.map(e => e.value)")
    ):
        assert label.startswith(f"{value}×") and "event" in label
    page.select_option("#speed", "64")
    # at 64 events a second a board is up for a frame or two, and on a busy machine a
    # board still being fetched when the next is due is never drawn (by design): the
    # steps are recorded as the player takes them, then the last board awaited
    page.evaluate(RECORD_STEPS)
    page.click("#from-start")
    last = match.event_count - 1
    page.wait_for_function(
        "last => window.stepsTaken().at(-1) === String(last)", arg=last, timeout=20000
    )
    steps = [int(seq) for seq in page.evaluate("window.stepsTaken()")]
    # it went back to the start and played forwards to the end
    assert steps[0] == 0 and steps == sorted(steps) and len(steps) > 1, steps
    page.wait_for_function("document.getElementById('play').textContent.includes('play')")


def test_the_match_list_fits_a_phone(live_server, browser):
    for name in ("aimbots", "tic_tac_toe"):
        services.play_and_store(name, builtin_lineup(name), 3)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/matches/")
    page.wait_for_selector("#match-table")
    assert no_horizontal_scroll(page)
    context.close()

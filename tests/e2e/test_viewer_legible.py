"""Every game's replay page reads on a phone: no text of the page (the board's
labels included, at the size the picture is drawn) renders under 11 CSS px, at
390 px and at 1280 px, at the start, in the middle and at the end of a match."""

import pytest

from engine import registry

from matches import services

pytestmark = pytest.mark.django_db(transaction=True)

LEGIBLE = 11  # CSS px
GAMES = sorted(registry.games())

# the smallest rendered font size of any text the page shows: an HTML element's
# computed size, an SVG label's size times the scale its picture is drawn at
SMALLEST_TEXT = """
() => {
  let least = Infinity, what = "";
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest("script, style, title, option")) continue;
    if (!el.getClientRects().length) continue;  // not rendered (hidden, display: none)
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    if (size < least) { least = size; what = node.textContent.trim().slice(0, 50); }
  }
  return [least, what];
}
"""


def builtin_lineup(name):
    game = registry.get(name)
    bot = "greedy" if "greedy" in game.bots else sorted(game.bots)[0]
    return [bot] * game.seat_counts[0]


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize("name", GAMES)
def test_no_text_of_a_replay_renders_under_11_px(name, width, height, live_server, browser):
    match = services.play_and_store(name, builtin_lineup(name), 4)
    last = match.event_count - 1
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        for at in (0, last // 2, last):
            page.goto(f"{live_server.url}/matches/{match.pk}/#e{at}")
            page.wait_for_selector("#board[data-loaded='true'] svg", timeout=30000)
            page.wait_for_function(
                "s => document.getElementById('board').dataset.seq === String(s)", arg=at
            )
            least, what = page.evaluate(SMALLEST_TEXT)
            assert least >= LEGIBLE, f"{name} at {width} px, event {at}: {least:.1f} px {what!r}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()

"""What Home leads with: the matches being played now and those just finished, each
with a small board of its latest position as a spectator sees it (a match that
hides its results shows none)."""

from __future__ import annotations

from django.db.models import Prefetch

from engine import registry, viewing

from matches import selectors
from matches.models import Match, MatchSeat

#: boards on Home: enough to feel like a room full of tables, few enough to draw
BOARDS = 4


def now_playing() -> dict[str, list[Match]]:
    """``live`` and ``finished`` matches, newest first, each with ``board`` (an SVG
    or ``""``)."""
    seats = Prefetch("seats", queryset=MatchSeat.objects.order_by("index"))
    shown = Match.objects.visible().prefetch_related(seats)
    live = list(shown.filter(status=Match.Status.RUNNING).order_by("-started_at", "-id")[:BOARDS])
    finished = list(
        shown.filter(status=Match.Status.FINISHED).order_by("-finished_at", "-id")[:BOARDS]
    )
    titles = {name: game.title or name for name, game in registry.games().items()}
    for match in live + finished:
        match.board = board(match)
        match.game_title = titles.get(match.game, match.game)
    return {"live": live, "finished": finished}


def board(match: Match) -> str:
    """The spectator's drawing of ``match`` after its latest event; ``""`` when it
    has none to show (no event yet, results hidden, a game that cannot draw)."""
    if match.event_count == 0 or match.hides_results:
        return ""
    try:
        out, _ = selectors.frame(match, match.event_count - 1, viewing.SPECTATOR)
    except selectors.SelectorError:
        return ""
    return out["svg"] if not out.get("render_error") else ""

"""The events API's pages built from the stored lines (``matches.event_pages``):
every view serves each event exactly as the engine shows it to that onlooker, a
secret never whole to anyone it was not addressed to, no chain link beside it,
and a page kept for one view is never served for another."""

import pytest

from engine.events import EVERYONE
from engine.reading import parse_jsonl

from matches import selectors, services
from matches.models import Match, MatchEvent

pytestmark = pytest.mark.django_db

VIEWS = ("everything", "spectator", "0", "1")


@pytest.fixture
def dogfight(db) -> Match:
    return services.play_and_store("dogfight", ["random", "random"], 1)


def listed(api, match, view: str) -> list[dict]:
    events, url = [], f"/api/matches/{match.pk}/events/?limit=7&view={view}"
    while url:  # small pages: the page boundaries are crossed too
        response = api.get(url)
        assert response.status_code == 200, response.content
        events += response.json()["results"]
        url = response.json()["next"]
    return events


def as_engine_shows(match: Match, seat: int | None) -> list[dict]:
    """The engine's own answer (``Event.seen_by``) for each event of the log."""
    out = []
    for event in parse_jsonl(selectors.export_bytes(match)):
        shown = event.seen_by(seat)
        if shown is not None:
            to = EVERYONE if shown.to == EVERYONE else list(shown.to)
            out.append({"seq": shown.seq, "type": shown.type, "to": to, "data": shown.data})
    return out


def test_each_view_serves_every_event_as_the_engine_shows_it_to_that_onlooker(api, dogfight):
    for view, seat in (("spectator", None), ("0", 0), ("1", 1)):
        served = listed(api, dogfight, view)
        assert [
            {k: v for k, v in e.items() if k not in ("text", "redacted")} for e in served
        ] == as_engine_shows(dogfight, seat)
        hidden = [e["seq"] for e in served if e.get("redacted")]
        assert hidden, "the match has secrets of the other seat to hide"
        # no chain link (a check to run guesses of a secret against), no twin field
        assert not [e for e in served if "hash" in e or "public" in e]


def test_a_secret_reaches_only_its_seat_and_a_twinless_one_nobody_else(api, running_private_match):
    match = running_private_match
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FAILED)
    by_view = {view: {e["seq"]: e for e in listed(api, match, view)} for view in VIEWS}
    assert by_view["0"][1] == {
        "seq": 1,
        "type": "CardDrawn",
        "to": [0],
        "data": {"seat": 0, "card": 42},
        "text": "Card drawn: card 42, seat 0.",
    }
    for view in ("spectator", "1"):
        assert by_view[view][1]["redacted"] and by_view[view][1]["data"] == {"seat": 0}
        assert "42" not in str(by_view[view])
    assert by_view["1"][2]["data"] == {"seat": 1, "plan": "north"}
    for view in ("spectator", "0"):
        assert 2 not in by_view[view] and "north" not in str(by_view[view])


def test_a_page_kept_for_one_view_is_never_served_for_another(api, dogfight):
    first = {view: listed(api, dogfight, view) for view in VIEWS}  # each kept as read
    again = {view: listed(api, dogfight, view) for view in reversed(VIEWS)}
    assert again == first
    assert len({str(first[view]) for view in VIEWS}) == len(VIEWS)
    assert not [e for e in first["spectator"] if e["to"] != EVERYONE]


def test_a_seats_or_spectators_page_is_built_from_the_lines_without_a_row_decoded(
    api, dogfight, monkeypatch
):
    def no_rows(*args, **kwargs):
        raise AssertionError("an event row was built: the stored line should be served")

    monkeypatch.setattr(MatchEvent, "from_db", classmethod(no_rows))
    for view in VIEWS:
        assert listed(api, dogfight, view)


def test_a_running_matchs_page_is_not_kept_it_grows_with_the_match(api, running_private_match):
    from matches import storing

    url = f"/api/matches/{running_private_match.pk}/events/?view=spectator"
    assert [e["seq"] for e in api.get(url).json()["results"]] == [0, 1, 3]
    storing.append_events(running_private_match, ['{"data":{},"seq":4,"to":"all","type":"Tick"}'])
    assert [e["seq"] for e in api.get(url).json()["results"]] == [0, 1, 3, 4]


def test_a_kept_page_is_read_again_once_the_log_it_was_made_from_is_another(api, dogfight):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/api/matches/{dogfight.pk}/events/?limit=5&view=0"
    api.get(url)
    # a match run again after a lost run: as many events, another chain
    Match.objects.filter(pk=dogfight.pk).update(digest="0" * 64)
    with CaptureQueriesContext(connection) as queries:
        api.get(url)
    assert [q for q in queries.captured_queries if "matches_matchevent" in q["sql"]]

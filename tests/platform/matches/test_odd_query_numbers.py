"""Numbers in query strings: "²" passes str.isdigit() but not int(), a 25-digit
number is more than a database stores, a cursor can be forged; never a 500."""

from __future__ import annotations

import base64
from urllib.parse import urlencode

import pytest

from matches import selectors

pytestmark = pytest.mark.django_db

ODD = "\u00b2"  # superscript two
HUGE = "9" * 25  # beyond a signed 64-bit integer: SQLite refused it as a parameter


def test_is_id_accepts_only_ascii_decimals():
    assert selectors.is_id("12")
    for text in (ODD, "", "-1", "1.5", "\u0663", " 1", None, HUGE, str(2**63)):
        assert not selectors.is_id(text)
    assert selectors.is_id(str(2**63 - 1)) and selectors.is_id("0" * 30 + "7")


@pytest.mark.parametrize("number", [ODD, HUGE])
def test_odd_competition_filters_are_a_400_in_the_api_and_on_the_page(
    api, client, finished_match, number
):
    r = api.get(f"/api/matches/?competition={number}")
    assert r.status_code == 400 and "competition" in r.json()
    page = client.get(f"/matches/?competition={number}")
    html = page.content.decode()
    assert page.status_code == 400 and "competition: competition must be a season" in html
    assert f"/matches/{finished_match.pk}/" not in html


def cursor(**tokens) -> str:
    """A cursor as DRF encodes one: base64 of a query string (p: position, o: offset)."""
    return base64.b64encode(urlencode(tokens).encode()).decode()


@pytest.mark.parametrize(
    "forged",
    [cursor(p="abc"), cursor(p=HUGE), cursor(p=ODD), cursor(o="x"), cursor(r="x"), "not base64"],
)
def test_a_forged_cursor_is_a_400_naming_it(api, finished_match, forged):
    r = api.get("/api/matches/", {"cursor": forged})
    assert r.status_code == 400 and "cursor" in r.json()


def test_a_real_cursor_still_pages(api, db):
    from matches import services

    for seed in range(3):
        services.play_and_store("tic_tac_toe", ["greedy", "random"], seed)
    first = api.get("/api/matches/", {"page_size": 2}).json()
    rest = api.get(first["next"]).json()
    assert len(first["results"]) == 2 and len(rest["results"]) == 1


def test_an_odd_search_is_a_plain_text_search(api, client, finished_match):
    for term in (ODD, f"#{ODD}"):
        r = api.get("/api/matches/", {"search": term})
        assert r.status_code == 200 and r.json()["results"] == []
        assert client.get("/matches/", {"search": term}).status_code == 200
    ids = [
        m["id"]
        for m in api.get("/api/matches/", {"search": str(finished_match.pk)}).json()["results"]
    ]
    assert ids == [finished_match.pk]


def test_an_odd_seat_is_a_400(api, finished_match):
    r = api.get(f"/api/matches/{finished_match.pk}/state/", {"at": 0, "seat": ODD})
    assert r.status_code == 400 and "seat" in r.json()
    r = api.get(f"/api/matches/{finished_match.pk}/state/", {"at": ODD})
    assert r.status_code == 400 and "at" in r.json()

"""Numbers in query strings: "²" passes str.isdigit() but not int(); never a 500."""

from __future__ import annotations

import pytest

from matches import selectors

pytestmark = pytest.mark.django_db

ODD = "\u00b2"  # superscript two


def test_is_id_accepts_only_ascii_decimals():
    assert selectors.is_id("12")
    for text in (ODD, "", "-1", "1.5", "\u0663", " 1", None):
        assert not selectors.is_id(text)


@pytest.mark.parametrize("param", ["season", "tournament"])
def test_odd_competition_filters_are_a_400_in_the_api_and_an_empty_page(api, client, finished_match,
                                                                         param):
    r = api.get(f"/api/matches/?{param}={ODD}")
    assert r.status_code == 400 and param in r.json()
    page = client.get(f"/matches/?{param}={ODD}")
    assert page.status_code == 200 and f"/matches/{finished_match.pk}/" not in page.content.decode()


def test_an_odd_search_is_a_plain_text_search(api, client, finished_match):
    for term in (ODD, f"#{ODD}"):
        r = api.get("/api/matches/", {"search": term})
        assert r.status_code == 200 and r.json()["results"] == []
        assert client.get("/matches/", {"search": term}).status_code == 200
    ids = [m["id"] for m in api.get("/api/matches/", {"search": str(finished_match.pk)}).json()["results"]]
    assert ids == [finished_match.pk]


def test_an_odd_seat_is_a_400(api, finished_match):
    r = api.get(f"/api/matches/{finished_match.pk}/state/", {"at": 0, "seat": ODD})
    assert r.status_code == 400 and "seat" in r.json()
    r = api.get(f"/api/matches/{finished_match.pk}/state/", {"at": ODD})
    assert r.status_code == 400 and "at" in r.json()

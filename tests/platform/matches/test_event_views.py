"""The events API per view: each view lists what that seat (or a spectator) knew,
with the redaction its bot was given; a fork's shared events name its parent's bots."""

import pytest

from engine.events import EVERYONE

from matches import services
from matches.forks import create_fork
from matches.models import Match

pytestmark = pytest.mark.django_db


def listed(api, match, view=None):
    query = f"&view={view}" if view is not None else ""
    response = api.get(f"/api/matches/{match.pk}/events/?limit=1000{query}")
    assert response.status_code == 200, response.content
    return {e["seq"]: e for e in response.json()["results"]}


@pytest.fixture
def dogfight(db) -> Match:
    return services.play_and_store("dogfight", ["random", "random"], 1)


def secrets_of(match: Match):
    """(seq, owner) of each private event a seat was shown."""
    return [
        (row.seq, row.to[0])
        for row in match.events.order_by("seq")
        if row.to != EVERYONE and len(row.to) == 1
    ]


def test_a_seats_list_shows_its_own_secret_choice_and_only_the_twin_of_the_others(api, dogfight):
    secrets = secrets_of(dogfight)
    assert {owner for _, owner in secrets} == {0, 1}
    views = {v: listed(api, dogfight, v) for v in ("0", "1", "spectator", "everything")}
    for seq, owner in secrets:
        whole = views["everything"][seq]
        assert not views[str(owner)][seq].get("redacted")
        assert views[str(owner)][seq]["text"] == whole["text"]
        for other in (str(1 - owner), "spectator"):
            twin = views[other][seq]
            assert twin["redacted"] and twin["data"] == whole["public"]
            assert "chooses" not in twin["text"] and "attack" not in twin["text"]


def test_the_default_view_of_a_finished_match_is_everything(api, dogfight):
    assert listed(api, dogfight) == listed(api, dogfight, "everything")
    assert listed(api, dogfight, "all") == listed(api, dogfight, "everything")


def test_a_view_that_is_no_seat_is_a_400_naming_the_choices(api, dogfight):
    response = api.get(f"/api/matches/{dogfight.pk}/events/?view=2")
    assert response.status_code == 400
    assert "'spectator' or a seat index 0..1" in response.json()["view"][0]


def test_a_running_match_lists_only_the_spectators_view(api, running_private_match):
    url = f"/api/matches/{running_private_match.pk}/events/"
    assert api.get(f"{url}?view=0").status_code == 403
    spectator = api.get(f"{url}?view=spectator").json()["results"]
    assert api.get(f"{url}?view=everything").json()["results"] == spectator
    assert not any(e["to"] != EVERYONE for e in spectator)


def test_the_state_endpoint_takes_the_same_view_parameter(api, dogfight):
    url = f"/api/matches/{dogfight.pk}/state/?at=5"
    for view, seat in (("0", "0"), ("spectator", "spectator"), ("everything", "all")):
        by_view, by_seat = (
            api.get(f"{url}&view={view}").json(),
            api.get(f"{url}&seat={seat}").json(),
        )
        assert by_view["svg"] == by_seat["svg"] and by_view["state"] == by_seat["state"]
    assert api.get(f"{url}&view=9").status_code == 400


def test_a_forks_shared_events_name_its_parents_bots_and_its_own_the_new_ones(api):
    parent = services.play_and_store("connect_four", ["random", "greedy"], 3)
    fork = services.run_stored_match(create_fork(parent, 6, {1: "random"}))
    events = listed(api, fork)
    shared = " ".join(events[seq]["text"] for seq in events if 0 < seq <= fork.fork_at)
    own = " ".join(events[seq]["text"] for seq in events if seq > fork.fork_at)
    assert "greedy (seat 1)" in shared and "random (seat 1)" not in shared
    assert "random (seat 1)" in own and "greedy" not in own


def test_a_frame_rings_what_its_event_changed(api):
    match = services.play_and_store("connect_four", ["random", "greedy"], 3)
    first_drop = match.events.get(seq=1)
    column = first_drop.data["action"]
    body = api.get(f"/api/matches/{match.pk}/state/?at=1&view=spectator").json()
    assert f'data-cell="{column}" data-seat="0" data-changed="1"' in body["svg"]
    assert body["svg"].count('data-changed="1"') == 1

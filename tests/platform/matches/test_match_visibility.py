"""Private events are hidden while a match runs and shown once it is over."""

import pytest

from matches import selectors, services
from matches.models import Match, MatchSeat

pytestmark = pytest.mark.django_db


def events(api, match):
    response = api.get(f"/api/matches/{match.pk}/events/")
    assert response.status_code == 200
    return response.json()["results"]


def test_running_match_serves_only_public_events(api, running_private_match):
    served = events(api, running_private_match)
    assert [e["seq"] for e in served] == [0, 1, 3]
    twin = served[1]
    assert twin == {
        "seq": 1,
        "type": "CardDrawn",
        "to": "all",
        "data": {"seat": 0},
        "redacted": True,
        "text": "Card drawn: seat 0. (details hidden)",
    }
    assert "42" not in str(served) and "north" not in str(served)
    assert all("hash" not in e for e in served)


def test_running_match_hides_digest_seat_views_and_log(
    api, running_private_match, running_real_match
):
    detail = api.get(f"/api/matches/{running_private_match.pk}/").json()
    assert detail["digest"] is None and detail["status"] == "running"
    url = f"/api/matches/{running_real_match.pk}/state/"
    response = api.get(f"{url}?at=2&seat=0")
    assert response.status_code == 403 and "seat" in response.json()
    spectator = api.get(f"{url}?at=2").json()
    assert spectator["seat"] == "spectator"
    assert spectator["state"]["you"] is None
    assert api.get(f"/api/matches/{running_private_match.pk}/log.jsonl").status_code == 409


def test_each_served_event_is_said_in_words_from_what_is_served(api, running_private_match):
    served = events(api, running_private_match)
    assert [e["text"] for e in served] == [
        "The match begins: no seats.",
        "Card drawn: seat 0. (details hidden)",
        "Announced: text hello.",
    ]
    Match.objects.filter(pk=running_private_match.pk).update(status=Match.Status.FAILED)
    served = events(api, running_private_match)
    assert served[1]["text"] == "Card drawn: card 42, seat 0."  # over: the whole event


def test_everything_is_visible_once_over(api, running_private_match):
    Match.objects.filter(pk=running_private_match.pk).update(status=Match.Status.FAILED)
    served = events(api, running_private_match)
    assert [e["seq"] for e in served] == [0, 1, 2, 3]
    assert served[1]["data"] == {"seat": 0, "card": 42}
    assert served[1]["public"] == {"seat": 0} and served[1]["to"] == [0]
    assert served[2]["data"]["plan"] == "north"


def test_a_finished_match_that_hides_its_results_serves_nothing_of_them(api, running_private_match):
    Match.objects.filter(pk=running_private_match.pk).update(
        status=Match.Status.FINISHED, hides_results=True
    )
    # no event and no state at all: any game's late events tell who won
    for url in ("events/", "state/?at=0", "log.jsonl"):
        response = api.get(f"/api/matches/{running_private_match.pk}/{url}")
        assert response.status_code in (403, 409), url
    assert "hidden" in str(api.get(f"/api/matches/{running_private_match.pk}/events/").json())
    detail = api.get(f"/api/matches/{running_private_match.pk}/").json()
    assert detail["result"] is None and detail["seed"] is None and detail["digest"] is None


RESULT_FIELDS = ("rank", "score", "faults", "fault_reason", "stderr")


def test_a_match_that_hides_results_blanks_every_seat_result_and_stderr(api):
    """``selectors.SEAT_RESULT_FIELDS``: while a match hides its results, a seat's
    rank, score, faults, fault reason and stderr (a bot's end message carries its
    rank) are ``None`` wherever they are served; shown again once revealed."""
    match = services.play_and_store("tic_tac_toe", ["greedy", "random"], 3)
    MatchSeat.objects.filter(match=match).update(fault_reason="slow", stderr="I won!")

    def seats():
        return selectors.blank_hidden_seats(list(MatchSeat.objects.filter(match=match)))

    shown = [[getattr(seat, f) for f in RESULT_FIELDS] for seat in seats()]
    assert all(value is not None for row in shown for value in row)
    Match.objects.filter(pk=match.pk).update(hides_results=True)
    assert [[getattr(seat, f) for f in RESULT_FIELDS] for seat in seats()] == [[None] * 5] * 2
    served = api.get(f"/api/matches/{match.pk}/").json()["seats"]
    assert [[seat[f] for f in RESULT_FIELDS[:4]] for seat in served] == [[None] * 4] * 2


def test_a_match_is_watchable_while_it_runs(api, monkeypatch):
    """Events reach the API in batches while the engine is still playing."""
    seen = []
    real_flush = services.EventWriter.flush

    def spying_flush(self):
        real_flush(self)
        if self.match.status == Match.Status.RUNNING:
            seen.append(len(events(api, self.match)))

    monkeypatch.setattr(services.EventWriter, "flush", spying_flush)
    match = services.play_and_store("tic_tac_toe", ["random", "random"], 4, batch_size=2)
    assert seen[0] == 2 and seen == sorted(seen) and len(seen) >= 3
    assert match.status == Match.Status.FINISHED


def test_a_running_match_shows_a_seed_commitment_and_never_the_seed(api, client, monkeypatch):
    """The API, the events and the page of a live match carry only the
    commitment; the seed and salt appear once it is over, and they match."""
    from engine.seeding import reveal_matches

    seen = []
    real_flush = services.EventWriter.flush

    def spying_flush(self):
        real_flush(self)
        match = self.match
        if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING:
            return
        secret_seed, salt = str(match.seed), match.seed_salt
        detail = api.get(f"/api/matches/{match.pk}/").json()
        listed = api.get("/api/matches/").json()["results"]
        served = api.get(f"/api/matches/{match.pk}/events/?limit=1000").content.decode()
        frame = api.get(f"/api/matches/{match.pk}/state/?at=0").content.decode()
        page = client.get(f"/matches/{match.pk}/").content.decode()
        if '"MatchEnded"' in served:
            return  # the reveal is stored: the match is over in its log
        assert detail["seed"] is None and detail["seed_commitment"] == match.seed_commitment
        assert all(m["seed"] is None for m in listed if m["id"] == match.pk)
        for text in (served, frame, page, str(detail), str(listed)):
            assert secret_seed not in text and salt not in text
        assert match.seed_commitment in served  # MatchStarted carries the commitment
        seen.append(len(served))

    monkeypatch.setattr(services.EventWriter, "flush", spying_flush)
    match = services.play_and_store("aimbots", ["random", "random"], batch_size=40)
    assert seen and match.status == Match.Status.FINISHED, match.error
    detail = api.get(f"/api/matches/{match.pk}/").json()
    ended = match.events.get(type="MatchEnded").data
    assert detail["seed"] == match.seed == ended["seed"]
    assert reveal_matches(ended["seed"], ended["salt"], detail["seed_commitment"])
    assert str(match.seed) in client.get(f"/matches/{match.pk}/").content.decode()

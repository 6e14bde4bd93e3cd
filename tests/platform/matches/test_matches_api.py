"""The matches API: every endpoint and filter, bad input, authentication, throttling."""

import datetime as dt
import json

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from engine import registry
from engine.panel import panel_text
from engine.reading import parse_jsonl
from engine.replay import Replay

from matches import selectors, services
from matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(db):
    a = services.play_and_store("tic_tac_toe", ["greedy", "random"], 1)
    b = services.play_and_store("tic_tac_toe", ["random", "random"], 2)
    c = services.create_match("tic_tac_toe", ["greedy", "greedy"], 3)  # queued
    return a, b, c


def ids(response):
    assert response.status_code == 200, response.content
    return [m["id"] for m in response.json()["results"]]


# -- list and filters -------------------------------------------------------------------
def test_list_newest_first_with_seats(api, three):
    a, b, c = three
    body = api.get("/api/matches/").json()
    assert [m["id"] for m in body["results"]] == [c.pk, b.pk, a.pk]
    first = body["results"][2]
    assert [s["bot_name"] for s in first["seats"]] == ["greedy", "random"]
    assert first["result"]["reason"]
    assert first["digest"] == a.digest
    assert first["page"].endswith(f"/matches/{a.pk}/")


def test_filters(api, three):
    a, b, c = three
    assert ids(api.get("/api/matches/?game=tic_tac_toe")) == [c.pk, b.pk, a.pk]
    assert ids(api.get("/api/matches/?bot=greedy")) == [c.pk, a.pk]
    assert ids(api.get("/api/matches/?bot=random")) == [b.pk, a.pk]
    assert ids(api.get("/api/matches/?status=queued")) == [c.pk]
    assert ids(api.get("/api/matches/?status=finished")) == [b.pk, a.pk]
    assert ids(api.get("/api/matches/?search=random")) == [b.pk, a.pk]
    assert ids(api.get(f"/api/matches/?search=%23{a.pk}")) == [a.pk]
    # the season hook: no seasons exist, so no match is in any
    assert ids(api.get("/api/matches/?competition=2025")) == []


def test_date_range_filter(api, three):
    a, b, c = three
    Match.objects.filter(pk=a.pk).update(created_at=dt.datetime(2024, 1, 10, tzinfo=dt.UTC))
    assert ids(api.get("/api/matches/?created_before=2024-02-01")) == [a.pk]
    assert ids(
        api.get("/api/matches/?created_after=2024-01-10T00:00:00Z&created_before=2024-01-11")
    ) == [a.pk]
    today = timezone.now().date().isoformat()
    assert ids(api.get(f"/api/matches/?created_after={today}")) == [c.pk, b.pk]


def test_cursor_pagination(api, three):
    a, b, c = three
    page = api.get("/api/matches/?page_size=2").json()
    assert [m["id"] for m in page["results"]] == [c.pk, b.pk]
    assert "cursor=" in page["next"]
    page2 = api.get(page["next"]).json()
    assert [m["id"] for m in page2["results"]] == [a.pk]
    assert page2["next"] is None


@pytest.mark.parametrize(
    "query, param",
    [
        ("game=chess", "game"),
        ("status=paused", "status"),
        ("created_after=yesterday", "created_after"),
        ("created_before=2024-13-01", "created_before"),
        ("cursor=garbage", "cursor"),
    ],
)
def test_malformed_filters_are_400_naming_the_parameter(api, three, query, param):
    response = api.get(f"/api/matches/?{query}")
    assert response.status_code == 400
    body = response.json()
    assert param in body and body[param]


# -- detail -----------------------------------------------------------------------------
def test_detail(api, finished_match):
    body = api.get(f"/api/matches/{finished_match.pk}/").json()
    assert body["id"] == finished_match.pk
    assert body["event_count"] == finished_match.event_count
    assert body["status"] == "finished"
    assert body["options"] == {}
    assert [s["rank"] for s in body["seats"]] == [1, 2]


@pytest.mark.parametrize("suffix", ["", "events/", "state/?at=0", "log.jsonl", "verify/"])
def test_unknown_match_is_404(user_api, suffix):
    method = user_api.post if suffix == "verify/" else user_api.get
    assert method(f"/api/matches/424242/{suffix}").status_code == 404


# -- events -------------------------------------------------------------------------------
def test_events_paged_with_after(api, finished_match):
    n = finished_match.event_count
    first = api.get(f"/api/matches/{finished_match.pk}/events/?limit=3").json()
    assert [e["seq"] for e in first["results"]] == [0, 1, 2]
    assert first["event_count"] == n and first["status"] == "finished"
    assert "after=2" in first["next"]
    seqs = [e["seq"] for e in first["results"]]
    url = first["next"]
    while url:
        page = api.get(url).json()
        seqs += [e["seq"] for e in page["results"]]
        url = page["next"]
    assert seqs == list(range(n))
    last = api.get(f"/api/matches/{finished_match.pk}/events/?after={n - 1}").json()
    assert last["results"] == [] and last["next"] is None
    event = api.get(f"/api/matches/{finished_match.pk}/events/?after=0&limit=1").json()["results"][
        0
    ]
    stored = finished_match.events.get(seq=1)
    assert event == {
        "seq": 1,
        "type": stored.type,
        "to": "all",
        "data": stored.data,
        "hash": stored.chain_hash,
        "text": "greedy (seat 0) puts X in the top left."
        if stored.data["action"] == 0
        else event["text"],
    }
    assert event["text"].startswith("greedy (seat 0) puts X in the ")


@pytest.mark.parametrize(
    "query, param",
    [
        ("after=-2", "after"),
        ("after=999", "after"),
        ("after=x", "after"),
        ("limit=0", "limit"),
        ("limit=5000", "limit"),
    ],
)
def test_events_bad_input(api, finished_match, query, param):
    response = api.get(f"/api/matches/{finished_match.pk}/events/?{query}")
    assert response.status_code == 400
    assert param in response.json()


# -- state ----------------------------------------------------------------------------------
def test_state_everything_spectator_and_seat(api, finished_match):
    game = registry.get("tic_tac_toe")
    events = parse_jsonl(selectors.export_bytes(finished_match))
    replay = Replay(game, events)
    last = finished_match.event_count - 1
    url = f"/api/matches/{finished_match.pk}/state/"
    everything = api.get(f"{url}?at={last}").json()
    assert everything["state"] == game.state_json(replay.state_at(last))
    assert everything["svg"] == game.render(everything["state"])
    assert everything["seat"] == "all"
    spectator = api.get(f"{url}?at=2&seat=spectator").json()
    assert spectator["state"] == replay.view_at(2, None)
    seat1 = api.get(f"{url}?at=2&seat=1").json()
    assert seat1["state"] == replay.view_at(2, 1) and seat1["seat"] == 1
    assert seat1["svg"].startswith("<svg")


def test_a_frame_carries_the_words_beside_its_drawing_for_its_view(api, finished_match):
    game = registry.get("tic_tac_toe")
    last = finished_match.event_count - 1
    url = f"/api/matches/{finished_match.pk}/state/"
    for seat in ("all", "spectator", "0"):
        frame = api.get(f"{url}?at={last}&seat={seat}").json()
        assert frame["panel"] == game.panel(frame["state"]) and frame["panel"]
        assert "seat 0" in panel_text(frame["panel"])


@pytest.mark.parametrize(
    "query, param",
    [
        ("", "at"),
        ("at=-1", "at"),
        ("at=999", "at"),
        ("at=abc", "at"),
        ("at=0&seat=7", "seat"),
        ("at=0&seat=north", "seat"),
    ],
)
def test_state_bad_input(api, finished_match, query, param):
    response = api.get(f"/api/matches/{finished_match.pk}/state/?{query}")
    assert response.status_code == 400
    assert param in response.json()


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_game_draws_every_frame_kind(api, name):
    game = registry.get(name)
    names = sorted(game.bots)
    match = services.play_and_store(
        name, [names[i % len(names)] for i in range(min(game.seat_counts))], 5
    )
    last = match.event_count - 1
    for seat in ("all", "spectator", "0"):
        body = api.get(f"/api/matches/{match.pk}/state/?at={last}&seat={seat}").json()
        assert "render_error" not in body, (name, seat, body.get("render_error"))
        assert "<svg" in body["svg"], (seat, body)


# -- log download -------------------------------------------------------------------------
def test_log_download_is_the_engine_export(api, finished_match):
    response = api.get(f"/api/matches/{finished_match.pk}/log.jsonl")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson"
    assert "attachment" in response["Content-Disposition"]
    body = b"".join(response.streaming_content)
    assert body == selectors.export_bytes(finished_match)
    assert len(body.splitlines()) == finished_match.event_count
    assert response["X-Scrimmage-Digest"] == finished_match.digest


def test_log_download_waits_for_the_end(api, running_real_match):
    response = api.get(f"/api/matches/{running_real_match.pk}/log.jsonl")
    assert response.status_code == 409


# -- verify ---------------------------------------------------------------------------------
def test_verify_needs_an_account(api, finished_match):
    assert api.post(f"/api/matches/{finished_match.pk}/verify/").status_code in (401, 403)


def test_verify_ok_and_tampered(user_api, finished_match):
    body = user_api.post(f"/api/matches/{finished_match.pk}/verify/").json()
    assert body["ok"] is True and body["digest"] == finished_match.digest
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE matches_matchevent SET chain_hash = %s WHERE match_id = %s AND seq = 1",
            ["0" * 64, finished_match.pk],
        )
    body = user_api.post(f"/api/matches/{finished_match.pk}/verify/").json()
    assert body["ok"] is False
    assert "event 1: the chain hash does not match its line" in body["problems"]


def test_verify_of_a_running_match_is_409(user_api, running_real_match):
    assert user_api.post(f"/api/matches/{running_real_match.pk}/verify/").status_code == 409


# -- authentication and throttling --------------------------------------------------------------
def test_token_authentication(user, finished_match):
    token = Token.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert client.post(f"/api/matches/{finished_match.pk}/verify/").json()["ok"] is True
    client.credentials(HTTP_AUTHORIZATION="Token wrong")
    assert client.get("/api/matches/").status_code == 401


def test_obtain_token_with_password(api, user):
    response = api.post(
        "/api/auth/token/", {"username": "ada", "password": "s3cret-pass-word"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=user).key


def test_throttling(api, user_api, finished_match, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"anon": "3/min", "user": "100/min", "verify": "2/min"},
    )
    codes = [api.get("/api/matches/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    codes = [
        user_api.post(f"/api/matches/{finished_match.pk}/verify/").status_code for _ in range(3)
    ]
    assert codes == [200, 200, 429]


def test_schema_and_docs(api):
    schema = api.get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    for path in [
        "/api/matches/",
        "/api/matches/{id}/events/",
        "/api/matches/{id}/state/",
        "/api/matches/{id}/log.jsonl",
        "/api/matches/{id}/verify/",
    ]:
        assert path in text, path
    docs = api.get("/api/docs/")
    assert docs.status_code == 200
    page = docs.content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist" in page and "cdn.jsdelivr" not in page


def test_the_match_list_costs_the_same_queries_for_a_page_of_any_size(
    api, client, django_assert_max_num_queries
):
    """No query per row: 30 season matches are listed in 2 queries (the matches,
    their seats), and the page in 3 (with the count)."""
    from tournaments import lifecycle
    from tournaments.models import Fixture, Round

    season = lifecycle.create_season("q", game="tic_tac_toe", k=1, seed=1)
    for number in range(1, 31):
        match = services.create_match("tic_tac_toe", ["greedy", "random"])
        rnd = Round.objects.create(number=number, competition=season)
        Fixture.objects.create(round=rnd, competition=season, match=match, round_no=number, table=1)
    with django_assert_max_num_queries(2):
        response = api.get("/api/matches/?page_size=100")
    assert response.status_code == 200 and len(response.json()["results"]) == 30
    with django_assert_max_num_queries(3):
        assert client.get("/matches/").status_code == 200


def test_events_of_a_finished_match_are_its_stored_lines_without_a_row_decoded(
    api, finished_match, monkeypatch
):
    from matches.models import MatchEvent

    def no_rows(*args, **kwargs):
        raise AssertionError("an event row was built: the stored line should be served")

    monkeypatch.setattr(MatchEvent, "from_db", classmethod(no_rows))
    body = api.get(f"/api/matches/{finished_match.pk}/events/?limit=1000").json()
    assert len(body["results"]) == finished_match.event_count
    lines = selectors.export_bytes(finished_match).decode().splitlines()
    for served, line in zip(body["results"], lines, strict=True):
        assert {k: v for k, v in served.items() if k not in ("hash", "text")} == json.loads(line)
        assert served["text"]


def test_events_without_text_on_request(api, finished_match):
    url = f"/api/matches/{finished_match.pk}/events/?limit=2&text=false"
    page = api.get(url).json()
    assert [set(e) for e in page["results"]] == [{"seq", "type", "to", "data", "hash"}] * 2
    assert "text=false" in page["next"]
    assert all("text" not in e for e in api.get(page["next"]).json()["results"])


def test_a_finished_match_page_is_read_once_for_every_web_process(api, finished_match):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = f"/api/matches/{finished_match.pk}/events/?limit=5"
    first = api.get(url).json()
    with CaptureQueriesContext(connection) as queries:
        again = api.get(url).json()
    assert again == first
    assert not [q for q in queries.captured_queries if "matches_matchevent" in q["sql"]]

""" "What if" forks through the API (``/api/matches/ID/forks/``): built-in bots and
your own uploaded bots (played in the sandbox) take seats; every refusal is a 400
naming its field; forks are listed under their parent."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.platform.bots.bot_helpers import NOISY_PY, py_upload

from bots import services
from matches import services as match_services
from matches.models import Match
from matches.tasks import run_match
from matches.verification import verify_stored_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def parent() -> Match:
    return match_services.play_and_store("tic_tac_toe", ["random", "random"], 9)


def url(match) -> str:
    return f"/api/matches/{match.pk}/forks/"


def test_a_fork_with_a_builtin_bot_is_queued_with_its_parent_and_split_point(alice_api, parent):
    response = alice_api.post(
        url(parent), {"at": 3, "seats": [{"seat": 1, "builtin": "greedy"}]}, format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["parent"] == parent.pk and body["fork_at"] == 3 and body["status"] == "queued"
    assert response["Location"].endswith(f"/api/matches/{body['id']}/")
    assert [s["bot_name"] for s in body["seats"]] == ["random", "greedy"]
    assert run_match(body["id"]) == "finished"
    made = Match.objects.get(pk=body["id"])
    assert made.forked_by.username == "alice"
    assert alice_api.post(f"/api/matches/{made.pk}/verify/").json()["ok"]
    listed = APIClient().get(url(parent)).json()
    assert [m["id"] for m in listed] == [made.pk]
    assert APIClient().get(f"/api/matches/{parent.pk}/").json()["parent"] is None


def test_your_own_uploaded_bot_takes_a_seat_and_plays_in_the_sandbox(alice, alice_api, parent):
    bot, version = services.create_bot(alice, "noisy", "tic_tac_toe", py_upload(NOISY_PY))
    assert version.status == "valid", version.validation_reason
    response = alice_api.post(
        url(parent), {"at": 2, "seats": [{"seat": 0, "bot": bot.pk}]}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert run_match(response.json()["id"]) == "finished"
    made = Match.objects.get(pk=response.json()["id"])
    seat = made.seats.get(index=0)
    assert seat.bot_version_ref == version and seat.bot_name == "alice/noisy"
    assert "NOISY-STDERR" in seat.stderr  # the bot really played its moves
    assert verify_stored_match(made).ok


def test_someone_elses_bot_is_refused_and_named(alice, bob_api, parent):
    bot, _ = services.create_bot(alice, "noisy", "tic_tac_toe", py_upload(NOISY_PY))
    response = bob_api.post(
        url(parent), {"at": 2, "seats": [{"seat": 0, "bot": bot.pk}]}, format="json"
    )
    assert response.status_code == 400
    assert "seat 0: bot" in response.json()["seats"][0] and "not one of your bots" in str(
        response.json()
    )


def test_signing_in_is_required_to_fork(parent):
    response = APIClient().post(
        url(parent), {"at": 2, "seats": [{"seat": 0, "builtin": "greedy"}]}, format="json"
    )
    assert response.status_code in (401, 403)
    assert Match.objects.count() == 1


@pytest.mark.parametrize(
    "payload, field, words",
    [
        ({"seats": [{"seat": 0, "builtin": "greedy"}]}, "at", "required"),
        ({"at": "x", "seats": [{"seat": 0, "builtin": "greedy"}]}, "at", "integer"),
        ({"at": 99, "seats": [{"seat": 0, "builtin": "greedy"}]}, "at", "0 to"),
        ({"at": 2}, "seats", "required"),
        ({"at": 2, "seats": []}, "seats", "at least one seat"),
        ({"at": 2, "seats": [{"seat": 5, "builtin": "greedy"}]}, "seats", "seat 5"),
        (
            {"at": 2, "seats": [{"seat": 0, "builtin": "nobody"}]},
            "seats",
            "no built-in bot 'nobody'",
        ),
        ({"at": 2, "seats": [{"seat": 0}]}, "seats", "give either builtin or bot"),
        ({"at": 2, "seats": [{"seat": 0, "builtin": "greedy", "bot": 1}]}, "seats", "either"),
        (
            {
                "at": 2,
                "seats": [{"seat": 0, "builtin": "greedy"}, {"seat": 0, "builtin": "random"}],
            },
            "seats",
            "named twice",
        ),
    ],
)
def test_a_bad_request_is_a_400_naming_its_field(alice_api, parent, payload, field, words):
    response = alice_api.post(url(parent), payload, format="json")
    assert response.status_code == 400, response.json()
    assert field in response.json(), response.json()
    assert words in str(response.json()[field]), response.json()
    assert Match.objects.count() == 1


def test_an_unfinished_or_hidden_match_is_refused(alice_api, parent, monkeypatch):
    queued = match_services.create_match("tic_tac_toe", ["random", "random"], 9)
    response = alice_api.post(
        url(queued), {"at": 0, "seats": [{"seat": 0, "builtin": "greedy"}]}, format="json"
    )
    assert response.status_code == 400 and "only a finished match" in str(response.json())
    Match.objects.update(hides_results=True)  # as a competition that hides results does
    response = alice_api.post(
        url(parent), {"at": 2, "seats": [{"seat": 0, "builtin": "greedy"}]}, format="json"
    )
    assert response.status_code == 400 and "hidden" in str(response.json())


def test_forks_per_hour_are_capped(alice_api, parent, settings):
    settings.BOTS_FORKS_PER_HOUR = 1
    payload = {"at": 2, "seats": [{"seat": 0, "builtin": "greedy"}]}
    assert alice_api.post(url(parent), payload, format="json").status_code == 201
    response = alice_api.post(url(parent), payload, format="json")
    assert response.status_code == 429 and "limit" in str(response.json())


def test_the_schema_documents_the_fork_endpoint(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    post = schema["paths"]["/api/matches/{id}/forks/"]["post"]
    assert "requestBody" in post and "201" in post["responses"]
    assert {"parent", "fork_at"} <= set(schema["components"]["schemas"]["Match"]["properties"])


def test_without_a_sandbox_only_forks_of_builtin_bots_are_made(
    alice, alice_api, parent, monkeypatch
):
    bot, _ = services.create_bot(alice, "noisy", "tic_tac_toe", py_upload(NOISY_PY))
    first = alice_api.post(
        url(parent), {"at": 2, "seats": [{"seat": 0, "bot": bot.pk}]}, format="json"
    ).json()
    uploaded = Match.objects.get(pk=first["id"])
    run_match(uploaded.pk)
    monkeypatch.setattr("bots.conf.sandbox_state", lambda: "unavailable")
    response = alice_api.post(
        url(parent), {"at": 2, "seats": [{"seat": 0, "bot": bot.pk}]}, format="json"
    )
    assert response.status_code == 400 and "bubblewrap" in str(response.json())
    # the uploaded bot would keep its seat: refused too; replaced by a built-in: made
    keep = {"at": 3, "seats": [{"seat": 1, "builtin": "greedy"}]}
    assert alice_api.post(url(uploaded), keep, format="json").status_code == 400
    swap = {"at": 3, "seats": [{"seat": 0, "builtin": "greedy"}]}
    assert alice_api.post(url(uploaded), swap, format="json").status_code == 201

"""Who sees a bot's source and logs; the caps; challenges played in the sandbox."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.platform.bots.bot_helpers import FAILS_HANDSHAKE, GOOD_PY, NOISY_PY, py_upload, valid_bot

from bots import services
from bots.models import Bot, Challenge
from matches.models import Match, MatchSeat
from matches.tasks import run_match
from matches.verification import verify_stored_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def noisy(alice):
    return valid_bot(alice, "noisy", NOISY_PY)


@pytest.fixture
def played(alice, noisy):
    """A challenge of alice's noisy bot against the built-in greedy, run in-process."""
    made = services.challenge(alice, noisy, builtin="greedy")
    assert run_match(made.match_id) == "finished"
    return made


# -- source and logs --------------------------------------------------------------------------
def _urls(bot):
    return [
        reverse("bot-version-source", args=[bot.pk, 1]),
        f"/api/bots/{bot.pk}/versions/1/source/",
        f"/api/bots/{bot.pk}/logs/",
    ]


def test_the_owner_sees_source_and_logs(alice, noisy, played, client, alice_api):
    client.force_login(alice)
    page = client.get(reverse("bot-version-source", args=[noisy.pk, 1]))
    assert page.status_code == 200 and "NOISY-STDERR" in page.content.decode()
    source = alice_api.get(f"/api/bots/{noisy.pk}/versions/1/source/").json()
    assert source["files"][0]["text"] == NOISY_PY.decode()
    logs = alice_api.get(f"/api/bots/{noisy.pk}/logs/").json()
    assert logs[0]["match"] == played.match_id and "NOISY-STDERR" in logs[0]["stderr"]
    bot_page = client.get(reverse("bot-page", args=[noisy.pk])).content.decode()
    assert "NOISY-STDERR thinking about" in bot_page  # the match's stderr


def hashes_seen(client, bot) -> list:
    """The sha256 of each version of ``bot`` wherever ``client`` reads them: the
    bot, its versions, one version, its page (the start of it)."""
    seen = [v["sha256"] for v in client.get(f"/api/bots/{bot.pk}/").json()["versions"]]
    seen += [v["sha256"] for v in client.get(f"/api/bots/{bot.pk}/versions/").json()]
    seen.append(client.get(f"/api/bots/{bot.pk}/versions/1/").json()["sha256"])
    page = client.get(reverse("bot-page", args=[bot.pk])).content.decode()
    seen.append("shown on the page" if bot.versions.get().sha256[:16] in page else None)
    return seen


def test_only_those_who_may_read_the_source_and_staff_see_an_uploads_hash(
    alice, bob, noisy, played, client, django_user_model
):
    digest = noisy.versions.get().sha256
    assert hashes_seen(APIClient(), noisy) == [None] * 4  # anonymous
    client.force_login(bob)
    assert hashes_seen(client, noisy) == [None] * 4  # another user
    client.force_login(alice)
    assert hashes_seen(client, noisy) == [digest] * 3 + ["shown on the page"]
    client.force_login(django_user_model.objects.create_user("root", is_staff=True))
    assert hashes_seen(client, noisy) == [digest] * 3 + ["shown on the page"]
    services.set_public(noisy, True)  # its source is anyone's now
    assert hashes_seen(APIClient(), noisy) == [digest] * 3 + ["shown on the page"]
    # nor does a match it played tell it: not its seats, nor its log
    match = APIClient().get(f"/api/matches/{played.match_id}/").json()
    log = b"".join(APIClient().get(f"/api/matches/{played.match_id}/log.jsonl").streaming_content)
    log = log.decode()
    assert match["seats"][0]["bot_version"] == "v1"
    assert digest[:8] not in str(match) and digest[:8] not in log


def test_a_public_bots_logs_hide_the_match_while_its_results_are_hidden(
    alice, noisy, played, client, monkeypatch
):
    # the end message a bot may print carries its rank and score: while the
    # match's season hides results, nobody (the owner included) sees its stderr
    Bot.objects.filter(pk=noisy.pk).update(public=True)
    Match.objects.update(hides_results=True)  # as a competition that hides results does
    anonymous = APIClient()
    logs = anonymous.get(f"/api/bots/{noisy.pk}/logs/").json()
    assert logs[0]["stderr"] is None and logs[0]["rank"] is None
    for viewer in (anonymous, client):
        if viewer is client:
            client.force_login(alice)
        page = viewer.get(reverse("bot-page", args=[noisy.pk])).content.decode()
        # (validation plays a first decision, so the version's validation output,
        # from no match of any season, may show the bot's stderr)
        logs = page.split('id="logs"')[1]
        assert "NOISY-STDERR" not in logs and "hidden until the match" in logs


def test_another_user_and_anonymous_see_neither(bob, noisy, played, client, bob_api):
    anonymous = APIClient()
    for url in _urls(noisy):
        assert anonymous.get(url).status_code == 404
        assert bob_api.get(url).status_code == 404
    client.force_login(bob)
    assert client.get(_urls(noisy)[0]).status_code == 404
    page = client.get(reverse("bot-page", args=[noisy.pk]))  # the bot itself is listed
    assert page.status_code == 200 and "NOISY-STDERR" not in page.content.decode()
    detail = bob_api.get(f"/api/bots/{noisy.pk}/").json()
    assert "validation_stderr" not in detail["versions"][0]
    # the match's page and API never show a bot's stderr
    for url in (
        reverse("match-detail-page", args=[played.match_id]),
        f"/api/matches/{played.match_id}/",
    ):
        assert "NOISY-STDERR" not in bob_api.get(url).content.decode()


def test_a_public_bot_shows_its_source_and_logs_to_everyone(alice_api, noisy, played, bob_api):
    response = alice_api.patch(f"/api/bots/{noisy.pk}/", {"public": True}, format="json")
    assert response.status_code == 200 and response.json()["public"] is True
    for url in _urls(noisy):
        assert APIClient().get(url).status_code == 200
        assert bob_api.get(url).status_code == 200
    assert "NOISY-STDERR" in APIClient().get(f"/api/bots/{noisy.pk}/logs/").content.decode()


def test_only_the_owner_changes_visibility(bob_api, client, bob, noisy):
    assert (
        bob_api.patch(f"/api/bots/{noisy.pk}/", {"public": True}, format="json").status_code == 404
    )
    client.force_login(bob)
    assert client.post(reverse("bot-public", args=[noisy.pk]), {"public": "1"}).status_code == 404
    noisy.refresh_from_db()
    assert noisy.public is False


def test_the_bot_list_shows_public_bots_and_your_own(alice, bob, noisy, alice_api, bob_api):
    services.create_bot(bob, "shown", "tic_tac_toe", py_upload(), public=True)
    assert {b["name"] for b in alice_api.get("/api/bots/").json()} == {"noisy", "shown"}
    assert {b["name"] for b in bob_api.get("/api/bots/").json()} == {"shown"}
    assert {b["name"] for b in alice_api.get("/api/bots/?mine=1").json()} == {"noisy"}
    assert {b["name"] for b in APIClient().get("/api/bots/").json()} == {"shown"}


# -- caps -------------------------------------------------------------------------------------
def test_bots_per_user_cap(alice, settings, alice_api):
    settings.BOTS_MAX_PER_USER = 2
    services.create_bot(alice, "a", "tic_tac_toe", py_upload())
    services.create_bot(alice, "b", "tic_tac_toe", py_upload(GOOD_PY + b"\n"))
    with pytest.raises(services.BotServiceError, match="2 bots, the most"):
        services.create_bot(alice, "c", "tic_tac_toe", py_upload(GOOD_PY + b"\n\n"))
    response = alice_api.post(
        "/api/bots/",
        {"name": "c", "game": "tic_tac_toe", "file": py_upload(GOOD_PY + b"#")},
        format="multipart",
    )
    assert response.status_code == 400 and "the most" in response.json()["name"][0]
    assert Bot.objects.filter(owner=alice).count() == 2


def test_uploads_per_hour_cap(alice, settings, alice_api):
    settings.BOTS_UPLOADS_PER_HOUR = 2
    bot, _ = services.create_bot(alice, "a", "tic_tac_toe", py_upload())
    services.upload_version(bot, py_upload(GOOD_PY + b"\n"))
    with pytest.raises(services.LimitReached):
        services.upload_version(bot, py_upload(GOOD_PY + b"\n\n"))
    response = alice_api.post(
        f"/api/bots/{bot.pk}/versions/", {"file": py_upload(GOOD_PY + b"#")}, format="multipart"
    )
    assert response.status_code == 429 and "limit is 2 an hour" in response.json()["file"][0]
    # an hour later it is allowed again (BotVersion rows are immutable: move time instead)
    later = timezone.now() + timedelta(hours=1, seconds=1)
    from unittest import mock

    with mock.patch("bots.services.timezone.now", return_value=later):
        assert services.upload_version(bot, py_upload(GOOD_PY + b"###")).number == 3


def test_challenge_rate_limit(alice, noisy, settings, alice_api):
    settings.BOTS_CHALLENGES_PER_HOUR = 2
    services.challenge(alice, noisy, builtin="greedy")
    services.challenge(alice, noisy, builtin="random")
    with pytest.raises(services.LimitReached):
        services.challenge(alice, noisy, builtin="greedy")
    response = alice_api.post(
        f"/api/bots/{noisy.pk}/challenges/", {"builtin": "greedy"}, format="json"
    )
    assert response.status_code == 429
    assert Challenge.objects.count() == 2 and Match.objects.count() == 2


# -- challenges ---------------------------------------------------------------------------------
def test_a_challenge_pins_both_versions_and_plays_in_the_sandbox(
    alice, bob, noisy, bob_api, alice_api, client
):
    target, _ = services.create_bot(bob, "target", "tic_tac_toe", py_upload())
    services.upload_version(target, py_upload(FAILS_HANDSHAKE))  # invalid: not chosen
    response = alice_api.post(
        f"/api/bots/{noisy.pk}/challenges/", {"target_bot": target.pk}, format="json"
    )
    assert response.status_code == 201, response.content
    match = Match.objects.get(pk=response.json()["match"])
    seats = list(match.seats.order_by("index"))
    assert [s.bot_version_ref for s in seats] == [
        noisy.versions.get(number=1),
        target.versions.get(number=1),
    ]
    assert seats[0].bot_name == "alice/noisy" and seats[0].bot_version == "v1"
    assert match.status == "queued"

    assert run_match(match.pk) == "finished"
    match.refresh_from_db()
    assert verify_stored_match(match).ok
    started = match.events.get(seq=0).data
    assert [s["bot"] for s in started["seats"]] == ["alice/noisy", "bob/target"]
    seats = list(match.seats.order_by("index"))
    assert "NOISY-STDERR" in seats[0].stderr and seats[0].faults == 0
    assert seats[1].faults == 0
    # alice sees her bot's stderr, not bob's; bob the other way round
    alice_logs = alice_api.get(f"/api/bots/{noisy.pk}/logs/").json()
    assert [log["match"] for log in alice_logs] == [match.pk]
    assert bob_api.get(f"/api/bots/{noisy.pk}/logs/").status_code == 404
    # the challenge is in alice's list, with its match
    client.force_login(alice)
    page = client.get(reverse("my-bots")).content.decode()
    assert f"#{match.pk}" in page and "bob/target" in page


def test_a_challenge_from_the_page(alice, noisy, client):
    client.force_login(alice)
    response = client.post(reverse("bot-challenge", args=[noisy.pk]), {"target": "builtin:random"})
    assert response.status_code == 302
    made = Challenge.objects.get()
    assert made.target_builtin == "random"
    assert [s.bot_name for s in made.match.seats.order_by("index")] == ["alice/noisy", "random"]


def test_challenges_are_refused_clearly(alice, bob, noisy, alice_api, bob_api):
    other, _ = services.create_bot(alice, "c4", "connect_four", py_upload(GOOD_PY))
    assert alice_api.post(
        f"/api/bots/{noisy.pk}/challenges/", {"target_bot": other.pk}, format="json"
    ).json() == {"target_bot": ["alice/c4 plays connect_four, not tic_tac_toe"]}
    # each error names the request's field
    unknown = alice_api.post(
        f"/api/bots/{noisy.pk}/challenges/", {"builtin": "deep_blue"}, format="json"
    )
    assert (
        unknown.status_code == 400 and "no built-in bot 'deep_blue'" in unknown.json()["builtin"][0]
    )
    for body in ({}, {"builtin": "greedy", "target_bot": other.pk}):
        neither = alice_api.post(f"/api/bots/{noisy.pk}/challenges/", body, format="json")
        assert neither.status_code == 400 and set(neither.json()) == {"target_bot", "builtin"}
    # only the owner challenges with a bot
    assert (
        bob_api.post(
            f"/api/bots/{noisy.pk}/challenges/", {"builtin": "greedy"}, format="json"
        ).status_code
        == 404
    )
    # a bot without a valid version cannot challenge
    quitter, _ = services.create_bot(alice, "quitter", "tic_tac_toe", py_upload(FAILS_HANDSHAKE))
    response = alice_api.post(
        f"/api/bots/{quitter.pk}/challenges/", {"builtin": "greedy"}, format="json"
    )
    assert response.status_code == 400 and "no valid version" in response.json()["bot"][0]
    assert not Match.objects.exists()


def test_an_uploaded_bot_without_a_sandbox_fails_the_match_with_the_reason(
    alice, noisy, monkeypatch, settings
):
    made = services.challenge(alice, noisy, builtin="greedy")
    from engine.bots import sandbox

    monkeypatch.setattr(sandbox, "bwrap_path", lambda: None)
    settings.SCRIMMAGE_ALLOW_UNSANDBOXED = False
    assert run_match(made.match_id) == "failed"
    made.match.refresh_from_db()
    assert "SandboxUnavailable" in made.match.error and "bubblewrap" in made.match.error


def test_built_in_matches_still_run_through_the_seats(db):
    from matches.services import create_match

    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    assert run_match(match.pk) == "finished"
    assert not MatchSeat.objects.filter(match=match).exclude(stderr="").exists()

"""The "What if…" part of the match page (server side; the browser test is in
tests/e2e/test_fork_viewer.py): who sees the form, the form's refusals, and a fork
drawn as a branch of its parent with links both ways."""

from __future__ import annotations

import pytest

from matches import services
from matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def parent() -> Match:
    return services.play_and_store("tic_tac_toe", ["random", "random"], 9)


@pytest.fixture
def signed_in(client, user):
    client.force_login(user)
    return client


def page(client, match) -> str:
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_finished_match_offers_what_if_and_asks_strangers_to_log_in(client, parent):
    html = page(client, parent)
    assert 'id="what-if"' in html and "What if…" in html
    assert 'id="fork-login"' in html and 'id="fork-form"' not in html


def test_an_unfinished_or_hidden_match_offers_no_fork(client, parent, monkeypatch):
    queued = services.create_match("tic_tac_toe", ["random", "random"], 9)
    assert 'id="what-if"' not in page(client, queued)
    Match.objects.update(hides_results=True)  # as a competition that hides results does
    assert 'id="what-if"' not in page(client, parent)


def test_the_form_forks_and_the_pages_link_both_ways(signed_in, parent, monkeypatch):
    monkeypatch.setattr("matches.tasks.run_match.delay", lambda match_id: None)
    html = page(signed_in, parent)
    assert 'name="seat_0"' in html and 'value="builtin:greedy"' in html
    response = signed_in.post(
        f"/matches/{parent.pk}/fork/", {"at": "4", "seat_1": "builtin:greedy"}
    )
    made = Match.objects.get(parent=parent)
    assert (
        response.status_code == 302
        and response["Location"] == f"/matches/{made.pk}/#e{made.fork_at}"
    )
    services.run_stored_match(made)
    html = page(signed_in, made)
    assert f'href="/matches/{parent.pk}/#e{made.fork_at}"' in html  # to the split, in the parent
    assert "seat 1: random → greedy" in html and "seed" in html
    assert f'href="/matches/{made.pk}/"' in page(signed_in, parent)  # and back


@pytest.mark.parametrize(
    "form, words",
    [
        ({"at": "x", "seat_0": "builtin:greedy"}, "the event must be a number"),
        ({"at": "2"}, "at least one seat"),
        ({"at": "2", "seat_0": "builtin:nobody"}, "no built-in bot"),
        ({"at": "2", "seat_0": "weird"}, "not a bot choice"),
        ({"at": "2", "seat_0": "bot:999"}, "not one of your bots"),
    ],
)
def test_a_refused_fork_says_why_and_stores_nothing(signed_in, parent, form, words):
    response = signed_in.post(f"/matches/{parent.pk}/fork/", form, follow=True)
    assert words in response.content.decode()
    assert Match.objects.count() == 1


def test_forking_needs_a_signed_in_post(client, parent):
    response = client.post(f"/matches/{parent.pk}/fork/", {"at": "2", "seat_0": "builtin:greedy"})
    assert response.status_code == 302 and "/login" in response["Location"]
    assert Match.objects.count() == 1


def test_home_tells_of_forks_and_the_match_list_marks_them(client, parent):
    from matches.forks import create_fork

    assert 'id="what-if-intro"' in client.get("/").content.decode()
    made = create_fork(parent, 2, {0: "greedy"})
    listing = client.get("/matches/").content.decode()
    assert f"fork of #{parent.pk}" in listing and f'href="/matches/{made.pk}/"' in listing


def test_the_form_offers_your_valid_bots_of_the_game_and_seats_one(
    signed_in, user, parent, settings, tmp_path, monkeypatch
):
    from tests.platform.bots.bot_helpers import FAILS_HANDSHAKE, GOOD_PY, py_upload

    from bots import services as bot_services

    settings.DATA_DIR = tmp_path
    monkeypatch.setattr("matches.tasks.run_match.delay", lambda match_id: None)
    good, version = bot_services.create_bot(user, "mine", "tic_tac_toe", py_upload(GOOD_PY))
    bad, _ = bot_services.create_bot(user, "broken", "tic_tac_toe", py_upload(FAILS_HANDSHAKE))
    other, _ = bot_services.create_bot(user, "elsewhere", "connect_four", py_upload(GOOD_PY))
    html = page(signed_in, parent)
    assert f'value="bot:{good.pk}"' in html
    assert f'value="bot:{bad.pk}"' not in html and f'value="bot:{other.pk}"' not in html
    signed_in.post(f"/matches/{parent.pk}/fork/", {"at": "3", "seat_0": f"bot:{good.pk}"})
    made = Match.objects.get(parent=parent)
    assert made.seats.get(index=0).bot_version_ref == version
    assert made.seats.get(index=1).bot_name == "random"

"""Owners enter their own bots in seasons and tournaments, and withdraw them,
through the API (``/api/competitions/ID/entries/``): every refusal with its
reason, who may do what, a withdrawal from a running ladder, an always-on ladder
picking up public bots, and the caps holding under concurrent requests."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tests.platform.bots.bot_helpers import stored_bot
from tests.tournaments.django.signup_helpers import (
    enter,
    invalid_bot,
    open_season,
    open_tournament,
    token_client,
    withdraw,
)

from matches.models import Match
from tournaments import lifecycle, rounds, signup
from tournaments.models import Competition, Entry, FixtureSeat, Round

# the matches the rounds make wait in the test (``inline`` plays them)
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("data_dir", "inline_worker"),
]


def refused(response, status: int, reason: str) -> str:
    assert response.status_code == status, response.content
    body = response.json()
    assert body["reason"] == reason, body
    return body["detail"]


def paired_in(season: Competition, number: int) -> set[int]:
    """The entries paired in round ``number`` of ``season``."""
    return set(
        FixtureSeat.objects.filter(
            fixture__competition=season, fixture__round__number=number
        ).values_list("entry_id", flat=True)
    )


def next_round(season: Competition, inline) -> Round:
    inline()
    assert rounds.ladder_tick(season.pk).startswith("round"), "no round made"
    return Round.objects.filter(competition=season).order_by("-number").first()


# -- entering ----------------------------------------------------------------------------
def test_an_owner_enters_a_running_season_with_a_token_and_plays_from_its_next_round(inline, alice):
    season = open_season()
    ace = stored_bot(alice, "ace")
    response = enter(token_client(alice), season, ace)
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["bot"], body["owner"], body["name"], body["withdrawn"]) == (
        ace.pk,
        "alice",
        "alice/ace",
        False,
    )
    assert body["id"] not in paired_in(season, 1)  # round 1 was made before it came
    rnd = next_round(season, inline)
    assert body["id"] in paired_in(season, rnd.number)
    listed = token_client(alice).get(f"/api/competitions/{season.pk}/entries/").json()
    assert [e["name"] for e in listed] == ["greedy", "random", "alice/ace"]
    # its match is ranked: played, rated, in the standings
    inline()
    standings = token_client(alice).get(f"/api/competitions/{season.pk}/standings/").json()
    row = next(r for r in standings["standings"] if r["entry"] == body["id"])
    assert row["games"] >= 1 and row["rank"] is not None


def test_entering_another_person_s_bot_is_refused(db, alice, bob):
    season = open_season(running=False)
    ace = stored_bot(alice, "ace")
    detail = refused(enter(token_client(bob), season, ace), 403, "not_your_bot")
    assert "not your bot" in detail
    assert not Entry.objects.filter(bot=ace).exists()


def test_a_bot_of_another_game_is_refused(db, alice):
    season = open_season(running=False)
    four = stored_bot(alice, "four", game="connect_four")
    detail = refused(enter(token_client(alice), season, four), 400, "wrong_game")
    assert "plays connect_four" in detail


def test_a_bot_without_a_valid_version_is_refused(db, alice):
    season = open_season(running=False)
    broken = invalid_bot(alice, "broken")
    detail = refused(enter(token_client(alice), season, broken), 400, "no_valid_version")
    assert "no valid version" in detail


def test_the_cap_per_person_and_the_cap_in_all_are_kept(db, alice, bob, django_user_model):
    season = open_season(running=False, builtins=("greedy",), max_entries=3)
    first, second = stored_bot(alice, "first"), stored_bot(alice, "second")
    assert enter(token_client(alice), season, first).status_code == 201
    detail = refused(enter(token_client(alice), season, second), 409, "cap_reached")
    assert "the most one person may have" in detail
    assert enter(token_client(bob), season, stored_bot(bob, "b")).status_code == 201
    carol = django_user_model.objects.create_user("carol")
    detail = refused(enter(token_client(carol), season, stored_bot(carol, "c")), 409, "cap_reached")
    assert "all 3 places are taken" in detail


def test_entering_twice_is_refused(db, alice):
    season = open_season(running=False)
    ace = stored_bot(alice, "ace")
    assert enter(token_client(alice), season, ace).status_code == 201
    refused(enter(token_client(alice), season, ace), 409, "already_entered")
    assert Entry.objects.filter(bot=ace).count() == 1


@pytest.mark.parametrize(
    "make, why",
    [
        (lambda: open_season(running=False, signup="organiser"), "the organiser enters"),
        (lambda: lifecycle.create_season("s", game="tic_tac_toe", signup="open"), "not take"),
        (lambda: lifecycle.finish(open_season()), "has finished"),
        (lambda: lifecycle.start(open_tournament()), "has started"),
    ],
    ids=["organiser only", "draft", "finished", "tournament started"],
)
def test_a_competition_that_takes_no_entries_is_closed(db, alice, make, why):
    competition = make()
    detail = refused(
        enter(token_client(alice), competition, stored_bot(alice, "ace")), 409, "closed"
    )
    assert why in detail


def test_signing_up_needs_an_account_and_a_real_bot(db, api, alice):
    season = open_season(running=False)
    ace = stored_bot(alice, "ace")
    assert enter(api, season, ace).status_code == 401
    response = token_client(alice).post(
        f"/api/competitions/{season.pk}/entries/", {"bot": 10**9}, format="json"
    )
    assert response.status_code == 400 and "no such bot" in response.json()["bot"][0]
    missing = token_client(alice).post(
        "/api/competitions/999999/entries/", {"bot": ace.pk}, format="json"
    )
    assert missing.status_code == 404


# -- withdrawing -------------------------------------------------------------------------
def test_a_withdrawal_from_a_running_ladder_stops_its_pairings_and_keeps_its_results(inline, alice):
    season = open_season()
    ace = stored_bot(alice, "ace")
    entry = Entry.objects.get(pk=enter(token_client(alice), season, ace).json()["id"])
    played = next_round(season, inline)
    inline()
    assert entry.pk in paired_in(season, played.number)
    rated = token_client(alice).get(f"/api/competitions/{season.pk}/standings/").json()
    before = next(r for r in rated["standings"] if r["entry"] == entry.pk)
    assert before["games"] >= 1

    assert withdraw(token_client(alice), entry).status_code == 204
    after = next_round(season, inline)
    assert entry.pk not in paired_in(season, after.number)
    inline()
    standings = token_client(alice).get(f"/api/competitions/{season.pk}/standings/").json()
    row = next(r for r in standings["standings"] if r["entry"] == entry.pk)
    assert row["withdrawn"] and row["games"] == before["games"]
    assert Match.objects.filter(fixture__seats__entry=entry).exists()

    # entering again brings the same entry back, with its rating, from the next round
    again = enter(token_client(alice), season, ace)
    assert again.status_code == 201 and again.json()["id"] == entry.pk
    back = next_round(season, inline)
    assert entry.pk in paired_in(season, back.number)


def test_a_withdrawal_before_the_start_removes_the_entry(db, alice):
    cup = open_tournament()
    ace = stored_bot(alice, "ace")
    entry = Entry.objects.get(pk=enter(token_client(alice), cup, ace).json()["id"])
    assert withdraw(token_client(alice), entry).status_code == 204
    assert not Entry.objects.filter(pk=entry.pk).exists()


def test_a_started_tournament_keeps_its_entries(inline, alice):
    cup = open_tournament()
    ace = stored_bot(alice, "ace")
    entry = Entry.objects.get(pk=enter(token_client(alice), cup, ace).json()["id"])
    lifecycle.start(cup)
    detail = refused(withdraw(token_client(alice), entry), 409, "closed")
    assert "disqualification" in detail
    entry.refresh_from_db()
    assert not entry.withdrawn


def test_nobody_withdraws_another_person_s_entry(db, api, alice, bob):
    season = open_season()
    entry = signup.enter(alice, season, stored_bot(alice, "ace"))
    refused(withdraw(token_client(bob), entry), 403, "not_your_bot")
    assert withdraw(api, entry).status_code == 401
    builtin = Entry.objects.get(competition=season, builtin="greedy")
    refused(withdraw(token_client(bob), builtin), 403, "not_your_bot")
    entry.refresh_from_db()
    assert not entry.withdrawn
    # an entry is found under its own competition only
    other = open_season()
    response = token_client(alice).delete(f"/api/competitions/{other.pk}/entries/{entry.pk}/")
    assert response.status_code == 404


# -- the always-on ladder ----------------------------------------------------------------
def test_an_always_on_ladder_picks_up_a_new_public_bot_from_its_next_round(inline, alice, bob):
    season = open_season(builtins=("greedy",), signup="public_bots", entries_per_user=1)
    assert Round.objects.filter(competition=season).count() == 0  # one entry: no round yet
    ace = stored_bot(alice, "ace", public=True)
    stored_bot(alice, "second", public=True)  # over alice's cap of one
    stored_bot(bob, "hidden", public=False)  # private: entered by hand only
    invalid = invalid_bot(bob, "broken")
    invalid.public = True
    invalid.save()
    rnd = next_round(season, inline)
    entered = set(Entry.objects.filter(competition=season).values_list("name", flat=True))
    assert entered == {"greedy", "alice/ace"}
    assert Entry.objects.get(bot=ace).pk in paired_in(season, rnd.number)
    # a withdrawn bot stays out until its owner enters it again; the place it
    # leaves under alice's cap goes to her other public bot
    ace_entry = Entry.objects.get(bot=ace)
    signup.withdraw(alice, ace_entry)
    rnd = next_round(season, inline)
    second = Entry.objects.get(competition=season, name="alice/second")
    assert paired_in(season, rnd.number) == {second.pk, Entry.objects.get(name="greedy").pk}


def test_an_always_on_ladder_is_a_season_s_only(db):
    with pytest.raises(lifecycle.TournamentError, match="ladder's"):
        lifecycle.create_tournament("cup", game="tic_tac_toe", signup="public_bots")


# -- throttled and race-safe -------------------------------------------------------------
def test_entering_is_throttled_as_other_writes(db, alice, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(
        SimpleRateThrottle,
        "THROTTLE_RATES",
        {"anon": "100/min", "user": "2/min", "verify": "1/min"},
    )
    season = open_season(running=False)
    client = token_client(alice)
    codes = [enter(client, season, stored_bot(alice, f"b{i}")).status_code for i in range(3)]
    assert codes[-1] == 429, codes


def test_caps_hold_when_many_enter_at_once(db, alice, django_user_model):
    """Real threads, each with its own connection, released together (PostgreSQL:
    SQLite's in-memory test database refuses concurrent writers outright)."""
    if connection.vendor == "sqlite":
        pytest.skip("needs a database with concurrent writers (PostgreSQL)")
    season = open_season(running=False, builtins=("greedy",), max_entries=4)
    people = [django_user_model.objects.create_user(f"p{i}") for i in range(6)]
    bots = [stored_bot(p, "b") for p in people] + [stored_bot(alice, f"a{i}") for i in range(4)]
    start, outcomes = threading.Barrier(len(bots)), []

    def sign_up(bot):
        try:
            start.wait()
            signup.enter(bot.owner, season, bot)
            outcomes.append("entered")
        except signup.SignupRefused as exc:
            outcomes.append(exc.reason)
        except Exception as exc:
            outcomes.append(repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(bot,)) for bot in bots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("entered") == 3, outcomes  # 4 places, greedy holds one
    assert set(outcomes) == {"entered", "cap_reached"}, outcomes
    assert Entry.objects.filter(competition=season).count() == 4
    assert Entry.objects.filter(competition=season, bot__owner=alice).count() <= 1


def test_an_id_past_the_database_s_range_is_not_found(alice):
    for path in (f"/api/competitions/{2**64}/entries/1/", f"/api/competitions/1/entries/{2**64}/"):
        assert token_client(alice).get(path).status_code == 404, path
        assert token_client(alice).delete(path).status_code == 404, path

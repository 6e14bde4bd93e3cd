"""The organiser's admin (as a superuser through the test client), the API and
the pages of seasons, tournaments, brackets and entries."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournaments.django.conftest import make_tournament

from matches.models import Match
from matches.storing import fail
from tournaments import lifecycle
from tournaments.models import Competition, Entry

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_organiser_runs_a_tournament_from_the_admin(admin_client, inline):
    t = lifecycle.create_tournament("cup", game="tic_tac_toe")
    url = reverse("admin:tournaments_tournamentproxy_add_builtins", args=[t.pk])
    assert admin_client.get(url).status_code == 200
    r = admin_client.post(url, {"bots": ["greedy", "random"], "copies": 2})
    assert r.status_code == 302 and Entry.objects.filter(competition=t).count() == 4
    change = reverse("admin:tournaments_tournamentproxy_change", args=[t.pk])
    page = admin_client.get(change).content.decode()
    assert ">Open<" in page and ">Start<" not in page
    for action in ("open", "start"):
        admin_client.post(reverse("admin:tournaments_tournamentproxy_do", args=[t.pk, action]))
    t.refresh_from_db()
    assert t.status == "running"
    page = admin_client.get(
        reverse("admin:tournaments_tournamentproxy_changelist")
    ).content.decode()
    assert "2 queued, 0 running, 0 done" in page  # live progress on the list
    # a wrong transition is refused with a message, not an error page
    r = admin_client.post(
        reverse("admin:tournaments_tournamentproxy_do", args=[t.pk, "resume"]), follow=True
    )
    assert "annot resume" in r.content.decode()
    # a failed match is shown and can be re-run
    first = inline.queue.popleft()
    fail(Match.objects.get(pk=first), "RulesError: boom")
    page = admin_client.get(change).content.decode()
    assert "1 failed" in page and "boom" in page
    admin_client.post(reverse("admin:tournaments_tournamentproxy_rerun_failed", args=[t.pk]))
    assert Match.objects.get(pk=first).status == "queued"
    inline()
    t.refresh_from_db()
    assert t.status == "finished"
    r = admin_client.get(reverse("admin:tournaments_tournamentproxy_csv", args=[t.pk]))
    rows = list(csv.DictReader(io.StringIO(r.content.decode())))
    assert len(rows) == 4 and rows[0]["rank"] == "1"
    r = admin_client.post(
        reverse("admin:tournaments_tournamentproxy_rebuild", args=[t.pk]), follow=True
    )
    assert "no change" in r.content.decode()


def test_disqualify_action_and_season_buttons(admin_client, inline):
    s = lifecycle.create_season("ladder", game="tic_tac_toe", period_seconds=30)
    lifecycle.add_entries(s, bots=["greedy", "random", "random"])
    for action in ("open", "start", "pause"):
        admin_client.post(reverse("admin:tournaments_seasonproxy_do", args=[s.pk, action]))
    s.refresh_from_db()
    assert s.status == "paused"
    entry = Entry.objects.filter(competition=s).first()
    admin_client.post(
        reverse("admin:tournaments_entry_changelist"),
        {"action": "disqualify", "_selected_action": [entry.pk]},
    )
    entry.refresh_from_db()
    assert entry.disqualified
    r = admin_client.post(
        reverse("admin:tournaments_seasonproxy_changelist"),
        {"action": "export_standings_csv", "_selected_action": [s.pk]},
    )
    assert r["Content-Type"] == "text/csv"


def test_api_and_pages(client, inline):
    t = make_tournament("single_elimination")
    lifecycle.start(t)
    inline()
    s = lifecycle.create_season("ladder", game="tic_tac_toe")
    lifecycle.add_entries(s, bots=["greedy", "random"])
    listed = client.get("/api/competitions/").json()  # newest first
    assert [(c["id"], c["kind"]) for c in listed] == [(s.pk, "season"), (t.pk, "tournament")]
    assert [c["id"] for c in client.get("/api/competitions/?kind=tournament").json()] == [t.pk]
    seasons = client.get("/api/competitions/?kind=season&game=tic_tac_toe&status=draft").json()
    assert [c["id"] for c in seasons] == [s.pk]
    assert client.get("/api/competitions/?kind=cup").status_code == 400
    detail = client.get(f"/api/competitions/{t.pk}/").json()
    assert (
        detail["status"] == "finished" and detail["progress"]["finished"] >= 3
    )  # draws are replayed
    table = client.get(f"/api/competitions/{t.pk}/standings/").json()["standings"]
    assert [r["rank"] for r in table][0] == 1 and {"ordinal", "wins", "buchholz"} <= set(table[0])
    assert client.get(f"/api/competitions/{s.pk}/standings/").status_code == 200
    assert client.get("/api/competitions/999/standings/").status_code == 404
    ids = [m["id"] for m in client.get(f"/api/matches/?competition={t.pk}").json()["results"]]
    assert sorted(ids) == sorted(
        Match.objects.filter(fixture__competition=t).values_list("pk", flat=True)
    )
    assert client.get(f"/api/matches/?competition={s.pk}").json()["results"] == []
    for url in (
        f"/competitions/{t.pk}/",
        f"/competitions/{t.pk}/bracket/",
        f"/competitions/{s.pk}/",
        "/competitions/",
        f"/matches/?competition={t.pk}",
    ):
        assert client.get(url).status_code == 200, url
    assert client.get(f"/competitions/{s.pk}/bracket/").status_code == 404  # a ladder has none
    page = client.get(f"/competitions/{t.pk}/bracket/").content.decode()
    assert "Champion" in page
    entry = Entry.objects.filter(competition=t).first()
    page = client.get(f"/entries/{entry.pk}/").content.decode()
    assert "<svg" in page and "rating-chart" in page and "Recent matches" in page
    assert client.get("/api/schema/").status_code == 200
    assert (
        Competition.objects.filter(kind="tournament").count() == 1
        and Competition.objects.filter(kind="season").count() == 1
    )


@pytest.mark.parametrize("game", ["aimbots", "aerial_assault"])
def test_a_season_that_hides_results_serves_no_event_state_or_result_until_it_finishes(
    client, inline, game
):
    s = lifecycle.create_season("secret", game=game, hide_results=True, k=1, seed=2)
    lifecycle.add_entries(s, bots=["greedy", "random"])
    lifecycle.open_entries(s)
    lifecycle.start(s)
    inline()
    match = Match.objects.get(fixture__competition=s)
    assert match.status == Match.Status.FINISHED and match.hides_results
    detail = client.get(f"/api/matches/{match.pk}/").json()
    assert detail["result"] is None and detail["seed"] is None and detail["digest"] is None
    for seat in detail["seats"]:
        assert seat["rank"] is None and seat["score"] is None
        assert seat["faults"] is None and seat["fault_reason"] is None
    listed = client.get(f"/api/matches/?competition={s.pk}").json()["results"][0]
    assert all(seat["rank"] is None for seat in listed["seats"])
    # no event and no state at all: Aerial Assault's MatchOver and its score panel,
    # a final board, a last roll all tell who won
    for url in ("events/?limit=1000", "state/?at=0", f"state/?at={match.event_count - 1}"):
        response = client.get(f"/api/matches/{match.pk}/{url}")
        assert response.status_code == 403 and "hidden" in response.content.decode(), url
    assert client.get(f"/api/matches/{match.pk}/log.jsonl").status_code in (403, 409)
    standings = client.get(f"/api/competitions/{s.pk}/standings/").json()
    assert standings["standings"] == [] and standings["results_hidden"]
    assert "results are hidden until this season finishes" in standings["notice"]
    page = client.get(f"/competitions/{s.pk}/").content.decode()
    assert "results are hidden until this season finishes" in page
    entry = Entry.objects.filter(competition=s).first()
    page = client.get(f"/entries/{entry.pk}/").content.decode()
    assert "rating-chart" not in page and "results are hidden" in page
    replay = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="results-hidden"' in replay and "viewer-config" not in replay
    assert '"rank": 1' not in replay and "won" not in replay
    lifecycle.finish(s)
    match.refresh_from_db()
    assert not match.hides_results
    detail = client.get(f"/api/matches/{match.pk}/").json()
    assert detail["result"]["ranks"] and {seat["rank"] for seat in detail["seats"]} - {None}
    assert detail["seed"] == match.seed
    events = client.get(f"/api/matches/{match.pk}/events/?limit=1000").json()["results"]
    assert "MatchEnded" in {e["type"] for e in events}
    assert (
        client.get(f"/api/matches/{match.pk}/state/?at={match.event_count - 1}").status_code == 200
    )
    standings = client.get(f"/api/competitions/{s.pk}/standings/").json()
    assert len(standings["standings"]) == 2 and not standings["results_hidden"]
    assert "results are hidden" not in client.get(f"/competitions/{s.pk}/").content.decode()
    assert "rating-chart" in client.get(f"/entries/{entry.pk}/").content.decode()


def test_a_tournament_that_hides_results_has_an_empty_bracket_until_it_finishes(client, inline):
    t = make_tournament("single_elimination", hide_results=True)
    lifecycle.start(t)
    inline()
    t.refresh_from_db()
    assert t.status == "running" or t.status == "finished"
    if t.status == "finished":  # an elimination finishes by itself: hide while running
        Competition.objects.filter(pk=t.pk).update(status="running")
    from tournaments.brackets import bracket

    t.refresh_from_db()
    assert all(
        p["rank"] is None and not p["won"]
        for section in bracket(t)
        for col in section["columns"]
        for f in col["fixtures"]
        for p in f["players"]
    )
    assert client.get(f"/api/competitions/{t.pk}/standings/").json()["standings"] == []
    page = client.get(f"/competitions/{t.pk}/bracket/").content.decode()
    assert "results are hidden until this tournament finishes" in page


def test_a_rerun_plays_a_fresh_seed_and_salt_not_those_its_failure_showed(admin_client, inline):
    from engine.seeding import commitment

    from matches.verification import verify_stored_match

    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    (mid,) = list(inline.queue)
    inline.queue.clear()
    failed = fail(Match.objects.get(pk=mid), "RulesError: boom")
    shown = APIClient().get(f"/api/matches/{mid}/").json()
    assert shown["seed"] == failed.seed  # a failed match's seed is public
    admin_client.post(reverse("admin:tournaments_tournamentproxy_rerun_failed", args=[t.pk]))
    rerun = Match.objects.get(pk=mid)
    assert rerun.status == "queued"
    assert rerun.seed != failed.seed and rerun.seed_salt != failed.seed_salt
    inline()
    rerun.refresh_from_db()
    started = rerun.events.get(seq=0).data
    assert started["seed_commitment"] == commitment(rerun.seed, rerun.seed_salt)
    assert rerun.status == "finished" and verify_stored_match(rerun).ok

"""The organiser's admin: permissions on its own views, re-running only this
competition's failed matches, the service's checks on its forms, and the command."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command
from django.urls import reverse

from engine import registry
from tests.tournaments.django.conftest import SEASON_FORM, make_tournament

from matches.models import Match
from matches.storing import fail
from tournaments import lifecycle
from tournaments.models import Competition

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def viewer_client(client, django_user_model):
    user = django_user_model.objects.create_user(
        "peek", "p@example.com", "pw-pw-pw-pw", is_staff=True
    )
    user.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_tournamentproxy", "view_seasonproxy"])
    )
    client.login(username="peek", password="pw-pw-pw-pw")
    return client


def test_a_staff_user_who_may_only_view_cannot_change(viewer_client):
    t = make_tournament()
    assert (
        viewer_client.post(
            reverse("admin:tournaments_tournamentproxy_do", args=[t.pk, "start"])
        ).status_code
        == 403
    )
    assert (
        viewer_client.post(
            reverse("admin:tournaments_tournamentproxy_rebuild", args=[t.pk])
        ).status_code
        == 403
    )
    assert (
        viewer_client.post(
            reverse("admin:tournaments_tournamentproxy_rerun_failed", args=[t.pk])
        ).status_code
        == 403
    )
    assert (
        viewer_client.get(
            reverse("admin:tournaments_tournamentproxy_add_builtins", args=[t.pk])
        ).status_code
        == 403
    )
    t.refresh_from_db()
    assert t.status == "open"
    # viewing suffices for the CSV
    assert (
        viewer_client.get(reverse("admin:tournaments_tournamentproxy_csv", args=[t.pk])).status_code
        == 200
    )
    # and the changelist offers only the view action
    page = viewer_client.get(
        reverse("admin:tournaments_tournamentproxy_changelist")
    ).content.decode()
    assert "export_standings_csv" in page and "rebuild_standings" not in page


def test_rerun_failed_takes_only_this_competitions_matches(admin_client, inline):
    mine, other = make_tournament(seed=1), make_tournament(seed=2)
    lifecycle.start(mine)
    lifecycle.start(other)
    mine_ids = list(Match.objects.filter(fixture__competition=mine).values_list("pk", flat=True))
    other_ids = list(Match.objects.filter(fixture__competition=other).values_list("pk", flat=True))
    fail(Match.objects.get(pk=mine_ids[0]), "RulesError: boom")
    fail(Match.objects.get(pk=other_ids[0]), "RulesError: boom")
    url = reverse("admin:tournaments_tournamentproxy_rerun_failed", args=[mine.pk])
    r = admin_client.post(url, {"match": ["x", "\u00b2"]}, follow=True)
    assert r.status_code == 200 and "atch ids must be numbers" in r.content.decode()
    admin_client.post(url, {"match": [str(other_ids[0]), str(mine_ids[0])]})
    assert Match.objects.get(pk=other_ids[0]).status == "failed"  # not this tournament's
    assert Match.objects.get(pk=mine_ids[0]).status == "queued"


def test_the_admin_form_checks_the_game_and_options(admin_client):
    url = reverse("admin:tournaments_seasonproxy_add")
    base = {**SEASON_FORM, "group_size": ""}
    # the game is chosen among the installed ones, each game's options beside
    form = admin_client.get(url).content.decode()
    assert '<select name="game"' in form
    for name in registry.games():
        assert f'<option value="{name}"' in form and f'data-game="{name}"' in form
    r = admin_client.post(url, {**base, "game": "no_such_game"})
    assert r.status_code == 200 and "Select a valid choice" in r.content.decode()
    r = admin_client.post(url, {**base, "game": "powerball", "options-powerball-balls": "0"})
    assert r.status_code == 200 and "option balls must be at least 1" in r.content.decode()
    mixed = {**base, "game": "cascade_effect", "group_size": 3, "teams": "2,1"}
    r = admin_client.post(url, mixed)
    assert r.status_code == 200 and "not teams [2, 1]" in r.content.decode()
    assert Competition.objects.filter(kind="season").count() == 0


def test_the_admin_makes_each_kind_on_its_own_list_with_its_own_fields(admin_client):
    base = {
        "name": "c",
        "game": "tic_tac_toe",
        "seed": 1,
        "group_size": 2,
        "teams": "",
        "signup": "organiser",
        "entries_per_user": 1,
        "max_entries": 0,
        "entries-TOTAL_FORMS": 0,
        "entries-INITIAL_FORMS": 0,
    }
    season = {"k": 1, "period_seconds": 60, "jitter": 0, "max_rounds": 0}
    r = admin_client.post(reverse("admin:tournaments_seasonproxy_add"), {**base, **season})
    assert r.status_code == 302
    r = admin_client.post(
        reverse("admin:tournaments_tournamentproxy_add"), {**base, "swiss_rounds": 0, "format": ""}
    )
    assert r.status_code == 200 and "a tournament needs a format" in r.content.decode()
    r = admin_client.post(
        reverse("admin:tournaments_tournamentproxy_add"),
        {**base, "swiss_rounds": 0, "format": "swiss", "signup": "public_bots"},
    )
    assert r.status_code == 200 and "is a ladder&#x27;s" in r.content.decode()
    r = admin_client.post(
        reverse("admin:tournaments_tournamentproxy_add"),
        {**base, "swiss_rounds": 0, "format": "swiss"},
    )
    assert r.status_code == 302
    assert list(Competition.objects.order_by("id").values_list("kind", "format")) == [
        ("season", ""),
        ("tournament", "swiss"),
    ]
    seasons = admin_client.get(reverse("admin:tournaments_seasonproxy_changelist")).content.decode()
    tournaments = admin_client.get(
        reverse("admin:tournaments_tournamentproxy_changelist")
    ).content.decode()
    assert "1 season" in seasons and "1 tournament" in tournaments
    page = admin_client.get(
        reverse(
            "admin:tournaments_tournamentproxy_change",
            args=[Competition.objects.get(kind="tournament").pk],
        )
    )
    assert 'name="format"' in page.content.decode() and 'name="k"' not in page.content.decode()


def test_game_and_options_are_locked_once_open(admin_client):
    t = make_tournament()
    page = admin_client.get(reverse("admin:tournaments_tournamentproxy_change", args=[t.pk]))
    assert 'name="game"' not in page.content.decode()
    draft = lifecycle.create_tournament("draft", game="tic_tac_toe")
    page = admin_client.get(reverse("admin:tournaments_tournamentproxy_change", args=[draft.pk]))
    assert 'name="game"' in page.content.decode()


def test_run_tournament_reports_a_refused_start_as_a_command_error():
    for extra in ([], ["--inline"]):
        with pytest.raises(CommandError):
            call_command(
                "run_tournament",
                "tic_tac_toe",
                "--format",
                "round_robin",
                "--bots",
                "greedy",
                "--seed",
                "1",
                "--no-progress",
                *extra,
            )
    assert Competition.objects.filter(kind="tournament").count() == 2

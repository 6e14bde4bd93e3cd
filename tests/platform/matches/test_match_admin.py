"""The admin lists matches and shows their events, read-only."""

import pytest
from django.contrib.admin.sites import site

from matches.models import Match, MatchEvent

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(admin_client):
    return admin_client


def test_match_changelist_with_filters(staff, finished_match):
    for query in [
        "",
        "?game=tic_tac_toe",
        "?status__exact=finished",
        "?created_at__gte=2000-01-01T00:00:00%2B00:00",
        "?q=greedy",
    ]:
        response = staff.get(f"/admin/matches/match/{query}")
        assert response.status_code == 200, query
        assert f"/admin/matches/match/{finished_match.pk}/" in response.content.decode()


def test_match_page_shows_events_read_only(staff, finished_match):
    response = staff.get(f"/admin/matches/match/{finished_match.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "MatchStarted" in html and "MatchEnded" in html
    assert 'name="_save"' not in html
    assert "events-0-DELETE" not in html


def test_no_add_change_or_delete(staff, admin_user, finished_match, rf):
    request = rf.get("/")
    request.user = admin_user
    for model in (Match, MatchEvent):
        model_admin = site._registry[model]
        assert not model_admin.has_add_permission(request)
        assert not model_admin.has_change_permission(request, None)
        assert not model_admin.has_delete_permission(request, None)
    match_admin = site._registry[Match]
    for inline in match_admin.get_inline_instances(request, finished_match):
        assert not inline.has_add_permission(request, finished_match)
        assert not inline.has_change_permission(request, finished_match)
        assert not inline.has_delete_permission(request, finished_match)
    event = finished_match.events.get(seq=1)
    response = staff.post(f"/admin/matches/matchevent/{event.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    response = staff.post(f"/admin/matches/match/{finished_match.pk}/change/", {"game": "x"})
    assert response.status_code == 403
    assert MatchEvent.objects.filter(pk=event.pk).exists()
    assert Match.objects.get(pk=finished_match.pk).game == "tic_tac_toe"


def test_event_changelist_for_one_match(staff, finished_match):
    response = staff.get(f"/admin/matches/matchevent/?match__id__exact={finished_match.pk}")
    assert response.status_code == 200
    assert "ActionSubmitted" in response.content.decode()

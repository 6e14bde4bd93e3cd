"""The season and tournament admin's Options and Teams: forms built from what each
game declares (its options' help, defaults, choices and limits; the alliances it
plays), not raw JSON. A bad value is a field error in the engine's words, and
nothing is saved."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from engine import registry
from tests.tournaments.django.conftest import SEASON_FORM

from tournaments.models import Competition

pytestmark = pytest.mark.django_db

ADD = "admin:tournaments_seasonproxy_add"


def _post(admin_client, **fields):
    return admin_client.post(reverse(ADD), {**SEASON_FORM, **fields})


def _field_errors(page: str, field: str) -> str:
    """The error list the admin draws in ``field``'s row."""
    row = re.search(
        rf'<div class="form-row[^"]*field-{field}[^"]*">(.*?)</div>\s*</div>', page, re.S
    )
    assert row, f"no row for {field}"
    errors = re.search(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', row.group(1), re.S)
    return errors.group(1) if errors else ""


def test_every_game_option_is_an_input_with_its_help_default_and_limits(admin_client):
    page = admin_client.get(reverse(ADD)).content.decode()
    for name, game in registry.games().items():
        assert f'data-game="{name}"' in page
        for option, spec in game.options.items():
            assert f'name="options-{name}-{option}"' in page
            assert spec.help.replace("'", "&#x27;") in page
    assert re.search(
        r'type="number" name="options-powerball-rounds"[^>]* value="30" min="1" max="60"', page
    )
    assert 'type="checkbox" name="options-aimbots-first_game"' in page
    assert '<option value="2v2">2v2</option>' in page  # dogfight's teams option
    assert "(default 30; 1 to 60)" in page
    assert "tournaments/game_options.js" in page  # shows the chosen game's only


def test_the_chosen_games_inputs_become_its_resolved_options(admin_client):
    r = _post(
        admin_client,
        game="aimbots",
        **{
            "options-aimbots-turn_limit": "12",
            "options-aimbots-first_game": "on",
            "options-powerball-rounds": "999",  # another game's: not read
        },
    )
    assert r.status_code == 302
    season = Competition.objects.get()
    assert season.options == {"first_game": True, "new_players": False, "turn_limit": 12}


def test_an_emptied_input_keeps_the_default_and_an_unticked_box_is_off(admin_client):
    r = _post(admin_client, game="powerball", **{"options-powerball-balls": ""})
    assert r.status_code == 302
    assert Competition.objects.get().options == {"balls": 8, "floor": "arena", "rounds": 30}


@pytest.mark.parametrize(
    "option, value, said",
    [
        ("rounds", "999", "option rounds must be at most 60"),
        ("rounds", "0", "option rounds must be at least 1"),
        ("rounds", "ten", "option rounds takes an integer, not &#x27;ten&#x27;"),
        ("floor", "nowhere", "option floor must be one of"),
    ],
)
def test_a_bad_option_is_a_field_error_and_nothing_is_saved(admin_client, option, value, said):
    r = _post(admin_client, game="powerball", **{f"options-powerball-{option}": value})
    assert r.status_code == 200
    page = r.content.decode()
    assert said in _field_errors(page, "options")
    if option != "floor":  # the input keeps what was typed (a select has no such value)
        assert re.search(rf'name="options-powerball-{option}"[^>]* value="{value}"', page)
    assert not Competition.objects.exists()


def test_teams_are_a_choice_of_the_layouts_the_games_play(admin_client):
    page = admin_client.get(reverse(ADD)).content.decode()
    assert '<option value="" selected>every seat for itself (no teams)</option>' in page
    assert re.search(r'<option value="2,2">2 \+ 2 seats: [^<]*dogfight with teams=2v2', page)
    r = _post(
        admin_client,
        game="dogfight",
        group_size=4,
        teams="2,2",
        **{"options-dogfight-teams": "2v2"},
    )
    assert r.status_code == 302
    assert Competition.objects.get().teams == [2, 2]


@pytest.mark.parametrize(
    "game, seats, teams, said",
    [
        ("dogfight", 4, "2,2", "dogfight with 4 seats plays no teams"),
        ("aerial_assault", 3, "2,2", "aerial_assault with 3 seats plays [1, 2] or [2, 1]"),
        ("tic_tac_toe", 2, "9,9", "Select a valid choice"),
    ],
)
def test_teams_the_game_does_not_play_are_a_field_error(admin_client, game, seats, teams, said):
    r = _post(admin_client, game=game, group_size=seats, teams=teams)
    assert r.status_code == 200
    assert said in _field_errors(r.content.decode(), "teams")
    assert not Competition.objects.exists()


def test_a_drafts_page_shows_its_saved_options_and_teams(admin_client):
    _post(
        admin_client,
        game="dogfight",
        group_size=6,
        teams="3,3",
        **{"options-dogfight-teams": "3v3", "options-dogfight-rounds": "7"},
    )
    season = Competition.objects.get()
    page = admin_client.get(
        reverse("admin:tournaments_seasonproxy_change", args=[season.pk])
    ).content.decode()
    assert re.search(r'name="options-dogfight-rounds"[^>]* value="7"', page)
    assert '<option value="3v3" selected>3v3</option>' in page
    assert re.search(r'<option value="3,3" selected>', page)
    assert re.search(r'name="options-powerball-rounds"[^>]* value="30"', page)  # defaults

"""The standings, entry and games pages explain themselves: the table leads with the
column it is ranked by and says so, tie-breaks read as their names, rounds count
against those planned, and match rows name the entries and how they placed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from engine import registry
from tests.tournaments.django.conftest import make_tournament

from tournaments import lifecycle, rounds
from tournaments.models import Competition, Entry

pytestmark = pytest.mark.django_db(transaction=True)


def page_context(client, url: str) -> dict:
    response = client.get(url)
    assert response.status_code == 200, url
    return {"html": response.content.decode(), **response.context[-1].flatten()}


def key_column(page: dict) -> list[str]:
    return [row["cells"]["ranked_by"] for row in page["rows"]]


def test_a_round_robin_ranks_by_points_then_its_tie_breaks_and_says_so(client, inline):
    t = make_tournament("round_robin", bots=("greedy", "random", "random", "greedy"))
    lifecycle.start(t)
    inline()
    page = page_context(client, reverse("competition-standings-page", args=[t.pk]))
    html = page["html"]
    assert "Ranked by Points, then Head-to-head, then Sonneborn-Berger." in html
    assert "Headtohead" not in html and "Sonnebornberger" not in html
    points = [int(v) for v in key_column(page)]
    ranks = [row["rank"] for row in page["rows"]]
    # the rank follows the first column shown after the entry: never more points lower down
    assert points == sorted(points, reverse=True) and ranks == sorted(ranks)
    # four entries, a round robin: three rounds, all of them done
    assert "3 of 3 rounds done" in html


def test_a_season_ranks_by_rating_and_shows_points_for_reference(client, inline):
    season = lifecycle.create_season("ladder", game="tic_tac_toe", k=2, max_rounds=5)
    lifecycle.add_entries(season, bots=["greedy", "random", "random", "greedy"])
    lifecycle.open_entries(season)
    lifecycle.start(season)
    inline()
    rounds.ladder_tick(season.pk)
    inline()
    page = page_context(client, reverse("competition-standings-page", args=[season.pk]))
    html = page["html"]
    assert "Ranked by Rating." in html and "mu - 3 sigma" in html
    ratings = [float(v) for v in key_column(page)]
    assert ratings == sorted(ratings, reverse=True)
    assert [row["rank"] for row in page["rows"]] == [1, 2, 3, 4]
    # the season's planned rounds, not only those made so far
    assert "of 5 rounds done" in html


def test_an_entry_page_names_the_entries_it_met_and_how_it_placed(client, inline):
    t = make_tournament("round_robin", bots=("greedy", "random"))
    lifecycle.start(t)
    inline()
    entry = Entry.objects.filter(competition=t).order_by("pk").first()
    page = page_context(client, reverse("entry-page", args=[entry.pk]))
    names = {e.name for e in Entry.objects.filter(competition=t)}
    assert len(names) == 2  # two entries of distinct names, whatever their bots
    for match in page["matches"]:
        assert set(match.players.split(" vs ")) == names
        assert match.result in {"won", "drew", "lost"}
    assert "<th>Result</th>" in page["html"]


def test_the_games_page_lists_every_installed_game_by_name(client):
    page = page_context(client, reverse("game-list-page"))
    for game in registry.games().values():
        assert f'data-game="{game.name}"' in page["html"]
        assert (game.title or game.name) in page["html"]
    assert reverse("game-list-page") == "/games/"


def test_the_competitions_list_shows_progress_and_the_leader_unless_hidden(client, inline):
    shown = make_tournament("round_robin", bots=("greedy", "random", "random"))
    hidden = make_tournament("round_robin", bots=("greedy", "random"), seed=4, hide_results=True)
    for t in (shown, hidden):
        lifecycle.start(t)
    inline()
    Competition.objects.filter(pk=hidden.pk).update(status="running")  # still hiding
    page = page_context(client, reverse("competitions-page"))
    rows = {t.pk: t for t in page["tournaments"]}
    first = Entry.objects.filter(competition=shown, standing__rank=1)
    assert rows[shown.pk].leader_name in {e.name for e in first}  # one of those sharing it
    assert rows[shown.pk].progress["rounds_planned"] == 3  # three entries: three rounds
    assert rows[hidden.pk].leader_name is None
    assert "hidden" in page["html"]

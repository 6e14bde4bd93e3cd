"""People, bots and games: a user's page, a bot's page (record per
version, ratings across competitions, recent matches), a page per game and its
leaderboard across competitions, links between them, the plain-name bot filter.
Hidden results stay hidden on every one of them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from engine import registry
from tests.platform.bots.bot_helpers import play_all, valid_bot

from matches.models import Match, MatchSeat
from tournaments import lifecycle
from tournaments.models import Competition, Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def ace(alice):
    return valid_bot(alice, "ace")


@pytest.fixture
def cup(ace, django_capture_on_commit_callbacks):
    """A finished round robin: ace, greedy and random."""
    t = lifecycle.create_tournament("Cup", game="tic_tac_toe", format="round_robin", seed=5)
    lifecycle.add_entries(t, bots=[ace, "greedy", "random"])
    lifecycle.open_entries(t)
    play_all(t, django_capture_on_commit_callbacks)
    t.refresh_from_db()
    assert t.status == Competition.Status.FINISHED
    return t


@pytest.fixture
def secret_ladder(ace, cup, django_capture_on_commit_callbacks):
    """A running season that hides its results; its first round is played."""
    s = lifecycle.create_season("Secret ladder", game="tic_tac_toe", k=1, hide_results=True, seed=2)
    lifecycle.add_entries(s, bots=[ace, "random"])
    lifecycle.open_entries(s)
    play_all(s, django_capture_on_commit_callbacks)
    s.refresh_from_db()
    assert s.status == Competition.Status.RUNNING
    assert Match.objects.filter(fixture__competition=s, status="finished").exists()
    return s


def outcome(seat: MatchSeat) -> str:
    ranks = [s.rank for s in seat.match.seats.all()]
    return "lost" if seat.rank != 1 else ("drew" if all(r == 1 for r in ranks) else "won")


def test_a_bots_page_shows_its_record_ratings_and_matches_but_nothing_hidden(
    client, ace, cup, secret_ladder
):
    html = client.get(reverse("bot-page", args=[ace.pk])).content.decode()
    # W/D/L of version 1 counts the cup's matches only (the ladder hides its results)
    cup_seats = MatchSeat.objects.filter(bot_version_ref__bot=ace, match__fixture__competition=cup)
    tally = {"won": 0, "drew": 0, "lost": 0}
    for seat in cup_seats:
        tally[outcome(seat)] += 1
    assert sum(tally.values()) == 2
    assert f"{tally['won']} / {tally['drew']} / {tally['lost']}" in html.split('id="v1"')[1]
    # recent matches: opponent and result; the hidden season's match says "hidden"
    rows = html.split('id="bot-matches"')[1].split("</table>")[0]
    for seat in cup_seats:
        assert f'href="/matches/{seat.match_id}/"' in rows
    assert 'class="result hidden"' in rows and "random <span" in rows
    assert re.search(r'class="result (won|drew|lost)"', rows)
    # ratings across competitions: the cup's, and a notice for the hidden ladder
    entries = html.split('id="bot-entries"')[1].split("</table>")[0]
    cup_entry = Entry.objects.get(competition=cup, bot=ace)
    assert f'href="{reverse("entry-page", args=[cup_entry.pk])}"' in entries
    assert f"{cup_entry.rating.ordinal:.2f}" in entries
    assert "results are hidden until this season finishes" in entries
    assert 'class="rating-chart"' in html  # the cup's rating history
    # links: owner, game, entries, matches
    assert f'href="{reverse("user-page", args=["alice"])}"' in html
    assert f'href="{reverse("game-page", args=["tic_tac_toe"])}"' in html


def test_a_users_page_lists_their_bots_and_ratings(client, ace, cup, secret_ladder):
    html = client.get(reverse("user-page", args=["alice"])).content.decode()
    assert f'href="{reverse("bot-page", args=[ace.pk])}"' in html
    entries = html.split('id="user-entries"')[1].split("</table>")[0]
    assert "Cup" in entries and "Secret ladder" in entries
    assert "results are hidden until this season finishes" in entries
    assert client.get(reverse("user-page", args=["nobody"])).status_code == 404


def test_the_leaderboard_spans_competitions_and_leaves_hidden_ones_out(
    client, ace, cup, secret_ladder
):
    html = client.get(reverse("game-leaderboard", args=["tic_tac_toe"])).content.decode()
    board = html.split('id="leaderboard"')[1]
    for name in ("ace", "greedy", "random"):
        assert name in board
    cup_entry = Entry.objects.get(competition=cup, bot=ace)
    assert f"{cup_entry.rating.ordinal:.2f}" in board
    from tournaments.profiles import game_leaderboard

    row = next(r for r in game_leaderboard("tic_tac_toe") if r["bot"] == ace)
    assert row["competitions"] == 1 and row["games"] == cup_entry.rating.games
    assert client.get(reverse("game-leaderboard", args=["chess"])).status_code == 404


def test_the_stored_hidden_flag_agrees_with_the_one_rule(ace, cup, secret_ladder):
    from tournaments.selectors import competition_hides_results

    hidden = set(Match.objects.filter(hides_results=True).values_list("pk", flat=True))
    assert hidden and hidden == {
        m.pk
        for m in Match.objects.filter(fixture__isnull=False)
        if competition_hides_results(m.fixture.competition)
    }


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_game_has_a_page_with_rules_options_bots_and_starter(client, name):
    game = registry.get(name)
    html = client.get(reverse("game-page", args=[name])).content.decode()
    rules = registry.rules_path(game).read_text("utf-8")
    heading = rules.splitlines()[0].lstrip("# ").split(" (")[0]
    assert "<h1" in html and heading in html.split('id="rules-text"')[1]
    for option in game.options:
        assert f"<code>{option}</code>" in html
    for bot in game.bots:
        assert f"<code>{bot}</code>" in html
    assert f'href="{reverse("bot-starter", args=[name])}"' in html
    assert f'href="{reverse("my-bots")}?game={name}"' in html


def test_unknown_game_page_is_404(client):
    assert client.get(reverse("game-page", args=["chess"])).status_code == 404


def test_entry_match_and_home_pages_link_to_bots_owners_and_games(client, ace, cup):
    entry = Entry.objects.get(competition=cup, bot=ace)
    html = client.get(reverse("entry-page", args=[entry.pk])).content.decode()
    assert f'href="{reverse("bot-page", args=[ace.pk])}"' in html
    assert f'href="{reverse("user-page", args=["alice"])}"' in html
    match = Match.objects.filter(fixture__competition=cup, seats__bot_version_ref__bot=ace).first()
    html = client.get(reverse("match-detail-page", args=[match.pk])).content.decode()
    assert f'href="{reverse("bot-page", args=[ace.pk])}"' in html
    assert f'href="{reverse("entry-page", args=[entry.pk])}"' in html
    assert f'href="{reverse("competition-standings-page", args=[cup.pk])}"' in html
    home = client.get(reverse("home")).content.decode()
    for name in registry.games():
        assert f'href="{reverse("game-page", args=[name])}"' in home


def test_the_bot_filter_takes_a_plain_name(client, api, ace, cup):
    theirs = set(Match.objects.filter(seats__bot_version_ref__bot=ace).values_list("pk", flat=True))
    html = client.get("/matches/?bot=ace").content.decode()
    listed = {int(m) for m in re.findall(r'class="match-link" href="/matches/(\d+)/"', html)}
    assert listed == theirs
    assert listed == {
        int(m)
        for m in re.findall(
            r'class="match-link" href="/matches/(\d+)/"',
            client.get("/matches/?bot=alice/ace").content.decode(),
        )
    }
    api_ids = {m["id"] for m in api.get("/api/matches/?bot=ace").json()["results"]}
    assert api_ids == theirs
    assert client.get("/matches/?bot=ac").content.decode().count('class="match-link"') == 0


def test_the_bot_guide_points_to_game_pages_that_exist(client):
    html = client.get(reverse("write-a-bot")).content.decode()
    assert "<code>/games/&lt;game&gt;/</code>" in html
    for name in registry.games():
        url = reverse("game-page", args=[name])
        assert f'href="{url}"' in html and client.get(url).status_code == 200

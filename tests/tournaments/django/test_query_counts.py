"""The competitions' API, pages and admin cost a fixed number of queries, whatever
the number of competitions, entries and matches (``same_queries_for_more_rows``):
no N+1 can come back. And completing a round costs no more queries for more
fixtures than the work each fixture needs.

Competitions are made and played with the real services and worker code
(``inline``); the tests are transactional as matches are sent on commit."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.platform.bots.bot_helpers import stored_bot
from tests.tournaments.django.conftest import make_tournament
from tests.tournaments.django.signup_helpers import invalid_bot, open_season

from matches import tasks
from matches.models import Match
from tournaments import lifecycle, rounds, signup
from tournaments.models import Competition, Entry, Fixture, Round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("data_dir")]

serial = itertools.count(1)
BUILTINS = ("greedy", "random")


def builtin_bots(count: int) -> list[str]:
    return [BUILTINS[i % 2] for i in range(count)]


@pytest.fixture
def play(inline):
    """``play(fmt, entries, **kw)``: a tournament of ``entries`` (built-in bot names,
    or a count of them), started and played to its end."""

    def played(fmt: str = "round_robin", entries=4, **kw) -> Competition:
        bots = builtin_bots(entries) if isinstance(entries, int) else entries
        t = make_tournament(fmt, bots=bots, seed=next(serial), **kw)
        lifecycle.start(t)
        inline()
        t.refresh_from_db()
        return t

    return played


@pytest.fixture
def play_season(inline):
    """``play_season(entries, rounds_played, **kw)``: a ladder season of
    ``entries`` built-in bots with ``rounds_played`` rounds played."""

    def played(entries: int = 3, rounds_played: int = 1, **kw) -> Competition:
        s = lifecycle.create_season(f"season {next(serial)}", game="tic_tac_toe", k=1, **kw)
        lifecycle.add_entries(s, bots=builtin_bots(entries))
        lifecycle.open_entries(s)
        lifecycle.start(s)
        inline()
        for _ in range(rounds_played - 1):
            rounds.ladder_tick(s.pk)
            inline()
        s.refresh_from_db()
        return s

    return played


@pytest.fixture
def add_competitions(play, play_season):
    """``add_competitions(count)``: ``count`` times a played round robin and a season
    of two entries each."""

    def add(count: int) -> None:
        for _ in range(count):
            play("round_robin", 2)
            play_season(2)

    return add


def listed(response) -> int:
    assert response.status_code == 200, response.content
    body = response.json()
    return len(body["results"] if isinstance(body, dict) and "results" in body else body)


def context(response):
    assert response.status_code == 200, response.content
    return response.context


class Shown:
    """The row (a competition, an entry, a match) a test's fetch looks at: a small
    one first, then a bigger one."""

    def __init__(self, row) -> None:
        self.pk = row.pk

    def switch(self, row) -> None:
        self.pk = row.pk


# -- the API -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "query", ["", "kind=tournament", "kind=season", "game=tic_tac_toe", "status=finished"]
)
def test_the_competition_list_costs_the_same_for_more_competitions(
    api, add_competitions, same_queries_for_more_rows, query
):
    add_competitions(1)
    # the competitions, with their entry counts and progress counted in subqueries
    same_queries_for_more_rows(
        1, lambda: listed(api.get(f"/api/competitions/?{query}")), lambda: add_competitions(3)
    )


def test_a_competition_and_its_standings_cost_the_same_for_more_entries(
    api, play, same_queries_for_more_rows
):
    shown = Shown(play("round_robin", 2))
    # the competition, with its entry count and progress counted in subqueries
    same_queries_for_more_rows(
        1,
        lambda: api.get(f"/api/competitions/{shown.pk}/").json()["progress"]["total"],
        lambda: shown.switch(play("round_robin", 6)),
    )
    shown = Shown(play("round_robin", 2))
    # the competition; its entries with their ratings and standings
    same_queries_for_more_rows(
        2,
        lambda: len(api.get(f"/api/competitions/{shown.pk}/standings/").json()["standings"]),
        lambda: shown.switch(play("round_robin", 6)),
    )


def test_a_competition_s_match_list_costs_the_same_for_more_matches(
    api, play, same_queries_for_more_rows
):
    shown = Shown(play("round_robin", 2))
    # the page of matches, their seats
    same_queries_for_more_rows(
        2,
        lambda: listed(api.get(f"/api/matches/?page_size=100&competition={shown.pk}")),
        lambda: shown.switch(play("round_robin", 6)),
    )


# -- the pages ---------------------------------------------------------------------------
def test_the_competitions_page_costs_the_same_for_more_competitions(
    client, add_competitions, same_queries_for_more_rows
):
    def rows() -> int:
        page = context(client.get("/competitions/"))
        return len(page["seasons"]) + len(page["tournaments"])

    add_competitions(1)
    # the seasons, the tournaments
    same_queries_for_more_rows(2, rows, lambda: add_competitions(3))


@pytest.mark.parametrize("hidden", [False, True])
def test_a_tournament_s_page_costs_the_same_for_more_entries(
    client, play, same_queries_for_more_rows, hidden
):
    shown = Shown(play("round_robin", 2, hide_results=hidden))

    def rows() -> int:
        page = context(client.get(f"/competitions/{shown.pk}/"))
        return len(page["rows"]) + page["progress"]["total"]

    # the competition with its progress; its table (entries with their ratings and
    # standings; not read while hidden)
    same_queries_for_more_rows(
        2, rows, lambda: shown.switch(play("round_robin", 6, hide_results=hidden))
    )


@pytest.mark.parametrize("hidden", [False, True])
def test_a_season_s_page_costs_the_same_for_more_entries_and_rounds(
    client, play_season, same_queries_for_more_rows, hidden
):
    shown = Shown(play_season(2, hide_results=hidden))

    def rows() -> int:
        page = context(client.get(f"/competitions/{shown.pk}/"))
        return len(page["rows"]) + page["progress"]["total"]

    # the competition with its progress; its table (not read while hidden)
    same_queries_for_more_rows(
        2, rows, lambda: shown.switch(play_season(6, 3, hide_results=hidden))
    )


@pytest.mark.parametrize("fmt", ["single_elimination", "double_elimination"])
def test_a_bracket_costs_the_same_for_more_entries(client, play, same_queries_for_more_rows, fmt):
    shown = Shown(play(fmt, 2))

    def rows() -> int:
        sections = context(client.get(f"/competitions/{shown.pk}/bracket/"))["sections"]
        return sum(len(c["fixtures"]) for section in sections for c in section["columns"])

    # the competition; its entries' names; the fixtures with their matches, their
    # seats, their matches' seats; the champion: the history (entries, the
    # disqualified, fixtures, their seats, their matches' outcomes) and the
    # winning entry
    same_queries_for_more_rows(11, rows, lambda: shown.switch(play(fmt, 8)))


def test_an_entry_s_page_costs_the_same_for_more_matches(client, play, same_queries_for_more_rows):
    shown = Shown(Entry.objects.filter(competition=play("round_robin", 2)).first())

    def rows() -> int:
        page = context(client.get(f"/entries/{shown.pk}/"))
        return len(page["history"]) + len(page["matches"])

    def more() -> None:
        shown.switch(Entry.objects.filter(competition=play("round_robin", 6)).first())

    # the entry with its competition, rating and standing; its rating history; its
    # matches with their fixtures, their seats, the fixtures' seats with their entries
    same_queries_for_more_rows(5, rows, more)


def first_match(competition: Competition) -> Match:
    lifecycle.start(competition)
    return Match.objects.filter(fixture__competition=competition).first()


def test_a_fixture_s_match_page_costs_the_same_for_more_seats(
    client, inline, same_queries_for_more_rows
):
    """The page names the fixture's competition, round and entries."""
    shown = Shown(first_match(make_tournament("round_robin", bots=builtin_bots(2))))

    def rows() -> int:
        return len(
            context(client.get(reverse("match-detail-page", args=[shown.pk])))[
                "match"
            ].fixture.seats.all()
        )

    def more() -> None:
        shown.switch(
            first_match(
                make_tournament(
                    "swiss", bots=builtin_bots(4), game="aimbots", group_size=4, swiss_rounds=1
                )
            )
        )

    # the match with its fixture and competition; its seats; the fixture's seats,
    # their entries; its forks (none)
    same_queries_for_more_rows(5, rows, more)


# -- the people, bot and game pages ---------------------------------------------------------
@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice")


def test_a_game_s_pages_cost_the_same_for_more_competitions_and_bots(
    client, alice, play, play_season, same_queries_for_more_rows
):
    def more(count: int) -> None:
        for _ in range(count):
            bot = stored_bot(alice, f"bot{next(serial)}")
            play("round_robin", [bot, "random"])
            play_season(2)

    def rows() -> int:
        game = context(client.get(reverse("game-page", args=["tic_tac_toe"])))
        board = context(client.get(reverse("game-leaderboard", args=["tic_tac_toe"])))
        return (
            len(game["leaders"])
            + len(game["seasons"])
            + len(game["tournaments"])
            + len(board["rows"])
        )

    more(1)
    # the game page: the leaders (entries with their competitions, ratings,
    # standings, bots and owners), the seasons, the tournaments; the leaderboard:
    # the leaders
    same_queries_for_more_rows(4, rows, lambda: more(2))


def test_a_user_and_a_bot_page_cost_the_same_for_more_entries(
    client, alice, play, same_queries_for_more_rows
):
    bot = stored_bot(alice, "ace")

    def more(count: int) -> None:
        for _ in range(count):
            play("round_robin", [bot, "random"])

    def rows() -> int:
        user = context(client.get(reverse("user-page", args=["alice"])))
        page = context(client.get(reverse("bot-page", args=[bot.pk])))
        return len(user["entries"]) + len(page["entries"]) + len(page["charts"])

    more(1)
    # the user page: the user, the bots, their versions, their entries (with their
    # competitions, ratings, standings); the bot page: the bot, its versions'
    # records (two), its versions, its entries, the entries charted and their
    # rating histories, its recent results, their seats
    same_queries_for_more_rows(14, rows, lambda: more(3))


# -- the admin -----------------------------------------------------------------------------
def admin_rows(response) -> int:
    return len(context(response)["cl"].result_list)


@pytest.mark.parametrize("proxy", ["seasonproxy", "tournamentproxy"])
def test_the_admin_s_competition_list_costs_the_same_for_more_competitions(
    admin_client, add_competitions, same_queries_for_more_rows, proxy
):
    add_competitions(1)
    url = reverse(f"admin:tournaments_{proxy}_changelist")
    # the session and its user; the count and the filtered count; the competitions
    # with their entry counts and progress counted in subqueries; the games filter
    same_queries_for_more_rows(
        6, lambda: admin_rows(admin_client.get(url)), lambda: add_competitions(3)
    )


@pytest.mark.parametrize("model", ["entry", "fixture"])
def test_the_admin_s_entry_and_fixture_lists_cost_the_same_for_more_rows(
    admin_client, play, same_queries_for_more_rows, model
):
    play("round_robin", 2)
    url = reverse(f"admin:tournaments_{model}_changelist")
    # the session and its user; the count and the filtered count; the rows with
    # their competitions (and a fixture's match and claim)
    same_queries_for_more_rows(
        5, lambda: admin_rows(admin_client.get(url)), lambda: play("round_robin", 6)
    )


@pytest.mark.parametrize("proxy", ["seasonproxy", "tournamentproxy"])
def test_the_admin_s_competition_page_costs_the_same_for_more_entries(
    admin_client, play, play_season, same_queries_for_more_rows, proxy
):
    competition = {"seasonproxy": play_season, "tournamentproxy": play}[proxy]
    shown = Shown(competition(entries=2))

    def rows() -> int:
        url = reverse(f"admin:tournaments_{proxy}_change", args=[shown.pk])
        (formset,) = context(admin_client.get(url))["inline_admin_formsets"]
        return len(formset.formset.forms)

    # the session and its user; the competition with its progress (twice: for the
    # buttons, then the form); its failed matches; its entries with their ratings;
    # the content type for the history link
    same_queries_for_more_rows(7, rows, lambda: shown.switch(competition(entries=6)))


def test_the_admin_s_entry_and_fixture_pages_cost_a_fixed_number_of_queries(
    admin_client, play, django_assert_max_num_queries
):
    t = play("round_robin", 4)
    entry = Entry.objects.filter(competition=t).first()
    fixture = Fixture.objects.filter(competition=t).first()
    # the session and its user; the entry; the content type; the bots to choose
    # from; the competition shown
    with django_assert_max_num_queries(6):
        context(admin_client.get(reverse("admin:tournaments_entry_change", args=[entry.pk])))
    # the session and its user; the fixture; the content type; its round,
    # competition and match shown
    with django_assert_max_num_queries(7):
        context(admin_client.get(reverse("admin:tournaments_fixture_change", args=[fixture.pk])))


# -- completing a round --------------------------------------------------------------------
def first_round_played(entries: int) -> Round:
    """A round robin of ``entries`` whose first round's matches are all played, the
    round not yet checked."""
    t = make_tournament("round_robin", bots=builtin_bots(entries), seed=next(serial))
    lifecycle.start(t)
    rnd = Round.objects.get(competition=t, number=1)
    for match in Match.objects.filter(fixture__round=rnd):
        tasks.play(match.pk, "test")
    return rnd


def test_the_run_of_a_fixture_s_match_costs_the_same_in_a_bigger_round(
    inline, django_assert_max_num_queries
):
    """Claim, play, store, finish a round robin's first match, then the round
    check that finds the round still being played."""
    for entries in (4, 12):
        lifecycle.start(
            make_tournament("round_robin", bots=builtin_bots(entries), seed=next(serial))
        )
        match_id = inline.queue.popleft()
        # the claim (in a transaction: lock the match, take its claim, mark it
        # running); the seats; the end (in a transaction: close the match by a
        # conditional update, insert the events, the seats' results); the round
        # check: the fixture with its round, its match's status and whether its
        # round waits
        with django_assert_max_num_queries(12):
            assert tasks.run(match_id, "worker-1") == Match.Status.FINISHED
        inline.queue.clear()


def queries_to_complete(rnd: Round) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert rounds.check_round(rnd.pk) == "completed"
    return len(queries)


def test_completing_a_round_costs_no_query_per_fixture(inline):
    """The check that completes a 4-entry round robin's first round (2 fixtures),
    then a 12-entry one's (6 fixtures) and a 20-entry one's: the same queries, the
    next round's matches and fixtures made in one go."""
    counts = [queries_to_complete(first_round_played(entries)) for entries in (4, 12, 20)]
    # the round; its unsettled matches; the lock (in a transaction: its begin and
    # commit count too); the round again; the entries with their ratings and
    # bots; its fixtures with their matches' statuses; the round
    # marked done; one read of the whole history (its seats, results, fixtures: the
    # table is ranked by tie-breaks) for the rating, the table and the next round;
    # rating: the matches rated already, the new rating history, the ratings'
    # delete and insert, the entries' rated versions; the standings' delete and
    # insert; the next round: the last round, the round's number, the round;
    # matches, seats, claims (in a savepoint), fixtures, their seats; the entries'
    # seat tallies; the claims marked enqueued; the game's recent match times (how
    # many matches a message carries). On PostgreSQL the rating history,
    # the ratings, the standings and the fixture seats go in by COPY, which the
    # capture does not see.
    copies = 4 if connection.vendor == "postgresql" else 0
    assert counts == [32 - copies] * 3, counts


# -- sign-up ---------------------------------------------------------------------------------
def signed_up(season: Competition, owner, count: int) -> None:
    """``count`` more bots of ``owner`` entered in ``season``, and one of someone else."""
    for _ in range(count):
        signup.enter(owner, season, stored_bot(owner, f"bot{next(serial)}"))
    other = get_user_model().objects.create_user(f"other{next(serial)}")
    signup.enter(other, season, stored_bot(other, "bot"))


@pytest.mark.parametrize("policy", ["open", "public_bots"])
def test_a_season_s_sign_up_panel_costs_the_same_for_more_bots_and_entries(
    client, alice, inline, same_queries_for_more_rows, policy
):
    season = open_season(signup=policy, entries_per_user=0)
    signed_up(season, alice, 1)
    stored_bot(alice, f"idle{next(serial)}")  # not entered
    invalid_bot(alice, f"broken{next(serial)}")
    client.force_login(alice)

    def rows() -> int:
        page = context(client.get(f"/competitions/{season.pk}/"))
        return len(page["rows"]) + len(page["signup"]["rows"])

    # the session and its user; the competition with its progress; its table; the
    # panel: the entries in play counted (all, the user's), the user's entries
    # with their bots, the user's bots of the game with their latest valid versions
    same_queries_for_more_rows(7, rows, lambda: signed_up(season, alice, 3))


def test_a_season_page_costs_a_visitor_one_query_more_for_its_sign_up(
    client, alice, inline, same_queries_for_more_rows
):
    season = open_season(entries_per_user=0)
    signed_up(season, alice, 1)

    def rows() -> int:
        return len(context(client.get(f"/competitions/{season.pk}/"))["rows"])

    # the competition with its progress; its table; the entries in play counted
    same_queries_for_more_rows(3, rows, lambda: signed_up(season, alice, 3))


def test_a_bot_page_lists_more_open_competitions_at_the_same_cost(
    client, alice, inline, same_queries_for_more_rows
):
    ace = stored_bot(alice, "ace")

    def more(count: int) -> None:
        for _ in range(count):
            open_season(entries_per_user=0)
            signup.enter(alice, open_season(), ace)

    def rows() -> int:
        page = context(client.get(reverse("bot-page", args=[ace.pk])))
        return len(page["open_competitions"]) + len(page["entries"])

    more(1)
    client.force_login(alice)
    # the bot; the session and its user; the records' seats (no match: no
    # shapes); the versions; the entries (with their competitions, ratings,
    # standings, bots); the recent seats; the entries with a rating history; the
    # logs' seats; the rivals; the open competitions with their places counted
    same_queries_for_more_rows(11, rows, lambda: more(3))


def test_my_bots_costs_the_same_for_more_entries(client, alice, inline, same_queries_for_more_rows):
    def more(count: int) -> None:
        for _ in range(count):
            signup.enter(alice, open_season(), stored_bot(alice, f"bot{next(serial)}"))

    def rows() -> int:
        return sum(len(b.competing) for b in context(client.get(reverse("my-bots")))["bots"])

    more(1)
    client.force_login(alice)
    # the session and its user; the bots with their owner, their versions; their
    # entries with their competitions, ratings and standings; the challenges
    same_queries_for_more_rows(6, rows, lambda: more(3))


def test_a_competition_s_entries_cost_the_same_for_more_entries(
    api, alice, inline, same_queries_for_more_rows
):
    season = open_season(entries_per_user=0)
    signed_up(season, alice, 1)
    # the competition; its entries with their bots and owners
    same_queries_for_more_rows(
        2,
        lambda: listed(api.get(f"/api/competitions/{season.pk}/entries/")),
        lambda: signed_up(season, alice, 5),
    )

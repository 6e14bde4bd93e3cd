"""The pages that list rows cost a fixed number of queries, whatever the number of
rows (``same_queries_for_more_rows``): no N+1 can come back.

The competition parts of the pages (a bot's entries and rating charts, a user's
entries, a game's leaders and competitions) are counted by the tournaments'
tests; here they are empty."""

from __future__ import annotations

import itertools

import pytest
from django.urls import reverse

from tests.platform.bots.bot_helpers import add_versions, stored_bot
from tests.platform.match_helpers import add_matches

from bots import services as bots
from matches import services as matches
from matches.forks import create_fork
from web.now_playing import BOARDS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("data_dir")]

serial = itertools.count()


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob")


def page(client, url: str):
    response = client.get(url)
    assert response.status_code == 200, response.content
    return response.context


def test_home_costs_at_most_its_boards_for_more_matches(client, same_queries_for_more_rows):
    def tables() -> int:
        shown = page(client, "/")
        return len(shown["live"]) + len(shown["finished"])

    add_matches(1)
    # the live and the finished matches, their seats; the match count of each game;
    # and at most BOARDS boards a list, each the events it replays
    same_queries_for_more_rows(3 + 2 * BOARDS, tables, lambda: add_matches(3))


@pytest.mark.parametrize(
    "query", ["", "game=tic_tac_toe", "bot=greedy", "status=queued", "search=random"]
)
def test_the_match_list_page_costs_the_same_for_more_matches(
    client, same_queries_for_more_rows, query
):
    add_matches(2)
    # the number of matches, the page of them, their seats
    same_queries_for_more_rows(
        3,
        lambda: len(page(client, f"/matches/?{query}")["page"].object_list),
        lambda: add_matches(8),
    )


def test_a_match_page_costs_the_same_for_more_forks_and_bots(
    client, alice, bob, same_queries_for_more_rows
):
    """The replay of a match played by uploaded bots (its owner sees their logs),
    with forks of it in the "What if…" panel and the viewer's bots to fork with."""
    (ace,) = add_versions(stored_bot(alice, "ace", versions=0), 1)
    (rival,) = add_versions(stored_bot(bob, "rival", versions=0), 1)
    parent = matches.create_seated_match("tic_tac_toe", [ace, rival], 4)
    matches.run_stored_match(parent)
    client.force_login(alice)

    def more(count: int) -> None:
        for _n in range(count):
            create_fork(parent, 1, {0: "random"})
            create_fork(parent, 2, {1: ace})
            stored_bot(alice, f"mine{next(serial)}")

    def listed() -> int:
        context = page(client, reverse("match-detail-page", args=[parent.pk]))
        return len(context["forks"]) + len(context["fork_seats"][0]["mine"])

    more(1)
    # the match; its seats with their versions and bots; the session and its user;
    # the forks (their parent is this match, already read), their seats; the
    # viewer's bots with their owners and latest valid versions; the fixture (none)
    same_queries_for_more_rows(8, listed, lambda: more(5))


def test_a_user_page_costs_the_same_for_more_bots(client, alice, same_queries_for_more_rows):
    def more(count: int) -> None:
        for _ in range(count):
            stored_bot(alice, f"bot{next(serial)}", versions=2)

    more(2)
    # the user; the bots with their owner, their versions; their entries (none)
    same_queries_for_more_rows(
        4, lambda: len(page(client, reverse("user-page", args=["alice"]))["bots"]), lambda: more(8)
    )


def test_my_bots_costs_the_same_for_more_bots_and_challenges(
    client, alice, bob, same_queries_for_more_rows
):
    rival = stored_bot(bob, "rival")

    def more(count: int) -> None:
        for _ in range(count):
            bot = stored_bot(alice, f"bot{next(serial)}", versions=2)
            bots.challenge(alice, bot, target_bot=rival)
            bots.challenge(alice, bot, builtin="greedy")

    def listed() -> int:
        context = page(client, reverse("my-bots"))
        return len(context["bots"]) + len(context["challenges"])

    more(1)
    client.force_login(alice)
    # the session and its user; the bots with their owner, their versions; their
    # entries (with their competitions, ratings and standings); the challenges
    # with their bots, targets and matches
    same_queries_for_more_rows(6, listed, lambda: more(5))


def test_a_bot_page_costs_the_same_for_more_versions_matches_and_rivals(
    client, alice, bob, same_queries_for_more_rows
):
    """Its owner's view: versions with their records, recent matches (against
    uploaded and built-in bots, some hiding results), logs, and bots to challenge."""
    ace = stored_bot(alice, "ace", versions=0)

    def more(count: int) -> None:
        for _ in range(count):
            (version,) = add_versions(ace, 1)
            (rival,) = add_versions(stored_bot(bob, f"rival{next(serial)}", versions=0), 1)
            matches.run_stored_match(matches.create_seated_match("tic_tac_toe", [version, rival]))
            matches.create_seated_match("tic_tac_toe", ["random", version], hides_results=True)

    def listed() -> int:
        context = page(client, reverse("bot-page", args=[ace.pk]))
        return (
            len(context["versions"])
            + len(context["results"])
            + len(context["seats"])
            + len(context["targets"])
        )

    more(2)
    client.force_login(alice)
    # the bot; the session and its user; the records' seats and the matches'
    # shapes; the versions; the entries (none); the recent seats, their matches'
    # seats; the logs' seats; the rivals with their owners; the competitions open
    # to it (none)
    same_queries_for_more_rows(12, listed, lambda: more(6))

"""The bots API's lists cost a fixed number of queries, whatever the number of
rows (``same_queries_for_more_rows``): no N+1 can come back."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model

from tests.platform.bots.bot_helpers import add_versions, stored_bot

from bots import services
from matches import services as matches
from matches.forks import create_fork

pytestmark = pytest.mark.django_db

serial = itertools.count()


def add_bots(count: int) -> None:
    """``count`` public bots, each of its own owner, with two versions."""
    for _ in range(count):
        owner = get_user_model().objects.create_user(f"owner{next(serial)}")
        stored_bot(owner, "bot", versions=2)


def rows(response, key: str = "results") -> int:
    """How many rows a list answer holds (a plain list, or the list under ``key``)."""
    assert response.status_code == 200, response.content
    body = response.json()
    return len(body[key] if isinstance(body, dict) else body)


def test_the_bot_list_costs_the_same_for_more_bots(api, same_queries_for_more_rows):
    add_bots(3)
    # the bots with their owners and latest valid versions
    same_queries_for_more_rows(1, lambda: rows(api.get("/api/bots/")), lambda: add_bots(9))


@pytest.mark.parametrize("path", ["versions/", ""])
def test_a_bot_s_versions_cost_the_same_for_more_versions(
    api, alice, same_queries_for_more_rows, path
):
    bot = stored_bot(alice, "ace", versions=3)
    # the bot with its owner and latest valid version, its versions
    same_queries_for_more_rows(
        2,
        lambda: rows(api.get(f"/api/bots/{bot.pk}/{path}"), "versions"),
        lambda: add_versions(bot, 9),
    )


def add_seats(bot, matches_count: int) -> None:
    """``matches_count`` matches of each kind the bot's log lists: one against a
    built-in bot, one of two of its versions, one whose results are hidden."""
    first, second = bot.versions.order_by("number")[:2]
    for _ in range(matches_count):
        matches.create_seated_match("tic_tac_toe", [first, "random"])
        matches.create_seated_match("tic_tac_toe", [second, first])
        matches.create_seated_match("tic_tac_toe", ["greedy", second], hides_results=True)


def test_a_bot_s_logs_cost_the_same_for_more_matches(api, alice, same_queries_for_more_rows):
    bot = stored_bot(alice, "ace", versions=2)
    add_seats(bot, 1)
    # the bot with its owner, its seats with their matches and versions
    same_queries_for_more_rows(
        2, lambda: rows(api.get(f"/api/bots/{bot.pk}/logs/")), lambda: add_seats(bot, 4)
    )


def test_a_bot_s_challenges_cost_the_same_for_more_challenges(
    alice, alice_api, bob, same_queries_for_more_rows
):
    bot = stored_bot(alice, "ace")
    targets = [stored_bot(bob, name) for name in ("one", "two")]

    def challenge(count: int) -> None:
        for n in range(count):
            services.challenge(alice, bot, target_bot=targets[n % 2])
            services.challenge(alice, bot, builtin="random")

    challenge(2)
    # the bot with its owner, the challenges with their bots, targets and matches
    same_queries_for_more_rows(
        2, lambda: rows(alice_api.get(f"/api/bots/{bot.pk}/challenges/")), lambda: challenge(4)
    )


def test_a_match_s_forks_cost_the_same_for_more_forks(api, alice, same_queries_for_more_rows):
    (version,) = add_versions(stored_bot(alice, "ace", versions=0), 1)
    parent = matches.play_and_store("tic_tac_toe", ["greedy", "random"], 3)

    def fork(count: int) -> None:
        for n in range(count):
            create_fork(parent, n % 4, {0: version})
            create_fork(parent, 1, {0: "random", 1: "greedy"})

    fork(2)
    # the parent, its forks, their seats
    same_queries_for_more_rows(
        3, lambda: rows(api.get(f"/api/matches/{parent.pk}/forks/")), lambda: fork(5)
    )

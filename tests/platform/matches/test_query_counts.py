"""The matches API's lists and the run of one match cost a fixed number of queries,
whatever the number of rows (``same_queries_for_more_rows``): no N+1 can come back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.platform.match_helpers import add_matches

from matches import services, tasks
from matches.models import Match

pytestmark = pytest.mark.django_db


def rows(response) -> int:
    assert response.status_code == 200, response.content
    return len(response.json()["results"])


@pytest.mark.parametrize(
    "query", ["", "game=tic_tac_toe", "bot=greedy", "status=queued", "search=random"]
)
def test_the_match_list_costs_the_same_for_more_matches(api, same_queries_for_more_rows, query):
    add_matches(3)
    # the page of matches, and their seats (one prefetch)
    same_queries_for_more_rows(
        2, lambda: rows(api.get(f"/api/matches/?page_size=100&{query}")), lambda: add_matches(9)
    )


def test_a_match_s_events_cost_the_same_for_more_events(api, same_queries_for_more_rows):
    match = add_matches(1)
    asked = {"limit": 2}

    def events() -> int:
        return rows(api.get(f"/api/matches/{match.pk}/events/?limit={asked['limit']}"))

    # the match, its events, its seats' names (for the sentences)
    same_queries_for_more_rows(3, events, lambda: asked.update(limit=1000))


def test_the_run_of_one_match_costs_a_fixed_number_of_queries(django_assert_max_num_queries):
    """Claim, play, store, finish and the ``matches_over`` receivers of a match that is
    not part of a competition."""
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 5)
    # claim: lock the match, take its claim, mark it running; the seats; storing the
    # end: close the match by a conditional update, insert the events (a COPY on
    # PostgreSQL, which the capture does not see), the seats' results; the
    # tournaments receiver's fixture lookup (none); and, inside the test's
    # transaction, a savepoint and its release around each of the two transactions
    with django_assert_max_num_queries(12):
        assert tasks.run(match.pk, "worker-1") == Match.Status.FINISHED


def test_a_message_of_several_matches_claims_them_and_tells_they_are_over_once():
    """A message of short matches: one claim and one round check for all of them;
    each match then costs its seats and its end (as above, 6 with the savepoints)."""

    def queries(n: int) -> int:
        first, *then = [
            services.create_match("tic_tac_toe", ["greedy", "random"], 5).pk for _ in range(n)
        ]
        with CaptureQueriesContext(connection) as captured:
            assert tasks.run_match(first, then=then) == Match.Status.FINISHED
        return len(captured)

    four, eight = queries(4), queries(8)
    assert eight - four <= 4 * 6
    assert eight <= 8 * 6 + 8  # the claim of all (a savepoint, lock, 2 updates, release, read)

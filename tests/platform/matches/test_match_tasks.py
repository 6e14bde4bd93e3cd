"""The task that runs one stored match (run here in-process; the tournaments
tests run it on a real worker and broker)."""

import pytest

from matches.models import Match
from matches.services import create_match
from matches.tasks import run_match_task

pytestmark = pytest.mark.django_db


def test_the_task_runs_a_queued_match_and_stores_it():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    assert run_match_task(match.pk) == "finished"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.event_count > 2


def test_a_second_delivery_changes_nothing():
    match = create_match("tic_tac_toe", ["greedy", "random"], 3)
    run_match_task(match.pk)
    match.refresh_from_db()
    digest, count = match.digest, match.event_count
    assert run_match_task(match.pk) == "finished"
    match.refresh_from_db()
    assert (match.digest, match.event_count) == (digest, count)


def test_an_unknown_match_is_reported_not_raised():
    assert run_match_task(999_999) == "missing"

"""Several short matches to a worker message (``matches.batching``), each still
claimed, run and stored on its own; long or unknown ones alone."""

from datetime import timedelta

import pytest
from celery.exceptions import Retry
from django.db import OperationalError
from django.utils import timezone

from matches import batching, storing, tasks
from matches import services as match_services
from matches.claims import claim, claim_queued
from matches.models import Match
from matches.services import create_match

pytestmark = pytest.mark.django_db


def _queued(n: int, game: str = "tic_tac_toe", bots=("greedy", "random")) -> list[int]:
    return [create_match(game, list(bots)).pk for _ in range(n)]


def _history(seconds: float, n: int = 3, game: str = "tic_tac_toe") -> None:
    """``n`` finished matches of ``game`` that each took ``seconds``."""
    now = timezone.now()
    for pk in _queued(n, game):
        Match.objects.filter(pk=pk).update(
            status=Match.Status.FINISHED,
            finished_at=now,
            started_at=now - timedelta(seconds=seconds),
        )


def database_gone(*args, **kwargs):
    raise OperationalError("the database went away")


@pytest.fixture
def sent(monkeypatch):
    """The messages sent to the workers: ``(first match, then)`` each."""
    out = []
    monkeypatch.setattr(
        tasks.run_match, "delay", lambda first, then=(): out.append((first, list(then)))
    )
    return out


def test_short_matches_travel_several_to_a_message_in_order(
    settings, sent, django_capture_on_commit_callbacks
):
    settings.SCRIMMAGE_MATCHES_PER_MESSAGE = 4
    _history(0.005)
    ids = _queued(10)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue(ids)
    assert sent == [(ids[0], ids[1:4]), (ids[4], ids[5:8]), (ids[8], ids[9:])]


def test_a_game_with_no_finished_match_yet_sends_one_match_a_message(
    sent, django_capture_on_commit_callbacks
):
    ids = _queued(3)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.enqueue(ids)
    assert sent == [(pk, []) for pk in ids]


def test_as_many_matches_travel_together_as_fit_in_a_messages_time(settings):
    settings.SCRIMMAGE_MATCHES_PER_MESSAGE, settings.SCRIMMAGE_MESSAGE_SECONDS = 8, 0.1
    _history(0.03)
    assert batching.matches_per_message(_queued(6)) == 3
    _history(0.5, n=batching.RECENT)  # the game got slower: its latest matches count
    assert batching.matches_per_message(_queued(6)) == 1


def test_a_lot_is_timed_by_its_own_games_record(settings):
    settings.SCRIMMAGE_MATCHES_PER_MESSAGE, settings.SCRIMMAGE_MESSAGE_SECONDS = 8, 0.1
    _history(0.001)
    _history(0.05, game="connect_four")
    assert batching.matches_per_message(_queued(4, "connect_four")) == 2
    assert batching.matches_per_message(_queued(4)) == 8


def test_a_message_runs_all_its_matches_while_it_has_time():
    first, *then = _queued(3)
    assert tasks.run_match(first, then=then) == Match.Status.FINISHED
    assert set(Match.objects.filter(pk__in=[first, *then]).values_list("status", flat=True)) == {
        Match.Status.FINISHED
    }


def test_a_message_whose_time_is_spent_hands_the_rest_back_one_a_message(settings, sent):
    settings.SCRIMMAGE_MESSAGE_SECONDS = 0  # spent as soon as its first match is over
    first, *then = _queued(3)
    assert tasks.run_match(first, then=then) == Match.Status.FINISHED
    assert sent == [(pk, []) for pk in then]
    # queued again as they were: unclaimed, and not counted as a restart
    assert (
        list(
            Match.objects.filter(pk__in=then).values_list(
                "status", "started_at", "claim__claimed_by", "claim__attempts"
            )
        )
        == [(Match.Status.QUEUED, None, "", 1)] * 2
    )


def test_a_message_claims_its_queued_matches_at_once():
    ids = _queued(3)
    claimed = claim_queued(ids, "worker")
    assert sorted(claimed) == ids
    assert (
        list(
            Match.objects.filter(pk__in=ids).values_list(
                "status", "claim__claimed_by", "claim__attempts"
            )
        )
        == [(Match.Status.RUNNING, "worker", 1)] * 3
    )
    assert {m.status for m in claimed.values()} == {Match.Status.RUNNING}


def test_a_message_leaves_matches_that_are_not_queued_to_their_own_claim():
    """A finished match stays finished, one running on a live worker stays its."""
    done, elsewhere, queued = _queued(3)
    assert tasks.run_match(done) == Match.Status.FINISHED
    claim(elsewhere, "another-host:4242:first-delivery")
    assert tasks.run_match(done, then=[elsewhere, queued]) == Match.Status.FINISHED
    assert dict(Match.objects.filter(pk__in=[elsewhere, queued]).values_list("pk", "status")) == {
        elsewhere: Match.Status.RUNNING,
        queued: Match.Status.FINISHED,
    }


# the worker drops its broken connection before retrying (see test_match_tasks)
@pytest.mark.django_db(transaction=True)
def test_a_database_error_mid_message_retries_that_match_with_those_after_it(monkeypatch):
    done, broken, after = _queued(3)
    finish = storing.finish

    def breaks_on_the_second(match, *a, **k):
        if match.pk == broken:
            database_gone()
        return finish(match, *a, **k)

    monkeypatch.setattr(match_services, "finish", breaks_on_the_second)
    with pytest.raises(Retry) as retry:
        tasks.run_match.apply(args=[done], kwargs={"then": [broken, after]}, throw=True)
    assert (retry.value.sig.args, retry.value.sig.kwargs) == ((broken,), {"then": [after]})
    statuses = dict(Match.objects.values_list("pk", "status"))
    assert (statuses[done], statuses[broken], statuses[after]) == (
        Match.Status.FINISHED,
        Match.Status.QUEUED,
        Match.Status.QUEUED,
    )


@pytest.mark.django_db(transaction=True)
def test_after_its_last_retry_a_match_fails_and_the_rest_of_its_message_is_sent_again(
    monkeypatch, sent
):
    broken, after = _queued(2)
    monkeypatch.setattr(match_services, "finish", database_gone)
    result = tasks.run_match.apply(
        args=[broken], kwargs={"then": [after]}, retries=tasks.run_match.max_retries
    )
    assert result.get() == Match.Status.FAILED
    assert "infrastructure error" in Match.objects.get(pk=broken).error
    assert sent == [(after, [])]
    assert Match.objects.get(pk=after).status == Match.Status.QUEUED


@pytest.mark.django_db(transaction=True)
def test_when_the_message_cannot_claim_its_matches_at_once_each_is_claimed_on_its_own(monkeypatch):
    monkeypatch.setattr(tasks, "claim_queued", database_gone)
    first, *then = _queued(3)
    assert tasks.run_match(first, then=then) == Match.Status.FINISHED
    assert set(Match.objects.values_list("status", flat=True)) == {Match.Status.FINISHED}


@pytest.mark.django_db(transaction=True)
def test_a_database_error_in_the_round_check_leaves_the_matches_stored_for_the_sweep(monkeypatch):
    monkeypatch.setattr(tasks.matches_over, "send", database_gone)
    first, *then = _queued(2)
    assert tasks.run_match(first, then=then) == Match.Status.FINISHED
    assert set(Match.objects.values_list("status", flat=True)) == {Match.Status.FINISHED}

"""``matches.bulk.update_rows``: several rows set in one statement, on SQLite and on
PostgreSQL, whatever the columns' types (JSON given as its text, a column of NULLs,
integers, dates)."""

import json

import pytest
from django.db import DataError, connection, transaction
from django.utils import timezone

from matches import services
from matches.bulk import update_rows
from matches.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def matches():
    return [services.create_match("tic_tac_toe", ["greedy", "random"], seed) for seed in (1, 2, 3)]


def test_rows_get_their_own_values_json_included(matches):
    first, second, third = matches
    when = timezone.now()
    changed = update_rows(
        Match,
        "id",
        {},
        ["result", "event_count", "finished_at"],
        [
            (first.pk, json.dumps({"ranks": [1, 2]}), 7, when),
            (second.pk, json.dumps([1, "two"]), 8, None),
        ],
    )
    assert changed == 2
    first.refresh_from_db()
    second.refresh_from_db()
    third.refresh_from_db()
    assert (first.result, first.event_count, first.finished_at) == ({"ranks": [1, 2]}, 7, when)
    assert (second.result, second.event_count, second.finished_at) == ([1, "two"], 8, None)
    assert (third.result, third.event_count) == (None, 0)  # not named: unchanged


def test_a_column_of_nulls_is_set_to_null(matches):
    first, second, _ = matches
    Match.objects.filter(pk__in=[first.pk, second.pk]).update(fork_at=3)
    update_rows(Match, "id", {}, ["fork_at"], [(first.pk, None), (second.pk, None)])
    assert list(
        Match.objects.filter(pk__in=[first.pk, second.pk]).values_list("fork_at", flat=True)
    ) == [None, None]


def test_only_rows_that_also_match_are_set(matches):
    first, second, _ = matches
    Match.objects.filter(pk=second.pk).update(status=Match.Status.FAILED)
    changed = update_rows(
        Match,
        "id",
        {"status": Match.Status.QUEUED},
        ["error"],
        [(first.pk, "first"), (second.pk, "second")],
    )
    assert changed == 1
    assert dict(Match.objects.filter(pk__in=[first.pk, second.pk]).values_list("pk", "error")) == {
        first.pk: "first",
        second.pk: "",
    }


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite does not check a text's length"
)
def test_a_text_too_long_for_its_column_is_refused_not_cut(matches):
    with pytest.raises(DataError), transaction.atomic():
        update_rows(Match, "id", {}, ["status"], [(matches[0].pk, "x" * 100)])

"""The append-only guarantees of stored events."""

import pytest
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from matches.models import AppendOnlyError, Match, MatchEvent

pytestmark = pytest.mark.django_db


def test_an_event_cannot_be_saved_again(finished_match):
    event = finished_match.events.get(seq=1)
    event.data = {"seat": 0, "action": 8}
    with pytest.raises(AppendOnlyError):
        event.save()
    assert finished_match.events.get(seq=1).data != {"seat": 0, "action": 8}


def test_an_event_cannot_be_deleted(finished_match):
    with pytest.raises(AppendOnlyError):
        finished_match.events.get(seq=1).delete()


def test_querysets_refuse_update_and_delete(finished_match):
    with pytest.raises(AppendOnlyError):
        MatchEvent.objects.filter(match=finished_match).update(type="Edited")
    with pytest.raises(AppendOnlyError):
        finished_match.events.all().delete()
    with pytest.raises(AppendOnlyError):
        MatchEvent.objects.all().delete()
    rows = list(finished_match.events.all())
    with pytest.raises(AppendOnlyError):
        MatchEvent.objects.bulk_update(rows, ["type"])
    assert finished_match.events.count() == finished_match.event_count


def test_seq_is_unique_per_match(finished_match):
    first = finished_match.events.get(seq=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchEvent.objects.create(
            match=finished_match,
            seq=0,
            type="X",
            to="all",
            is_public=True,
            data={},
            line="{}",
            chain_hash=first.chain_hash,
        )


def test_deleting_a_match_does_not_take_its_log(finished_match):
    with pytest.raises(ProtectedError):
        Match.objects.filter(pk=finished_match.pk).delete()
    assert MatchEvent.objects.filter(match_id=finished_match.pk).exists()

"""``matches.pruning``: whole matches leave with their logs, seats and claims; a
match a fork points at stays, and no ordinary delete takes a log."""

from __future__ import annotations

import pytest
from django.db.models import ProtectedError

from matches import services
from matches.forks import create_fork
from matches.models import Match, MatchClaim, MatchEvent, MatchSeat
from matches.pruning import PruneError, delete_matches

pytestmark = pytest.mark.django_db


def test_deleting_matches_takes_their_events_seats_and_claims_and_nothing_else():
    gone = [services.play_and_store("tic_tac_toe", ["greedy", "random"], s) for s in (1, 2)]
    kept = services.play_and_store("tic_tac_toe", ["random", "greedy"], 3)
    ids = [m.pk for m in gone]
    assert MatchEvent.objects.filter(match_id__in=ids).exists()
    assert delete_matches(ids) == 2
    for model, key in ((Match, "pk"), (MatchEvent, "match_id"), (MatchSeat, "match_id")):
        assert not model.objects.filter(**{f"{key}__in": ids}).exists(), model
    assert not MatchClaim.objects.filter(match_id__in=ids).exists()
    assert MatchEvent.objects.filter(match=kept).count() == kept.event_count
    assert delete_matches([]) == 0


def test_a_match_with_a_fork_is_refused_and_nothing_is_deleted():
    parent = services.play_and_store("tic_tac_toe", ["greedy", "random"], 1)
    other = services.play_and_store("tic_tac_toe", ["greedy", "random"], 2)
    fork = services.run_stored_match(create_fork(parent, 2, {0: "random"}))
    with pytest.raises(PruneError, match=str(parent.pk)):
        delete_matches([other.pk, parent.pk])
    assert Match.objects.filter(pk__in=[parent.pk, other.pk, fork.pk]).count() == 3
    assert MatchEvent.objects.filter(match=other).count() == other.event_count


def test_an_ordinary_delete_still_cannot_take_a_log():
    match = services.play_and_store("tic_tac_toe", ["greedy", "random"], 1)
    with pytest.raises(ProtectedError):
        match.delete()

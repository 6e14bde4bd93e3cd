"""Deleting stored matches with their logs, for data that is meant to go (a demo
ladder's old seasons: ``tournaments.demo``). Nothing else deletes a finished log.

A match's events are append-only: their queryset refuses ``delete`` and the
match's key to them is ``PROTECT``, so that no ordinary delete takes a log with
it. This is the one deliberate way round both, for a whole match at a time."""

from __future__ import annotations

from collections.abc import Collection

from django.db import transaction

from matches.models import Match, MatchEvent


class PruneError(ValueError):
    """A match asked to be deleted that must stay (a fork still points at it)."""


def delete_matches(match_ids: Collection[int]) -> int:
    """Delete the matches ``match_ids``, their events, seats and claims, in one
    transaction; the number of matches deleted. Refused (nothing deleted) when
    any of them has a fork: the fork names it as its parent. Whatever else points
    at a match (a fixture, a rating change) must be gone first."""
    ids = list(match_ids)
    if not ids:
        return 0
    with transaction.atomic():
        forked = set(Match.objects.filter(parent_id__in=ids).values_list("parent_id", flat=True))
        if forked:
            raise PruneError(f"matches {sorted(forked)} have forks: they stay")
        MatchEvent.objects.filter(match_id__in=ids)._raw_delete(using=MatchEvent.objects.db)
        _, per_model = Match.objects.filter(pk__in=ids).delete()
    return per_model.get(Match._meta.label, 0)

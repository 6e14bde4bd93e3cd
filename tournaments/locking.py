"""The competition's row lock. Whatever makes, completes or rewrites a
competition's rounds, ratings or status holds it, so those happen one at a time."""

from __future__ import annotations

from tournaments.models import Competition


def lock(competition: Competition) -> Competition:
    return lock_id(competition.pk)


def lock_id(competition_id: int) -> Competition:
    """``lock`` of a competition known by its id (not read before)."""
    return Competition.objects.select_for_update().get(pk=competition_id)

"""The one fold of results into ratings (pure): the live path (a round at a
time) and the rebuild (everything) both rate with it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.core.formats import MatchResult
from tournaments.core.ratings import Rating as RatingValue
from tournaments.core.ratings import rate_match, version_changed


@dataclass(frozen=True)
class Change:
    match_id: int
    round: int
    entry: int
    before: RatingValue
    after: RatingValue
    bumped: bool


def fold_ratings(
    ratings: dict[int, RatingValue],
    last_version: dict[int, str],
    results: Iterable[MatchResult],
    versions: dict[int, tuple[str, ...]],
) -> list[Change]:
    """Rate ``results`` in the order (round, match id), updating ``ratings`` and
    ``last_version`` in place. An entry whose pinned version differs from the one
    it last played gets its uncertainty raised first (``version_changed``).
    The live path (one round at a time) and the rebuild (everything) both use this."""
    changes: list[Change] = []
    for res in sorted(results, key=lambda r: (r.round, r.match_id)):
        bumped = set()
        for e, v in zip(res.entries, versions.get(res.match_id, ("builtin",) * len(res.entries))):
            if last_version.get(e) and last_version[e] != v:
                ratings[e] = version_changed(ratings.get(e, RatingValue()))
                bumped.add(e)
            last_version[e] = v
        new = rate_match(ratings, res)
        for e in res.entries:
            changes.append(
                Change(
                    res.match_id, res.round, e, ratings.get(e, RatingValue()), new[e], e in bumped
                )
            )
        ratings.update(new)
    return changes

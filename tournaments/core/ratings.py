"""Ratings: OpenSkill's Plackett-Luce model over 1v1, free-for-all and alliances.

``Rating`` is an immutable ``(mu, sigma)``; its ``ordinal`` (``mu - 3 sigma``) is
what tables sort by. ``rate_match`` turns current ratings and one result into new
ones; ``apply_results`` folds results in the fixed order ``(round, match_id)`` and
returns one ``RatingChange`` per entry per rated match (the history rows).

Reproducibility: after every match mu and sigma are rounded to ``DIGITS``
decimal places. A rating read back from storage (a float or a decimal with at
least ``DIGITS`` places) is then exactly the value the next update starts from,
so rating incrementally and rebuilding from all stored results in the same
order give identical numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from tournaments.core.formats.base import FormatError, MatchResult

#: decimal places kept after each update (see the module docstring)
DIGITS = 10
MU = 25.0
SIGMA = 25.0 / 3.0

_MODEL = PlackettLuce()  # OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` that tables sort by."""
        return self.mu - 3.0 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One history row: an entry's rating before and after one rated match."""

    match_id: int
    round: int
    entry: int
    before: Rating
    after: Rating


def _rounded(mu: float, sigma: float) -> Rating:
    return Rating(round(mu, DIGITS), round(sigma, DIGITS))


def rate_match(
    ratings: Mapping[int, Rating], result: MatchResult, model: PlackettLuce | None = None
) -> dict[int, Rating]:
    """The new ratings of the entries of ``result`` (others are not returned).

    Entries missing from ``ratings`` start at ``Rating()``. Sides (teams, or single
    seats) are rated with their side ranks, so ties are ties for OpenSkill too.
    """
    model = model or _MODEL
    sides = result.sides()
    teams = [
        [
            model.rating(mu=ratings.get(e, Rating()).mu, sigma=ratings.get(e, Rating()).sigma)
            for e in side
        ]
        for side in sides
    ]
    rated = model.rate(teams, ranks=[float(r) for r in result.side_ranks()])
    out: dict[int, Rating] = {}
    for side, new_side in zip(sides, rated):
        for e, new in zip(side, new_side):
            out[e] = _rounded(new.mu, new.sigma)
    return out


def apply_results(
    ratings: Mapping[int, Rating], results: Iterable[MatchResult], model: PlackettLuce | None = None
) -> tuple[dict[int, Rating], list[RatingChange]]:
    """Fold ``results`` into ``ratings`` in the order ``(round, match_id)``.

    Returns the final ratings (every entry of ``ratings`` and of the results)
    and the history rows, in the order they were applied. Pure: the input
    mapping is not changed; the same inputs always give the same outputs.
    """
    current = dict(ratings)
    history: list[RatingChange] = []
    ordered = sorted(results, key=lambda r: (r.round, r.match_id))
    ids = [r.match_id for r in ordered]
    if len(set(ids)) != len(ids):
        raise FormatError("a match id appears twice: a match is rated once")
    for result in ordered:
        new = rate_match(current, result, model)
        for e in result.entries:
            history.append(
                RatingChange(result.match_id, result.round, e, current.get(e, Rating()), new[e])
            )
        current.update(new)
    return current, history


def version_changed(rating: Rating, share: float = 0.5, cap: float = SIGMA) -> Rating:
    """A bot uploaded a new version: keep mu, raise the uncertainty.

    ``sigma' = min(cap, sqrt(sigma**2 + (share * cap)**2))``: half the prior's
    spread is added (in variance) by default, never beyond the prior (and never
    lowered), so a
    changed bot moves quickly again without forgetting where it stood.
    """
    if not 0 <= share <= 1:
        raise ValueError("share is a fraction of the prior sigma, 0..1")
    raised = min(cap, math.sqrt(rating.sigma**2 + (share * cap) ** 2))
    return _rounded(rating.mu, max(rating.sigma, raised))  # never lowers sigma

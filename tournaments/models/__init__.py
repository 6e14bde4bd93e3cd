"""Competitions (ladder seasons and tournaments), their entries, rounds, fixtures,
ratings and standings.

A ``Competition`` is of one ``kind``: a ladder *season* (runs in rounds on a
period until it is closed) or a *tournament* (a format played to its end). The
rows that belong to one (``Entry``, ``Round``, ``Fixture``) carry one foreign key
to it.

The link between a played match and its competition lives here, on ``Fixture``
(one-to-one to ``matches.Match``), so the matches app knows nothing of
tournaments. ``Rating``, ``RatingHistory`` and ``Standing`` are projections of
the stored results: ``rebuild`` recomputes them exactly.
"""

from tournaments.models.competition import (
    DEFAULT_PERIOD_SECONDS,
    PUBLIC_BOTS_SEASONS_ONLY,
    SEASON_FIELDS,
    SEASON_ONLY,
    TOURNAMENT_FIELDS,
    TOURNAMENT_ONLY,
    Competition,
    SeasonProxy,
    TournamentProxy,
)
from tournaments.models.play import Entry, Fixture, FixtureSeat, Round
from tournaments.models.projections import Rating, RatingHistory, Standing

__all__ = [
    "DEFAULT_PERIOD_SECONDS",
    "PUBLIC_BOTS_SEASONS_ONLY",
    "SEASON_FIELDS",
    "SEASON_ONLY",
    "TOURNAMENT_FIELDS",
    "TOURNAMENT_ONLY",
    "Competition",
    "Entry",
    "Fixture",
    "FixtureSeat",
    "Rating",
    "RatingHistory",
    "Round",
    "SeasonProxy",
    "Standing",
    "TournamentProxy",
]

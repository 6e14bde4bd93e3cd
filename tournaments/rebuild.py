"""Rebuilding: ratings, rating history and standings recomputed from the stored
logs, compared with what is stored (``check``) or stored over it."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connections, transaction
from django.utils import timezone

from matches.bulk import insert_rows
from tournaments.core.rating_fold import fold_ratings
from tournaments.core.ratings import Rating as RatingValue
from tournaments.format_rules import tie_breaks_for
from tournaments.history import load_history
from tournaments.locking import lock
from tournaments.models import Competition, Entry, Fixture, Rating, RatingHistory, Round, Standing
from tournaments.projections import save_ratings, standings_rows, write_standings

RatingRow = namedtuple("RatingRow", ["mu", "sigma", "games"])
#: a ``RatingHistory`` row as compared (its ordinal follows from mu and sigma)
HistoryRow = namedtuple(
    "HistoryRow",
    [
        "entry_id",
        "match_id",
        "round_no",
        "mu_before",
        "sigma_before",
        "mu_after",
        "sigma_after",
        "version_bumped",
    ],
)
#: a ``Standing`` row as compared, in this order
StandingRow = namedtuple(
    "StandingRow",
    [
        "entry_id",
        "rank",
        "points",
        "wins",
        "draws",
        "losses",
        "games",
        "byes",
        "buchholz",
        "sonneborn_berger",
        "head_to_head",
    ],
)
#: the float tie-breaks are compared to 9 places (stored and recomputed agree there)
ROUNDED = ("sonneborn_berger", "head_to_head")


def _standing_row(values: Iterable) -> StandingRow:
    """A standing's values in ``StandingRow`` order, compared as such."""
    return StandingRow(
        *(round(v, 9) if f in ROUNDED else v for f, v in zip(StandingRow._fields, values))
    )


@dataclass
class Rebuilt:
    ratings: dict[int, RatingRow]
    history: list[HistoryRow]
    standings: list[StandingRow]
    versions: dict[int, str]


def _computed(competition: Competition) -> Rebuilt:
    h = load_history(competition, from_log=True)
    done_rounds = set(
        Round.objects.filter(competition=competition, status=Round.Status.DONE).values_list(
            "number", flat=True
        )
    )
    fixture_round = dict(
        Fixture.objects.filter(competition=competition, match__isnull=False).values_list(
            "match_id", "round__number"
        )
    )
    rated = [r for r in h.results if fixture_round.get(r.match_id) in done_rounds]
    ratings = {e: RatingValue() for e in h.entries}
    last: dict[int, str] = {}
    changes = fold_ratings(ratings, last, rated, h.versions)
    games = {e: 0 for e in h.entries}
    for r in rated:
        for e in r.entries:
            games[e] += 1
    h.results = rated
    rows = standings_rows(competition, h, ratings, tie_breaks_for(competition))
    return Rebuilt(
        ratings={e: RatingRow(v.mu, v.sigma, games[e]) for e, v in ratings.items()},
        history=sorted(
            HistoryRow(
                c.entry,
                c.match_id,
                c.round,
                c.before.mu,
                c.before.sigma,
                c.after.mu,
                c.after.sigma,
                c.bumped,
            )
            for c in changes
        ),
        standings=sorted(_standing_row(getattr(r, f) for f in StandingRow._fields) for r in rows),
        versions=last,
    )


def _stored(competition: Competition) -> Rebuilt:
    """What is stored, read as value rows (a rating history row per entry per match)."""
    entries = Entry.objects.filter(competition=competition)
    return Rebuilt(
        ratings={
            e: RatingRow(mu, sigma, games)
            for e, mu, sigma, games in Rating.objects.filter(entry__in=entries)
            .order_by()
            .values_list("entry_id", "mu", "sigma", "games")
        },
        history=sorted(
            HistoryRow._make(row)
            for row in RatingHistory.objects.filter(entry__in=entries)
            .order_by()
            .values_list(*HistoryRow._fields)
        ),
        standings=sorted(
            _standing_row(row)
            for row in Standing.objects.filter(entry__in=entries)
            .order_by()
            .values_list(*StandingRow._fields)
        ),
        versions=dict(
            entries.exclude(rated_version="").order_by().values_list("pk", "rated_version")
        ),
    )


def rebuild(competition: Competition, *, check: bool = False) -> list[str]:
    """Recompute ratings, rating history and standings from the stored logs (the
    results of the rounds completed so far). Returns the differences from what is
    stored; unless ``check``, stores the recomputed values."""
    with transaction.atomic():
        competition = lock(competition)
        new, old = _computed(competition), _stored(competition)
        diffs = []
        for name in ("ratings", "history", "standings", "versions"):
            a, b = getattr(old, name), getattr(new, name)
            if a != b:
                diffs.append(f"{name}: stored {_describe(a, b)}")
        if not check and diffs:
            _store(competition, new, old)
    return diffs


def _store(competition: Competition, new: Rebuilt, old: Rebuilt) -> None:
    entries = Entry.objects.filter(competition=competition)
    RatingHistory.objects.filter(entry__in=entries).delete()
    created_at = RatingHistory._meta.get_field("created_at").get_db_prep_save(
        timezone.now(), connections[RatingHistory.objects.db]
    )
    insert_rows(
        RatingHistory,
        (*HistoryRow._fields, "ordinal_after", "created_at"),
        [
            (*row, RatingValue(row.mu_after, row.sigma_after).ordinal, created_at)
            for row in new.history
        ],
    )
    save_ratings(
        {e: RatingValue(r.mu, r.sigma) for e, r in new.ratings.items()},
        {e: r.games for e, r in new.ratings.items()},
        new.versions,
        old.versions,
    )
    write_standings(competition, [Standing(**row._asdict()) for row in new.standings])


def _describe(old, new) -> str:
    if isinstance(old, dict):
        keys = sorted(set(old) | set(new), key=str)
        bad = [k for k in keys if old.get(k) != new.get(k)]
        return f"{len(bad)} differ, e.g. {bad[0]}: {old.get(bad[0])} != rebuilt {new.get(bad[0])}"
    a, b = set(old), set(new)
    return f"{len(a - b)} rows not rebuilt, {len(b - a)} rebuilt rows missing"

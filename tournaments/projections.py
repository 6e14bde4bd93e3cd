"""Writing the projections of the stored results: rating history rows, current
ratings and the standings table (``rebuild`` from everything; ``add_round`` after
each round, from that round's results added to what is stored, so completing a round
costs the same at round 500 as at round 10; only a table ranked by tie-breaks,
which weigh every result again, is recomputed from the whole history)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.db import connections
from django.utils import timezone

from matches.bulk import insert_rows, update_rows
from tournaments.core.rating_fold import Change, fold_ratings
from tournaments.core.ratings import Rating as RatingValue
from tournaments.core.standings import compute_standings
from tournaments.history import History
from tournaments.models import Competition, Entry, Rating, RatingHistory, Standing

# The rows written here go in by ``matches.bulk.insert_rows`` (a COPY on PostgreSQL)
# rather than ``bulk_create``: building and preparing a model per row took twice as
# long as storing the rows (a round's 32 standings: 1.9 ms against 0.9 ms).


def add_round(
    competition: Competition,
    tie_breaks: tuple[str, ...],
    entries: dict[int, Entry],
    h_round: History,
    h_all: History | None,
) -> None:
    """Rate the round's results (``h_round``) and add them to the table: the work
    of this round alone (a table ranked by ``tie_breaks`` is recomputed from every
    result, ``h_all``). ``entries``: all of the competition's, with their ratings
    (and, for a table without tie-breaks, their standings)."""
    ratings = {pk: RatingValue(e.rating.mu, e.rating.sigma) for pk, e in entries.items()}
    last = {pk: e.rated_version for pk, e in entries.items() if e.rated_version}
    already = set(
        RatingHistory.objects.filter(
            match_id__in=[r.match_id for r in h_round.results]
        ).values_list("match_id", flat=True)
    )
    fresh = [r for r in h_round.results if r.match_id not in already]
    write_changes(fold_ratings(ratings, last, fresh, h_round.versions))
    played = Counter(e for r in fresh for e in r.entries)
    save_ratings(
        {e: ratings[e] for e in played},
        {e: entries[e].rating.games + n for e, n in played.items()},
        last,
        {pk: e.rated_version for pk, e in entries.items()},
    )
    if tie_breaks:
        assert h_all is not None, "a table ranked by tie-breaks is recomputed from every result"
        rows = standings_rows(competition, h_all, ratings, tie_breaks)
    else:
        stored = {pk: e.standing for pk, e in entries.items() if hasattr(e, "standing")}
        rows = round_added(competition, h_round, ratings, stored)
    write_standings(competition, rows)


def write_changes(changes: Sequence[Change]) -> None:
    created_at = _now_for(RatingHistory, "created_at")
    insert_rows(
        RatingHistory,
        (
            "entry_id",
            "match_id",
            "round_no",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "ordinal_after",
            "version_bumped",
            "created_at",
        ),
        [
            (
                c.entry,
                c.match_id,
                c.round,
                c.before.mu,
                c.before.sigma,
                c.after.mu,
                c.after.sigma,
                c.after.ordinal,
                c.bumped,
                created_at,
            )
            for c in changes
        ],
    )


def save_ratings(
    ratings: dict[int, RatingValue],
    games: dict[int, int],
    last_version: dict[int, str],
    stored_versions: dict[int, str],
) -> None:
    """Store the entries' ``ratings`` with their ``games`` (all they have played),
    and the version each last played where it differs from ``stored_versions``.
    The rating rows are replaced, not updated: two statements, where bulk_update's
    CASE per field and row cost more than the rest of a round (a rating row is only
    a projection); the versions are one ``UPDATE ... FROM (VALUES ...)``."""
    now = _now_for(Rating, "updated_at")
    Rating.objects.filter(entry__in=list(ratings)).delete()
    insert_rows(
        Rating,
        ("entry_id", "mu", "sigma", "ordinal", "games", "updated_at"),
        [
            (e, value.mu, value.sigma, value.ordinal, games.get(e, 0), now)
            for e, value in ratings.items()
        ],
    )
    update_rows(
        Entry,
        Entry._meta.pk.column,
        {},
        ["rated_version"],
        [(e, v) for e, v in last_version.items() if stored_versions.get(e) != v],
    )


def _table(competition: Competition, h: History, tie_breaks: tuple[str, ...]):
    sides = len(competition.teams) if competition.teams else competition.group_size
    return compute_standings(h.entries, h.results, h.byes, tie_breaks=tie_breaks, bye_sides=sides)


def standings_rows(
    competition: Competition,
    h: History,
    ratings: dict[int, RatingValue],
    tie_breaks: tuple[str, ...],
) -> list[Standing]:
    """The whole table from the whole history ``h``, ranked by ``tie_breaks`` (the
    competition's, ``format_rules.tie_breaks_for``). Tie-breaks it is not ranked by
    are left at 0 (the live path never computes them)."""
    kept = set(tie_breaks)
    rows = [
        Standing(
            entry_id=s.entry,
            rank=s.rank,
            points=s.points,
            wins=s.wins,
            draws=s.draws,
            losses=s.losses,
            games=s.games,
            byes=s.byes,
            buchholz=s.buchholz if "buchholz" in kept else 0,
            sonneborn_berger=float(s.sonneborn_berger) if "sonneborn_berger" in kept else 0,
            head_to_head=float(s.head_to_head) if "head_to_head" in kept else 0,
        )
        for s in _table(competition, h, tie_breaks)
    ]
    return _ranked(competition, rows, ratings, by_points=False)


def round_added(
    competition: Competition,
    h_round: History,
    ratings: dict[int, RatingValue],
    stored: dict[int, Standing],
) -> list[Standing]:
    """The table with one round's results and byes (``h_round``) added to the stored
    rows: for a competition ranked without tie-breaks (ladders rank by rating,
    elimination by points), where every column is a sum (a table with tie-breaks
    needs every result: ``standings_rows``)."""
    rows = []
    for d in _table(competition, h_round, ()):
        old = stored.get(d.entry) or Standing(entry_id=d.entry)
        rows.append(
            Standing(
                entry_id=d.entry,
                points=old.points + d.points,
                wins=old.wins + d.wins,
                draws=old.draws + d.draws,
                losses=old.losses + d.losses,
                games=old.games + d.games,
                byes=old.byes + d.byes,
            )
        )
    return _ranked(competition, rows, ratings, by_points=True)


def _ranked(
    competition: Competition,
    rows: list[Standing],
    ratings: dict[int, RatingValue],
    *,
    by_points: bool,
) -> list[Standing]:
    """A ladder ranks by rating (no ties). Other rows keep ``compute_standings``'s
    ranks, unless ``by_points``: rows summed up here rank by points, level points
    sharing the better rank (``compute_standings`` with no tie-breaks)."""
    if competition.is_season:
        order = sorted(
            rows, key=lambda r: (-ratings.get(r.entry_id, RatingValue()).ordinal, r.entry_id)
        )
        for i, row in enumerate(order):
            row.rank = i + 1
    elif by_points:
        first_at: dict[int, int] = {}
        for i, points in enumerate(sorted((r.points for r in rows), reverse=True)):
            first_at.setdefault(points, i + 1)
        for row in rows:
            row.rank = first_at[row.points]
    return rows


#: the columns of a standing row, as ``write_standings`` stores them
STANDING_COLUMNS = (
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
)


def write_standings(competition: Competition, rows: list[Standing]) -> None:
    Standing.objects.filter(entry__in=[r.entry_id for r in rows]).delete()
    insert_rows(
        Standing,
        STANDING_COLUMNS,
        [[getattr(row, column) for column in STANDING_COLUMNS] for row in rows],
    )


def _now_for(model, field: str):
    """The time now, as ``model``'s ``field`` is stored (``insert_rows`` takes the
    database's values)."""
    return model._meta.get_field(field).get_db_prep_save(
        timezone.now(), connections[model.objects.db]
    )

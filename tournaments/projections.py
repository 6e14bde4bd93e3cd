"""Writing the projections of the stored results: rating history rows, current
ratings and the standings table (``rounds`` after each round, ``rebuild`` from
everything)."""

from __future__ import annotations

from typing import Sequence

from django.utils import timezone

from tournaments.format_rules import tie_breaks_for
from tournaments.history import History
from tournaments.models import Competition, Entry, Rating, RatingHistory, Standing
from tournaments.rating_fold import Change
from tournaments.ratings import Rating as RatingValue
from tournaments.standings import compute_standings


def write_changes(changes: Sequence[Change]) -> None:
    RatingHistory.objects.bulk_create([
        RatingHistory(entry_id=c.entry, match_id=c.match_id, round_no=c.round,
                      mu_before=c.before.mu, sigma_before=c.before.sigma, mu_after=c.after.mu,
                      sigma_after=c.after.sigma, ordinal_after=c.after.ordinal,
                      version_bumped=c.bumped) for c in changes])


def save_ratings(competition: Competition, ratings: dict[int, RatingValue],
                  last_version: dict[int, str], games: dict[int, int]) -> None:
    now = timezone.now()
    rows = {r.entry_id: r for r in Rating.objects.filter(entry__in=list(ratings))}
    for e, value in ratings.items():
        row = rows.get(e) or Rating(entry_id=e)
        row.mu, row.sigma, row.ordinal, row.updated_at = value.mu, value.sigma, value.ordinal, now
        row.games = games.get(e, 0)
        row.save()
    for e, v in last_version.items():
        Entry.objects.filter(pk=e).exclude(rated_version=v).update(rated_version=v)


def standings_rows(competition: Competition, h: History,
                    ratings: dict[int, RatingValue]) -> list[Standing]:
    sides = len(competition.teams) if competition.teams else competition.group_size
    table = compute_standings(h.entries, h.results, h.byes,
                              tie_breaks=tie_breaks_for(competition), bye_sides=sides)
    if competition.is_season:  # a ladder ranks by rating
        order = sorted(h.entries, key=lambda e: (-ratings.get(e, RatingValue()).ordinal, e))
        rank = {e: i + 1 for i, e in enumerate(order)}
    else:
        rank = {s.entry: s.rank for s in table}
    return [Standing(entry_id=s.entry, rank=rank[s.entry], points=s.points, wins=s.wins,
                     draws=s.draws, losses=s.losses, games=s.games, byes=s.byes,
                     buchholz=s.buchholz, sonneborn_berger=float(s.sonneborn_berger),
                     head_to_head=float(s.head_to_head)) for s in table]


def write_standings(competition: Competition, rows: list[Standing]) -> None:
    Standing.objects.filter(entry__in=[r.entry_id for r in rows]).delete()
    Standing.objects.bulk_create(rows)


"""Selectors across competitions, for the people, bot and game pages: an uploaded
bot's entries with their ratings, and a game's leaderboard over every season and
tournament of it.

Everything here honours the one hidden-results rule
(``selectors.competition_hides_results``): a competition that hides its results
shows no rating, rank or record until it finishes, and counts toward no
leaderboard.
"""

from __future__ import annotations

from tournaments.models import Competition, Entry, RatingHistory
from tournaments.selectors import competition_hides_results, rating_chart_svg, rating_histories


def _record(entry: Entry) -> dict:
    """One entry's competition with its rating and record, blank while hidden."""
    competition = entry.competition
    hidden = competition_hides_results(competition)
    rating = None if hidden else getattr(entry, "rating", None)
    standing = None if hidden else getattr(entry, "standing", None)
    return {
        "entry": entry,
        "competition": competition,
        "hidden": hidden,
        "rating": rating.ordinal if rating else None,
        "rated_games": rating.games if rating else 0,
        "rank": standing.rank if standing and standing.rank else None,
        "wins": standing.wins if standing else None,
        "draws": standing.draws if standing else None,
        "losses": standing.losses if standing else None,
        "byes": standing.byes if standing else 0,
    }


def _entries():
    return Entry.objects.select_related("competition", "rating", "standing", "bot", "bot__owner")


def bot_entries(bots) -> list[dict]:
    """Every entry of these uploaded bots, newest first, each with its record."""
    return [_record(e) for e in _entries().filter(bot__in=bots).order_by("-created_at", "-id")]


def rating_charts(records: list[dict], limit: int = 4) -> list[dict]:
    """The rating chart of each of the first ``limit`` records that has one."""
    shown = [r for r in records if not r["hidden"]]
    rated = set(
        RatingHistory.objects.filter(entry__in=[r["entry"] for r in shown])
        .order_by()
        .values_list("entry", flat=True)
        .distinct()
    )
    charted = [r for r in shown if r["entry"].pk in rated][:limit]
    histories = rating_histories([r["entry"] for r in charted])
    return [{**r, "svg": rating_chart_svg(histories[r["entry"].pk])} for r in charted]


def game_leaderboard(game: str) -> list[dict]:
    """One row per bot (an uploaded bot, or a built-in bot by name) over every
    rated entry in the game's seasons and tournaments that show their results:
    its best and latest rating, competitions, rated games and record. Best first."""
    rows: dict[tuple, dict] = {}
    entries = _entries().filter(competition__game=game).order_by("created_at", "id")
    for entry in entries:
        record = _record(entry)
        if record["hidden"] or not record["rated_games"]:
            continue
        key = ("bot", entry.bot_id) if entry.bot_id else ("builtin", entry.builtin)
        row = rows.setdefault(
            key,
            {
                "bot": entry.bot,
                "builtin": entry.builtin,
                "label": entry.bot.label if entry.bot_id else entry.builtin,
                "competitions": set(),
                "games": 0,
                "wins": 0,
                "draws": 0,
                "losses": 0,
                "best": None,
                "best_entry": None,
            },
        )
        row["competitions"].add(record["competition"].pk)
        row["games"] += record["rated_games"]
        for field in ("wins", "draws", "losses"):
            row[field] += record[field] or 0
        if row["best"] is None or record["rating"] > row["best"]:
            row["best"], row["best_entry"] = record["rating"], entry
        row["latest"], row["latest_entry"] = record["rating"], entry  # oldest first
    out = sorted(rows.values(), key=lambda r: (-r["best"], r["label"]))
    for rank, row in enumerate(out, 1):
        row["rank"] = rank
        row["competitions"] = len(row["competitions"])
    return out


def game_competitions(game: str, limit: int = 20) -> dict:
    """The game's latest seasons and tournaments."""
    latest = Competition.objects.filter(game=game).order_by("-id")
    return {
        "seasons": list(latest.filter(kind=Competition.Kind.SEASON)[:limit]),
        "tournaments": list(latest.filter(kind=Competition.Kind.TOURNAMENT)[:limit]),
    }

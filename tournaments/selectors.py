"""Selectors that read competitions (tables, brackets, an entry's page).

What a competition that hides its results shows before its reveal (the rule is
``competition_hides_results``; docs/tournaments.md, "Hidden results"): its
settings but the seed, its entries, its rounds and their fixtures (all of them
for a round robin, Swiss or ladder, which pair without its results; a knockout's
first round only, ``rounds_shown``), each match's seats and status, and "N of M
played". Nothing that follows from a result: no table, rating or record, no
result, count, duration or time of its matches but when each was made.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from matches.models import Match
from tournaments.core.ratings import Rating as RatingValue
from tournaments.format_rules import planned_rounds, tournament_format
from tournaments.history import load_history
from tournaments.models import (
    Competition,
    Entry,
    Rating,
    RatingHistory,
    Round,
    Standing,
)

HIDDEN_NOTICE = "results are hidden until this {kind} finishes"
#: added to it for a knockout that holds its later rounds back (``rounds_shown``)
HELD_BACK_NOTICE = "; its rounds after the first are shown then, as they tell who advanced"


def competition_hides_results(competition: Competition | None) -> bool:
    """True while ``competition`` keeps its results hidden (``hide_results``) and has
    not finished. The one rule: standings, brackets, rating histories, match seats,
    ``MatchEnded`` events and final frames all ask it (``Match.hides_results`` too)."""
    return bool(
        competition is not None
        and competition.hide_results
        and competition.status != Competition.Status.FINISHED
    )


def rounds_shown(competition: Competition) -> int | None:
    """How many of ``competition``'s rounds (batches, from the first) anyone may see
    now, ``None`` for all. A hidden knockout shows its first round only: each later
    round names who advanced, a replay that a match was drawn, so its matches are
    ``withheld`` (not even their existence is public) until the reveal."""
    if competition_hides_results(competition) and competition.is_elimination:
        return 1
    return None


def shown_seed(competition: Competition) -> int | None:
    """The competition's seed, ``None`` while it hides its results: the draws of
    its pairings (a ladder's jitter) come from it, and must stay secret as long as
    the results they are paired without."""
    return None if competition_hides_results(competition) else competition.seed


def hidden_notice(competition: Competition) -> str:
    """The notice shown instead of results, or ``""`` when they are visible."""
    if not competition_hides_results(competition):
        return ""
    held_back = HELD_BACK_NOTICE if rounds_shown(competition) is not None else ""
    return HIDDEN_NOTICE.format(kind=competition.kind) + held_back


def standings(competition: Competition) -> list[dict]:
    """The table, best first: rank, entry, rating and the stored standing; empty
    while the competition hides its results."""
    if competition_hides_results(competition):
        return []
    entries = list(
        Entry.objects.filter(competition=competition).select_related("rating", "standing")
    )
    rows: list[dict[str, Any]] = []
    for e in entries:
        r = getattr(e, "rating", None) or Rating(
            mu=RatingValue().mu, sigma=RatingValue().sigma, ordinal=RatingValue().ordinal
        )
        s = getattr(e, "standing", None) or Standing(rank=0)
        rows.append(
            {
                "entry": e.pk,
                "name": e.name,
                "bot": e.builtin or "uploaded",
                "seed": e.seed,
                "disqualified": e.disqualified,
                "withdrawn": e.withdrawn,
                "rank": s.rank or None,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal,
                "rated_games": r.games,
                "points": s.points,
                "games": s.games,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "byes": s.byes,
                "buchholz": s.buchholz,
                "sonneborn_berger": s.sonneborn_berger,
                "head_to_head": s.head_to_head,
            }
        )
    rows.sort(key=lambda x: (x["rank"] is None, x["rank"] or 0, -x["ordinal"], x["seed"]))
    return rows


def standings_csv(competition: Competition) -> str:
    """The table as CSV, best first (what ``standings`` shows)."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(
        [
            "rank",
            "entry",
            "bot",
            "rating",
            "mu",
            "sigma",
            "games",
            "wins",
            "draws",
            "losses",
            "byes",
            "points",
            "buchholz",
            "sonneborn_berger",
            "head_to_head",
            "disqualified",
        ]
    )
    for row in standings(competition):
        w.writerow(
            [
                row["rank"],
                row["name"],
                row["bot"],
                f"{row['ordinal']:.4f}",
                f"{row['mu']:.4f}",
                f"{row['sigma']:.4f}",
                row["games"],
                row["wins"],
                row["draws"],
                row["losses"],
                row["byes"],
                row["points"],
                row["buchholz"],
                row["sonneborn_berger"],
                row["head_to_head"],
                int(row["disqualified"]),
            ]
        )
    return out.getvalue()


def _count(rows: QuerySet, link: str) -> Coalesce:
    """How many of ``rows`` belong (through ``link``) to the outer query's competition."""
    counted = (
        rows.filter(**{link: OuterRef("pk")})
        .order_by()
        .values(link)
        .annotate(n=Count("*"))
        .values("n")
    )
    return Coalesce(Subquery(counted), 0)


def with_progress(competitions: QuerySet, *, organiser: bool = False) -> QuerySet:
    """``competitions`` with their ``entry_count`` and what ``progress`` shows, counted
    in the same query: a list of them costs no query per row. Matches ``withheld``
    until a reveal count for the ``organiser`` only."""
    matches = Match.objects.all() if organiser else Match.objects.visible()
    return competitions.annotate(
        entry_count=_count(Entry.objects.all(), "competition"),
        **{
            f"matches_{status}": _count(matches.filter(status=status), "fixture__competition")
            for status in Match.Status.values
        },
        rounds_made=_count(Round.objects.all(), "competition"),
        rounds_done=_count(Round.objects.filter(status=Round.Status.DONE), "competition"),
    )


def with_leader(competitions: QuerySet) -> QuerySet:
    """``competitions`` with ``leader_name`` and ``leader_id``: the entry ranked first
    in the stored table (in the same query)."""
    first = Standing.objects.filter(entry__competition=OuterRef("pk"), rank=1).order_by("entry")
    return competitions.annotate(
        leader_name=Subquery(first.values("entry__name")[:1]),
        leader_id=Subquery(first.values("entry")[:1]),
    )


def listed(competitions: Iterable[Competition]) -> list[Competition]:
    """The rows of a list of competitions: each with its ``progress`` and its leader
    (``None`` while it hides its results)."""
    rows = list(competitions)
    for c in rows:
        c.progress = progress(c)  # type: ignore[attr-defined]
        if competition_hides_results(c):
            c.leader_name = c.leader_id = None  # type: ignore[attr-defined]
    return rows


def progress(competition: Competition, *, organiser: bool = False) -> dict:
    """Match counts by status (queued, running, finished, failed), their total,
    and rounds made and done: "N of M played", of the rounds shown (everything, for
    the ``organiser``). Counted by ``with_progress``: a competition read without it
    is read again with it."""
    if not hasattr(competition, "rounds_made"):
        competition = with_progress(
            Competition.objects.filter(pk=competition.pk), organiser=organiser
        ).get()
    counts = {status: getattr(competition, f"matches_{status}") for status in Match.Status.values}
    matches = sum(counts.values())
    # counted by with_progress (annotations the model does not declare)
    rounds = competition.rounds_made  # type: ignore[attr-defined]
    done = competition.rounds_done  # type: ignore[attr-defined]
    shown = None if organiser else rounds_shown(competition)
    if shown is not None:  # how many rounds a knockout took tells of replays
        rounds, done = min(rounds, shown), min(done, shown)
    counts["rounds"] = rounds
    counts["rounds_done"] = done
    entries = competition.entry_count  # type: ignore[attr-defined]
    counts["rounds_planned"] = planned_rounds(competition, entries)
    counts["total"] = matches
    return counts


def champion(tournament: Competition) -> Entry | None:
    if tournament.status != Competition.Status.FINISHED or not tournament.is_elimination:
        return None
    h = load_history(tournament)
    fmt = tournament_format(tournament)
    winner = fmt.champion(h.entries, h.pairings, h.results + h.walkovers)
    return Entry.objects.filter(pk=winner).first() if winner else None


def rating_history(entry: Entry) -> list[dict]:
    """The entry's rating after each rated match; empty while its competition hides
    its results."""
    return rating_histories([entry])[entry.pk]


def rating_histories(entries: Sequence[Entry]) -> dict[int, list[dict]]:
    """``rating_history`` of each of ``entries`` (by id), read in one query."""
    out: dict[int, list[dict]] = {e.pk: [] for e in entries}
    shown = [e.pk for e in entries if not competition_hides_results(e.competition)]
    for r in RatingHistory.objects.filter(entry__in=shown).order_by(
        "entry", "round_no", "match_id"
    ):
        out[r.entry_id].append(
            {
                "match": r.match_id,
                "round": r.round_no,
                "mu": r.mu_after,
                "sigma": r.sigma_after,
                "ordinal": r.ordinal_after,
                "bumped": r.version_bumped,
            }
        )
    return out


def rating_chart_svg(history: list[dict], width: int = 640, height: int = 220) -> str:
    """An inline SVG line chart of the ordinal (and mu with a +-sigma band)."""
    if not history:
        return ""
    pad = 36
    xs = list(range(len(history) + 1))
    start = RatingValue()
    mus = [start.mu] + [h["mu"] for h in history]
    sigmas = [start.sigma] + [h["sigma"] for h in history]
    ords = [start.ordinal] + [h["ordinal"] for h in history]
    lo = min(min(ords), min(m - s for m, s in zip(mus, sigmas)))
    hi = max(m + s for m, s in zip(mus, sigmas))
    span = (hi - lo) or 1.0
    n = max(1, len(xs) - 1)

    def px(i: int) -> float:
        return pad + (width - 2 * pad) * i / n

    def py(v: float) -> float:
        return height - pad - (height - 2 * pad) * (v - lo) / span

    band = " ".join(f"{px(i):.1f},{py(m + s):.1f}" for i, (m, s) in enumerate(zip(mus, sigmas)))
    band += " " + " ".join(
        f"{px(i):.1f},{py(m - s):.1f}" for i, (m, s) in reversed(list(enumerate(zip(mus, sigmas))))
    )
    mu_line = " ".join(f"{px(i):.1f},{py(m):.1f}" for i, m in enumerate(mus))
    ord_line = " ".join(f"{px(i):.1f},{py(o):.1f}" for i, o in enumerate(ords))
    ticks = "".join(
        f'<text x="{pad - 4}" y="{py(v):.1f}" text-anchor="end" font-size="10">{v:.0f}</text>'
        f'<line x1="{pad}" x2="{width - pad}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#ddd"/>'
        for v in (lo, (lo + hi) / 2, hi)
    )
    bumps = "".join(
        f'<circle cx="{px(i + 1):.1f}" cy="{py(h["ordinal"]):.1f}" r="4" fill="#c60">'
        f"<title>new version</title></circle>"
        for i, h in enumerate(history)
        if h["bumped"]
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rating-chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="rating history">'
        f'{ticks}<polygon points="{band}" fill="#9bd" fill-opacity="0.35"/>'
        f'<polyline points="{mu_line}" fill="none" stroke="#369" stroke-width="1.5"/>'
        f'<polyline points="{ord_line}" fill="none" stroke="#c33" stroke-width="2"/>{bumps}'
        f'<text x="{pad}" y="14" font-size="11" fill="#c33">ordinal (mu - 3 sigma)</text>'
        f'<text x="{pad + 150}" y="14" font-size="11" fill="#369">mu with +-sigma band</text>'
        f'<text x="{width - pad}" y="{height - 8}" text-anchor="end" font-size="10">'
        f"{len(history)} rated matches</text></svg>"
    )

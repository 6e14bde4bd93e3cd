"""Services that write seasons and tournaments (HackSoft style).

- ``create_season`` / ``create_tournament`` and ``add_entries``;
- the status machine: ``open_entries``, ``start``, ``pause``, ``resume``, ``finish``
  (draft -> open -> running <-> paused -> finished; anything else is refused);
- ``schedule_round``: a round's fixtures and their queued matches, dispatched to
  the workers when the transaction commits;
- ``check_round``: when a round's last match is over, rate its results in the
  fixed order (round, match id), rebuild the standings, and (tournaments) make the
  next round; safe to call any number of times, from any number of workers;
- ``ladder_tick``: the periodic step of a running season;
- ``rebuild``: ratings, history and standings recomputed from the stored logs;
- ``disqualify``, ``rerun_match``, ``standings_csv``.
"""

from __future__ import annotations

import csv
import io
import logging
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from django.db import IntegrityError, transaction
from django.db.models import Count, OuterRef, Subquery
from django.utils import timezone

from engine import registry
from engine.game import RulesError
from bots.services import create_pinned_match
from matches import services as match_services
from matches.models import Match, MatchEvent, MatchSeat
from tournaments.formats import (DoubleElimination, FormatError, MatchResult, Pairing,
                                 RoundRobin, SingleElimination, Swiss, ladder_round)
from tournaments.formats.base import ROUND_ROBIN_TIE_BREAKS, SWISS_TIE_BREAKS
from tournaments.formats.seats import SeatTally
from tournaments.models import (SEASON_FIELDS, TOURNAMENT_FIELDS, Competition, Entry, Fixture,
                                FixtureSeat, Rating, RatingHistory, Round, Standing)
from tournaments.ratings import Rating as RatingValue
from tournaments.ratings import rate_match, version_changed
from tournaments.standings import compute_standings
from tournaments.versions import playing_version, version_label

logger = logging.getLogger(__name__)
S = Competition.Status
F = Competition.Format
Kind = Competition.Kind


class TournamentError(ValueError):
    """A request the organiser's tools refuse (a wrong transition, a bad setting)."""


# -- dispatch -------------------------------------------------------------------------
def _celery_dispatch(match_ids: Sequence[int]) -> None:
    from tournaments.tasks import play_match

    for mid in match_ids:
        play_match.delay(mid)


#: how queued matches reach the workers; ``run_tournament --inline`` swaps it
dispatch: Callable[[Sequence[int]], None] = _celery_dispatch


def set_dispatch(fn: Callable[[Sequence[int]], None] | None) -> None:
    global dispatch
    dispatch = fn or _celery_dispatch


def _dispatch_on_commit(match_ids: list[int]) -> None:
    if match_ids:
        now = timezone.now()
        Fixture.objects.filter(match_id__in=match_ids).update(enqueued_at=now)
        transaction.on_commit(lambda: dispatch(match_ids))


# -- creating -------------------------------------------------------------------------
def _rules(game: str):
    if game not in registry.games():
        raise TournamentError(f"unknown game {game!r}")
    return registry.get(game)


def _check_game(game: str, group_size: int, teams: Sequence[int] | None):
    rules = _rules(game)
    try:
        rules.check_seat_count(group_size)
    except (KeyError, RulesError) as exc:
        raise TournamentError(str(exc)) from None
    if teams:
        if sum(teams) != group_size or any(t < 1 for t in teams) or len(teams) < 2:
            raise TournamentError(f"teams {list(teams)} must be 2+ sizes adding up to {group_size}")
    return rules


def create_season(name: str, game: str, *, group_size: int | None = None, teams=None,
                  k: int = 2, period_seconds: int = 3600, seed: int = 1, options=None,
                  **fields) -> Competition:
    group_size = group_size or min(_rules(game).seat_counts)
    rules = _check_game(game, group_size, teams)
    options = rules.resolve_options(dict(options or {}))
    if k < 1 or period_seconds < 1:
        raise TournamentError("k and the period must be positive")
    _refuse_fields_of_other_kind(fields, TOURNAMENT_FIELDS, "a ladder season")
    return Competition.objects.create(kind=Kind.SEASON, name=name, game=game,
                                      group_size=group_size, teams=list(teams or []), k=k,
                                      period_seconds=period_seconds, seed=seed, options=options,
                                      **fields)


def create_tournament(name: str, game: str, format: str = F.ROUND_ROBIN, *,
                      group_size: int | None = None, teams=None, seed: int = 1, options=None,
                      **fields) -> Competition:
    if format not in F.values:
        raise TournamentError(f"unknown format {format!r}; known: {', '.join(F.values)}")
    group_size = group_size or min(_rules(game).seat_counts)
    rules = _check_game(game, group_size, teams)
    if (group_size != 2 or teams) and format != F.SWISS:
        raise TournamentError(f"{format} is two seats only; use swiss for groups of {group_size}")
    options = rules.resolve_options(dict(options or {}))
    _refuse_fields_of_other_kind(fields, SEASON_FIELDS, "a tournament")
    return Competition.objects.create(kind=Kind.TOURNAMENT, name=name, game=game, format=format,
                                      group_size=group_size, teams=list(teams or []), seed=seed,
                                      options=options, **fields)


def _refuse_fields_of_other_kind(fields: dict, other: Sequence[str], kind: str) -> None:
    stray = sorted(set(fields) & set(other))
    if stray:
        raise TournamentError(f"{kind} has no {', '.join(stray)}")


def add_entries(competition: Competition, bots: Iterable) -> list[Entry]:
    """Enter bots: built-in bot names (``"greedy"``; a repeated name gets a numbered
    entry name ``greedy-2``), or uploaded bots (objects; the bots app links them).
    Entries join in order: the first added is seed 1. Refused once finished; a
    running season takes newcomers from its next round."""
    if competition.status == S.FINISHED or (not competition.is_season
                                            and competition.status not in (S.DRAFT, S.OPEN)):
        raise TournamentError(f"{competition} does not take entries now")
    rules = registry.get(competition.game)
    made = []
    with transaction.atomic():
        taken = set(Entry.objects.filter(competition=competition).values_list("name", flat=True))
        seed = Entry.objects.filter(competition=competition).count()
        for bot in bots:
            if isinstance(bot, str):
                if bot not in rules.bots:
                    raise TournamentError(f"{rules.name} has no built-in bot {bot!r} "
                                          f"(bots: {', '.join(sorted(rules.bots))})")
                base, extra = bot, {"builtin": bot}
            else:  # an uploaded bot (bots.Bot): the field exists once the bots app adds it
                base, extra = str(bot), {"bot": bot}
            name, n = base, 1
            while name in taken:
                n += 1
                name = f"{base}-{n}"
            taken.add(name)
            seed += 1
            entry = Entry.objects.create(name=name, seed=seed, competition=competition, **extra)
            Rating.objects.create(entry=entry, mu=RatingValue().mu, sigma=RatingValue().sigma,
                                  ordinal=RatingValue().ordinal)
            made.append(entry)
    return made


# -- the status machine ----------------------------------------------------------------
TRANSITIONS = {
    "open": ({S.DRAFT}, S.OPEN),
    "start": ({S.OPEN}, S.RUNNING),
    "pause": ({S.RUNNING}, S.PAUSED),
    "resume": ({S.PAUSED}, S.RUNNING),
    "finish": ({S.RUNNING, S.PAUSED}, S.FINISHED),
}


def _lock(competition: Competition) -> Competition:
    return Competition.objects.select_for_update().get(pk=competition.pk)


def _transition(competition: Competition, action: str) -> Competition:
    sources, target = TRANSITIONS[action]
    locked = _lock(competition)
    if locked.status not in sources:
        raise TournamentError(f"cannot {action} {locked.kind} {locked.pk}: it is {locked.status} "
                              f"(needs {' or '.join(sorted(sources))})")
    locked.status = target
    if action == "start":
        locked.started_at = timezone.now()
    if action == "finish":
        locked.finished_at = timezone.now()
    locked.save(update_fields=["status", "started_at", "finished_at"])
    return locked


def open_entries(competition: Competition) -> Competition:
    with transaction.atomic():
        out = _transition(competition, "open")
    competition.refresh_from_db()
    return out


def start(competition: Competition) -> Competition:
    """Start: the first round is made now (its matches are queued on commit); a
    season also gets its periodic tick."""
    with transaction.atomic():
        locked = _lock(competition)
        entries = list(_active_entries(locked))
        if len(entries) < max(2, locked.group_size):
            raise TournamentError(f"{len(entries)} entries: at least {max(2, locked.group_size)} "
                                  "are needed to start")
        locked = _transition(locked, "start")
        if not locked.is_season:
            pairings = tournament_format(locked).first_round([e.pk for e in entries], locked.seed)
            schedule_round(locked, pairings)
        else:
            schedule_ladder_round(locked)
            from tournaments.schedule import sync_periodic_task

            sync_periodic_task(locked)
    competition.refresh_from_db()
    return competition


def _stop_transition(competition: Competition, action: str) -> Competition:
    """A transition after which no new round is made: a season's periodic task
    is switched off with it."""
    with transaction.atomic():
        _transition(competition, action)
        if competition.is_season:
            from tournaments.schedule import sync_periodic_task

            competition.refresh_from_db()
            sync_periodic_task(competition)
    competition.refresh_from_db()
    return competition


def pause(competition: Competition) -> Competition:
    """No new rounds while paused (matches already queued still run)."""
    return _stop_transition(competition, "pause")


def resume(competition: Competition) -> Competition:
    with transaction.atomic():
        locked = _transition(competition, "resume")
        if locked.is_season:
            from tournaments.schedule import sync_periodic_task

            sync_periodic_task(locked)
        else:  # a round may have completed while paused: go on from there
            transaction.on_commit(lambda: _advance_after_resume(locked.pk))
    competition.refresh_from_db()
    return competition


def _advance_after_resume(tournament_id: int) -> None:
    """After a resume: make the next round if the last one is done (re-read under
    the tournament's lock, with its status, since a worker may have completed the
    round or the organiser paused again meanwhile), else check the last round."""
    with transaction.atomic():
        t = Competition.objects.select_for_update().get(pk=tournament_id)
        if t.status != S.RUNNING:
            return
        last = Round.objects.filter(competition_id=tournament_id).order_by("-number").first()
        if last is None or last.status != Round.Status.DONE:
            pending = last.pk if last is not None else None
        else:
            _next_tournament_round(t)
            return
    if pending is not None:
        check_round(pending)


def finish(competition: Competition) -> Competition:
    return _stop_transition(competition, "finish")


# -- formats and rounds ------------------------------------------------------------------
def tournament_format(t: Competition):
    if t.format == F.ROUND_ROBIN:
        return RoundRobin(cycles=1)
    if t.format == F.DOUBLE_ROUND_ROBIN:
        return RoundRobin(cycles=2)
    if t.format == F.SWISS:
        return Swiss(rounds=t.swiss_rounds or None, group_size=t.group_size, teams=t.team_sizes)
    if t.format == F.SINGLE_ELIMINATION:
        return SingleElimination()
    return DoubleElimination()


def tie_breaks_for(competition: Competition) -> tuple[str, ...]:
    if competition.format == F.SWISS:
        return SWISS_TIE_BREAKS
    if competition.format in (F.ROUND_ROBIN, F.DOUBLE_ROUND_ROBIN):
        return ROUND_ROBIN_TIE_BREAKS
    return ()


def _active_entries(competition: Competition):
    return Entry.objects.filter(competition=competition, disqualified=False).order_by("seed", "id")


def schedule_round(competition: Competition, pairings: Sequence[Pairing]) -> Round:
    """Store a round: its fixtures, a queued match for each pairing to play, pinned
    versions. Pairings naming a disqualified entry become walkovers (not played).
    Call inside a transaction holding the competition's lock."""
    number = (Round.objects.filter(competition=competition).order_by("-number")
              .values_list("number", flat=True).first() or 0) + 1
    rnd = Round.objects.create(number=number, competition=competition)
    entries = {e.pk: e for e in Entry.objects.filter(competition=competition)
               .select_related("bot")}
    players = {pk: playing_version(e) for pk, e in entries.items()}
    versions = {pk: version_label(player) for pk, player in players.items()}
    to_run = []
    for p in pairings:
        # a disqualified entry, or an uploaded bot with no valid version, cannot play
        walkover = not p.bye and any(entries[e].disqualified or players[e] is None
                                     for e in p.entries)
        match = None
        if not p.bye and not walkover:
            # the competition's seed makes the pairings reproducible; a match's seed
            # is a fresh secret (matches.seeding): public data must not predict it
            match = create_pinned_match(competition.game, [players[e] for e in p.entries],
                                        options=competition.options)
            team_of = _team_of_seat(len(p.entries), p.teams)
            for i, team in enumerate(team_of):
                if team is not None:
                    MatchSeat.objects.filter(match=match, index=i).update(team=team)
            to_run.append(match.pk)
        fixture = Fixture.objects.create(
            round=rnd, match=match, round_no=p.round, table=p.table, leg=p.leg,
            bracket=p.bracket, bye=p.bye, walkover=walkover,
            teams=list(p.teams) if p.teams else None, competition=competition)
        FixtureSeat.objects.bulk_create(
            FixtureSeat(fixture=fixture, entry_id=e, index=i, version=versions[e] or "")
            for i, e in enumerate(p.entries))
    _dispatch_on_commit(to_run)
    if not to_run:  # nothing to play (all byes or walkovers): settle it when committed
        transaction.on_commit(lambda: check_round(rnd.pk))
    return rnd


def _team_of_seat(seats: int, teams: Sequence[int] | None) -> list[int | None]:
    if not teams:
        return [None] * seats
    out: list[int | None] = []
    for t, size in enumerate(teams):
        out += [t] * size
    return out


def schedule_ladder_round(season: Competition) -> Round | None:
    """The next ladder round from the stored ratings (inside the season's lock)."""
    active = list(_active_entries(season).select_related("rating"))
    if len(active) < season.group_size:
        return None
    ratings = {e.pk: RatingValue(e.rating.mu, e.rating.sigma) for e in active}
    number = (Round.objects.filter(competition=season).order_by("-number")
              .values_list("number", flat=True).first() or 0) + 1
    pairings = ladder_round(ratings, number, season.seed, season.k, season.group_size,
                            season.team_sizes, season.jitter, _seat_tally(season))
    return schedule_round(season, pairings)


def _seat_tally(season: Competition) -> SeatTally:
    """The seats taken so far in ``season`` as the ``Ladder`` format counts them
    from its pairings (byes are not seats): counted and the last seat found by the
    database, so a round reads a row per entry and seat, not per game."""
    seats = FixtureSeat.objects.filter(fixture__competition=season, fixture__bye=False)
    tally = SeatTally(season.group_size)
    for entry, index, n in (seats.order_by("entry_id", "index").values("entry_id", "index")
                            .annotate(n=Count("id")).values_list("entry_id", "index", "n")):
        tally.counts.setdefault(entry, [0] * season.group_size)[index] = n
    latest = (seats.filter(entry=OuterRef("pk"))
              .order_by("-fixture__round_no", "-fixture__table", "-fixture__leg")
              .values("index")[:1])
    tally.last.update(Entry.objects.filter(competition=season)
                      .annotate(last_seat=Subquery(latest)).filter(last_seat__isnull=False)
                      .values_list("pk", "last_seat"))
    return tally


# -- results ------------------------------------------------------------------------
@dataclass
class History:
    """Everything stored about a competition, as the pure core's values."""

    entries: list[int] = field(default_factory=list)          # seed order, all entries
    pairings: list[Pairing] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)  # played and finished
    versions: dict[int, tuple[str, ...]] = field(default_factory=dict)  # match id -> per seat
    walkovers: list[MatchResult] = field(default_factory=list)  # synthetic, for the format
    byes: list[int] = field(default_factory=list)              # byes and walkovers won


def _result_from(match_id: int, fixture: Fixture, entries: tuple[int, ...], ended: dict
                 ) -> MatchResult:
    return MatchResult(match_id, fixture.round_no, entries, tuple(ended["ranks"]),
                       tuple(ended.get("scores") or ()), fixture.teams and tuple(fixture.teams),
                       fixture.table, fixture.leg)


def load_history(competition: Competition, from_log: bool = False,
                 rounds: Iterable[int] | None = None) -> History:
    """The stored pairings and results. ``from_log``: read each result from the
    ``MatchEnded`` event of the stored log instead of the match row."""
    h = History(entries=list(Entry.objects.filter(competition=competition)
                             .order_by("seed", "id").values_list("pk", flat=True)))
    dq = set(Entry.objects.filter(competition=competition, disqualified=True).values_list("pk", flat=True))
    fixtures = Fixture.objects.filter(competition=competition).select_related("match").prefetch_related("seats")
    if rounds is not None:
        fixtures = fixtures.filter(round__number__in=list(rounds))
    fixtures = list(fixtures.order_by("round_no", "table", "leg"))
    ended_from_log = {}
    if from_log:
        ids = [f.match_id for f in fixtures if f.match_id]
        ended_from_log = dict(MatchEvent.objects.filter(match_id__in=ids, type="MatchEnded")
                              .values_list("match_id", "data"))
    for f in fixtures:
        seats = sorted(f.seats.all(), key=lambda s: s.index)
        entries = tuple(s.entry_id for s in seats)
        h.pairings.append(Pairing(f.round_no, f.table, entries, f.bye,
                                  tuple(f.teams) if f.teams else None, f.leg, f.bracket))
        if f.bye:
            h.byes.append(entries[0])
        elif f.walkover:
            ranks = tuple(2 if e in dq else 1 for e in entries)
            if len(set(ranks)) == 1:
                ranks = (1,) * len(entries)
            h.walkovers.append(MatchResult(-f.pk, f.round_no, entries, ranks,
                                           teams=tuple(f.teams) if f.teams else None,
                                           table=f.table, leg=f.leg))
            h.byes.extend(e for e in entries if e not in dq)
        elif f.match is not None and f.match.status == Match.Status.FINISHED:
            ended = ended_from_log.get(f.match_id) if from_log else f.match.result
            if ended is None:
                continue
            h.results.append(_result_from(f.match_id, f, entries, ended))
            h.versions[f.match_id] = tuple(s.version for s in seats)
    return h


@dataclass(frozen=True)
class Change:
    match_id: int
    round: int
    entry: int
    before: RatingValue
    after: RatingValue
    bumped: bool


def fold_ratings(ratings: dict[int, RatingValue], last_version: dict[int, str],
                 results: Iterable[MatchResult], versions: dict[int, tuple[str, ...]]
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
            changes.append(Change(res.match_id, res.round, e, ratings.get(e, RatingValue()),
                                  new[e], e in bumped))
        ratings.update(new)
    return changes


def _write_changes(changes: Sequence[Change]) -> None:
    RatingHistory.objects.bulk_create([
        RatingHistory(entry_id=c.entry, match_id=c.match_id, round_no=c.round,
                      mu_before=c.before.mu, sigma_before=c.before.sigma, mu_after=c.after.mu,
                      sigma_after=c.after.sigma, ordinal_after=c.after.ordinal,
                      version_bumped=c.bumped) for c in changes])


def _save_ratings(competition: Competition, ratings: dict[int, RatingValue],
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


def _standings_rows(competition: Competition, h: History,
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


def _write_standings(competition: Competition, rows: list[Standing]) -> None:
    Standing.objects.filter(entry__in=[r.entry_id for r in rows]).delete()
    Standing.objects.bulk_create(rows)


# -- completing rounds ----------------------------------------------------------------
def _settled(fixture: Fixture, competition: Competition, dq: set[int]) -> bool:
    if fixture.bye or fixture.walkover:
        return True
    status = fixture.match.status
    if status == Match.Status.FINISHED:
        return True
    if status == Match.Status.FAILED:
        # a ladder goes on without it; a tournament waits for a re-run unless an
        # entry of it has been disqualified since
        return competition.is_season or any(s.entry_id in dq for s in fixture.seats.all())
    return False


def check_round(round_id: int) -> str:
    """Complete round ``round_id`` if all its fixtures are settled: rate it, rebuild
    the standings, make the next tournament round. Idempotent and race-safe: the
    competition row is locked and the round is marked done by a compare-and-set,
    so two workers finishing the last two matches complete it once."""
    rnd = Round.objects.filter(pk=round_id).first()
    if rnd is None:
        return "missing"
    with transaction.atomic():
        competition = _lock(rnd.competition)
        rnd.refresh_from_db()
        if rnd.status == Round.Status.DONE:
            return "done already"
        dq = set(Entry.objects.filter(competition=competition, disqualified=True).values_list("pk", flat=True))
        fixtures = list(rnd.fixtures.select_related("match").prefetch_related("seats"))
        if not all(_settled(f, competition, dq) for f in fixtures):
            return "waiting"
        if not Round.objects.filter(pk=rnd.pk, status=Round.Status.RUNNING).update(
                status=Round.Status.DONE, completed_at=timezone.now()):
            return "done already"
        _rate_round(competition, rnd)
        if not competition.is_season and competition.status == S.RUNNING:
            _next_tournament_round(competition)
        elif competition.is_season:
            _maybe_end_season(competition)
    return "completed"


def _rate_round(competition: Competition, rnd: Round) -> None:
    h_round = load_history(competition, rounds=[rnd.number])
    entries = Entry.objects.filter(competition=competition).select_related("rating")
    ratings = {e.pk: RatingValue(e.rating.mu, e.rating.sigma) for e in entries}
    last = {e.pk: e.rated_version for e in entries if e.rated_version}
    already = set(RatingHistory.objects.filter(match_id__in=[r.match_id for r in h_round.results])
                  .values_list("match_id", flat=True))
    fresh = [r for r in h_round.results if r.match_id not in already]
    changes = fold_ratings(ratings, last, fresh, h_round.versions)
    _write_changes(changes)
    h = load_history(competition)
    games = {e: 0 for e in h.entries}
    for r in h.results:
        for e in r.entries:
            games[e] += 1
    _save_ratings(competition, ratings, last, games)
    _write_standings(competition, _standings_rows(competition, h, ratings))


def _next_tournament_round(t: Competition) -> Round | None:
    h = load_history(t)
    fmt = tournament_format(t)
    try:
        pairings = fmt.next_round(h.entries, h.pairings, h.results + h.walkovers, t.seed)
    except FormatError as exc:
        # not silently stuck "running": pause it with the reason (shown in the
        # admin); the organiser resumes it (which tries the next round again)
        logger.error("tournament %s cannot go on: %s", t.pk, exc)
        error = f"the next round could not be made: {exc}"[:2000]
        Competition.objects.filter(pk=t.pk).update(status=S.PAUSED, last_error=error)
        t.status, t.last_error = S.PAUSED, error
        return None
    if t.last_error:
        Competition.objects.filter(pk=t.pk).update(last_error="")
        t.last_error = ""
    if pairings is None:
        Competition.objects.filter(pk=t.pk).update(status=S.FINISHED, finished_at=timezone.now())
        return None
    return schedule_round(t, pairings)


def _maybe_end_season(season: Competition) -> None:
    done = Round.objects.filter(competition=season, status=Round.Status.DONE).count()
    over = (season.max_rounds and done >= season.max_rounds) or (
        season.ends_at is not None and timezone.now() >= season.ends_at)
    if over and season.status in (S.RUNNING, S.PAUSED):
        Competition.objects.filter(pk=season.pk).update(status=S.FINISHED, finished_at=timezone.now())
        season.refresh_from_db()
        from tournaments.schedule import sync_periodic_task

        transaction.on_commit(lambda: sync_periodic_task(season))


def ladder_tick(season_id: int) -> str:
    """The periodic step of a running season: if the last round is done, make the
    next one; if it is still being played, wait for the next tick."""
    last = Round.objects.filter(competition_id=season_id).order_by("-number").first()
    if last is not None and last.status != Round.Status.DONE:
        if check_round(last.pk) != "completed":
            return "previous round still running"
    with transaction.atomic():
        season = Competition.objects.select_for_update().get(pk=season_id)
        if season.status != S.RUNNING:
            return f"season is {season.status}"
        latest = Round.objects.filter(competition=season).order_by("-number").first()
        if latest is not None and latest.status != Round.Status.DONE:
            return "previous round still running"
        if season.max_rounds and latest is not None and latest.number >= season.max_rounds:
            _maybe_end_season(season)
            return "season over"
        try:
            with transaction.atomic():
                rnd = schedule_ladder_round(season)
        except IntegrityError:
            return "round made by another tick"
    return f"round {rnd.number} scheduled" if rnd else "too few entries"


# -- rebuilding ---------------------------------------------------------------------------
@dataclass
class Rebuilt:
    ratings: dict[int, tuple]
    history: list[tuple]
    standings: list[tuple]
    versions: dict[int, str]


def _computed(competition: Competition) -> Rebuilt:
    h = load_history(competition, from_log=True)
    done_rounds = set(Round.objects.filter(competition=competition, status=Round.Status.DONE)
                      .values_list("number", flat=True))
    fixture_round = dict(Fixture.objects.filter(competition=competition, match__isnull=False)
                         .values_list("match_id", "round__number"))
    rated = [r for r in h.results if fixture_round.get(r.match_id) in done_rounds]
    ratings = {e: RatingValue() for e in h.entries}
    last: dict[int, str] = {}
    changes = fold_ratings(ratings, last, rated, h.versions)
    games = {e: 0 for e in h.entries}
    for r in rated:
        for e in r.entries:
            games[e] += 1
    h.results = rated
    rows = _standings_rows(competition, h, ratings)
    return Rebuilt(
        ratings={e: (v.mu, v.sigma, games[e]) for e, v in ratings.items()},
        history=sorted((c.entry, c.match_id, c.round, c.before.mu, c.before.sigma, c.after.mu,
                        c.after.sigma, c.bumped) for c in changes),
        standings=sorted(_standing_key(r) for r in rows),
        versions=last)


def _standing_key(s: Standing) -> tuple:
    return (s.entry_id, s.rank, s.points, s.wins, s.draws, s.losses, s.games, s.byes,
            s.buchholz, round(s.sonneborn_berger, 9), round(s.head_to_head, 9))


def _stored(competition: Competition) -> Rebuilt:
    entries = Entry.objects.filter(competition=competition)
    return Rebuilt(
        ratings={r.entry_id: (r.mu, r.sigma, r.games)
                 for r in Rating.objects.filter(entry__in=entries)},
        history=sorted((c.entry_id, c.match_id, c.round_no, c.mu_before, c.sigma_before,
                        c.mu_after, c.sigma_after, c.version_bumped)
                       for c in RatingHistory.objects.filter(entry__in=entries)),
        standings=sorted(_standing_key(s) for s in Standing.objects.filter(entry__in=entries)),
        versions={e.pk: e.rated_version for e in entries if e.rated_version})


def rebuild(competition: Competition, check: bool = False) -> list[str]:
    """Recompute ratings, rating history and standings from the stored logs (the
    results of the rounds completed so far). Returns the differences from what is
    stored; unless ``check``, stores the recomputed values."""
    with transaction.atomic():
        competition = _lock(competition)
        new, old = _computed(competition), _stored(competition)
        diffs = []
        for name in ("ratings", "history", "standings", "versions"):
            a, b = getattr(old, name), getattr(new, name)
            if a != b:
                diffs.append(f"{name}: stored {_describe(a, b)}")
        if not check and diffs:
            entries = Entry.objects.filter(competition=competition)
            RatingHistory.objects.filter(entry__in=entries).delete()
            RatingHistory.objects.bulk_create([
                RatingHistory(entry_id=e, match_id=m, round_no=r, mu_before=mb, sigma_before=sb,
                              mu_after=ma, sigma_after=sa,
                              ordinal_after=RatingValue(ma, sa).ordinal, version_bumped=bumped)
                for e, m, r, mb, sb, ma, sa, bumped in new.history])
            _save_ratings(competition, {e: RatingValue(mu, s) for e, (mu, s, _) in new.ratings.items()},
                          new.versions, {e: g for e, (_, _, g) in new.ratings.items()})
            rows = [Standing(entry_id=k[0], rank=k[1], points=k[2], wins=k[3], draws=k[4],
                             losses=k[5], games=k[6], byes=k[7], buchholz=k[8],
                             sonneborn_berger=k[9], head_to_head=k[10]) for k in new.standings]
            _write_standings(competition, rows)
    return diffs


def _describe(old, new) -> str:
    if isinstance(old, dict):
        keys = sorted(set(old) | set(new), key=str)
        bad = [k for k in keys if old.get(k) != new.get(k)]
        return f"{len(bad)} differ, e.g. {bad[0]}: {old.get(bad[0])} != rebuilt {new.get(bad[0])}"
    a, b = set(old), set(new)
    return f"{len(a - b)} rows not rebuilt, {len(b - a)} rebuilt rows missing"


# -- the organiser's other tools -----------------------------------------------------------
def disqualify(entry: Entry) -> Entry:
    """No more matches for ``entry``: later rounds leave it out (or give its
    opponents a walkover); its queued matches not yet started are cancelled as
    walkovers. What it has played stays."""
    with transaction.atomic():
        _lock(entry.competition)  # serialize with rounds being made and completed
        Entry.objects.filter(pk=entry.pk).update(disqualified=True, disqualified_at=timezone.now())
        pending = Fixture.objects.filter(seats__entry=entry, match__status=Match.Status.QUEUED)
        rounds = set()
        for f in pending.select_related("match"):
            match_services.fail(f.match, f"cancelled: {entry.name} was disqualified")
            Fixture.objects.filter(pk=f.pk).update(walkover=True)
            rounds.add(f.round_id)
        for rid in rounds:
            transaction.on_commit(lambda rid=rid: check_round(rid))
    entry.refresh_from_db()
    return entry


def rerun_match(match: Match) -> Match:
    """Queue a failed match of a competition again, from the start."""
    fixture = Fixture.objects.filter(match=match).first()
    if fixture is None:
        raise TournamentError(f"match {match.pk} is not part of a season or tournament")
    if match.status != Match.Status.FAILED:
        raise TournamentError(f"match {match.pk} is {match.status}: only a failed match is re-run")
    with transaction.atomic():
        match_services.discard_partial_log(match)
        Fixture.objects.filter(pk=fixture.pk).update(claimed_by="", heartbeat_at=None, attempts=0)
        _dispatch_on_commit([match.pk])
    match.refresh_from_db()
    return match


def after_match(match_id: int) -> str:
    """What follows a match that is over: check its round; a result arriving after
    its round was already rated (a re-run) makes the ratings be rebuilt."""
    fixture = Fixture.objects.filter(match_id=match_id).select_related("round").first()
    if fixture is None:
        return "not a fixture"
    if fixture.round.status == Round.Status.DONE:
        if fixture.match.status == Match.Status.FINISHED and not RatingHistory.objects.filter(
                match_id=match_id).exists():
            rebuild(fixture.competition)
            return "late result: rebuilt"
        return "done already"
    return check_round(fixture.round_id)


def standings_csv(competition: Competition) -> str:
    from tournaments.selectors import standings

    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["rank", "entry", "bot", "rating", "mu", "sigma", "games", "wins", "draws",
                "losses", "byes", "points", "buchholz", "sonneborn_berger", "head_to_head",
                "disqualified"])
    for row in standings(competition):
        w.writerow([row["rank"], row["name"], row["bot"], f"{row['ordinal']:.4f}",
                    f"{row['mu']:.4f}", f"{row['sigma']:.4f}", row["games"], row["wins"],
                    row["draws"], row["losses"], row["byes"], row["points"], row["buchholz"],
                    row["sonneborn_berger"], row["head_to_head"], int(row["disqualified"])])
    return out.getvalue()


def progress(competition: Competition) -> dict[str, int]:
    """Match counts by status: queued, running, finished, failed."""
    counts = dict.fromkeys(Match.Status.values, 0)
    for status in Match.objects.filter(fixture__competition=competition
                                       ).values_list("status", flat=True):
        counts[status] += 1
    return counts

"""Rounds: making them and completing them.

- ``schedule_round``: a round's fixtures and their queued matches, handed to the
  workers when the transaction commits (``matches.tasks.enqueue``);
- ``check_round``: when a round's last match is over, rate its results in the
  fixed order (round, match id), rebuild the standings, and (tournaments) make the
  next round; safe to call any number of times, from any number of workers;
- ``ladder_tick``: the periodic step of a running season.

Beside them: ``seat_tally`` (the seats taken so far, for fair seats),
``projections.add_round`` (a completed round's ratings and table) and
``after_matches`` (what follows matches that are over).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from matches.bulk import insert_rows
from matches.models import Match
from matches.services import create_seated_matches
from matches.tasks import enqueue
from tournaments.core.formats import Format, FormatError, Pairing, ladder_round
from tournaments.core.ratings import Rating as RatingValue
from tournaments.entering import join_public_bots
from tournaments.finishing import mark_finished
from tournaments.format_rules import tie_breaks_for, tournament_format
from tournaments.history import History, load_history, load_round_history
from tournaments.locking import lock_id
from tournaments.models import Competition, Entry, Fixture, FixtureSeat, Round
from tournaments.projections import add_round
from tournaments.schedule import sync_periodic_task
from tournaments.seat_tally import count_seats, stored_tally
from tournaments.selectors import competition_hides_results, rounds_shown
from tournaments.versions import playing_version, version_label

logger = logging.getLogger(__name__)
S = Competition.Status


# -- making rounds ---------------------------------------------------------------------
#: an entry's bot and what its pinned version's seat names (its bot's owner)
PLAYER_RELATIONS = ("bot__owner", "pinned_version__bot__owner")


def active_entries(competition: Competition):
    """The entries the next round pairs: neither disqualified nor withdrawn."""
    return Entry.objects.filter(
        competition=competition, disqualified=False, withdrawn_at=None
    ).order_by("seed", "id")


def schedule_round(
    competition: Competition,
    *,
    pairings: Sequence[Pairing],
    entries: dict[int, Entry] | None = None,
) -> Round:
    """Store a round: its fixtures, a queued match for each pairing to play, pinned
    versions. Pairings naming a disqualified entry become walkovers (not played).
    Call inside a transaction holding the competition's lock; ``entries``: all the
    competition's entries (with their bots), when read under it already."""
    number = (
        Round.objects.filter(competition=competition)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    ) + 1
    rnd = Round.objects.create(number=number, competition=competition)
    if entries is None:
        entries = {
            e.pk: e
            for e in Entry.objects.filter(competition=competition).select_related(*PLAYER_RELATIONS)
        }
    pinned = not competition.is_season  # a tournament plays the versions of its start
    players = {pk: playing_version(e, pinned) for pk, e in entries.items()}
    versions = {pk: version_label(player) for pk, player in players.items()}
    # a disqualified entry, or an uploaded bot with no valid version, cannot play
    walkover = {
        p: not p.bye and any(entries[e].disqualified or players[e] is None for e in p.entries)
        for p in pairings
    }
    playing = [p for p in pairings if not p.bye and not walkover[p]]
    # the competition's seed makes the pairings reproducible; a match's seed is a
    # fresh secret (matches.seeding): public data must not predict it
    shown = rounds_shown(competition)
    made = dict(
        zip(
            playing,
            create_seated_matches(
                competition.game,
                [[players[e] for e in p.entries] for p in playing],
                competition.options,
                teams=[_team_of_seat(len(p.entries), p.teams) for p in playing],
                hides_results=competition.hide_results,
                withheld=shown is not None and number > shown,
            ),
        )
    )
    fixtures = Fixture.objects.bulk_create(
        Fixture(
            round=rnd,
            match=made.get(p),
            round_no=p.round,
            table=p.table,
            leg=p.leg,
            bracket=p.bracket,
            bye=p.bye,
            walkover=walkover[p],
            teams=list(p.teams) if p.teams else None,
            competition=competition,
        )
        for p in pairings
    )
    # no model per seat: nothing reads them back (``matches.bulk``)
    insert_rows(
        FixtureSeat,
        ("fixture_id", "entry_id", "index", "version"),
        [
            (fixture.pk, e, i, versions[e] or "")
            for fixture, p in zip(fixtures, pairings)
            for i, e in enumerate(p.entries)
        ],
    )
    to_run = [match.pk for match in made.values()]
    count_seats(competition, entries, pairings)
    enqueue(to_run)
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
    """The next ladder round from the stored ratings (inside the season's lock),
    with an always-on ladder's newcomers. While the season hides its results, from
    the ratings known at the last reveal, the start's: everyone level, so the draw
    from the secret seed pairs them."""
    join_public_bots(season)
    active = list(active_entries(season).select_related("rating"))
    if len(active) < season.group_size:
        return None
    blind = competition_hides_results(season)
    ratings = {
        e.pk: RatingValue() if blind else RatingValue(e.rating.mu, e.rating.sigma) for e in active
    }
    number = (
        Round.objects.filter(competition=season)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
        or 0
    ) + 1
    pairings = ladder_round(
        ratings,
        number,
        season.seed,
        season.k,
        season.group_size,
        season.team_sizes,
        season.jitter,
        stored_tally(season),
    )
    return schedule_round(season, pairings=pairings)


# -- completing rounds -----------------------------------------------------------------
#: a match in one of these keeps its round open, whatever else holds
UNSETTLED = (Match.Status.QUEUED, Match.Status.RUNNING)


def _all_settled(rnd: Round, competition: Competition, dq: set[int]) -> bool:
    """Is every fixture of ``rnd`` settled: a bye, a walkover, a finished match, or a
    failed one the competition goes on without? Read as values (the seats only
    when a match failed)."""
    failed = []
    for pk, bye, walkover, status in rnd.fixtures.values_list(
        "pk", "bye", "walkover", "match__status"
    ):
        if bye or walkover or status == Match.Status.FINISHED:
            continue
        if status != Match.Status.FAILED:
            return False
        failed.append(pk)
    if not failed or competition.is_season:
        return True  # a ladder goes on without its failed matches
    # a tournament waits for a failed match's re-run, unless an entry of it has
    # been disqualified since
    excused = set(
        FixtureSeat.objects.filter(fixture__in=failed, entry__in=dq).values_list(
            "fixture_id", flat=True
        )
    )
    return all(pk in excused for pk in failed)


def check_round(round_id: int) -> str:
    """Complete round ``round_id`` if all its fixtures are settled: rate it, rebuild
    the standings, make the next tournament round. Idempotent and race-safe: the
    competition row is locked and the round is marked done by a compare-and-set,
    so two workers finishing the last two matches complete it once."""
    rnd = Round.objects.filter(pk=round_id).first()
    if rnd is None:
        return "missing"
    return complete_round(rnd)


def complete_round(rnd: Round) -> str:
    """``check_round`` of a round already read."""
    if rnd.status == Round.Status.DONE:
        return "done already"
    if rnd.fixtures.filter(match__status__in=UNSETTLED).exists():
        return "waiting"  # the common answer, without the competition's lock
    return complete_round_locked(rnd)


def complete_round_locked(rnd: Round) -> str:
    """``complete_round`` once no match of round ``rnd`` was seen unsettled: under
    the competition's lock, the round (only its id and competition are used) and
    everything else are read and checked again."""
    with transaction.atomic():
        competition = lock_id(rnd.competition_id)
        rnd.refresh_from_db()
        if rnd.status == Round.Status.DONE:
            return "done already"
        goes_on = not competition.is_season and competition.status == S.RUNNING
        plays = plays_by(competition, makes_next_round=goes_on)
        tie_breaks = plays.tie_breaks
        # in seed order, as a history starts from them; their standings where the
        # round's results are added to them (a table ranked by tie-breaks is redone);
        # a tournament's players, for its next round
        players = () if competition.is_season else PLAYER_RELATIONS
        entries = {
            e.pk: e
            for e in Entry.objects.filter(competition=competition)
            .order_by("seed", "id")
            .select_related("rating", *players, *(() if tie_breaks else ("standing",)))
        }
        dq = {pk for pk, e in entries.items() if e.disqualified}
        if not _all_settled(rnd, competition, dq):
            return "waiting"
        if not Round.objects.filter(pk=rnd.pk, status=Round.Status.RUNNING).update(
            status=Round.Status.DONE, completed_at=timezone.now()
        ):
            return "done already"
        # one read of the history serves the rating, the table and the next round:
        # the whole of it where the table (tie-breaks) or the format needs it
        whole = bool(tie_breaks) or (plays.format is not None and plays.format.reads_history)
        h_round, h_all = load_round_history(
            competition,
            rnd.pk,
            whole=whole,
            entries=[(pk, e.disqualified) for pk, e in entries.items()],
        )
        add_round(competition, tie_breaks, entries, h_round, h_all)
        if goes_on:
            next_tournament_round(
                competition,
                completed=Completed(rnd.number, h_round, h_all),
                entries=entries,
                fmt=plays.format,
            )
        elif competition.is_season:
            _maybe_end_season(competition)
    return "completed"


@dataclass(frozen=True)
class PlaysBy:
    """What a competition plays by, worked out once where a round is completed and
    handed to what rates it, ranks it and makes the next round: the tie-breaks of
    its table, and the format its next round is made by (``None``: none is made)."""

    tie_breaks: tuple[str, ...]
    format: Format | None


def plays_by(competition: Competition, *, makes_next_round: bool) -> PlaysBy:
    """``competition``'s ``PlaysBy``; its format only if ``makes_next_round``."""
    fmt = next_round_format(competition) if makes_next_round else None
    return PlaysBy(tie_breaks_for(competition), fmt)


def next_round_format(competition: Competition) -> Format:
    """The format ``competition``'s next round is made by: blind while it hides its
    results (``format_rules.tournament_format``)."""
    return tournament_format(competition, blind=competition_hides_results(competition))


@dataclass(frozen=True)
class Completed:
    """The round just completed, as read to complete it: its number, its history
    and (if read) the whole history, which rating it leaves as they were."""

    number: int
    history: History
    whole: History | None


def next_tournament_round(
    t: Competition,
    *,
    completed: Completed | None = None,
    entries: dict[int, Entry] | None = None,
    fmt: Format | None = None,
) -> Round | None:
    """Make the next round (inside the tournament's lock). ``completed``: the
    round just completed, whose histories are not read again; ``entries``: the
    tournament's entries, read under the lock; ``fmt``: its format, when worked
    out already (``plays_by``)."""
    if fmt is None:
        fmt = next_round_format(t)
    if fmt.reads_history:
        h = completed.whole if completed and completed.whole else load_history(t)
    else:  # a round robin's next round follows from the entries and the last round
        last = Round.objects.filter(competition=t).order_by("-number").first()
        if completed and last and last.number == completed.number:
            h = completed.history
        else:
            h = load_history(t, rounds=[last.number] if last else [])
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
        mark_finished(t)
        return None
    return schedule_round(t, pairings=pairings, entries=entries)


def _maybe_end_season(season: Competition) -> None:
    done = Round.objects.filter(competition=season, status=Round.Status.DONE).count()
    over = (season.max_rounds and done >= season.max_rounds) or (
        season.ends_at is not None and timezone.now() >= season.ends_at
    )
    if over and season.status in (S.RUNNING, S.PAUSED):
        mark_finished(season)
        transaction.on_commit(lambda: sync_periodic_task(season))


def ladder_tick(season_id: int) -> str:
    """The periodic step of a running season: if the last round is done, make the
    next one; if it is still being played, wait for the next tick."""
    last = Round.objects.filter(competition_id=season_id).order_by("-number").first()
    if (
        last is not None
        and last.status != Round.Status.DONE
        and check_round(last.pk) != "completed"
    ):
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

"""A competition's life: creating it, entering bots, and the status machine
``open_entries``, ``start``, ``pause``, ``resume``, ``finish`` (draft -> open ->
running <-> paused -> finished; anything else is refused with ``TournamentError``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction
from django.utils import timezone

from engine import registry
from engine.game import RulesError

from tournaments.entering import create_entries, join_public_bots
from tournaments.finishing import after_finish
from tournaments.format_rules import tournament_format
from tournaments.locking import lock
from tournaments.models import (
    DEFAULT_PERIOD_SECONDS,
    PUBLIC_BOTS_SEASONS_ONLY,
    SEASON_FIELDS,
    TOURNAMENT_FIELDS,
    Competition,
    Entry,
    Round,
)
from tournaments.rounds import (
    active_entries,
    check_round,
    next_tournament_round,
    schedule_ladder_round,
    schedule_round,
)
from tournaments.schedule import sync_periodic_task
from tournaments.versions import pin_versions

S = Competition.Status
F = Competition.Format
Kind = Competition.Kind


class TournamentError(ValueError):
    """A request the organiser's tools refuse (a wrong transition, a bad setting)."""


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
    if teams and (sum(teams) != group_size or any(t < 1 for t in teams) or len(teams) < 2):
        raise TournamentError(f"teams {list(teams)} must be 2+ sizes adding up to {group_size}")
    return rules


def _check_options(rules, group_size: int, teams, options) -> dict:
    """The options resolved, and the teams checked against the game's alliances:
    a team is the same thing in every game (``engine.game.team_sizes``)."""
    options = rules.resolve_options(dict(options or {}))
    try:
        rules.check_teams(group_size, options, tuple(teams) if teams else None)
    except RulesError as exc:
        raise TournamentError(str(exc)) from None
    return options


def create_season(
    name: str,
    *,
    game: str,
    group_size: int | None = None,
    teams=None,
    k: int = 2,
    period_seconds: int = DEFAULT_PERIOD_SECONDS,
    seed: int = 1,
    options=None,
    **fields,
) -> Competition:
    group_size = group_size or min(_rules(game).seat_counts)
    rules = _check_game(game, group_size, teams)
    options = _check_options(rules, group_size, teams, options)
    if k < 1 or period_seconds < 1:
        raise TournamentError("k and the period must be positive")
    _refuse_fields_of_other_kind(fields, TOURNAMENT_FIELDS, "a ladder season")
    return Competition.objects.create(
        kind=Kind.SEASON,
        name=name,
        game=game,
        group_size=group_size,
        teams=list(teams or []),
        k=k,
        period_seconds=period_seconds,
        seed=seed,
        options=options,
        **fields,
    )


def create_tournament(
    name: str,
    *,
    game: str,
    format: str = F.ROUND_ROBIN,
    group_size: int | None = None,
    teams=None,
    seed: int = 1,
    options=None,
    **fields,
) -> Competition:
    if format not in F.values:
        raise TournamentError(f"unknown format {format!r}; known: {', '.join(F.values)}")
    group_size = group_size or min(_rules(game).seat_counts)
    rules = _check_game(game, group_size, teams)
    if (group_size != 2 or teams) and format != F.SWISS:
        raise TournamentError(f"{format} is two seats only; use swiss for groups of {group_size}")
    options = _check_options(rules, group_size, teams, options)
    _refuse_fields_of_other_kind(fields, SEASON_FIELDS, "a tournament")
    if fields.get("signup") == Competition.Signup.PUBLIC_BOTS:
        raise TournamentError(PUBLIC_BOTS_SEASONS_ONLY)
    return Competition.objects.create(
        kind=Kind.TOURNAMENT,
        name=name,
        game=game,
        format=format,
        group_size=group_size,
        teams=list(teams or []),
        seed=seed,
        options=options,
        **fields,
    )


def _refuse_fields_of_other_kind(fields: dict, other: Sequence[str], kind: str) -> None:
    stray = sorted(set(fields) & set(other))
    if stray:
        raise TournamentError(f"{kind} has no {', '.join(stray)}")


def add_entries(competition: Competition, *, bots: Iterable) -> list[Entry]:
    """Enter bots: built-in bot names (``"greedy"``; a repeated name gets a numbered
    entry name ``greedy-2``), or uploaded bots (objects; the bots app links them).
    Entries join in order: the first added is seed 1. Refused once finished; a
    running season takes newcomers from its next round."""
    if competition.status == S.FINISHED or (
        not competition.is_season and competition.status not in (S.DRAFT, S.OPEN)
    ):
        raise TournamentError(f"{competition} does not take entries now")
    rules = registry.get(competition.game)
    bots = list(bots)
    for bot in bots:
        if isinstance(bot, str) and bot not in rules.bots:
            raise TournamentError(
                f"{rules.name} has no built-in bot {bot!r} (bots: {', '.join(sorted(rules.bots))})"
            )
    with transaction.atomic():
        lock(competition)  # one writer of entries at a time: caps and seeds hold
        return create_entries(competition, bots)


TRANSITIONS = {
    "open": ({S.DRAFT}, S.OPEN),
    "start": ({S.OPEN}, S.RUNNING),
    "pause": ({S.RUNNING}, S.PAUSED),
    "resume": ({S.PAUSED}, S.RUNNING),
    "finish": ({S.RUNNING, S.PAUSED}, S.FINISHED),
}


def _transition(competition: Competition, action: str) -> Competition:
    sources, target = TRANSITIONS[action]
    locked = lock(competition)
    if locked.status not in sources:
        raise TournamentError(
            f"cannot {action} {locked.kind} {locked.pk}: it is {locked.status} "
            f"(needs {' or '.join(sorted(sources))})"
        )
    locked.status = target
    if action == "start":
        locked.started_at = timezone.now()
    if action == "finish":
        locked.finished_at = timezone.now()
    locked.save(update_fields=["status", "started_at", "finished_at"])
    if action == "finish":
        after_finish(locked)
    return locked


def open_entries(competition: Competition) -> Competition:
    with transaction.atomic():
        out = _transition(competition, "open")
    competition.refresh_from_db()
    return out


def start(competition: Competition) -> Competition:
    """Start: the first round is made now (its matches are queued on commit); a
    season also gets its periodic tick. A tournament pins each uploaded entry's
    version. A season that owners sign up for may start with fewer entries than a
    round needs: its rounds begin once enough have joined."""
    with transaction.atomic():
        locked = lock(competition)
        if locked.is_season:
            join_public_bots(locked)
        entries = list(active_entries(locked))
        needed = max(2, locked.group_size)
        self_service = locked.is_season and locked.signup != Competition.Signup.ORGANISER
        if len(entries) < needed and not self_service:
            raise TournamentError(f"{len(entries)} entries: at least {needed} are needed to start")
        locked = _transition(locked, "start")
        if not locked.is_season:
            pin_versions(locked)
            pairings = tournament_format(locked).first_round([e.pk for e in entries], locked.seed)
            schedule_round(locked, pairings=pairings)
        else:
            schedule_ladder_round(locked)
            sync_periodic_task(locked)
    competition.refresh_from_db()
    return competition


def _stop_transition(competition: Competition, action: str) -> Competition:
    """A transition after which no new round is made: a season's periodic task
    is switched off with it."""
    with transaction.atomic():
        _transition(competition, action)
        if competition.is_season:
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
            next_tournament_round(t)
            return
    if pending is not None:
        check_round(pending)


def finish(competition: Competition) -> Competition:
    return _stop_transition(competition, "finish")

"""Demo ladders that keep going in bounded storage.

``manage.py demo_seasons`` starts a demo ladder of built-in bots per game, marked
``demo``. Each plays ``max_rounds`` rounds and finishes; ``keep_demos_alive``
(the scheduler's ``tournaments.keep_demos_alive`` task, and the loader at every
``make run``) then starts the game's next one, a copy with the next seed, and
deletes the finished demo seasons older than the most recent, with their matches
and logs. So a game has at most two demo seasons stored: the one playing and the
last one finished (still there to browse).

Only demo seasons are ever deleted, and of those only the ones that are still
nothing but built-in bots: a demo season an organiser entered an uploaded bot in,
or one with a match someone forked, is kept as it is."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.template.defaultfilters import pluralize

from engine import registry

from matches.models import Match
from matches.pruning import delete_matches
from tournaments import lifecycle
from tournaments.models import Competition, Fixture, FixtureSeat
from tournaments.schedule import drop_periodic_task

S = Competition.Status
NAME = "Demo ladder: "


def demo_name(game: str, number: int) -> str:
    """``Demo ladder: Tic-tac-toe``, then ``... #2``, ``#3`` for its successors."""
    rules = registry.get(game)
    return NAME + (rules.title or rules.name) + (f" #{number}" if number > 1 else "")


def start_season(name: str, game: str, bots: Sequence[str], period: int, **fields) -> Competition:
    """A season of built-in ``bots``, created, opened and started (its first round
    made now)."""
    season = lifecycle.create_season(
        name,
        game=game,
        group_size=fields.pop("group_size", None) or min(registry.get(game).seat_counts),
        k=fields.pop("k", 2),
        period_seconds=period,
        seed=fields.pop("seed", 1),
        **fields,
    )
    lifecycle.add_entries(season, bots=list(bots))
    lifecycle.open_entries(season)
    return lifecycle.start(season)


def start_first(game: str, bots: Sequence[str], *, rounds: int, period: int) -> Competition | None:
    """The game's first demo ladder; ``None`` (nothing made) when it has one already."""
    if Competition.objects.filter(demo=True, game=game).exists():
        return None
    return start_season(demo_name(game, 1), game, bots, period, max_rounds=rounds, demo=True)


def keep_demos_alive() -> list[str]:
    """For each game with a demo ladder: start the next when none is left that has
    not finished, then delete the older finished ones. One line per change."""
    games = Competition.objects.filter(demo=True).values_list("game", flat=True).distinct()
    done = []
    for game in sorted(set(games) & set(registry.games())):
        try:
            with transaction.atomic():
                renewed = _renew(game)
        except lifecycle.TournamentError as exc:  # the other games go on
            done.append(f"{game}: no next demo ladder: {exc}")
            renewed = None
        if renewed is not None:
            done.append(f"{renewed.name}: started, seed {renewed.seed}")
        deleted = prune(game)
        if deleted:
            done.append(f"{game}: {deleted} old demo season{pluralize(deleted)} deleted")
    return done


def _renew(game: str) -> Competition | None:
    """Under the lock of the game's latest demo season (two scheduler runs at once
    make one successor): a copy of it when it has finished."""
    latest = (
        Competition.objects.select_for_update().filter(demo=True, game=game).order_by("-id").first()
    )
    if latest is None or latest.status != S.FINISHED:
        return None
    # a run that waited for the lock finds the successor the other one made (the
    # locking read does not look for rows newer than the one it locked; this does)
    if Competition.objects.filter(demo=True, game=game, pk__gt=latest.pk).exists():
        return None
    # the built-in bots the game still has (a later release may retire one)
    entries = latest.entries.filter(bot__isnull=True).order_by("seed", "id")
    bots = [e.builtin for e in entries if e.builtin in registry.get(game).bots]
    return start_season(
        demo_name(game, latest.seed + 1),
        game,
        bots,
        latest.period_seconds,
        group_size=latest.group_size,
        teams=latest.teams,
        options=latest.options,
        k=latest.k,
        seed=latest.seed + 1,
        max_rounds=latest.max_rounds,
        demo=True,
    )


def prunable(game: str):
    """The game's finished demo seasons but the most recent, of built-in bots only,
    with no forked match and none still being played (one finished by hand)."""
    finished = Competition.objects.filter(demo=True, game=game, status=S.FINISHED)
    newest = finished.order_by("-id").values_list("pk", flat=True).first()
    if newest is None:
        return finished
    return (
        finished.filter(pk__lt=newest)
        .exclude(entries__bot__isnull=False)
        .exclude(fixtures__match__forks__isnull=False)
        .exclude(fixtures__match__status=Match.Status.RUNNING)
        .distinct()
    )


def prune(game: str) -> int:
    """Delete ``prunable(game)`` seasons with their rounds, entries, ratings,
    matches and logs, and their scheduler entries; how many."""
    count = 0
    for season in prunable(game):
        with transaction.atomic():
            match_ids = list(
                Fixture.objects.filter(competition=season, match__isnull=False).values_list(
                    "match_id", flat=True
                )
            )
            drop_periodic_task(season)
            # a fixture's seat protects its entry: the seats go first
            FixtureSeat.objects.filter(fixture__competition=season).delete()
            season.delete()
            delete_matches(match_ids)
        count += 1
    return count

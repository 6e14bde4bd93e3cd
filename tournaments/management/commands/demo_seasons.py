"""``manage.py demo_seasons``: for every game, a running demo ladder season of
built-in bots (a round every 20 seconds; the quick ones: ``search-1`` but not
the slower search budgets), so ``make run`` shows matches being
played within the first minute, and a running always-on ladder that every public
bot of the game with a valid version joins by itself (and any owner may enter a
bot in), so a starter uploaded on a fresh install plays ranked matches within a
round or two.

Each demo ladder finishes after ``--rounds`` rounds (30: ten minutes); the next
one then starts, and older finished ones are deleted (``tournaments.demo``: the
scheduler does it while ``make run`` runs, this command at its start), so the demo
goes on across restarts in bounded storage.
An always-on ladder runs until finished, but holds one built-in bot fewer than a
match needs: it plays only once an uploaded bot has joined. Idempotent: a game's
demo ladders are started once (``--rounds`` and ``--period`` apply to the first;
its successors copy it), an existing always-on ladder is left as it is."""

from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize

from engine import registry
from engine.search.bot import quick_builtins

from tournaments import demo
from tournaments.models import Competition


class Command(BaseCommand):
    help = "Keep a demo ladder season and an always-on ladder going for every game."

    def add_arguments(self, parser):
        parser.add_argument("--period", type=int, default=20, help="seconds between rounds")
        parser.add_argument(
            "--rounds",
            type=int,
            default=30,
            help="rounds each demo season plays before the next starts (at least 1)",
        )

    def handle(self, *args, **opts):
        if opts["rounds"] < 1 or opts["period"] < 1:
            raise CommandError("--rounds and --period must be at least 1")
        period, rounds = opts["period"], opts["rounds"]
        started = []
        for game in registry.games().values():
            bots = quick_builtins(game.bots) * max(2, min(game.seat_counts))
            first = demo.start_first(game.name, bots, rounds=rounds, period=period)
            if first is not None:
                self._started(first, rounds)
                started.append(first.pk)
            self._always_on(game, period)
        # a restart after the last demo ladder of a game finished starts its next
        for line in demo.keep_demos_alive():
            self.stdout.write(line)
        live = Competition.objects.filter(demo=True).exclude(status=Competition.Status.FINISHED)
        for season in live.exclude(pk__in=started).order_by("game"):
            self.stdout.write(f"{season.name}: {season.status}")

    def _always_on(self, game, period: int) -> None:
        name = f"Always-on ladder: {game.title or game.name}"
        season = Competition.objects.filter(
            kind=Competition.Kind.SEASON, name=name, game=game.name
        ).first()
        if season is not None:
            self.stdout.write(f"{name}: {season.status}")
            return
        size = min(game.seat_counts)
        # the strongest-sounding built-in bots first, one fewer than a match seats
        builtins = (sorted(game.bots, key=lambda b: b != "greedy") * size)[: size - 1]
        season = demo.start_season(
            name, game.name, builtins, period, signup=Competition.Signup.PUBLIC_BOTS
        )
        self._started(season, 0)

    def _started(self, season: Competition, rounds: int) -> None:
        bound = f", {rounds} round{pluralize(rounds)}" if rounds else ", until finished"
        entries = season.entries.count()
        self.stdout.write(
            f"{season.name}: started with {entries} entries, a round every "
            f"{season.period_seconds} s{bound}"
        )

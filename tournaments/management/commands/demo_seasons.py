"""``manage.py demo_seasons``: for every game, a running demo ladder season of
built-in bots (a round every 20 seconds; the quick ones: ``search-1`` but not
the slower search budgets), so ``make run`` shows matches being
played within the first minute, and a running always-on ladder that every public
bot of the game with a valid version joins by itself (and any owner may enter a
bot in), so a starter uploaded on a fresh install plays ranked matches within a
round or two.

Each demo ladder stops after ``--rounds`` rounds (30: ten minutes), so a demo left
running neither fills the disk nor buries your own matches in the worker's log.
An always-on ladder runs until finished, but holds one built-in bot fewer than a
match needs: it plays only once an uploaded bot has joined. Idempotent: an
existing demo season is left as it is."""

from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize

from engine import registry
from engine.search.bot import quick_builtins

from tournaments import lifecycle
from tournaments.models import Competition


class Command(BaseCommand):
    help = "Create and start a demo ladder season and an always-on ladder for every game."

    def add_arguments(self, parser):
        parser.add_argument("--period", type=int, default=20, help="seconds between rounds")
        parser.add_argument(
            "--rounds",
            type=int,
            default=30,
            help="rounds each demo season plays before it finishes (at least 1)",
        )

    def handle(self, *args, **opts):
        if opts["rounds"] < 1 or opts["period"] < 1:
            raise CommandError("--rounds and --period must be at least 1")
        for game in registry.games().values():
            title = game.title or game.name
            size = min(game.seat_counts)
            self._season(
                f"Demo ladder: {title}",
                game,
                quick_builtins(game.bots) * max(2, size),
                opts["period"],
                max_rounds=opts["rounds"],
            )
            # the strongest-sounding built-in bots first, one fewer than a match seats
            builtins = (sorted(game.bots, key=lambda b: b != "greedy") * size)[: size - 1]
            self._season(
                f"Always-on ladder: {title}",
                game,
                builtins,
                opts["period"],
                signup=Competition.Signup.PUBLIC_BOTS,
            )

    def _season(self, name, game, bots, period, **fields):
        season = Competition.objects.filter(
            kind=Competition.Kind.SEASON, name=name, game=game.name
        ).first()
        if season is not None:
            self.stdout.write(f"{name}: {season.status}")
            return
        season = lifecycle.create_season(
            name,
            game=game.name,
            group_size=min(game.seat_counts),
            k=2,
            period_seconds=period,
            seed=1,
            **fields,
        )
        lifecycle.add_entries(season, bots=bots)
        lifecycle.open_entries(season)
        lifecycle.start(season)
        rounds = fields.get("max_rounds")
        bound = f", {rounds} round{pluralize(rounds)}" if rounds else ", until finished"
        self.stdout.write(
            f"{name}: started with {len(bots)} entries, a round every {period} s{bound}"
        )

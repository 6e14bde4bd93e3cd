"""``manage.py demo_seasons``: a running demo ladder season of built-in bots for
every game (a round every 20 seconds), so ``make run`` shows matches being played
within the first minute. Each stops after ``--rounds`` rounds (30: ten minutes), so
a demo left running neither fills the disk nor buries your own matches in the
worker's log. Idempotent: an existing demo season is left as it is."""

from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize

from engine import registry
from tournaments import lifecycle
from tournaments.models import Competition


class Command(BaseCommand):
    help = "Create and start a demo ladder season for every game."

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
            name = f"Demo ladder: {game.title or game.name}"
            season = Competition.objects.filter(
                kind=Competition.Kind.SEASON, name=name, game=game.name
            ).first()
            if season is None:
                size = min(game.seat_counts)
                season = lifecycle.create_season(
                    name,
                    game=game.name,
                    group_size=size,
                    k=2,
                    period_seconds=opts["period"],
                    seed=1,
                    max_rounds=opts["rounds"],
                )
                bots = sorted(game.bots) * max(2, size)
                lifecycle.add_entries(season, bots=bots)
                lifecycle.open_entries(season)
                lifecycle.start(season)
                self.stdout.write(
                    f"{name}: started with {len(bots)} entries, "
                    f"a round every {opts['period']} s, {opts['rounds']} "
                    f"round{pluralize(opts['rounds'])}"
                )
            else:
                self.stdout.write(f"{name}: {season.status}")

"""``manage.py demo_seasons``: a running demo ladder season of built-in bots for
every game (a round every 20 seconds), so ``make run`` shows matches being played
within the first minute. Idempotent: an existing demo season is left as it is."""

from django.core.management.base import BaseCommand

from engine import registry
from tournaments import services
from tournaments.models import Season


class Command(BaseCommand):
    help = "Create and start a demo ladder season for every game."

    def add_arguments(self, parser):
        parser.add_argument("--period", type=int, default=20, help="seconds between rounds")

    def handle(self, *args, **opts):
        for game in registry.games().values():
            name = f"Demo ladder: {game.title or game.name}"
            season = Season.objects.filter(name=name, game=game.name).first()
            if season is None:
                size = min(game.seat_counts)
                season = services.create_season(name, game.name, group_size=size, k=2,
                                                period_seconds=opts["period"], seed=1)
                bots = sorted(game.bots) * max(2, size)
                services.add_entries(season, bots)
                services.open_entries(season)
                services.start(season)
                self.stdout.write(f"{name}: started with {len(bots)} entries, "
                                  f"a round every {opts['period']} s")
            else:
                self.stdout.write(f"{name}: {season.status}")

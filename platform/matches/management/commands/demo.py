"""``manage.py demo``: a demo admin account and a few stored matches of every game.

Idempotent: the admin is created once, and a demo match (game, bots, seed) is
stored only if it is not there yet.
"""

import itertools

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.template.defaultfilters import pluralize

from engine import registry
from engine.search.bot import quick_builtins

from matches import services
from matches.models import Match

ADMIN_USER = "admin"
ADMIN_PASSWORD = "admin"


def demo_lineups(game, count: int) -> list[tuple[list[str], int]]:
    """``count`` (bots, seed) pairs: every ordered pairing of the game's quick
    built-in bots (``search-1`` but not the slower search budgets) at its smallest
    seat count, cycled, with seeds 1, 2, 3..."""
    seats = min(game.seat_counts)
    bots = quick_builtins(game.bots)
    combos = [
        list(c) for c in itertools.product(bots, repeat=seats) if len(set(c)) > 1 or len(bots) == 1
    ] or [[bots[0]] * seats]
    return [(combos[i % len(combos)], i + 1) for i in range(count)]


class Command(BaseCommand):
    help = "Create the demo admin account and store a few demo matches of every game."

    def add_arguments(self, parser):
        parser.add_argument("--matches", type=int, default=4, help="demo matches per game")

    def handle(self, *args, **opts):
        User = get_user_model()
        if not User.objects.filter(username=ADMIN_USER).exists():
            User.objects.create_superuser(ADMIN_USER, "admin@example.com", ADMIN_PASSWORD)
            self.stdout.write(f"created the demo admin: {ADMIN_USER} / {ADMIN_PASSWORD}")
        else:
            self.stdout.write(
                f"demo admin: {ADMIN_USER} (password {ADMIN_PASSWORD} unless changed)"
            )
        for game in registry.games().values():
            made = 0
            for bots, seed in demo_lineups(game, opts["matches"]):
                if self._exists(game.name, bots, seed):
                    continue
                match = services.play_and_store(game.name, bots, seed)
                made += 1
                self.stdout.write(
                    f"  {game.name} #{match.pk}: {' vs '.join(bots)} seed {seed} "
                    f"-> {match.status}, {match.event_count} events"
                )
            self.stdout.write(f"{game.name}: {made} new demo match{pluralize(made, 'es')}")

    @staticmethod
    def _exists(game: str, bots: list[str], seed: int) -> bool:
        for match in Match.objects.filter(
            game=game, seed=seed, status=Match.Status.FINISHED
        ).prefetch_related("seats"):
            if [s.bot_name for s in sorted(match.seats.all(), key=lambda s: s.index)] == bots:
                return True
        return False

"""``manage.py rebuild_standings (--season ID | --tournament ID) [--check]``.

Recomputes ratings, rating history and standings from the stored logs. ``--check``
changes nothing and exits non-zero when the recomputed values differ from the
stored ones.
"""

from django.core.management.base import BaseCommand, CommandError

from tournaments import services
from tournaments.models import Season, Tournament


class Command(BaseCommand):
    help = "Recompute ratings and standings of a season or tournament from the stored logs."

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--season", type=int)
        which.add_argument("--tournament", type=int)
        parser.add_argument("--check", action="store_true",
                            help="change nothing; exit 1 if the stored values differ")

    def handle(self, *args, **o):
        model, pk = (Season, o["season"]) if o["season"] else (Tournament, o["tournament"])
        competition = model.objects.filter(pk=pk).first()
        if competition is None:
            raise CommandError(f"no {model._meta.model_name} {pk}")
        diffs = services.rebuild(competition, check=o["check"])
        label = f"{competition.kind} {pk}"
        if not diffs:
            self.stdout.write(f"{label}: ratings and standings match the stored logs")
            return
        for d in diffs:
            self.stdout.write(f"{label}: {d}")
        if o["check"]:
            raise CommandError(f"{label}: the stored ratings or standings differ from a rebuild")
        self.stdout.write(f"{label}: rebuilt")

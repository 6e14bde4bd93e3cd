"""``manage.py rebuild_standings ID [--check]`` (ID: a season's or tournament's id).

Recomputes ratings, rating history and standings from the stored logs. ``--check``
changes nothing and exits non-zero when the recomputed values differ from the
stored ones.
"""

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Competition
from tournaments.rebuild import rebuild


class Command(BaseCommand):
    help = "Recompute ratings and standings of a season or tournament from the stored logs."

    def add_arguments(self, parser):
        parser.add_argument("competition", type=int, help="the season's or tournament's id")
        parser.add_argument(
            "--check",
            action="store_true",
            help="change nothing; exit 1 if the stored values differ",
        )

    def handle(self, *args, **o):
        pk = o["competition"]
        competition = Competition.objects.filter(pk=pk).first()
        if competition is None:
            raise CommandError(f"no season or tournament {pk}")
        diffs = rebuild(competition, check=o["check"])
        label = f"{competition.kind} {pk}"
        if not diffs:
            self.stdout.write(f"{label}: ratings and standings match the stored logs")
            return
        for d in diffs:
            self.stdout.write(f"{label}: {d}")
        if o["check"]:
            raise CommandError(f"{label}: the stored ratings or standings differ from a rebuild")
        self.stdout.write(f"{label}: rebuilt")

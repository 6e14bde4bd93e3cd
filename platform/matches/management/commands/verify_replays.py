"""``manage.py verify_replays [--all | ID ...]``: re-simulate stored matches."""

from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize

from matches import verification
from matches.models import Match


class Command(BaseCommand):
    help = (
        "Re-simulate stored matches and check their hash chains; reports every "
        "mismatch and exits non-zero if there is any."
    )

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, metavar="ID")
        parser.add_argument("--all", action="store_true", help="every finished match")

    def handle(self, *args, **opts):
        if opts["all"] == bool(opts["ids"]):
            raise CommandError("give match ids or --all (not both)")
        if opts["all"]:
            matches = Match.objects.filter(status=Match.Status.FINISHED).order_by("id")
        else:
            matches = list(Match.objects.filter(pk__in=opts["ids"]).order_by("id"))
            missing = sorted(set(opts["ids"]) - {m.pk for m in matches})
            if missing:
                raise CommandError(f"no match with id {', '.join(map(str, missing))}")
        checked = bad = 0
        for match in matches.iterator() if hasattr(matches, "iterator") else matches:
            report = verification.verify_stored_match(match)
            checked += 1
            if report.ok:
                self.stdout.write(f"match {match.pk}: ok {report.digest}")
            else:
                bad += 1
                for problem in report.problems:
                    self.stderr.write(f"match {match.pk}: MISMATCH {problem}")
        self.stdout.write(
            f"{checked} match{pluralize(checked, 'es')} checked, {bad} with mismatches"
        )
        if bad:
            raise CommandError(
                f"{bad} match{pluralize(bad, 'es')} failed verification", returncode=1
            )

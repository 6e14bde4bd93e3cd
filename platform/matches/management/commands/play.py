"""``manage.py play GAME BOT BOT ... --seed N [--option k=v]``: play and store a match."""

from django.core.management.base import BaseCommand, CommandError

from engine.game import RulesError

from matches import services
from matches.models import Match


class Command(BaseCommand):
    help = "Play a match between built-in bots and store it; prints its id and digest."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("bots", nargs="+", metavar="BOT")
        parser.add_argument(
            "--seed", type=int, default=None, help="the match seed (default: a fresh secret one)"
        )
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")

    def handle(self, *args, **opts):
        options = {}
        for pair in opts["option"]:
            key, sep, value = pair.partition("=")
            if not sep or not key:
                raise CommandError(f"--option takes key=value, not {pair!r}")
            options[key] = value
        try:
            match = services.play_and_store(opts["game"], opts["bots"], opts["seed"], options)
        except RulesError as exc:
            raise CommandError(str(exc)) from None
        if match.status != Match.Status.FINISHED:
            raise CommandError(f"match {match.pk} {match.status}: {match.error}")
        for seat in match.seats.all():
            self.stdout.write(
                f"seat {seat.index} {seat.bot_name}: rank {seat.rank}, score {seat.score}"
            )
        self.stdout.write(f"ended: {match.result['reason']}; {match.event_count} events")
        self.stdout.write(f"match {match.pk} digest {match.digest}")

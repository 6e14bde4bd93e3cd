"""``manage.py run_tournament GAME --format F --bots A B ... --seed S [--inline]``.

Creates a tournament of built-in bots, queues it for the workers and waits (a
progress bar), then prints the standings. ``--inline`` plays every match in this
process: no worker is needed.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from matches.models import Match
from matches.tasks import run
from tournaments import format_rules, lifecycle, selectors
from tournaments.models import Competition


class Command(BaseCommand):
    help = "Run a tournament of built-in bots and print its standings."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--format", default="round_robin", choices=Competition.Format.values)
        parser.add_argument("--bots", nargs="+", required=True, help="built-in bot names")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--name", default="")
        parser.add_argument("--group-size", type=int, default=None)
        parser.add_argument("--rounds", type=int, default=0, help="Swiss rounds (0: log2 n)")
        parser.add_argument(
            "--inline",
            action="store_true",
            help="play the matches in this process (no broker, no worker)",
        )
        parser.add_argument(
            "--timeout", type=float, default=3600, help="seconds to wait for the workers"
        )
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **o):
        try:
            t = lifecycle.create_tournament(
                o["name"] or f"{o['game']} {o['format']} seed {o['seed']}",
                game=o["game"],
                format=o["format"],
                group_size=o["group_size"],
                seed=o["seed"],
                swiss_rounds=o["rounds"],
            )
            lifecycle.add_entries(t, bots=o["bots"])
            lifecycle.open_entries(t)
        except lifecycle.TournamentError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"tournament #{t.pk}: {t.name}, {len(o['bots'])} entries")
        bar = tqdm(total=0, unit="match", disable=o["no_progress"], file=self.stderr._out)
        try:
            if o["inline"]:
                self._inline(t, bar, o["timeout"])
            else:
                lifecycle.start(t)
                self._wait(t, bar, o["timeout"])
        except lifecycle.TournamentError as exc:
            raise CommandError(f"tournament #{t.pk}: {exc}") from None
        finally:
            bar.close()
        t.refresh_from_db()
        self.stdout.write(f"tournament #{t.pk} {t.status}; progress {selectors.progress(t)}")
        self._print_table(t)

    def _update(self, t, bar) -> dict:
        p = selectors.progress(t)
        bar.total = p["total"]
        bar.n = p["finished"] + p["failed"]
        bar.set_postfix(
            round=f"{p['rounds_done']}/{p['rounds']}", running=p["running"], failed=p["failed"]
        )
        bar.refresh()
        return p

    def _inline(self, t, bar, timeout: float) -> None:
        """Be a worker: run the tournament's queued matches here, with the worker's
        own code, until it is over. Their messages are sent all the same: a worker
        running beside may take some (then this waits for them), and one that gets
        a message later finds the match over and does nothing."""
        lifecycle.start(t)
        deadline = time.monotonic() + timeout
        while t.status == Competition.Status.RUNNING:
            queued = list(
                Match.objects.filter(fixture__competition=t, status=Match.Status.QUEUED)
                .order_by("pk")
                .values_list("pk", flat=True)
            )
            for match_id in queued:
                run(match_id, "inline")
                self._update(t, bar)
            if not queued:
                if time.monotonic() > deadline:
                    raise CommandError(
                        f"tournament #{t.pk} did not finish in {timeout:.0f} s "
                        "(a match is running elsewhere and did not end)"
                    )
                time.sleep(0.1)  # another worker runs the rest of a round: wait for it
            t.refresh_from_db()

    def _wait(self, t, bar, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            t.refresh_from_db()
            self._update(t, bar)
            if t.status == Competition.Status.FINISHED:
                return
            if time.monotonic() > deadline:
                raise CommandError(
                    f"tournament #{t.pk} did not finish in {timeout:.0f} s "
                    "(is a worker running? celery -A config worker)"
                )
            time.sleep(0.25)

    def _print_table(self, t) -> None:
        rows = selectors.standings(t)
        self.stdout.write(
            f"{'rank':>4}  {'entry':<16} {'pts':>4} {'W':>3} {'D':>3} {'L':>3} "
            f"{'games':>5} {'rating':>7}  tie-breaks"
        )
        for r in rows:
            tb = ", ".join(f"{k} {r[k]:g}" for k in format_rules.tie_breaks_for(t))
            self.stdout.write(
                f"{r['rank'] or '-':>4}  {r['name']:<16} {r['points']:>4} {r['wins']:>3} "
                f"{r['draws']:>3} {r['losses']:>3} {r['games']:>5} {r['ordinal']:>7.2f}  {tb}"
            )
        champ = selectors.champion(t)
        if champ:
            self.stdout.write(f"champion: {champ.name}")

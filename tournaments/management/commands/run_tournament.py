"""``manage.py run_tournament GAME --format F --bots A B ... --seed S [--inline]``,
or ``manage.py run_tournament --attach ID``.

Creates a tournament of built-in bots, queues it for the workers and waits (a
progress bar), then prints the standings. ``--inline`` plays every match in this
process: no worker is needed. ``--attach ID`` waits on a competition already
running (one whose waiting command was stopped) instead of making a new one.
While it waits, a lost database connection (a restart) is no end: it says so and
connects again until the database is back or ``--timeout`` has passed.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.db import InterfaceError, OperationalError, connection
from tqdm import tqdm

from matches.models import Match
from matches.tasks import run
from tournaments import format_rules, lifecycle, selectors
from tournaments.models import Competition


class Command(BaseCommand):
    help = "Run a tournament of built-in bots and print its standings."

    def add_arguments(self, parser):
        parser.add_argument("game", nargs="?")
        parser.add_argument("--format", default="round_robin", choices=Competition.Format.values)
        parser.add_argument("--bots", nargs="+", help="built-in bot names")
        parser.add_argument(
            "--attach",
            type=int,
            metavar="ID",
            help="wait on the running competition ID (made before) instead of a new one",
        )
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
        if o["attach"] is not None:
            t = Competition.objects.filter(pk=o["attach"]).first()
            if t is None:
                raise CommandError(f"there is no competition #{o['attach']}")
            self.stdout.write(f"attached to {t.kind} #{t.pk}: {t.name}")
            self._follow(t, o, start=False)
            return
        if not o["game"] or not o["bots"]:
            raise CommandError("name a GAME and its --bots (or --attach ID)")
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
        self._follow(t, o, start=True)

    def _follow(self, t, o, start: bool) -> None:
        """Start ``t`` (unless it runs already), wait until it is over, print it."""
        # the raw stream: Django's wrapper would end each of tqdm's redraws with a newline
        # (the stubs type OutputWrapper._out as a callable: it is the stream)
        out = self.stderr._out
        bar = tqdm(total=0, unit="match", disable=o["no_progress"], file=out)  # type: ignore[call-overload]
        try:
            if o["inline"]:
                self._inline(t, bar, o["timeout"])
            else:
                if start:
                    lifecycle.start(t)
                self._wait(t, bar, o["timeout"])
        except lifecycle.TournamentError as exc:
            raise CommandError(f"tournament #{t.pk}: {exc}") from None
        finally:
            bar.close()
        t.refresh_from_db()
        self.stdout.write(f"{t.kind} #{t.pk} {t.status}; progress {selectors.progress(t)}")
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
        """Poll until the workers have finished ``t``; a database that goes away
        meanwhile is waited for too (the workers go on, or wait for it as well)."""
        deadline = time.monotonic() + timeout
        lost = False
        while True:
            try:
                t.refresh_from_db()
                self._update(t, bar)
            except (OperationalError, InterfaceError) as exc:
                if not lost:
                    self.stderr.write(f"lost the database ({exc}); connecting again...")
                lost = True
                connection.close()  # the next poll connects afresh
            else:
                if lost:
                    self.stderr.write("the database is back; waiting on")
                lost = False
                if t.status == Competition.Status.FINISHED:
                    return
            if time.monotonic() > deadline:
                raise CommandError(
                    f"{t.kind} #{t.pk} did not finish in {timeout:.0f} s "
                    "(is a worker running? celery -A config worker; "
                    f"wait on it again: manage.py run_tournament --attach {t.pk})"
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

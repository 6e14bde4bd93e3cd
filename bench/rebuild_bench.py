"""Rebuild benchmark: ``rebuild_standings --check`` of a 100,000-match competition,
on a scratch PostgreSQL database (``rebuild_bench_scratch``, made and dropped here).

How the data is made (not timed; reported as ``build_s``): a round robin of 448
tic-tac-toe entries, the built-in bots ``greedy`` and ``random`` in turn (447 rounds,
100,128 matches), paired by the format's own schedule. ``TEMPLATES`` real matches
per ordered pair of bots are played and stored through the real storage path; each
of the 100,128 matches is then a copy of one of them, bulk-copied with PostgreSQL
``COPY`` row for row under its own match id: the match row (digest, event count,
result), its seats, its claim and every event of its log with its chain links. So
every match has a complete chained log whose ``MatchEnded`` is the result the
rebuild reads, but the matches of one pair of bots repeat ``TEMPLATES`` logs. Rounds,
fixtures and fixture seats (with the version labels the live path pins) are written
the same way; no worker runs: the rounds are stored done and the tournament
finished, and the tables are analysed (as autovacuum would) before anything is timed.

Timed: ``rebuild(t)`` once, storing the ratings, rating history and standings
(``store_s``); ``rebuild(t, check=True)``, which must find no difference, with the
seconds of its phases (reading the history, folding the ratings, the standings
table, reading what is stored; ``compare`` is the rest); and ``manage.py
rebuild_standings ID --check`` end to end, in a process of its own (Django start-up
included).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from bench.scratch import ROOT, run_child, scratch_database, setup_django

SCRATCH = "rebuild_bench_scratch"
BOTS = ("greedy", "random")
ENTRIES = 448
#: real played logs per ordered pair of bots, that the matches copy
TEMPLATES = 8
#: rounds written per COPY batch (bounds the memory the rows take)
ROUNDS_PER_BATCH = 40
#: the names in ``tournaments.rebuild`` whose time is its phases
PHASES = {
    "load_history": "load_history_s",
    "fold_ratings": "fold_ratings_s",
    "standings_rows": "standings_s",
    "_stored": "read_stored_s",
}


def run() -> dict:
    """The figures on PostgreSQL (skipped when it is not reachable)."""
    with scratch_database(SCRATCH) as (url, problem):
        if problem:
            return {"skipped": problem}
        with tempfile.TemporaryDirectory(prefix="scrimmage-bench-") as tmp:
            return run_child(
                "bench.rebuild_bench",
                {"DATABASE_URL": url, "SCRIMMAGE_DATA_DIR": tmp},
                timeout=3600,
            )


# -- the child process: building the competition ---------------------------------------
def _copy_out(cursor, sql: str) -> list[list[str]]:
    """The rows of ``sql`` in COPY's text format, as lists of fields."""
    data = bytearray()
    with cursor.copy(f"COPY ({sql}) TO STDOUT") as copy:
        for block in copy:
            data += block
    return [line.split("\t") for line in data.decode("utf-8").split("\n") if line]


def _copy_in(cursor, model, columns: list[str], rows: Iterable[list[str]]) -> None:
    with cursor.copy(
        f"COPY {model._meta.db_table} ({', '.join(map(_quoted, columns))}) FROM STDIN"
    ) as copy:
        copy.write("".join("\t".join(row) + "\n" for row in rows))


def _quoted(column: str) -> str:
    return f'"{column}"'


def _text(value) -> str:
    """A value in COPY's text format (only what the rows below hold)."""
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    return str(value)


def _columns(model, key: str) -> list[str]:
    """The columns copied: all but an ``id`` the database numbers itself."""
    return [f.column for f in model._meta.concrete_fields if f.column != "id" or key == "id"]


class MatchCopier:
    """The stored rows of the template matches, table by table, written again under
    new match ids."""

    def __init__(self, cursor, template_ids: list[int]):
        from matches.models import Match, MatchClaim, MatchEvent, MatchSeat

        self.tables = []
        ids = ", ".join(map(str, template_ids))
        for model, key in (
            (Match, "id"),
            (MatchSeat, "match_id"),
            (MatchClaim, "match_id"),
            (MatchEvent, "match_id"),
        ):
            columns = _columns(model, key)
            rows: dict[int, list[list[str]]] = {}
            for row in _copy_out(
                cursor,
                f"SELECT {', '.join(map(_quoted, columns))} FROM "
                f"{model._meta.db_table} WHERE {key} IN ({ids}) "
                f"ORDER BY {', '.join(map(_quoted, columns))}",
            ):
                rows.setdefault(int(row[columns.index(key)]), []).append(row)
            self.tables.append((model, columns, columns.index(key), rows))

    def write(self, cursor, copies: list[tuple[int, int]]) -> None:
        """Store a copy of template ``t`` as match ``m`` for each ``(m, t)``."""
        for model, columns, at, rows in self.tables:
            _copy_in(
                cursor,
                model,
                columns,
                ([*row[:at], str(m), *row[at + 1 :]] for m, t in copies for row in rows[t]),
            )


def _template_matches() -> dict[tuple[str, str], list[int]]:
    from matches import services

    return {
        (a, b): [
            services.play_and_store("tic_tac_toe", [a, b], seed).pk
            for seed in range(1, TEMPLATES + 1)
        ]
        for a in BOTS
        for b in BOTS
    }


def _build() -> int:
    """The finished round robin (see the module docstring); its id."""
    from django.core.management.color import no_style
    from django.db import connection, transaction
    from django.utils import timezone

    from matches.models import Match, MatchEvent, MatchSeat
    from tournaments import lifecycle
    from tournaments.format_rules import tournament_format
    from tournaments.models import Competition, Fixture, FixtureSeat, Round
    from tournaments.versions import playing_version, version_label

    templates = _template_matches()
    t = lifecycle.create_tournament(
        "rebuild bench", game="tic_tac_toe", format=Competition.Format.ROUND_ROBIN, seed=1
    )
    entries = lifecycle.add_entries(t, bots=[BOTS[i % 2] for i in range(ENTRIES)])
    bot = {e.pk: e.builtin for e in entries}
    version = {e.pk: version_label(playing_version(e)) for e in entries}
    schedule = tournament_format(t).schedule([e.pk for e in entries])
    now = timezone.now()
    rounds = Round.objects.bulk_create(
        Round(competition=t, number=i + 1, status=Round.Status.DONE, completed_at=now)
        for i in range(len(schedule))
    )
    next_match = (Match.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
    fixture_columns = _columns(Fixture, "id")
    seat_columns = _columns(FixtureSeat, "fixture_id")
    with transaction.atomic(), connection.cursor() as cursor:
        raw = cursor.cursor
        copier = MatchCopier(raw, [pk for ids in templates.values() for pk in ids])
        for start in range(0, len(schedule), ROUNDS_PER_BATCH):
            copies, fixtures, seats = [], [], []
            for rnd, pairings in zip(
                rounds[start : start + ROUNDS_PER_BATCH], schedule[start : start + ROUNDS_PER_BATCH]
            ):
                for p in pairings:
                    m = next_match
                    next_match += 1
                    logs = templates[tuple(bot[e] for e in p.entries)]
                    # each pair of entries gets one of its bots' logs, spread over them
                    copies.append((m, logs[(p.round * 7 + p.table) % TEMPLATES]))
                    fixtures.append(
                        _row(
                            fixture_columns,
                            id=m,
                            round_id=rnd.pk,
                            competition_id=t.pk,
                            match_id=m,
                            round_no=p.round,
                            table=p.table,
                            leg=p.leg,
                            bracket=p.bracket,
                            bye=False,
                            walkover=False,
                            teams=None,
                        )
                    )
                    seats.extend(
                        _row(seat_columns, fixture_id=m, entry_id=e, index=i, version=version[e])
                        for i, e in enumerate(p.entries)
                    )
            copier.write(raw, copies)
            _copy_in(raw, Fixture, fixture_columns, fixtures)
            _copy_in(raw, FixtureSeat, seat_columns, seats)
        for sql in connection.ops.sequence_reset_sql(
            no_style(), [Match, MatchSeat, MatchEvent, Fixture, FixtureSeat]
        ):
            cursor.execute(sql)
        Competition.objects.filter(pk=t.pk).update(
            status=Competition.Status.FINISHED, started_at=now, finished_at=now
        )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return t.pk


def _row(columns: list[str], **values) -> list[str]:
    return [_text(values[c]) for c in columns]


# -- the child process: timing the rebuild ---------------------------------------------
@contextmanager
def _phase_clock(module, names: Iterable[str]) -> Iterator[dict[str, float]]:
    """Seconds spent in each of ``names`` of ``module`` while the block runs (the
    names are wrapped for the block's time)."""
    seconds = dict.fromkeys(names, 0.0)
    originals = {name: getattr(module, name) for name in seconds}

    def timed(name, fn):
        def call(*args, **kwargs):
            began = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                seconds[name] += time.perf_counter() - began

        return call

    for name, fn in originals.items():
        setattr(module, name, timed(name, fn))
    try:
        yield seconds
    finally:
        for name, fn in originals.items():
            setattr(module, name, fn)


def _child_main() -> dict:
    setup_django()
    from tournaments import rebuild as rebuild_module
    from tournaments.models import Competition, Entry, Fixture, Round

    began = time.perf_counter()
    pk = _build()
    out: dict = {
        "build_s": round(time.perf_counter() - began, 1),
        "matches": Fixture.objects.filter(competition_id=pk, match__isnull=False).count(),
        "entries": Entry.objects.filter(competition_id=pk).count(),
        "rounds": Round.objects.filter(competition_id=pk).count(),
    }
    # the machine is shared: how busy it was when the timing began
    out["cores"] = os.cpu_count()
    out["load_average_1_5_15_min"] = [round(load, 2) for load in os.getloadavg()]
    out["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    t = Competition.objects.get(pk=pk)
    began = time.perf_counter()
    rebuild_module.rebuild(t)
    out["store_s"] = round(time.perf_counter() - began, 2)

    with _phase_clock(rebuild_module, PHASES) as phases:
        began = time.perf_counter()
        diffs = rebuild_module.rebuild(t, check=True)
        total = time.perf_counter() - began
    if diffs:
        raise SystemExit(f"the check found differences right after a rebuild: {diffs}")
    out["check_s"] = round(total, 2)
    out["check_breakdown_s"] = {PHASES[n]: round(s, 2) for n, s in phases.items()}
    out["check_breakdown_s"]["compare_s"] = round(total - sum(phases.values()), 2)

    began = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", "rebuild_standings", str(pk), "--check"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    out["command_check_s"] = round(time.perf_counter() - began, 2)
    return out


if __name__ == "__main__":
    if "--child" in sys.argv:
        print(json.dumps(_child_main()))
    else:
        print(json.dumps(run(), indent=2))

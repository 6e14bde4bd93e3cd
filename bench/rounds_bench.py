"""Round completion benchmark: does completing a round cost the same late in a long
competition as early on?

A ladder season of 40 tic-tac-toe entries, one game each a round (20 matches a
round), runs 500 rounds: 10,000 matches, on a scratch PostgreSQL database, in one
process of its own. Every match runs through the worker's own code
(``matches.tasks.run``: claim, play, store, finish, and the round check the last
match of a round sets off); the ladder's tick makes each next round. Measured: the
completion of each round (``rounds.complete_round_locked`` when it completes one: rating
the round, adding it to the table) and each tick, compared at rounds 6-15 and
491-500, in time and in work that load cannot blur: the queries a completion
sends and the rows it reads back. A round robin of 64 entries (2,016 matches, 63 rounds) is measured the
same way: its table is ranked by tie-breaks, which weigh every result again, so
its completion is expected to grow with the rounds played.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from bench.scratch import run_child, scratch_database

LADDER_ENTRIES, LADDER_ROUNDS = 40, 500
ROUND_ROBIN_ENTRIES = 64


def run() -> dict:
    with scratch_database("scrimmage_bench_rounds") as (url, problem):
        if problem:
            return {"skipped": problem}
        return run_child("bench.rounds_bench", {"DATABASE_URL": url}, timeout=3600)


def _ms(seconds: list[float]) -> float:
    return round(statistics.median(seconds) * 1000, 2)


def _early_late(
    per_round: dict[int, float],
    early: range,
    late: range,
    work: dict[int, tuple[int, int]] | None = None,
) -> dict:
    out = {}
    for span in (early, late):
        name = f"rounds_{span.start}_{span.stop - 1}"
        out[f"{name}_median_ms"] = _ms([per_round[r] for r in span])
        if work is not None:  # the same in every round of the span when the cost is flat
            out[f"{name}_queries"] = sorted({work[r][0] for r in span})
            out[f"{name}_rows_read"] = sorted({work[r][1] for r in span})
    return out


class _Harness:
    """Runs what the workers would, here, and measures round completions."""

    def __init__(self) -> None:
        from matches import tasks
        from tournaments import rounds

        self.tasks, self.rounds = tasks, rounds
        self.sent: list[int] = []
        # the broker is not measured here; a message's matches are run one by one
        tasks.run_match.delay = lambda first, then=(): self.sent.extend([first, *then])
        self.completed: dict[int, float] = {}
        self.work: dict[int, tuple[int, int]] = {}  # round -> (queries, rows read)
        self.match_seconds: list[float] = []
        real = rounds.complete_round_locked

        def measured(rnd):
            with _Work() as work:
                began = time.perf_counter()
                out = real(rnd)
                spent = time.perf_counter() - began
            if out == "completed":
                self.completed[rnd.number] = spent
                self.work[rnd.number] = (work.queries, work.rows)
            return out

        rounds.complete_round_locked = measured

    def play_sent(self) -> None:
        while self.sent:
            match_id = self.sent.pop(0)
            began = time.perf_counter()
            self.tasks.run(match_id, "bench")
            self.match_seconds.append(time.perf_counter() - began)


class _Work:
    """Counts the queries sent and the rows the ORM reads back (models, values and
    value lists alike: every one passes through ``SQLCompiler.results_iter``)."""

    def __enter__(self):
        from django.db import connection
        from django.db.models.sql.compiler import SQLCompiler

        self.queries = self.rows = 0
        self._connection, self._compiler = connection, SQLCompiler
        self._iter = SQLCompiler.results_iter
        work, real_iter = self, self._iter

        def counted(compiler, *args, **kwargs):
            for row in real_iter(compiler, *args, **kwargs):
                work.rows += 1
                yield row

        SQLCompiler.results_iter = counted
        self._wrapper = connection.execute_wrapper(self._count_query)
        self._wrapper.__enter__()
        return self

    def _count_query(self, execute, sql, params, many, context):
        self.queries += 1
        return execute(sql, params, many, context)

    def __exit__(self, *exc) -> None:
        self._wrapper.__exit__(*exc)
        self._compiler.results_iter = self._iter


def _ladder() -> dict:
    from tournaments import lifecycle, rounds

    h = _Harness()
    season = lifecycle.create_season(
        "bench ladder", game="tic_tac_toe", k=1, period_seconds=3600, seed=1
    )
    lifecycle.add_entries(season, bots=["greedy", "random"] * (LADDER_ENTRIES // 2))
    lifecycle.open_entries(season)
    began = time.perf_counter()
    lifecycle.start(season)
    ticks = {}
    for number in range(1, LADDER_ROUNDS + 1):
        h.play_sent()
        if number < LADDER_ROUNDS:
            tick_began = time.perf_counter()
            assert rounds.ladder_tick(season.pk) == f"round {number + 1} scheduled"
            ticks[number + 1] = time.perf_counter() - tick_began
    elapsed = time.perf_counter() - began
    early, late = range(6, 16), range(LADDER_ROUNDS - 9, LADDER_ROUNDS + 1)
    return {
        "entries": LADDER_ENTRIES,
        "rounds": LADDER_ROUNDS,
        "matches": len(h.match_seconds),
        "seconds": round(elapsed, 1),
        "match_run_median_ms": _ms(h.match_seconds),
        "round_completion": _early_late(h.completed, early, late, h.work),
        "next_round_tick": _early_late(ticks, early, late),
    }


def _round_robin() -> dict:
    from tournaments import lifecycle

    h = _Harness()
    t = lifecycle.create_tournament(
        "bench round robin", game="tic_tac_toe", format="round_robin", seed=1
    )
    lifecycle.add_entries(t, bots=["greedy", "random"] * (ROUND_ROBIN_ENTRIES // 2))
    lifecycle.open_entries(t)
    began = time.perf_counter()
    lifecycle.start(t)
    h.play_sent()
    rounds = len(h.completed)
    return {
        "entries": ROUND_ROBIN_ENTRIES,
        "rounds": rounds,
        "matches": len(h.match_seconds),
        "seconds": round(time.perf_counter() - began, 1),
        "round_completion": _early_late(
            h.completed, range(3, 8), range(rounds - 4, rounds + 1), h.work
        ),
    }


def _child_main() -> dict:
    from bench.scratch import setup_django

    setup_django()
    return {"database": "postgresql", "ladder": _ladder(), "round_robin": _round_robin()}


if __name__ == "__main__":
    if "--child" in sys.argv:
        print(json.dumps(_child_main()))
    else:
        print(json.dumps(run(), indent=2))

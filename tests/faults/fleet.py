"""A fleet of real workers under real faults, for the fault suite and its benchmark.

A ``Fleet`` is a ``Stack`` (real Celery worker processes) on a PostgreSQL cluster
and a Redis server of its own (``tests.private_postgres``, ``tests.private_redis``),
so stopping them never touches the shared ones. The benchmark runs it with the
production timeouts (lease, heartbeat, sweep, unclaimed-after, Redis visibility:
none shortened), the test with short ones (``SHORT_TIMEOUTS``: the same recovery
paths, seconds sooner). Each fault method makes its fault and returns how long
the fleet took to recover, from the fault's end to the moment the match it left
behind is taken up again by a live worker. What it checks after is the invariants
of a tournament run under faults (``invariants``)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import psycopg

from tests.private_postgres import PrivatePostgres
from tests.private_redis import PrivateRedis
from tests.tournaments.stack import PATIENCE, SUMMARY, Stack

APP = "tests.tournaments.slowapp"
#: the slow bot's pause per decision: a match lasts a few seconds, so a fault finds
#: one running (the waits below end when it does, so more only costs time)
DELAY = "0.4"
#: the test's timeouts: every fault is recovered by the path the production ones
#: take (a sweep sees the dead or stopped claimer, or a queued match waiting on an
#: empty queue), but the sweep comes every second instead of every 20 s and a match
#: waits 2 s instead of 30 s before its message counts as lost. The lease and
#: heartbeat are the worker stack's (10 s and 1 s). Redis's visibility timeout stays
#: an hour: a shorter one would let Redis hand a dead worker's message back itself,
#: and the sweep's re-send is what a fault must be recovered by.
SHORT_TIMEOUTS = {"SCRIMMAGE_SWEEP_SECONDS": "1", "SCRIMMAGE_UNCLAIMED_AFTER": "2"}
#: twelve slow entries, a round robin: 66 matches of seconds each in 11 rounds of 6,
#: enough to outlast the faults
BOTS = ["slow"] * 12


class Fleet:
    """``production_timeouts``: as the settings' defaults (the benchmark), or short
    (``SHORT_TIMEOUTS``: the test)."""

    def __init__(self, tmp: Path, *, production_timeouts: bool) -> None:
        self.tmp = tmp
        self.pg = PrivatePostgres()
        self.redis = PrivateRedis(tmp)
        self.stack: Stack | None = None
        self.workers: list[subprocess.Popen] = []
        try:
            self.pg.start()
            self.redis.start()
            self.stack = Stack(tmp, "redis", database=self.pg.url, redis=self.redis.url)
        except BaseException:
            self.close()
            raise
        if production_timeouts:  # the stack's worker tests shorten the lease and heartbeat
            for shortened in ("SCRIMMAGE_LEASE_SECONDS", "SCRIMMAGE_HEARTBEAT_SECONDS"):
                self.stack.env.pop(shortened, None)
        else:
            self.stack.env.update(SHORT_TIMEOUTS)
        self.stack.env["SLOW_BOT_DELAY"] = DELAY
        # hurry() writes 0 there: the slow bots play on at full speed
        self.stack.env["SLOW_BOT_DELAY_FILE"] = str(tmp / "slow-bot-delay")
        # a running match stores its events two at a time (not 200): a kill finds
        # a partial log to discard (a batch size, not a timeout)
        self.stack.env["SCRIMMAGE_EVENT_BATCH"] = "2"
        self.db = self.stack.env["DATABASE_URL"]

    # -- reading the database ------------------------------------------------------------
    def sql(self, query: str, params=()) -> list[tuple]:
        """Rows of ``query`` on a fresh connection (the server may have restarted)."""
        with psycopg.connect(self.db, autocommit=True, connect_timeout=5) as conn:
            return conn.execute(query, params).fetchall()

    def wait(self, what: str, check):
        """Poll ``check()`` until it returns something truthy (a database away
        meanwhile is polled again); returns it."""
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            try:
                found = check()
            except psycopg.OperationalError:
                found = None
            if found:
                return found
            time.sleep(0.1)
        raise AssertionError(f"no {what} after {PATIENCE} s\n{self.stack.tail()}")

    def running(self) -> list[tuple[int, str]]:
        """(match id, claim token) of the matches a worker is playing now."""
        return self.sql(
            "SELECT m.id, c.claimed_by FROM matches_match m "
            "JOIN matches_matchclaim c ON c.match_id = m.id "
            "WHERE m.status = 'running' AND m.event_count >= 1 AND c.claimed_by <> ''"
        )

    def queued(self) -> list[int]:
        return [pk for (pk,) in self.sql("SELECT id FROM matches_match WHERE status = 'queued'")]

    def taken_up(self, match_id: int, not_by: str = "") -> bool:
        """Is the match claimed again (by another token than ``not_by``) or over?"""
        rows = self.sql(
            "SELECT m.status, c.claimed_by FROM matches_match m "
            "JOIN matches_matchclaim c ON c.match_id = m.id WHERE m.id = %s",
            [match_id],
        )
        status, by = rows[0]
        return status in ("finished", "failed") or (status == "running" and by not in ("", not_by))

    # -- the fleet ------------------------------------------------------------------------
    def start_worker(self, name: str = "w", **env: str) -> subprocess.Popen:
        worker = self.stack.start_worker(APP, name, wait=not env, env=env or None)
        self.workers.append(worker)
        return worker

    def worker_of(self, token: str) -> subprocess.Popen | None:
        """The live worker of this fleet a claim token names, if any."""
        pid = int(token.split(":")[1])
        return next((w for w in self.workers if w.pid == pid and w.poll() is None), None)

    def start_tournament(self, seed: int = 22) -> int:
        made = self.stack.probe(f"""
from tournaments import lifecycle
t = lifecycle.create_tournament('faults', game='tic_tac_toe', format='round_robin', seed={seed})
lifecycle.add_entries(t, bots={BOTS!r})
lifecycle.open_entries(t)
lifecycle.start(t)
out = {{'t': t.pk}}
""")
        return made["t"]

    def a_running_match(self) -> tuple[int, str]:
        """A match a live worker of the fleet is playing: (id, claim token)."""
        return self.wait(
            "running match",
            lambda: next((r for r in self.running() if self.worker_of(r[1])), None),
        )

    # -- the faults: each returns the seconds to recover ----------------------------------
    def kill_mid_match(self) -> float:
        """kill -9 the worker playing a match: another worker's sweep sees its pid
        gone and sends the match again; it is played from the start."""
        match_id, token = self.a_running_match()
        self.stack.kill9(self.worker_of(token))
        began = time.monotonic()
        self.wait("match taken over", lambda: self.taken_up(match_id, token))
        return time.monotonic() - began

    def pause_claimer(self) -> float:
        """SIGSTOP the worker playing a match: its claim is taken over (the match
        played again elsewhere); continued after, it writes nothing more to it."""
        match_id, token = self.a_running_match()
        worker = self.worker_of(token)
        os.killpg(worker.pid, signal.SIGSTOP)
        began = time.monotonic()
        try:
            self.wait("paused claim taken over", lambda: self.taken_up(match_id, token))
            return time.monotonic() - began
        finally:
            os.killpg(worker.pid, signal.SIGCONT)

    def kill_before_claim(self) -> float:
        """A worker that dies (kill -9) after it took a match's message and before
        it claimed the match: the message is with no one (Redis keeps it unacked
        for the visibility timeout, an hour); the sweep sends it again."""
        self.wait("queued match", self.queued)
        note = self.tmp / "died-holding"
        victim = self.start_worker("victim", DIE_BEFORE_CLAIM="1", DIE_BEFORE_CLAIM_NOTE=str(note))
        assert victim.wait(timeout=PATIENCE) == -signal.SIGKILL, self.stack.tail()
        began = time.monotonic()
        match_id = int(note.read_text())
        self.wait("lost message sent again", lambda: self.taken_up(match_id))
        return time.monotonic() - began

    def restart_redis(self) -> float:
        """Restart the broker (persisting nothing: every queued message is lost)
        while matches are queued: the sweep counts the empty queue and sends them."""
        self.wait("queued matches", lambda: len(self.queued()) >= 2)
        self.redis.stop()
        self.redis.start()
        began = time.monotonic()
        lost = self.queued()  # their messages went with the old server
        assert lost, "every queued match was taken before the restart"
        self.wait("queued match taken up", lambda: any(self.taken_up(m) for m in lost))
        return time.monotonic() - began

    def stop_postgres(self, seconds: float = 5.0) -> float:
        """Stop PostgreSQL (fast: connections ended) for ``seconds`` while matches
        run: the workers retry, and the next match finishes once it is back."""
        self.a_running_match()
        self.pg.stop("fast")
        time.sleep(seconds)
        self.pg.start()
        began = time.monotonic()
        self.wait(
            "match finished after the restart",
            lambda: self.sql(
                "SELECT 1 FROM matches_match WHERE status = 'finished' "
                "AND finished_at > now() - make_interval(secs => %s)",
                [time.monotonic() - began + 0.5],
            ),
        )
        return time.monotonic() - began

    def every_fault(self) -> dict[str, float]:
        """Each fault in turn on the running fleet of two workers (a third is started
        in place of the one killed); the seconds each took to recover."""
        recovered = {}
        for name, fault in (
            ("kill -9 mid-match", self.kill_mid_match),
            ("Redis restart", self.restart_redis),
            ("SIGSTOP of a claimer", self.pause_claimer),
            ("PostgreSQL stopped 5 s", self.stop_postgres),
            ("kill -9 before claiming", self.kill_before_claim),
        ):
            recovered[name] = round(fault(), 1)
            print(f"{time.strftime('%H:%M:%S')} {name}: recovered in {recovered[name]} s")
            if name == "kill -9 mid-match":
                self.start_worker("c")  # in place of the killed one
        return recovered

    # -- after -----------------------------------------------------------------------------
    def hurry(self) -> None:
        """The faults are over: the slow bots stop pausing (the matches left are
        played at full speed, by the same workers)."""
        (self.tmp / "slow-bot-delay").write_text("0")

    def finished(self, tournament: int) -> dict:
        """Wait until the tournament is over; its summary (``SUMMARY``)."""
        self.wait(
            "finished tournament",
            lambda: self.sql(
                "SELECT 1 FROM tournaments_competition WHERE id = %s AND status = 'finished'",
                [tournament],
            ),
        )
        return self.stack.probe(SUMMARY.format(pk=tournament))

    def log_gaps(self, tournament: int) -> list[tuple]:
        """Matches of the tournament whose stored events are not exactly seq
        0..event_count-1, each once."""
        return self.sql(
            "SELECT m.id, m.event_count, count(e.id), count(DISTINCT e.seq), "
            "min(e.seq), max(e.seq) FROM matches_match m "
            "JOIN tournaments_fixture f ON f.match_id = m.id "
            "LEFT JOIN matches_matchevent e ON e.match_id = m.id "
            "WHERE f.competition_id = %s GROUP BY m.id, m.event_count "
            "HAVING count(e.id) <> m.event_count OR count(DISTINCT e.seq) <> count(e.id) "
            "OR min(e.seq) <> 0 OR max(e.seq) <> m.event_count - 1",
            [tournament],
        )

    def close(self) -> None:
        try:
            if self.stack is not None:
                for worker in self.workers:  # a paused one would not hear SIGTERM
                    if worker.poll() is None:
                        os.killpg(worker.pid, signal.SIGCONT)
                self.stack.close()
        finally:
            self.redis.stop()
            self.pg.destroy()

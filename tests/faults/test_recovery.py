"""A tournament played through every fault the fleet must ride out by itself, on a
real stack of its own (two Celery workers, a PostgreSQL cluster and a Redis server
made for the test): a worker killed with -9 in the
middle of a match, a worker paused (SIGSTOP) while it holds a claim, a Redis
restart that loses every queued message, PostgreSQL stopped for seconds, a worker
killed after taking a message and before claiming its match. No beat, no help.
The timeouts are short (``fleet.SHORT_TIMEOUTS``: a sweep every second instead of
every 20 s, ...): each fault is recovered by the same path as with the production
ones, which the benchmark keeps.

Then: every fixture has one finished match, no log has a gap or a duplicate event,
every log verifies, and the standings rebuilt from the logs equal the stored ones.
How long each recovery takes is the benchmark's (``bench/recovery_bench.py``), not
asserted here: the suite must pass on a loaded machine."""

from __future__ import annotations

import pytest

from tests.faults.fleet import BOTS, Fleet

pytestmark = pytest.mark.slow  # real worker processes: scheduled first


@pytest.fixture
def fleet(tmp_path):
    # no skip: a machine that cannot make the fleet's PostgreSQL or Redis fails here
    made = Fleet(tmp_path, production_timeouts=False)
    yield made
    made.close()


def test_a_tournament_rides_out_every_fault_and_keeps_every_invariant(fleet):
    tournament = fleet.start_tournament()
    fleet.start_worker("a")
    fleet.start_worker("b")

    recovered = fleet.every_fault()
    print("recovered in (s):", recovered)
    fleet.hurry()  # the faults are over: the matches left need not be slow

    summary = fleet.finished(tournament)
    fixtures = len(BOTS) * (len(BOTS) - 1) // 2
    assert summary["fixtures"] == summary["matches"] == fixtures
    assert summary["statuses"] == ["finished"], fleet.stack.tail()
    assert fleet.log_gaps(tournament) == []
    assert summary["verified"] and summary["rebuild_diffs"] == []
    fleet.stack.manage("rebuild_standings", str(tournament), "--check")

"""Recovery benchmark: how long the fleet takes to recover from each fault by
itself, with the production timeouts (lease 60 s, heartbeat 5 s, sweep every 20 s,
a queued match with an empty queue sent again after 30 s, Redis visibility 3600 s).

The fault suite's fleet (``tests/faults/fleet.py``): two Celery workers (solo pool)
on a PostgreSQL cluster and a Redis server of their own, playing a round robin of
slow tic-tac-toe bots, no beat. Each fault is made once, in turn, on the running
fleet; its time is from the fault's end (the process killed or stopped, the server
back) to the moment the match it left behind is taken up again by a live worker
(for PostgreSQL: the next match finished). The target is under 60 s for each.
Then the tournament is played to its end and its invariants checked as the test
does (one finished match per fixture, logs whole and verified, standings rebuilt
equal); ``invariants_hold`` says whether they held.
"""

from __future__ import annotations

import tempfile
from pathlib import Path


def run() -> dict:
    from tests.faults.fleet import BOTS, Fleet

    with tempfile.TemporaryDirectory() as tmp:
        fleet = Fleet(Path(tmp), production_timeouts=True)
        try:
            tournament = fleet.start_tournament()
            fleet.start_worker("a")
            fleet.start_worker("b")
            recovered = fleet.every_fault()
            fleet.hurry()  # the times are taken: the rest of the tournament at full speed
            summary = fleet.finished(tournament)
            holds = (
                summary["matches"] == len(BOTS) * (len(BOTS) - 1) // 2
                and summary["statuses"] == ["finished"]
                and summary["verified"]
                and summary["rebuild_diffs"] == []
                and fleet.log_gaps(tournament) == []
            )
        finally:
            fleet.close()
    return {
        "recovery_seconds": recovered,
        "worst_seconds": max(recovered.values()),
        "target_seconds": 60,
        "invariants_hold": holds,
        "note": "production timeouts; one run, each fault once on a two-worker fleet; "
        "from the fault's end to the match it left taken up again",
    }

"""A fork runs on a real Celery worker (a separate process, the filesystem broker
and a SQLite file: ``tests/tournaments/stack.py``), like every stored match."""

from __future__ import annotations

import pytest

from tests.tournaments.stack import Stack

pytestmark = pytest.mark.slow  # real worker processes: scheduled first


@pytest.fixture
def stack(tmp_path):
    s = Stack(tmp_path, "filesystem")
    yield s
    s.close()


def test_a_fork_runs_on_a_worker_and_verifies(stack):
    made = stack.probe("""
from matches import services
from matches.forks import create_fork
parent = services.play_and_store("aimbots", ["greedy", "random"], 5)
fork = create_fork(parent, 20, {0: "random"})
from matches.tasks import enqueue
enqueue([fork.pk])  # outside a transaction: sent at once
out = {"parent": parent.pk, "fork": fork.pk}
""")
    stack.start_worker()
    done = stack.wait_for(
        f"""
from matches.models import Match
from matches.verification import verify_stored_match
m = Match.objects.get(pk={made["fork"]})
out = m.status in ("finished", "failed") and {{
    "status": m.status, "error": m.error, "ok": verify_stored_match(m).ok,
    "parent": m.parent_id, "claimed": hasattr(m, "claim") and bool(m.claim.claimed_by),
    "shared": [e.line for e in m.events.filter(seq__lte=m.fork_at).order_by("seq")] ==
              [e.line for e in m.parent.events.filter(seq__lte=m.fork_at).order_by("seq")]}}
""",
        timeout=120,
    )
    assert done == {
        "status": "finished",
        "error": "",
        "ok": True,
        "parent": made["parent"],
        "claimed": True,
        "shared": True,
    }, stack.tail()

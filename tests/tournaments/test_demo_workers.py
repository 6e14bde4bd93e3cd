"""Demo ladders on a real worker and scheduler (``stack.py``): with nobody
watching, each finished demo ladder is followed by the next, and the older ones
leave with their matches, so the demo stays live in bounded storage."""

from __future__ import annotations

import pytest

from tests.tournaments.stack import BROKERS, Stack, broker_param

pytestmark = [
    pytest.mark.parametrize("broker", [broker_param(b) for b in BROKERS]),
    pytest.mark.slow,  # real worker processes: scheduled first
]

STORED = """
from matches.models import Match, MatchEvent
from tournaments.models import Competition, Fixture
demos = Competition.objects.filter(demo=True).order_by('seed')
out = {'seasons': list(demos.values_list('seed', 'status')),
       'matches': Match.objects.count(),
       'of_seasons': Fixture.objects.filter(competition__in=demos, match__isnull=False).count(),
       'orphan_events': MatchEvent.objects.exclude(match__in=Match.objects.all()).count()}
"""


@pytest.fixture
def stack(tmp_path, broker):
    s = Stack(tmp_path, broker)
    s.env["SCRIMMAGE_DEMO_CHECK_SECONDS"] = "1"
    yield s
    s.close()


def test_the_scheduler_keeps_one_demo_ladder_playing_and_two_stored(stack):
    stack.probe("""
from tournaments import demo
demo.start_first('tic_tac_toe', ['greedy', 'random', 'random'], rounds=1, period=1)
out = None
""")
    stack.start_worker()
    stack.start_beat()
    # three demo ladders played to their end one after another, the first two deleted
    stack.wait_for(
        "from tournaments.models import Competition\n"
        "d = Competition.objects.filter(demo=True)\n"
        "out = d.filter(seed__gte=4).exists() and d.count() == 2"
    )
    stored = stack.probe(STORED)
    assert [seed for seed, _ in stored["seasons"]][0] >= 3, stack.tail()
    assert len(stored["seasons"]) == 2 and stored["seasons"][0][1] == "finished"
    assert stored["matches"] == stored["of_seasons"]  # nothing left of the deleted ones
    assert stored["orphan_events"] == 0

"""A worker killed with SIGKILL in the middle of a match: another worker picks the
match up, discards its partial log and plays it again from the start; the
tournament ends with every match stored exactly once, every log verifying, and
the same pairings as a run without faults (same tournament seed; match seeds are
secret draws, so results may differ). And a worker killed after
it took a match's message but before it claimed the match: the other workers
send it again themselves, without beat."""

from __future__ import annotations

import signal
import time

import pytest

from tests.tournaments.stack import BROKERS, PATIENCE, SUMMARY, Stack, broker_param

pytestmark = pytest.mark.slow  # real worker processes: scheduled first

BOTS = ["slow", "greedy", "slow", "random"]


def rescue(stack: Stack, tournament: int) -> dict:
    """Start another worker (no beat), wait until it has finished the tournament,
    and summarise it."""
    stack.start_worker("tests.tournaments.slowapp", "rescuer")
    stack.wait_for(
        f"from tournaments.models import Competition\n"
        f"out = Competition.objects.get(pk={tournament}).status == 'finished'"
    )
    return stack.probe(SUMMARY.format(pk=tournament))


@pytest.mark.parametrize("broker", [broker_param(b) for b in BROKERS])
def test_a_worker_killed_mid_match_leaves_nothing_twice(tmp_path, broker):
    stack = Stack(tmp_path, broker)
    try:
        made = stack.probe(f"""
from tournaments import lifecycle
t = lifecycle.create_tournament('kill', game='tic_tac_toe', format='round_robin', seed=11)
lifecycle.add_entries(t, bots={BOTS!r})
lifecycle.open_entries(t)
lifecycle.start(t)
out = {{'t': t.pk}}
""")
        # much slower still on the first worker: a match stays mid-way for many
        # seconds, so however slowly the probes run on a busy machine they see it
        first = stack.start_worker(
            "tests.tournaments.slowapp",
            "victim",
            env={"SLOW_BOT_DELAY": "5", "SCRIMMAGE_EVENT_BATCH": "1"},
        )
        victim = stack.wait_for(
            """
from matches.models import Match
out = Match.objects.filter(status='running', event_count__gte=2).values('id', 'event_count').first()
""",
            every=0.05,
        )
        time.sleep(0.5)
        stack.kill9(first)
        left = stack.probe(f"""
from matches.models import Match
out = list(Match.objects.filter(pk={victim["id"]}).values_list('status', 'event_count'))[0]
""")
        assert left[0] == "running" and left[1] >= 2  # the dead worker's partial log
        live = rescue(stack, made["t"])
        assert live["fixtures"] == live["matches"] == 6
        assert live["statuses"] == ["finished"] and live["verified"], stack.tail()
        assert max(live["attempts"]) == 2 and sum(live["attempts"]) == 7  # one restart
        assert live["rebuild_diffs"] == [] and live["history"] == 12
        clean = stack.probe(f"""
from django.core.management import call_command
import io
call_command('run_tournament', 'tic_tac_toe', '--bots', *{BOTS!r}, '--seed', '11',
             '--inline', '--no-progress', stdout=io.StringIO())
from tournaments.models import Competition
out = Competition.objects.filter(kind='tournament').order_by('-pk').values_list('pk', flat=True).first()
""")
        # match seeds are fresh secret draws: a clean run has the same pairings, and
        # every match once (the results may differ)
        assert stack.probe(SUMMARY.format(pk=clean))["pairings"] == live["pairings"]
    finally:
        stack.close()


@pytest.mark.parametrize("broker", [broker_param(b) for b in BROKERS])
def test_a_worker_killed_before_claiming_is_recovered_by_workers_without_beat(tmp_path, broker):
    stack = Stack(tmp_path, broker)
    # a short window, so the test takes seconds; the defaults are 20 s and 30 s
    stack.env.update({"SCRIMMAGE_SWEEP_SECONDS": "1", "SCRIMMAGE_UNCLAIMED_AFTER": "2"})
    try:
        made = stack.probe("""
from tournaments import lifecycle
t = lifecycle.create_tournament('lost', game='tic_tac_toe', format='round_robin', seed=5)
lifecycle.add_entries(t, bots=['greedy', 'random'])
lifecycle.open_entries(t)
lifecycle.start(t)
out = {'t': t.pk}
""")
        victim = stack.start_worker(
            "tests.tournaments.slowapp", "victim", wait=False, env={"DIE_BEFORE_CLAIM": "1"}
        )
        assert victim.wait(timeout=PATIENCE) == -signal.SIGKILL, stack.tail()
        left = stack.probe(f"""
from tournaments.models import Fixture
out = list(Fixture.objects.filter(competition={made["t"]}).values_list('match__status', 'match__claim__claimed_by'))
""")
        assert left == [["queued", ""]]  # taken off the queue, never claimed
        live = rescue(stack, made["t"])  # and no beat
        assert live["fixtures"] == live["matches"] == 1
        assert live["statuses"] == ["finished"] and live["verified"], stack.tail()
        assert live["attempts"] == [1]  # never started before: not a restart
    finally:
        stack.close()

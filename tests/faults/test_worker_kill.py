"""A worker killed with SIGKILL in the middle of a match: another worker picks the
match up, discards its partial log and plays it again from the start; the
tournament ends with every match stored exactly once, every log verifying, and
the same standings as a run without faults (same seeds)."""

from __future__ import annotations

import time

import pytest

from tests.tournaments.stack import BROKERS, SUMMARY, Stack, broker_param

BOTS = ["slow", "greedy", "slow", "random"]


@pytest.mark.parametrize("broker", [broker_param(b) for b in BROKERS])
def test_a_worker_killed_mid_match_leaves_nothing_twice(tmp_path, broker):
    stack = Stack(tmp_path, broker)
    try:
        made = stack.probe(f"""
from tournaments import services
t = services.create_tournament('kill', 'tic_tac_toe', 'round_robin', seed=11)
services.add_entries(t, {BOTS!r})
services.open_entries(t)
services.start(t)
out = {{'t': t.pk}}
""")
        # slower still on the first worker, so a match is surely mid-way when it dies
        first = stack.start_worker("tests.tournaments.slowapp", "victim",
                                   env={"SLOW_BOT_DELAY": "0.6", "SCRIMMAGE_EVENT_BATCH": "1"})
        victim = stack.wait_for("""
from matches.models import Match
out = Match.objects.filter(status='running', event_count__gte=2).values('id', 'event_count').first()
""", every=0.05)
        time.sleep(0.5)
        stack.kill9(first)
        left = stack.probe(f"""
from matches.models import Match
out = list(Match.objects.filter(pk={victim['id']}).values_list('status', 'event_count'))[0]
""")
        assert left[0] == "running" and left[1] >= 2  # the dead worker's partial log
        stack.start_worker("tests.tournaments.slowapp", "rescuer")
        stack.wait_for(f"from tournaments.models import Tournament\n"
                       f"out = Tournament.objects.get(pk={made['t']}).status == 'finished'",
                       timeout=180)
        live = stack.probe(SUMMARY.format(pk=made["t"]))
        assert live["fixtures"] == live["matches"] == 6
        assert live["statuses"] == ["finished"] and live["verified"], stack.tail()
        assert max(live["attempts"]) == 2 and sum(live["attempts"]) == 7  # one restart
        assert live["rebuild_diffs"] == [] and live["history"] == 12
        clean = stack.probe(f"""
from django.core.management import call_command
import io
call_command('run_tournament', 'tic_tac_toe', '--bots', *{BOTS!r}, '--seed', '11',
             '--inline', '--no-progress', stdout=io.StringIO())
from tournaments.models import Tournament
out = Tournament.objects.order_by('-pk').values_list('pk', flat=True).first()
""")
        assert stack.probe(SUMMARY.format(pk=clean))["standings"] == live["standings"]
    finally:
        stack.close()

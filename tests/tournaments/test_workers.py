"""Tournaments on real Celery worker processes, a real broker and a real database
(see ``stack.py``): the filesystem broker always, Redis when REDIS_URL is set."""

from __future__ import annotations

import pytest

from tests.tournaments.stack import BROKERS, SUMMARY, Stack, broker_param

pytestmark = [
    pytest.mark.parametrize("broker", [broker_param(b) for b in BROKERS]),
    pytest.mark.slow,  # real worker processes: scheduled first
]


@pytest.fixture
def stack(tmp_path, broker):
    s = Stack(tmp_path, broker)
    yield s
    s.close()


def test_a_four_bot_round_robin_runs_to_the_end(stack):
    stack.start_worker()
    out = stack.manage(
        "run_tournament",
        "tic_tac_toe",
        "--bots",
        "greedy",
        "random",
        "greedy",
        "random",
        "--seed",
        "5",
        "--no-progress",
        "--timeout",
        "240",
    ).stdout
    assert "tournament #1 finished" in out, out + stack.tail()
    live = stack.probe(SUMMARY.format(pk=1))
    assert live["status"] == "finished"
    assert live["fixtures"] == live["matches"] == 6
    assert live["statuses"] == ["finished"] and live["attempts"] == [1] * 6
    assert live["verified"] and live["rebuild_diffs"] == []
    assert live["history"] == 12  # one rating row per entry per match
    # the same tournament played in one process gives the same pairings (match
    # seeds are fresh secret draws, so the results may differ)
    stack.manage(
        "run_tournament",
        "tic_tac_toe",
        "--bots",
        "greedy",
        "random",
        "greedy",
        "random",
        "--seed",
        "5",
        "--no-progress",
        "--inline",
    )
    inline = stack.probe(SUMMARY.format(pk=2))
    assert inline["pairings"] == live["pairings"] and inline["status"] == "finished"


def test_duplicated_tasks_change_nothing(stack):
    made = stack.probe("""
from tournaments import lifecycle
from tournaments.rebuild import rebuild
from tournaments.models import Fixture
from matches.tasks import run_match
t = lifecycle.create_tournament('dup', game='tic_tac_toe', format='round_robin', seed=9)
lifecycle.add_entries(t, bots=['greedy', 'random', 'random', 'greedy'])
lifecycle.open_entries(t)
lifecycle.start(t)   # one message per match, sent on commit
ids = list(Fixture.objects.filter(competition=t).values_list('match_id', flat=True))
for mid in ids:     # and every message again: at-least-once delivery, twice
    run_match.delay(mid)
out = {'t': t.pk, 'sent': len(ids)}
""")
    stack.start_worker()
    stack.wait_for(
        f"from tournaments.models import Competition\n"
        f"out = Competition.objects.get(pk={made['t']}).status == 'finished'"
    )
    live = stack.probe(SUMMARY.format(pk=made["t"]))
    assert live["fixtures"] == live["matches"] == 6
    assert live["attempts"] == [1] * 6, "a duplicate delivery started a match again"
    assert live["verified"] and live["rebuild_diffs"] == [] and live["history"] == 12


def test_a_ladder_season_runs_three_rounds_on_beat(stack):
    made = stack.probe("""
from tournaments import lifecycle
from tournaments.rebuild import rebuild
s = lifecycle.create_season('ladder', game='tic_tac_toe', k=2, period_seconds=1, max_rounds=3, seed=4)
lifecycle.add_entries(s, bots=['greedy', 'random', 'greedy', 'random', 'random'])
lifecycle.open_entries(s)
lifecycle.start(s)
out = {'s': s.pk}
""")
    stack.start_worker()
    stack.start_beat()
    stack.wait_for(
        f"from tournaments.models import Competition\n"
        f"out = Competition.objects.get(pk={made['s']}).status == 'finished'"
    )
    out = stack.probe(f"""
from django_celery_beat.models import PeriodicTask
from tournaments.models import Competition, Round, RatingHistory, Fixture
from tournaments import lifecycle
from tournaments.rebuild import rebuild
s = Competition.objects.get(pk={made["s"]})
out = {{'rounds': list(Round.objects.filter(competition=s).values_list('number', 'status')),
        'matches': Fixture.objects.filter(competition=s, match__status='finished').count(),
        'history': RatingHistory.objects.filter(entry__competition=s).count(),
        'enabled': PeriodicTask.objects.get(name=f'season-{{s.pk}}').enabled,
        'diffs': rebuild(s, check=True)}}
""")
    assert out["rounds"] == [[1, "done"], [2, "done"], [3, "done"]], stack.tail()
    assert out["matches"] >= 3 * 5  # five entries, two games each a round: at least 5 a round
    assert out["history"] == 2 * out["matches"]
    assert out["enabled"] is False  # the finished season's tick is switched off
    assert out["diffs"] == []


def test_a_worker_whose_database_connections_were_cut_goes_on_without_a_retry(stack):
    """The worker keeps its connection between tasks (CELERY_DB_REUSE_MAX); a
    connection the database dropped (a restart, an administrator) is noticed before
    the next task uses it and replaced, so no match fails or even retries."""
    if stack._pg_admin is None:
        pytest.skip("needs PostgreSQL (DATABASE_URL): SQLite has no connections to cut")
    stack.start_worker()
    run = (
        "run_tournament",
        "tic_tac_toe",
        "--bots",
        "greedy",
        "random",
        "greedy",
        "random",
        "--seed",
        "5",
        "--no-progress",
        "--timeout",
        "240",
    )
    assert "tournament #1 finished" in stack.manage(*run).stdout, stack.tail()
    stack._pg_sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        f"WHERE datname = '{stack._pg_name}' AND pid <> pg_backend_pid()"
    )
    assert "tournament #2 finished" in stack.manage(*run).stdout, stack.tail()
    live = stack.probe(SUMMARY.format(pk=2))
    assert live["statuses"] == ["finished"] and live["attempts"] == [1] * 6
    log = "".join(path.read_text(errors="replace") for path in stack.logs)
    assert "Retry in" not in log and "OperationalError" not in log, stack.tail()

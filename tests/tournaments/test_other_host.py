"""Workers on another host: nothing shared with the web process but PostgreSQL (or
the test's SQLite file), Redis and an S3-compatible bot store (moto's server:
``tests/s3_server.py``). Bots are uploaded through the web side's data folder; the
worker, a Celery process with its own empty data folder, fetches them from the
store, checks them and plays them in the sandbox. A store that is briefly away
delays matches and loses none; one that stays away fails the match with the reason."""

from __future__ import annotations

import shutil

import pytest

from tests.s3_server import S3Server
from tests.tournaments.stack import SUMMARY, Stack, redis_url
from tests.tournaments.uploaded import UPLOADED_ROUND_ROBIN

pytestmark = [
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="uploaded bots run in bubblewrap"),
    pytest.mark.slow,  # real worker processes: scheduled first
]

#: uploaded bots in a round robin, started: its matches go to the workers
TOURNAMENT = UPLOADED_ROUND_ROBIN + "lifecycle.start(t)\nout = {{'pk': t.pk, 'shas': shas}}\n"

FINISHED = (
    "from tournaments.models import Competition\n"
    "out = Competition.objects.get(pk={pk}).status == 'finished'"
)


@pytest.fixture
def s3():
    server = S3Server().start()
    yield server
    server.stop()


@pytest.fixture
def stack(tmp_path, s3):
    if not redis_url():
        pytest.skip("REDIS_URL is not set (.ci/run sets it): several hosts need a real broker")
    made = Stack(tmp_path, "redis")
    made.env.update(s3.env(timeout=1))
    # retries after 1, 2, 4, 4, 4 s: an outage of a few seconds is ridden out
    made.env.update({"SCRIMMAGE_RETRY_BACKOFF": "1", "SCRIMMAGE_RETRY_BACKOFF_MAX": "4"})
    yield made
    made.close()


def _other_host(stack, tmp_path, **env) -> tuple[object, object]:
    folder = tmp_path / "worker-host"
    return folder, stack.start_worker(env={"SCRIMMAGE_DATA_DIR": str(folder), **env})


def test_a_worker_with_its_own_empty_data_folder_plays_uploaded_bots(stack, tmp_path, s3):
    made = stack.probe(TOURNAMENT.format(bots=3))
    kept = s3.client().list_objects_v2(Bucket="scrimmage-bots")["Contents"]
    assert sorted(o["Key"] for o in kept) == sorted(f"{sha}.py" for sha in made["shas"])
    folder, _ = _other_host(stack, tmp_path)
    stack.wait_for(FINISHED.format(pk=made["pk"]))
    summary = stack.probe(SUMMARY.format(pk=made["pk"]))
    assert summary["statuses"] == ["finished"] and summary["matches"] == 3
    assert summary["verified"] and summary["rebuild_diffs"] == []
    for sha in made["shas"]:  # fetched into the worker's own folder, checked and kept
        assert (folder / "bots" / sha / "main.py").is_file()


def test_a_store_outage_while_a_tournament_runs_loses_nothing(stack, tmp_path, s3):
    made = stack.probe(TOURNAMENT.format(bots=4))  # started: its first round is queued
    s3.pause()
    try:
        # a cache of one byte: every match fetches its bots, during the outage and after
        _other_host(stack, tmp_path, SCRIMMAGE_BOT_CACHE_BYTES="1")
        stack._wait_log(stack.logs[-1], "Retry in", 300)  # a match put off, not failed
    finally:
        s3.resume()
    stack.wait_for(FINISHED.format(pk=made["pk"]))
    summary = stack.probe(SUMMARY.format(pk=made["pk"]))
    assert summary["statuses"] == ["finished"] and summary["matches"] == 6
    assert summary["verified"] and summary["rebuild_diffs"] == []
    assert "StoreAway('the bot store cannot fetch" in stack.logs[-1].read_text()


def test_a_store_that_stays_away_fails_the_match_with_the_reason(stack, tmp_path, s3):
    stack.env.update({"SCRIMMAGE_RETRY_BACKOFF": "0.1", "SCRIMMAGE_RETRY_BACKOFF_MAX": "0.2"})
    made = stack.probe(TOURNAMENT.format(bots=2))
    s3.pause()
    _other_host(stack, tmp_path)
    failed = stack.wait_for(
        f"from matches.models import Match\n"
        f"m = Match.objects.get(fixture__competition={made['pk']})\n"
        f"out = m.error if m.status == 'failed' else ''"
    )
    assert failed.startswith("infrastructure error after 5 retries: StoreAway: the bot store")

"""What serving replays costs the platform: built replays shared by every web
process, a running match's replay read on from where it stopped, states
throttled by the work they take, and one Redis round trip to throttle a request
(one cache read and one write without Redis)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from engine import registry
from engine.replay import Replay
from tests.platform.conftest import running_tic_tac_toe

from matches import selectors, storing
from matches.models import Match


def event_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if "matches_matchevent" in q["sql"]]


def state(api, match, at, **extra):
    return api.get(f"/api/matches/{match.pk}/state/?at={at}", **extra)


def test_a_replay_built_by_one_process_serves_another_without_reading_the_log(api, finished_match):
    last = finished_match.event_count - 1
    first = state(api, finished_match, last).json()
    selectors.replay_cache.clear()  # another web process: nothing of its own, the shared cache
    with CaptureQueriesContext(connection) as queries:
        again = state(api, finished_match, last).json()
    assert again == first
    assert event_queries(queries.captured_queries) == []


def test_a_running_match_replay_reads_only_the_events_stored_since(api, db):
    match, played = running_tic_tac_toe(5, 4)
    lines = played.log.lines
    storing.append_events(match, lines[:4])
    assert state(api, match, 3).status_code == 200
    storing.append_events(Match.objects.get(pk=match.pk), lines[4:])
    with CaptureQueriesContext(connection) as queries:
        served = state(api, match, len(lines) - 1).json()
    read = event_queries(queries.captured_queries)
    assert len(read) == 1 and '"seq" >= 4' in read[0]
    expected = Replay(registry.get("tic_tac_toe"), played.log.events).view_at(len(lines) - 1, None)
    assert served["state"] == expected


@pytest.fixture
def replay_budget(monkeypatch, finished_match):
    """A replay budget of twice the finished match's events a minute: what one cold
    state of it costs (its events read, then folded)."""
    from rest_framework.throttling import SimpleRateThrottle

    budget = 2 * finished_match.event_count
    rates = {"anon": "1000/min", "user": "1000/min", "verify": "10/min", "replay": f"{budget}/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)


def test_states_are_throttled_by_the_events_they_read_and_fold(replay_budget, finished_match):
    client = APIClient(REMOTE_ADDR="10.1.1.1")
    last = finished_match.event_count - 1
    assert state(client, finished_match, last).status_code == 200  # the whole budget
    refused = state(client, finished_match, last)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    other = APIClient(REMOTE_ADDR="10.1.1.2")  # another client's budget is its own
    assert state(other, finished_match, 0).status_code == 200
    assert client.get(f"/api/matches/{finished_match.pk}/").status_code == 200


def test_steps_through_a_replay_another_client_built_cost_one_event_each(
    replay_budget, finished_match
):
    assert state(APIClient(REMOTE_ADDR="10.1.1.3"), finished_match, 0).status_code == 200
    client = APIClient(REMOTE_ADDR="10.1.1.4")
    steps = range(finished_match.event_count)
    assert [state(client, finished_match, at).status_code for at in steps] == [200] * len(steps)
    assert state(client, finished_match, 0).status_code == 200  # back to the start: one fold


def test_an_anonymous_request_is_throttled_in_one_redis_round_trip(
    api, finished_match, monkeypatch
):
    from redis.connection import Connection

    sent = []  # what each round trip carries: a command, or a pipeline's commands
    original = Connection.send_packed_command

    def counted(self, command, *args, **options):
        packed = command if isinstance(command, bytes) else b"".join(command)
        if b"throttle_" in packed:
            sent.append(packed.split(b"\r\n")[2].decode())  # the first command's name
        return original(self, command, *args, **options)

    monkeypatch.setattr(Connection, "send_packed_command", counted)
    for _ in range(2):  # the first may load the script as well
        sent.clear()
        assert api.get(f"/api/matches/{finished_match.pk}/").status_code == 200
    assert sent == ["EVALSHA"]


def test_without_redis_the_throttle_reads_and_writes_the_cache_once(
    api, finished_match, monkeypatch
):
    import accounts.throttling

    monkeypatch.setattr(accounts.throttling, "windows_on_redis", lambda *args: None)
    calls = []
    for name in ("get", "set", "get_many", "set_many", "add", "incr"):
        original = getattr(cache, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            first = args[0] if args else None
            keys = [first] if isinstance(first, str) else list(first or ())
            if any(str(k).startswith("throttle_") for k in keys):
                calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(cache, name, counted)
    assert api.get(f"/api/matches/{finished_match.pk}/").status_code == 200
    assert calls == ["get_many", "set_many"]

"""Storing matches: byte-identical export for every game, the chain check on
arrival, batched writes, and verification of stored logs."""

import json

import pytest
from django.db import connection

from engine import cli, registry
from engine.events import Event, Log, digest_of, encode
from engine.game import RulesError
from engine.lineup import lineup
from engine.reading import parse_jsonl
from engine.replay import verify
from engine.runner import run_match

from matches import selectors, services, storing, verification
from matches.models import Match, MatchEvent

pytestmark = pytest.mark.django_db


def bots_for(game):
    names = sorted(game.bots)
    return [names[i % len(names)] for i in range(min(game.seat_counts))]


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_export_is_byte_identical_to_the_engine_log_for_every_game(name, tmp_path, capsys):
    game = registry.get(name)
    bots = bots_for(game)
    stored = services.play_and_store(name, bots, 11, batch_size=7)
    seats, players = lineup(game, bots)
    engine_match = run_match(game, players, seats, 11, salt=stored.seed_salt)

    assert stored.status == Match.Status.FINISHED, stored.error
    exported = selectors.export_bytes(stored)
    assert exported == engine_match.log.to_jsonl()
    assert stored.digest == engine_match.log.digest
    assert stored.event_count == len(engine_match.log)
    assert stored.result == engine_match.log.events[-1].data
    for seat in stored.seats.all():
        assert seat.rank == engine_match.outcome.ranks[seat.index]
        assert seat.score == engine_match.outcome.scores[seat.index]

    # `scrimmage verify` accepts the export
    path = tmp_path / "log.jsonl"
    path.write_bytes(exported)
    assert cli.main(["verify", str(path)]) == 0
    assert "ok" in capsys.readouterr().out
    assert verification.verify_stored_match(stored).ok


def test_create_match_refuses_bad_requests_before_storing():
    for args in [
        ("nope", ["greedy", "random"]),
        ("tic_tac_toe", ["greedy"]),
        ("tic_tac_toe", ["greedy", "nobody"]),
    ]:
        with pytest.raises(RulesError):
            services.create_match(*args, seed=1)
    with pytest.raises(RulesError):
        services.create_match("tic_tac_toe", ["greedy", "random"], 1, {"size": "4"})
    assert not Match.objects.exists()


def test_options_are_stored_resolved():
    game = next((g for g in registry.games().values() if g.options), None)
    if game is None:
        pytest.skip("no registered game has options")  # pragma: no cover
    match = services.create_match(game.name, bots_for(game), 1)
    assert match.options == game.resolve_options({})


def _queued():
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 1)
    return match


def _lines(n=4):
    log = Log()
    log.append(Event("MatchStarted", {"game": "tic_tac_toe"}))
    for i in range(n - 1):
        log.append(Event("Tick", {"i": i}))
    return log


def test_append_events_chains_and_counts():
    match = _queued()
    log = _lines(5)
    storing.append_events(match, log.lines[:2])
    storing.append_events(match, log.lines[2:])
    match.refresh_from_db()
    assert match.event_count == 5
    assert match.digest == log.digest
    hashes = list(match.events.order_by("seq").values_list("chain_hash", flat=True))
    assert hashes[-1] == log.digest
    assert hashes[0] == digest_of(log.lines[:1])


def test_append_refuses_a_gap_or_a_repeat():
    match = _queued()
    log = _lines(4)
    storing.append_events(match, log.lines[:2])
    with pytest.raises(storing.StorageError, match="expected seq 2, got 3"):
        storing.append_events(match, [log.lines[3]])
    with pytest.raises(storing.StorageError, match="expected seq 2, got 1"):
        storing.append_events(match, [log.lines[1]])
    # a failed batch stores nothing
    with pytest.raises(storing.StorageError):
        storing.append_events(match, [log.lines[2], log.lines[2]])
    assert match.events.count() == 2


def test_append_refuses_a_line_that_is_not_canonical():
    match = _queued()
    line = json.dumps({"seq": 0, "type": "MatchStarted", "data": {}, "to": "all"}).encode()
    with pytest.raises(storing.StorageError, match="canonical"):
        storing.append_events(match, [line])
    with pytest.raises(storing.StorageError, match="not an event"):
        storing.append_events(match, [b'{"seq": 0}'])


def test_append_refuses_a_closed_log(finished_match):
    line = encode(Event("Late", {}, seq=finished_match.event_count))
    with pytest.raises(storing.StorageError, match="closed"):
        storing.append_events(finished_match, [line])


def test_events_are_stored_in_batches_while_the_match_runs():
    match = _queued()
    writer = services.EventWriter(match, batch_size=3)
    log = Log()
    log.listeners.append(writer)
    seen = []
    log.append(Event("MatchStarted", {}))
    for i in range(6):
        log.append(Event("Tick", {"i": i}))
        seen.append(MatchEvent.objects.filter(match=match).count())
    assert seen == [0, 3, 3, 3, 6, 6]
    writer.flush()
    assert MatchEvent.objects.filter(match=match).count() == 7


def test_a_match_that_crashes_ends_failed(monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(services, "_begin", boom)
    match = services.play_and_store("tic_tac_toe", ["greedy", "random"], 1)
    assert match.status == Match.Status.FAILED
    assert "the engine broke" in match.error


def test_discard_partial_log_only_for_unfinished_matches(running_real_match, finished_match):
    storing.discard_partial_log(running_real_match)
    assert running_real_match.status == Match.Status.QUEUED
    assert running_real_match.event_count == 0
    assert not MatchEvent.objects.filter(match=running_real_match).exists()
    services.run_stored_match(running_real_match)
    assert running_real_match.status == Match.Status.FINISHED
    with pytest.raises(storing.StorageError):
        storing.discard_partial_log(finished_match)


def _tamper(match, seq, **fields):
    sets = ", ".join(f"{name} = %s" for name in fields)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {MatchEvent._meta.db_table} SET {sets} WHERE match_id = %s AND seq = %s",
            [*fields.values(), match.pk, seq],
        )


def test_verify_detects_an_edited_line(finished_match):
    row = finished_match.events.get(seq=3)
    data = dict(row.data, action=(row.data["action"] + 1) % 9)
    forged = Event(row.type, data, "all", None, 3)
    _tamper(finished_match, 3, line=encode(forged).decode(), data=json.dumps(data))
    report = verification.verify_stored_match(finished_match)
    assert not report.ok
    assert any("event 3: the chain hash" in p for p in report.problems)
    assert any(p.startswith("re-simulation") for p in report.problems)


def test_verify_detects_an_edited_field_and_a_rechained_log(finished_match):
    _tamper(finished_match, 2, type="Forged")
    report = verification.verify_stored_match(finished_match)
    assert report.problems == ["event 2: the stored fields differ from its line"]


def test_verify_detects_a_forged_log_with_a_recomputed_chain(finished_match):
    events = parse_jsonl(selectors.export_bytes(finished_match))
    last_move = max(e.seq for e in events if e.type == "ActionSubmitted")
    # rewrite every line from the last move on, with a consistent chain and digest
    forged = list(events)
    row = finished_match.events.get(seq=last_move)
    forged[last_move] = Event(row.type, dict(row.data, action=-5), "all", None, last_move)
    lines = [encode(e) for e in forged]
    h = ""
    for seq, line in enumerate(lines):
        h = digest_of(lines[: seq + 1])
        _tamper(
            finished_match, seq, line=line.decode(), chain_hash=h, data=json.dumps(forged[seq].data)
        )
    Match.objects.filter(pk=finished_match.pk).update(digest=h)
    finished_match.refresh_from_db()
    report = verification.verify_stored_match(finished_match)
    assert not report.ok
    assert len(report.problems) == 1 and report.problems[0].startswith("re-simulation")
    assert verify(forged, registry.get).ok is False


def test_the_listener_path_checks_seq_too():
    match = _queued()
    log = _lines(3)
    storing.store_batch(match, list(zip(log.events[:1], log.lines[:1])))
    with pytest.raises(storing.StorageError, match="expected seq 1, got 2"):
        storing.store_batch(match, [(log.events[2], log.lines[2])])
    assert match.events.count() == 1


def test_a_match_is_stamped_finished_before_any_bot_hears_the_result():
    """A bot's handling of ``end`` (sleeping only when it won, say) cannot move the
    match's stored end: the row says finished, with its result and time, first."""
    game = registry.get("tic_tac_toe")
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 7)
    heard = []

    class Listening:
        def __init__(self, player):
            self.player = player

        def begin(self, seat, header):
            self.player.begin(seat, header)

        def decide(self, request):
            return self.player.decide(request)

        def finish(self, outcome):
            row = Match.objects.get(pk=match.pk)
            heard.append((row.status, row.finished_at, row.result))

    _, players = lineup(game, ["greedy", "random"])
    services.run_stored_match(match, players=[Listening(p) for p in players])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.finished_at is not None
    assert heard == [(Match.Status.FINISHED, match.finished_at, match.result)] * 2

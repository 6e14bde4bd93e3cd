"""Verifying a log from its lines, decoding only those the re-simulation reads:
the same verdict and the same errors as verifying the log read whole."""

import json
from dataclasses import replace

import pytest

from engine import registry
from engine.lineup import lineup
from engine.plain import LogError
from engine.reading import LazyLog, parse_lines
from engine.replay import verify
from engine.runner import run_match
from engine.verifying import verify_jsonl, verify_lines
from tests.engine.sealed_bids import GAME as BIDS


def find(name):
    return BIDS if name == "sealed_bids" else registry.get(name)


def lines_of(game, bots, seed, options=None):
    seats, players = lineup(game, bots)
    return run_match(game, players, seats, seed, options).log.to_jsonl().splitlines()


def bids_lines(seed=4):
    return lines_of(BIDS, ["random", "random"], seed, {"rounds": 3})


def read_whole(lines):
    """What ``verify`` of the log read whole gives: a verdict or an error."""
    try:
        return verify(parse_lines(lines, canonical=True), find)
    except Exception as exc:
        return type(exc), str(exc)


def read_lazily(lines):
    try:
        return verify_lines(lines, find)
    except Exception as exc:
        return type(exc), str(exc)


def test_a_log_that_verifies_has_only_the_lines_the_rerun_reads_decoded():
    lines = bids_lines()
    log = LazyLog(lines)
    verdict = verify(log, find)
    assert verdict == read_whole(lines) and verdict.ok
    decoded = [json.loads(line)["type"] for line, e in zip(lines, log._events) if e is not None]
    # the header, the reveal and the players' lines: the line that ends a step's
    # decisions is known by the type its line ends with, not decoded
    assert set(decoded[1:-1]) == {"ActionSubmitted"}
    assert decoded[0] == "MatchStarted" and decoded[-1] == "MatchEnded"
    assert len(decoded) < len(lines) / 2


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_games_log_verifies_from_its_lines_with_the_digest_it_was_played_to(name):
    game = registry.get(name)
    seats, players = lineup(game, ["random"] * max(game.seat_counts))
    log = run_match(game, players, seats, 3).log
    verdict = verify_jsonl(log.to_jsonl(), find)
    assert verdict.ok and verdict.digest == log.digest == verdict.recorded_digest
    assert verify(LazyLog(log.lines), find) == verdict  # without a whole read


def _set(line, **changes):
    obj = json.loads(line)
    obj["data"].update(changes)
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def _edits(lines):
    """Logs that do not verify, each an edit of a good one, by name."""
    types = [json.loads(line)["type"] for line in lines]
    die = types.index("DiceRolled")
    action = types.index("ActionSubmitted")
    yield "an edited die", [*lines[:die], _set(lines[die], die=7), *lines[die + 1 :]]
    value = json.loads(lines[action])["data"]["action"]
    edited = _set(lines[action], action=value + 1 if isinstance(value, int) else 1)
    yield "an edited action", [*lines[:action], edited, *lines[action + 1 :]]
    yield "a dropped line", lines[:die] + lines[die + 1 :]
    yield "two lines swapped", [*lines[:die], lines[die + 1], lines[die], *lines[die + 2 :]]
    yield "an edited end", [*lines[:-1], _set(lines[-1], reason="another")]
    yield "a line with spaces", [*lines[:die], lines[die].replace(b":", b": "), *lines[die + 1 :]]
    spaced = lines[action].replace(b":", b": ")
    yield "an action's line with spaces", [*lines[:action], spaced, *lines[action + 1 :]]
    renamed = lines[die].replace(b'"type":"DiceRolled"', b'"type":"ActionSubmitted"')
    yield "a rules line that claims to be an action", [*lines[:die], renamed, *lines[die + 1 :]]
    yield "an empty line", [*lines[:die], b"", *lines[die:]]
    yield "a line that is not JSON", [*lines[:die], b"{nope", *lines[die + 1 :]]
    yield (
        "a float",
        [*lines[:die], lines[die].replace(b'"die":', b'"die":1.5,"x":'), *lines[die + 1 :]],
    )
    floated = lines[action].replace(b'"action":', b'"action":1.5,"x":')
    yield "a float in an action's line", [*lines[:action], floated, *lines[action + 1 :]]
    deep = _set(lines[action], action=json.loads("[" * 70 + "]" * 70))
    yield "an action nested past the cap", [*lines[:action], deep, *lines[action + 1 :]]
    yield "a cut log", lines[:-2]
    yield "a line more", [*lines, lines[-1]]
    yield "a tampered reveal", [*lines[:-1], _set(lines[-1], salt="00" * 16)]
    yield "no lines", []


@pytest.mark.parametrize("how", [how for how, _ in _edits(bids_lines())])
def test_a_log_that_does_not_verify_gets_the_verdict_or_error_of_a_whole_read(how):
    lines = dict(_edits(bids_lines()))[how]
    lazily, whole = read_lazily(lines), read_whole(lines)
    assert lazily == whole
    assert not getattr(lazily, "ok", False)


def test_lazy_log_reads_a_line_when_asked_and_names_a_bad_one():
    lines = bids_lines()
    log = LazyLog([*lines[:2], b"{nope", *lines[3:]])
    assert log[1].seq == 1 and log[-1].type == "MatchEnded" and len(log) == len(lines)
    with pytest.raises(LogError, match=r"^line 3: not JSON"):
        log[2]
    out_of_place = LazyLog([lines[0], lines[2]])
    with pytest.raises(LogError, match="line 2: expected seq 1, found 2"):
        out_of_place[1]


def test_lazy_log_decodes_only_the_lines_that_end_as_a_players_event_or_a_forfeit():
    lines = bids_lines()
    log = LazyLog(lines)
    types = [json.loads(x)["type"] for x in lines]
    peeked = [log.player_event(i) for i in range(len(lines))]
    assert [e.type if e else None for e in peeked] == [
        t if t == "ActionSubmitted" else None for t in types
    ]
    assert [e is not None for e in log._events] == [t == "ActionSubmitted" for t in types]
    spaced = lines[1].replace(b'"type":', b'"type": ')
    assert LazyLog([lines[0], spaced]).player_event(1) is None


def test_a_recorded_action_decoded_from_its_line_is_not_walked_again(monkeypatch):
    # decoding refused floats and walked deep nesting: the runner's check of an
    # answer is left out for a LazyLog's actions, kept for events given otherwise
    import engine.runner

    lines = bids_lines()
    walked = []
    monkeypatch.setattr(engine.runner, "check_plain", lambda value, where: walked.append(value))
    assert verify(LazyLog(lines), find).ok and walked == []
    assert verify(parse_lines(lines, canonical=True), find).ok and walked


def test_an_action_given_as_an_event_that_is_not_plain_json_is_still_refused():
    lines = bids_lines()
    events = list(parse_lines(lines, canonical=True))
    at = next(i for i, e in enumerate(events) if e.type == "ActionSubmitted")
    for action in (1.5, (1,)):
        edited = [*events[:at], replace(events[at], data={**events[at].data, "action": action})]
        verdict = verify([*edited, *events[at + 1 :]], find)
        assert not verdict.ok and verdict.mismatch_seq == at
        assert "PlayerCrashed" in verdict.expected

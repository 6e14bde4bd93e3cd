"""The protocol's messages, built and parsed without any process."""

import pytest

from engine import registry
from engine.bots import protocol
from engine.bots.protocol import BotGaveUp, ProtocolError
from engine.game import Outcome, Seat
from engine.players import Request
from engine.runner import Match


def first_request(game_name="tic_tac_toe"):
    game = registry.get(game_name)
    match = Match.begin(game, [Seat("a"), Seat("b")], seed=5)
    decision = game.pending(match.state)[0]
    return match, Request(match, decision, 0)


def test_start_message_never_carries_the_seed():
    match, _ = first_request()
    message = protocol.start_message(1, match.header, {"decision_ms": 1000})
    assert message["type"] == "start" and message["protocol"] == 1
    assert message["seat"] == 1 and message["game"] == "tic_tac_toe"
    assert "seed" not in protocol.encode(message).decode()


def test_decide_message_lists_view_events_legal_default_and_time():
    _, request = first_request()
    message = protocol.decide_message(7, request, {"decision_ms": 500})
    assert message["id"] == 7 and message["seat"] == 0
    assert message["legal"] == list(range(9)) and message["default"] == 0
    assert message["view"]["board"] == [-1] * 9
    assert message["events"][0]["type"] == "MatchStarted"
    line = protocol.encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1


def test_end_message_has_the_result():
    message = protocol.end_message(1, Outcome((2, 1), (0, 1), "three in a row"))
    assert message == {
        "type": "end",
        "seat": 1,
        "rank": 1,
        "score": 1,
        "ranks": [2, 1],
        "scores": [0, 1],
        "reason": "three in a row",
    }


@pytest.mark.parametrize(
    "line, fragment",
    [
        (b"hello", "not JSON"),
        (b"\xff", "not UTF-8"),
        (b"[1]", "JSON object"),
        (b"{}", 'no "type"'),
        (b"   ", "empty line"),
        (b"NaN", "not JSON"),
        (b"[" * 100_000, "not JSON"),
    ],
)
def test_parse_refuses_what_is_not_a_message(line, fragment):
    with pytest.raises(ProtocolError, match=fragment):
        protocol.parse(line)


def test_actions_must_be_plain_json():
    assert protocol.parse_action({"type": "action", "action": {"do": "end"}}) == {"do": "end"}
    with pytest.raises(ProtocolError, match="floats"):
        protocol.parse_action({"type": "action", "action": 1.5})
    with pytest.raises(ProtocolError, match='no "action" field'):
        protocol.parse_action({"type": "action"})
    with pytest.raises(BotGaveUp, match="oops"):
        protocol.parse_action({"type": "error", "message": "oops"})


def test_ready_checks_the_protocol_version():
    assert protocol.parse_ready({"type": "ready", "name": "x" * 100}) == "x" * 64
    with pytest.raises(ProtocolError, match="protocol 2"):
        protocol.parse_ready({"type": "ready", "protocol": 2})
    with pytest.raises(ProtocolError, match="ready"):
        protocol.parse_ready({"type": "action"})


def test_a_set_in_a_view_is_refused_not_sent_in_hash_order():
    _, request = first_request()
    message = protocol.decide_message(1, request, {"decision_ms": 500})
    message["view"] = {**message["view"], "hand": {3, 1, 2}}
    with pytest.raises(protocol.UnencodableMessage, match="'decide'.*set"):
        protocol.encode(message)
    message["view"]["hand"] = (3, 1, 2)  # tuples are plain JSON lists
    assert b'"hand":[3,1,2]' in protocol.encode(message)

"""Golden logs: the bytes the engine wrote before the speed work (see
docs/performance.md) must be the bytes it writes now.

The format-1 digests below were taken from the engine as it was before any
optimisation (the stdlib encoder on ``Event.to_json()``, ``Log.append`` checking
every event, the runner's general step); logs of that format must still
re-simulate to the same bytes. The format-2 digests (seed commitment, hashed PRNG
streams) were taken when that format was introduced. Any change of the canonical
encoding, the hash chain, an event's fields, the runner's event order or the PRNG
breaks them.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import registry
from engine.events import Event, Log, encode
from engine.game import Seat
from engine.lineup import lineup
from engine.plain import LogError, check_plain
from engine.players import BotPlayer
from engine.replay import verify
from engine.rng import Rng, bot_rng
from engine.runner import Match
from tests.engine.games.match_checks import Faulty

GAME = registry.get("tic_tac_toe")

GOLDEN = {
    1: {
        "seed 7 random random": "ab2c4709b9754c757996f548b7ca2de1818b2ec4e274ba620f951ab11d965a53",
        "200 random random": "6c87b07082f7c0ce492ebcbb9931edb550663754c41d54fc217fa8e956eea2b5",
        "200 greedy random": "6b07ce70f8139cd6d7357d5c8507ec329574734be0698c27d91f7df7df76c747",
        "50 with faults": "ef3fc22258158d76c3f392ae449acbf993c87f84382a2b0e0ae309a40ab4abe8",
    },
    2: {
        "seed 7 random random": "123a694e76d4233007dc372e73495d51542959753a01092f81d1b99cbfb22c01",
        "200 random random": "8f7e16a578dd199e23eb6669f7a4f2783b668ef8babbfab5cf11eaa6193e05a9",
        "200 greedy random": "6b4f47e745d797a48a6071e69c870e074e1ff650e67975a2d555cde0ebc17a04",
        "50 with faults": "19a9a8fc4cfc2c2c3b65e07c0f757cbacc982db0625c301814a60aa38cd3d7a5",
    },
}
PRIVATE_EVENTS = "f044e29bc407943bd5680ff80a5cbd9e3d561d69cdc1b4589b7adbbc5fa3f645"
FORMATS = pytest.mark.parametrize("log_format", [1, 2])


def run(players, seats, seed, log_format):
    match = Match.begin(GAME, seats, seed, log_format=log_format)
    match.play(players)
    return match


def all_logs_digest(bots: list[str], matches: int, log_format: int) -> str:
    h = hashlib.sha256()
    for seed in range(matches):
        seats, players = lineup(GAME, bots)
        h.update(run(players, seats, seed, log_format).log.to_jsonl())
    return h.hexdigest()


@FORMATS
def test_one_match_is_byte_identical(log_format):
    seats, players = lineup(GAME, ["random", "random"])
    match = run(players, seats, 7, log_format)
    assert match.log.digest == GOLDEN[log_format]["seed 7 random random"]
    if log_format == 2:
        assert b'"seed":7' not in match.log.lines[0] and b'"seed":7' in match.log.lines[-1]
        return
    assert (
        match.log.lines[1]
        == b'{"data":{"action":2,"seat":0},"seq":1,"to":"all","type":"ActionSubmitted"}'
    )
    assert match.log.lines[-1] == (
        b'{"data":{"faults":[0,0],"ranks":[1,2],"reason":"three in a row",'
        b'"scores":[1,0]},"seq":6,"to":"all","type":"MatchEnded"}'
    )


@FORMATS
@pytest.mark.parametrize(
    "bots,key",
    [(["random", "random"], "200 random random"), (["greedy", "random"], "200 greedy random")],
)
def test_many_matches_are_byte_identical(bots, key, log_format):
    assert all_logs_digest(bots, 200, log_format) == GOLDEN[log_format][key]


@FORMATS
def test_fault_paths_are_byte_identical(log_format):
    h = hashlib.sha256()
    kinds = set()
    for seed in range(50):
        players = [BotPlayer(GAME, Faulty), BotPlayer(GAME, GAME.bots["random"])]
        match = run(players, [Seat("bad"), Seat("random")], seed, log_format)
        h.update(match.log.to_jsonl())
        kinds.update(e.type for e in match.log)
        assert verify(match.log.events, registry.get).ok
    assert {"ActionRejected", "PlayerTimedOut"} <= kinds
    assert h.hexdigest() == GOLDEN[log_format]["50 with faults"]


def test_a_float_action_is_a_crash_and_the_default_is_played():
    class Floaty:
        def __init__(self, game, seat, rng):
            pass

        def decide(self, request):
            return 1.5

    players = [BotPlayer(GAME, Floaty), BotPlayer(GAME, GAME.bots["random"])]
    match = run(players, [Seat("floaty"), Seat("random")], 0, 2)
    crash = next(e for e in match.log if e.type == "PlayerCrashed")
    assert "floats are not allowed" in crash.data["reason"]
    assert match.log.events[crash.seq + 1].data == {"seat": 0, "action": 0}
    assert verify(match.log.events, registry.get).ok


def test_private_events_and_odd_strings_are_byte_identical():
    log = Log()
    log.append(Event("MatchStarted", {"x": 'é ☃ \u2028 "q" \\', "n": [1, {"b": True, "a": None}]}))
    log.append(Event("Secret", {"seat": 0, "card": "K"}, (0,), {"seat": 0}))
    log.append(Event("Secret2", {"z": -12345678901234567890}, (0, 1)))
    assert log.digest == PRIVATE_EVENTS
    assert (
        log.lines[1]
        == b'{"data":{"card":"K","seat":0},"public":{"seat":0},"seq":1,"to":[0],"type":"Secret"}'
    )


# -- the fast encoder against the contract's own definition ---------------------------


def reference(event: Event) -> bytes:
    """The canonical encoding as DESIGN.md defines it."""
    return json.dumps(
        event.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":")
    ).encode("utf-8")


plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    type_=st.text(min_size=1, max_size=12),
    data=st.dictionaries(st.text(max_size=6), plain, max_size=5),
    to=st.just("all") | st.lists(st.integers(0, 5), max_size=3).map(tuple),
    public=st.none() | st.dictionaries(st.text(max_size=4), plain, max_size=3),
    seq=st.none() | st.integers(0, 10**6),
)
def test_encode_is_the_reference_encoding(type_, data, to, public, seq):
    event = Event(type_, data, to, public, seq)
    assert encode(event) == reference(event)
    log = Log()
    sealed = log.append(event)
    assert log.lines[0] == reference(sealed) == encode(sealed)


@settings(max_examples=200, deadline=None)
@given(seat=st.integers(0, 7), action=plain, seq=st.integers(0, 10**6))
def test_the_submitted_template_is_the_reference_encoding(seat, action, seq):
    from engine.events import _submitted_line  # the runner's template for its own events

    event = Event("ActionSubmitted", {"seat": seat, "action": action}, seq=seq)
    assert _submitted_line(seat, action, seq) == reference(event)
    # a secret decision's: private to its seat, the twin naming only the seat
    secret = Event("ActionSubmitted", event.data, (seat,), {"seat": seat}, seq)
    assert _submitted_line(seat, action, seq, True) == reference(secret)


def test_encode_still_refuses_what_json_refuses():
    with pytest.raises(TypeError):
        encode(Event("X", {"a": object()}))
    loop: dict = {}
    loop["self"] = loop
    with pytest.raises(ValueError):
        encode(Event("X", loop))


def test_the_log_still_checks_data_and_actions_are_still_checked():
    for bad in ({"a": 1.5}, {"a": (1, 2)}, {1: "x"}, {"a": [{"b": {2.0}}]}):
        with pytest.raises(LogError):
            Log().append(Event("X", bad))
    with pytest.raises(LogError):
        Log().append(Event("X", {}, (0,), {"p": 0.5}))
    with pytest.raises(LogError, match="floats are not allowed"):
        check_plain([1, {"a": [True, None, 2.5]}])
    check_plain({"a": [1, "b", None, {"c": False}]})


def test_the_generator_gives_the_same_numbers():
    rng = Rng(7, 3)
    assert [rng.next64() for _ in range(2)] == [13745005298681650401, 7432434720425202498]
    assert [rng.below(10) for _ in range(5)] == [9, 6, 6, 3, 3]
    assert rng.shuffled(range(6)) == [4, 2, 1, 3, 5, 0]
    assert rng.die() == 4
    big = bot_rng(123456789012345678901234567890, 1)
    assert [big.below(1000) for _ in range(4)] == [823, 697, 412, 711]
    # format 2: every stream keyed by sha256 of seed and stream
    hashed = Rng(7, 3, hashed=True)
    assert [hashed.next64() for _ in range(2)] == [5854583563791917127, 838499754330716900]
    assert bot_rng(7, 1, hashed=True).below(1000) == 37

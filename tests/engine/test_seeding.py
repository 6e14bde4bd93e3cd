"""Commit-reveal of the seed: a running match shows only a
commitment; the end reveals seed and salt; verification checks the reveal against
the commitment before it re-simulates; logs made before commit-reveal still verify."""

from __future__ import annotations

import hashlib
import textwrap

import pytest

from engine import registry
from engine.bots import Limits
from engine.events import Event
from engine.game import RulesError
from engine.lineup import lineup
from engine.plain import LogError
from engine.replay import fork, verify
from engine.runner import Match, run_match
from engine.seeding import (
    MAX_SEED,
    check_salt,
    check_seed,
    commitment,
    derived_salt,
    reveal_matches,
)

GAME = registry.get("aimbots")  # hidden scrap tokens: the chance a known seed gives away
SEED = 0xC0FFEE_5EED_1234_5
SALT = "0123456789abcdef0123456789abcdef"


def play(seed=SEED, salt=SALT, name="aimbots", bots=("random", "random")):
    game = registry.get(name)
    seats, players = lineup(game, list(bots))
    return run_match(game, players, seats, seed, salt=salt)


def with_data(event: Event, **changes) -> Event:
    return Event(event.type, {**event.data, **changes}, event.to, event.public, event.seq)


def test_match_started_commits_to_the_seed_and_match_ended_reveals_it():
    match = play()
    started, ended = match.log.events[0].data, match.log.events[-1].data
    assert "seed" not in started and started["log_format"] == 2
    assert started["seed_commitment"] == commitment(SEED, SALT)
    assert (ended["seed"], ended["salt"]) == (SEED, SALT)
    assert reveal_matches(ended["seed"], ended["salt"], started["seed_commitment"])
    # nothing before the end carries the seed or the salt
    for line in match.log.lines[:-1]:
        assert str(SEED).encode() not in line and SALT.encode() not in line


def test_the_same_seed_and_salt_give_the_same_bytes_and_another_salt_another_commitment():
    assert play().log.lines == play().log.lines
    other = play(salt="f" * 32)
    assert (
        other.log.events[0].data["seed_commitment"] != play().log.events[0].data["seed_commitment"]
    )
    # the salt changes the commitment, not the match: the draws come from the seed
    assert other.log.lines[1:-1] == play().log.lines[1:-1]


def test_without_a_salt_the_salt_is_derived_from_the_seed_so_local_play_reproduces():
    seats, players = lineup(GAME, ["random", "random"])
    match = run_match(GAME, players, seats, 7)
    assert match.log.events[-1].data["salt"] == derived_salt(7)


def test_a_tampered_reveal_fails_verification_before_any_re_simulation():
    events = list(play().log.events)
    assert verify(events, registry.get).ok
    for change in ({"seed": SEED + 1}, {"salt": "f" * 32}, {"seed": str(SEED)}):
        tampered = events[:-1] + [with_data(events[-1], **change)]
        verdict = verify(tampered, registry.get)
        assert not verdict.ok and "do not match the seed commitment" in verdict.describe()


def test_a_tampered_commitment_fails_verification():
    events = list(play().log.events)
    forged = commitment(SEED + 1, SALT)
    tampered = [with_data(events[0], seed_commitment=forged)] + events[1:]
    assert not verify(tampered, registry.get).ok


def test_a_log_whose_seed_is_swapped_with_a_matching_commitment_does_not_re_simulate():
    # someone rewrites both the commitment and the reveal for another seed: the
    # draws recorded in the log no longer follow from the revealed seed
    events = list(play().log.events)
    other = SEED + 99
    tampered = (
        [with_data(events[0], seed_commitment=commitment(other, SALT))]
        + events[1:-1]
        + [with_data(events[-1], seed=other)]
    )
    verdict = verify(tampered, registry.get)
    assert not verdict.ok and verdict.mismatch_seq is not None


def test_a_running_log_has_no_reveal_and_cannot_be_re_simulated_yet():
    events = play().log.events
    with pytest.raises(LogError, match="incomplete"):
        verify(events[:-1], registry.get)
    with pytest.raises(LogError, match="incomplete"):
        fork(GAME, events[:10])


def test_a_finished_match_forks_with_its_reveal():
    events = play().log.events
    match = fork(GAME, events[:10], events[-1].data)
    assert match.log.lines == [line for line in play().log.lines[: len(match.log)]]


def test_a_format_1_log_still_verifies_and_forks():
    seats, players = lineup(GAME, ["random", "random"])
    match = Match.begin(GAME, seats, 5, log_format=1)
    match.play(players)
    events = match.log.events
    assert events[0].data["seed"] == 5 and "seed_commitment" not in events[0].data
    assert "seed" not in events[-1].data
    assert verify(events, registry.get).ok
    assert fork(GAME, events[:10]).log.lines == match.log.lines[: len(fork(GAME, events[:10]).log)]


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**70, True, "7"])
def test_seeds_outside_64_bits_are_refused(seed):
    seats, players = lineup(GAME, ["random", "random"])
    with pytest.raises(RulesError, match="seed"):
        run_match(GAME, players, seats, seed)


@pytest.mark.parametrize("seed", [0, 1, MAX_SEED])
def test_every_unsigned_64_bit_seed_is_accepted(seed):
    assert check_seed(seed) == seed


@pytest.mark.parametrize(
    "seed, message",
    [
        (-1, "^the seed must be between 0 and"),
        (MAX_SEED + 1, "^the seed must be between 0 and"),
        (True, "^the seed must be an integer$"),
        ("7", "^the seed must be an integer$"),
        (7.0, "^the seed must be an integer$"),
    ],
)
def test_check_seed_refuses_what_is_not_a_64_bit_integer_and_says_why(seed, message):
    with pytest.raises(RulesError, match=message):
        check_seed(seed)


@pytest.mark.parametrize(
    "salt", ["0" * 31, "0" * 33, "A" * 32, "X" * 32, "g" * 32, 32, None, b"0" * 32]
)
def test_a_salt_is_exactly_32_lowercase_hex_digits(salt):
    assert check_salt(SALT) == SALT
    with pytest.raises(RulesError, match="32 lowercase hex digits"):
        check_salt(salt)


def test_the_commitment_is_the_sha256_of_the_documented_text():
    """Module contract: anyone checks a reveal with sha256("scrimmage-seed:<seed>:<salt>")."""
    expected = hashlib.sha256(f"scrimmage-seed:7:{SALT}".encode()).hexdigest()
    assert commitment(7, SALT) == expected and reveal_matches(7, SALT, expected)


def test_a_reveal_of_the_wrong_kind_or_value_matches_nothing_and_never_raises():
    good = commitment(SEED, SALT)
    for seed, salt, committed in (
        (str(SEED), SALT, good),
        (SEED, None, good),
        (SEED, SALT, None),
        (SEED + 1, SALT, good),
        (SEED, "f" * 32, good),
    ):
        assert reveal_matches(seed, salt, committed) is False


def test_a_derived_salt_is_a_valid_salt_that_differs_by_seed():
    assert check_salt(derived_salt(7)) == derived_salt(7) != derived_salt(8)


def test_the_largest_seed_plays():
    assert play(seed=MAX_SEED).log.events[-1].data["seed"] == MAX_SEED


SPY = textwrap.dedent("""
    # Searches every message the engine sends it for the seed and the salt.
    import json, sys
    seed, salt = "SEED", "SALT"
    found = []
    for line in sys.stdin:
        if seed in line or salt in line or '"seed"' in line:
            found.append(line[:200])
        message = json.loads(line)
        kind = message["type"]
        if kind == "start":
            reply = {"type": "ready", "name": "spy"}
        elif kind == "decide":
            legal = message["legal"]
            reply = {"type": "action", "id": message["id"],
                     "action": legal[0] if legal else message["default"]}
        else:
            print("FOUND" if found else "CLEAN", *found, file=sys.stderr, flush=True)
            break
        print(json.dumps(reply), flush=True)
""")


@pytest.mark.parametrize("name", ["aimbots", "aerial_assault", "tic_tac_toe"])
def test_a_bot_that_searches_every_message_for_the_seed_finds_nothing(tmp_path, name):
    bot = tmp_path / "spy.py"
    bot.write_text(SPY.replace("SEED", str(SEED)).replace("SALT", SALT))
    game = registry.get(name)
    limits = Limits(startup=10.0, decision=5.0, overage=5.0, match=120.0)
    count = game.seat_counts[0]
    seats, players = lineup(game, [str(bot)] + ["random"] * (count - 1), limits=limits)
    match = run_match(game, players, seats, SEED, salt=SALT)
    assert match.log.events[-1].data["seed"] == SEED  # revealed once it is over
    assert players[0].stderr.startswith("CLEAN"), players[0].stderr

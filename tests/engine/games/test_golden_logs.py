"""Golden logs of the five seed games: the bytes the engine wrote before the speed
work of docs/performance.md ("The rules' hot paths") must be the bytes it writes
now, and every one of those logs must verify.

Each digest is sha256 over the JSON-lines export of a fixed set of matches: every
seat count with random bots (two seeds); at the smallest and the largest table,
greedy bots, greedy and random bots alternating, and a faulty bot beside random
ones (rejections, crashes, time-outs, forfeits); each option the game has; and one
log of format 1. The digests were taken from the engine as it was before that
work (main at 2df086c); a change of the rules' events, the runner's event order,
the encoding or the PRNG breaks them.
"""

from __future__ import annotations

import hashlib

import pytest

from engine import registry
from engine.game import Seat
from engine.lineup import lineup
from engine.players import BotPlayer
from engine.replay import verify
from engine.runner import Match
from tests.engine.games.match_checks import Faulty

GOLDEN = {
    # rules v3 (teams kept as alliances; untouched here but for the header's version)
    "aerial_assault": "411a816e68fba47bc82f3fec0b51a0f8de760df2cbe85801467e19d0004156dd",
    # rules v3 (new_players: the armor level 1 pile only)
    "aimbots": "ca7a7735bdaf0b61160dba8b6bc88b9ba44d6fd425c24459f11d325add6bfce5",
    # rules v2 (detach beside the robot, every 6 draws a card, Overdrive adds moves)
    "cascade_effect": "7ee6e8a356e810a745f757209e3e19df89d8ff060592b387bad8620f6a0d356a",
    # rules v2 (everyone attacks, a table sized by the number of planes)
    "dogfight": "809fde1d518e3718514e416350fdfd6ee6e28bfc34a36df20e478f5f6f1b526c",
    # rules v3 (v2: the whole option deck, credit outside phase 5, options against
    # damage; v3: an earthquake slides the front robots first going south and west too)
    "powerball": "f1918c0c3789ca9399b43747f24189d8901657b9f2efbf168a7050bfac6b08e4",
}

#: options played besides the defaults, one match each (at the smallest table
#: that takes them)
OPTIONS = {
    "aerial_assault": [
        {"iri": True},
        {"rookie": "all"},
        {"missed_shots": True},
        {"tied_blocks": True},
    ],
    "aimbots": [{"first_game": True}, {"new_players": True}, {"turn_limit": 3}],
    "cascade_effect": [],
    "dogfight": [
        {"teams": "2v2"},
        {"teams": "3v3"},
        {"quick": True},
        {"area": 400},
        {"ace": True},
        {"rounds": 2},
    ],
    "powerball": [{"rounds": 2}, {"balls": 1}, {"balls": 20}],
}


def _seats_for(game, options: dict) -> list[int]:
    counts = [n for n in game.seat_counts if _plays(game, n, options)]
    return counts[:1]


def _plays(game, n: int, options: dict) -> bool:
    try:
        game.check_setup(n, game.resolve_options(options))
    except Exception:
        return False
    return True


def _matches(game):
    """``(players, seats, seed, options, log_format)`` of every golden match."""
    for n in game.seat_counts:
        for seed in (0, 1):
            yield (*lineup(game, ["random"] * n), seed, {}, 2)
    for n in sorted({game.seat_counts[0], game.seat_counts[-1]}):
        yield (*lineup(game, ["greedy"] * n), 0, {}, 2)
        yield (*lineup(game, ["greedy", "random"] * (n // 2) + ["greedy"] * (n % 2)), 2, {}, 2)
        seats, players = lineup(game, ["random"] * n)
        seats[0], players[0] = Seat("faulty"), BotPlayer(game, Faulty)
        yield seats, players, 3, {}, 2
    for options in OPTIONS[game.name]:
        for n in _seats_for(game, options):
            yield (*lineup(game, ["random"] * n), 4, options, 2)
    yield (*lineup(game, ["random"] * game.seat_counts[-1]), 5, {}, 1)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_seed_games_write_the_golden_bytes_and_every_log_verifies(name):
    game = registry.get(name)
    h = hashlib.sha256()
    for seats, players, seed, options, log_format in _matches(game):
        match = Match.begin(game, seats, seed, options, log_format=log_format)
        match.play(players)
        h.update(match.log.to_jsonl())
        verdict = verify(match.log.events, registry.get)
        assert verdict.ok and verdict.digest == match.log.digest, verdict.describe()
    assert h.hexdigest() == GOLDEN[name]

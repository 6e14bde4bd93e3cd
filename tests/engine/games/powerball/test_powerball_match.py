"""Whole matches: determinism, verification, secrecy, invariants that hold at every
decision (property tests), and the built-in bots' strength."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.games.powerball.bots import random_program
from engine.games.powerball.programs import program_checker
from engine.lineup import lineup
from engine.replay import Replay, verify
from engine.rng import Rng
from engine.runner import Match, run_match


def play(game, bots, seed, **options):
    seats, players = lineup(game, bots)
    return run_match(game, players, seats, seed=seed, options=options)


def begun(game, seats, players, seed, **options):
    """A match with its players begun, to be stepped by the test."""
    match = Match.begin(game, seats, seed, options=options)
    for seat, player in enumerate(players):
        player.begin(seat, match.header)
    return match


def test_the_same_seed_and_bots_give_the_same_log(game):
    a = play(game, ["greedy", "random", "random"], 11, rounds=4)
    b = play(game, ["greedy", "random", "random"], 11, rounds=4)
    assert a.log.digest == b.log.digest


def test_a_match_verifies(game):
    match = play(game, ["random"] * 4, 3, rounds=6)
    assert verify(match.log.events, registry.get).ok


def test_a_full_match_plays_30_rounds_and_ranks_by_victory_points(game):
    match = play(game, ["greedy", "random"], 7)
    assert sum(e.type == "TurnStarted" for e in match.log.events) == 30
    outcome = match.outcome
    assert outcome.reason == "30 rounds played"
    assert outcome.scores == tuple(r.vp for r in match.state.robots)


def test_programs_are_secret_until_revealed(game):
    match = play(game, ["random"] * 2, 5, rounds=2)
    for event in match.log.events:
        if event.type in ("ProgramSet", "HandDealt"):
            assert event.to == (event.data["seat"],)
            assert "registers" not in (event.public or {}) and "cards" not in (event.public or {})
        if event.type == "ActionSubmitted" and event.to != "all":
            assert event.public == {"seat": event.data["seat"]}


def test_a_view_hides_other_hands_and_unrevealed_registers(game):
    match = play(game, ["random"] * 2, 9, rounds=2)
    events = match.log.events
    at = next(e.seq for e in events if e.type == "PhaseStarted" and e.data["phase"] == 2)
    replay = Replay(game, events, every=1)
    view = replay.view_at(at, 0)
    other = view["robots"][1]
    assert other["hand"] is None and other["pickup"] is None
    assert other["registers"][2:] == [None, None, None]
    assert view["robots"][0]["registers"][2] is not None
    assert replay.view_at(at, None)["robots"][1]["registers"][2] is None


def test_a_random_program_from_the_view_is_always_legal(game):
    seats, players = lineup(game, ["random"] * 3)
    match = begun(game, seats, players, 4, rounds=3)
    rng = Rng(1, -5)
    checked = 0
    outcome = None
    while outcome is None:
        if match.state.stage == "program":
            for seat in range(3):
                action = random_program(game.view(match.state, seat), seat, rng)
                assert program_checker(match.state, seat)(action) is None
                checked += 1
        outcome = match.step(players, 1)
    assert checked >= 9 and outcome.reason == "3 rounds played"


def test_a_rejected_program_plays_the_default_and_is_logged(game):
    class Bad:
        def begin(self, seat, header):
            pass

        def decide(self, request):
            return {"cards": [1, 2, 3]} if request.legal is None else request.legal[0]

        def finish(self, outcome):
            pass

    seats, players = lineup(game, ["random", "random"])
    match = run_match(
        game, [Bad(), players[1]], seats, seed=2, options={"rounds": 1}, max_faults=100
    )
    rejected = [e for e in match.log.events if e.type == "ActionRejected"]
    assert rejected and all(e.to == (0,) for e in rejected)
    assert "power_down" in rejected[0].data["reason"]


# -- invariants at every decision ------------------------------------------------------
def check_invariants(state, total_balls):
    squares = [r.sq for r in state.robots if r.alive]
    assert len(squares) == len(set(squares)), "two robots share a square"
    held = sum(r.balls for r in state.robots)
    assert state.pool + len(state.balls) + held == total_balls, "a ball was lost or made"
    for robot in state.robots:
        assert 0 <= robot.damage <= 10
        if robot.alive:
            assert robot.damage <= 9 and robot.balls <= 3
        assert len(robot.options) <= 3


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 8),
    balls=st.integers(1, 20),
    greedy=st.booleans(),
)
def test_robots_never_overlap_balls_are_conserved_and_damage_stays_0_to_10(
    seed, seats, balls, greedy
):
    game = registry.get("powerball")
    bots = ["greedy" if greedy and s == 0 else "random" for s in range(seats)]
    seat_list, players = lineup(game, bots)
    match = begun(game, seat_list, players, seed, rounds=8, balls=balls)
    outcome = None
    while outcome is None:
        check_invariants(match.state, balls)
        outcome = match.step(players, 1)
    check_invariants(match.state, balls)
    assert outcome.reason == "8 rounds played"


# -- the bots ------------------------------------------------------------------------------
def greedy_wins(game, seeds):
    wins = 0
    for seed in seeds:
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        ranks = play(game, bots, seed).outcome.ranks
        me = bots.index("greedy")
        wins += ranks[me] < ranks[1 - me]
    return wins


def test_greedy_beats_random_in_most_two_seat_matches(game):
    assert greedy_wins(game, range(20)) >= 16


@pytest.mark.slow
def test_greedy_beats_random_in_80_percent_of_200_two_seat_matches(game):
    assert greedy_wins(game, range(200)) >= 160


def mean_ranks(game, seeds):
    totals = [0, 0, 0, 0]
    for seed in seeds:
        g = seed % 4
        bots = ["random"] * 4
        bots[g] = "greedy"
        ranks = play(game, bots, 1000 + seed).outcome.ranks
        for seat in range(4):
            totals[(seat - g) % 4] += ranks[seat]
    return totals


def test_greedy_has_the_best_mean_rank_among_three_randoms(game):
    totals = mean_ranks(game, range(12))
    assert totals[0] < min(totals[1:])


@pytest.mark.slow
def test_greedy_has_the_best_mean_rank_over_many_four_seat_matches(game):
    totals = mean_ranks(game, range(80))
    assert totals[0] < min(totals[1:])


def test_greedy_fills_every_register_even_when_every_plan_falls(game):
    """Regression: a robot boxed in by pits still programs all its registers."""
    from engine.games.powerball.board import floor
    from engine.games.powerball.bots import GreedyBot

    pit = floor("arena").pits
    match = play(game, ["greedy", "random"], 1, rounds=1)
    view = game.view(match.state, 0)
    me = view["robots"][0]
    me.update(
        sq=min(pit) - 1,
        facing="E",
        hand=[490, 500, 510, 520, 530, 540, 550, 560, 570],
        program_size=5,
        registers=[0] * 5,
        damage=0,
        balls=0,
    )
    action = GreedyBot(game, 0, Rng(3, -1)).program(view)
    assert len(action["cards"]) == 5 and len(set(action["cards"])) == 5


def test_rules_v1_logs_still_fold(game):
    """A log made by rules v1 (a respawned robot's program wiped, no end-of-turn
    marker, the 13-option deck) folds with this engine to the outcome it recorded."""
    from pathlib import Path

    from engine.reading import parse_jsonl

    log = Path(__file__).parent / "data" / "powerball_v1_four_seats.jsonl"
    events = parse_jsonl(log.read_text())
    assert events[0].data["rules_version"] == 1 and game.rules_version > 1
    assert {"RadioControlled", "Destroyed", "Thrown"} <= {e.type for e in events}
    final = Replay(game, events).state_at(len(events) - 1)
    outcome, recorded = game.outcome(final), events[-1].data
    assert list(outcome.ranks) == recorded["ranks"] and list(outcome.scores) == recorded["scores"]

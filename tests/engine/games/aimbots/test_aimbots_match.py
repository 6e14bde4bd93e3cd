"""Whole matches: determinism, verification, hidden information, invariants, bots."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.games.aimbots import GAME
from engine.games.aimbots.moves import END, can_act, play_actions
from engine.games.aimbots.scrap import core_value
from engine.lineup import lineup
from engine.replay import Replay, verify
from engine.runner import DEFAULT_MAX_STEPS, run_match
from tests.engine.games.match_checks import ChosenBot, check_same_seed_same_log_and_verifies


def match_of(bots, seed, **options):
    seats, players = lineup(GAME, bots)
    return run_match(GAME, players, seats, seed, options)


@pytest.mark.parametrize(
    "bots",
    [
        ["random", "random"],
        ["greedy", "random"],
        ["random", "random", "random"],
        ["greedy", "random", "greedy", "random"],
    ],
)
def test_same_seed_same_log_and_it_verifies(bots):
    check_same_seed_same_log_and_verifies(GAME, bots)


def test_first_game_option_verifies():
    match = match_of(["greedy", "greedy"], 3, first_game=True, turn_limit=10)
    assert verify(match.log.events, registry.get).ok


def test_registered_and_playable_from_registry():
    assert registry.get("aimbots") is GAME
    assert set(GAME.bots) == {"random", "greedy", "search-1", "search", "search-3"}


def _no_foreign_secret(event, seat):
    data = event.data
    if event.type == "CoresLoaded":
        assert data["seat"] == seat or "cores" not in data
    if event.type in ("ScrapPlaced",):
        assert "tokens" not in data and "board" not in data and "pile" in data
    if event.type == "ScrapDropped":
        assert "token" not in data
    if event.type == "PickedUp" and data["seat"] != seat:
        assert "token" not in data and "kind" not in data
    if event.type == "ActionSubmitted" and data["seat"] != seat:
        assert "action" not in data or data["action"]["do"] != "load"


@pytest.mark.parametrize("bots", [["greedy", "random"], ["greedy", "greedy", "random"]])
def test_no_secret_reaches_another_seat(bots):
    for seed in range(4):
        match = match_of(bots, seed)
        replay = Replay(GAME, match.log.events)
        for seat in list(range(len(bots))) + [None]:
            for event in replay.stream_for(seat):
                _no_foreign_secret(event, seat)
        for seq in range(0, len(match.log.events), 7):
            state = replay.state_at(seq)
            for seat in list(range(len(bots))) + [None]:
                check_view(GAME.view(state, seat), state, seat)


def check_view(view, state, seat):
    for bot, real in zip(view["bots"], state.bots):
        if real.owner != seat and real.alive:
            assert bot["core"] is None
    for owner, hand in enumerate(view["hands"]):
        if owner != seat:
            assert all(item is None for item in hand)
    assert all(isinstance(sq, int) for sq in view["board_scrap"])
    assert "tokens" not in view and isinstance(view["pile"], int)
    if seat is None:
        assert '"kind"' not in json.dumps(view)


def invariants(state):
    placed = [b.sq for b in state.bots if b.alive and b.sq >= 0]
    assert len(placed) == len(set(placed)), "one bot per space"
    assert all(len(b.plates) <= 2 for b in state.bots if b.alive)
    assert state.energy >= 0
    if state.tokens:
        loose = [t for _, t in state.board_scrap] + list(state.pile)
        used_or_held = set(range(12)) - set(loose)
        held = [t for hand in state.hands for t in hand]
        assert len(held) == len(set(held)) and set(held) <= used_or_held
        hidden = sum(b.core for b in state.bots if b.alive)
        scrap = sum(core_value(state.tokens[t]) for t in loose + held)
        total = sum(state.cores) + hidden + scrap
        per_seat = {2: 9, 3: 6, 4: 6}[state.seats]
        assert total == per_seat * state.seats + 10, "cores are conserved"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=50),
    turn_limit=st.integers(1, 15),
)
def test_any_legal_play_keeps_invariants_and_ends(seats, seed, picks, turn_limit):
    from engine.game import Seat

    players = [ChosenBot(picks) for _ in range(seats)]
    match = run_match(GAME, players, [Seat("chosen")] * seats, seed, {"turn_limit": turn_limit})
    assert "step cap" not in match.outcome.reason
    state = None
    for event in match.log.events:
        state = GAME.evolve(state, event)
        invariants(state)
    assert GAME.outcome(state) is not None
    assert sorted(match.outcome.ranks)[0] == 1


def test_random_matches_end_by_the_rules_long_before_the_step_cap():
    # the work a match costs, counted in decision rounds: its speed in seconds is
    # measured by bench/engine_bench.py (every registered game), never asserted in a
    # test, where a busy machine would make it flaky
    for seed in range(10):
        match = match_of(["random", "random"], seed)
        assert "step cap" not in match.outcome.reason
        assert match.steps < DEFAULT_MAX_STEPS // 10


def test_render_takes_views_and_state_json():
    match = match_of(["greedy", "random", "random"], 1)
    replay = Replay(GAME, match.log.events)
    state = replay.state_at(len(match.log.events) // 2)
    for data in (GAME.view(state, None), GAME.view(state, 0), GAME.state_json(state)):
        svg = GAME.render(json.loads(json.dumps(data)))
        assert svg.startswith("<svg") and svg.endswith("</svg>") and 'class="bot"' in svg


@pytest.mark.slow
def test_greedy_beats_random():
    wins = 0
    for seed in range(200):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        outcome = match_of(bots, seed).outcome
        wins += outcome.ranks[bots.index("greedy")] == 1 and outcome.ranks.count(1) == 1
    assert wins >= 160, wins


def test_views_do_not_depend_on_other_seats_secrets():
    """Change every secret a seat may not know: its view stays byte-identical."""
    from dataclasses import replace

    match = match_of(["greedy", "random"], 4)
    replay = Replay(GAME, match.log.events)
    for seq in range(0, len(match.log.events), 5):
        state = replay.state_at(seq)
        if not state.tokens:
            continue
        for seat in (0, 1, None):
            bots = tuple(
                replace(b, core=9) if b.owner != seat and b.alive else b for b in state.bots
            )
            mine = set(state.hands[seat]) if seat is not None else set()
            tokens = tuple(k if t in mine else "repair" for t, k in enumerate(state.tokens))
            other = replace(state, bots=bots, tokens=tokens)
            assert json.dumps(GAME.view(other, seat)) == json.dumps(GAME.view(state, seat))


def test_rules_v1_logs_still_fold():
    """A log made by rules v1 (before duplicate markets and the Golden Rule's order
    decision) folds with this engine to the outcome it recorded."""
    from pathlib import Path

    from engine.reading import parse_jsonl

    log = Path(__file__).parent / "data" / "aimbots_v1_first_game.jsonl"
    events = parse_jsonl(log.read_text())
    assert events[0].data["rules_version"] == 1 and GAME.can_fold(1)
    replay = Replay(GAME, events)
    final = replay.state_at(len(events) - 1)
    recorded = events[-1].data
    outcome = GAME.outcome(final)
    assert list(outcome.ranks) == recorded["ranks"] and list(outcome.scores) == recorded["scores"]
    assert any(e.type == "BotTurned" for e in events)  # Hacker hits, plate first in v1


def test_rules_v2_new_players_logs_still_fold():
    """A v2 log of the new_players option (a market of complexity-1 programs at
    every armor level) folds with this engine, armor levels from that market."""
    from pathlib import Path

    from engine.reading import parse_jsonl

    log = Path(__file__).parent / "data" / "aimbots_v2_new_players.jsonl"
    events = parse_jsonl(log.read_text())
    assert events[0].data["rules_version"] == 2 and GAME.can_fold(2)
    final = Replay(GAME, events).state_at(len(events) - 1)
    assert len(final.market) == 10 and {b.top for b in final.bots} != {1}
    outcome, recorded = GAME.outcome(final), events[-1].data
    assert list(outcome.ranks) == recorded["ranks"] and list(outcome.scores) == recorded["scores"]


@pytest.mark.slow
def test_greedy_against_itself_has_no_seat_bias():
    """Built-in bots break ties seat-symmetrically. Over 200 seeded greedy v greedy
    matches seat 0's decisive wins stay within 22 of 100: that is 3.1 standard
    deviations of a fair coin (a fair bot fails this about once in 500 seed sets);
    the 124 of 200 the old tie-breaking won for seat 1 would fail it."""
    wins = [0, 0]
    for seed in range(200):
        ranks = match_of(["greedy", "greedy"], seed).outcome.ranks
        if ranks[0] != ranks[1]:
            wins[ranks.index(1)] += 1
    decided = sum(wins)
    assert abs(2 * wins[0] - decided) <= 44, wins


def test_the_short_check_for_a_turn_left_to_play_agrees_with_the_legal_actions():
    """``can_act`` answers ``play_actions(state) != [END]`` without building the
    list: the same answer in every state of play that whole matches meet."""
    checked = {True: 0, False: 0}
    for seed, bots in enumerate([["random"] * 2, ["greedy", "random", "random"], ["random"] * 4]):
        state = None
        for event in match_of(bots, seed).log.events:
            state = GAME.evolve(state, event)
            if state.phase == "play" and state.active >= 0:
                answer = can_act(state)
                assert answer == (play_actions(state) != [END])
                checked[answer] += 1
    assert checked[True] > 100 and checked[False] > 10, checked

"""Whole matches: determinism, verification, the secret deck, invariants under
any legal play, rendering, and greedy against random."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.game import Seat
from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.scoring import banked
from engine.lineup import lineup
from engine.panel import panel_text
from engine.replay import Replay, verify
from engine.runner import run_match
from tests.engine.games.match_checks import ChosenBot, check_same_seed_same_log_and_verifies


def match_of(bots, seed):
    seats, players = lineup(GAME, bots)
    return run_match(GAME, players, seats, seed)


@pytest.mark.parametrize(
    "bots",
    [
        ["random", "random"],
        ["greedy", "random"],
        ["greedy", "random", "random"],
        ["greedy", "random", "greedy", "random"],
    ],
)
def test_same_seed_same_log_and_it_verifies(bots):
    check_same_seed_same_log_and_verifies(GAME, bots)


@pytest.mark.parametrize("count", [2, 3, 4])
def test_many_seeds_verify(count):
    for seed in range(12):
        bots = ["greedy" if (seed + s) % 3 == 0 else "random" for s in range(count)]
        match = match_of(bots, 1000 + seed)
        assert verify(match.log.events, registry.get).ok, seed


def test_registered_with_its_builtin_bots():
    assert registry.get("cascade_effect") is GAME
    assert set(GAME.bots) == {"random", "greedy", "search-1", "search", "search-3"}
    assert GAME.seat_counts == (2, 3, 4)


# -- the deck's order is secret to every seat ---------------------------------------------
def test_no_seat_or_spectator_sees_the_deck_order():
    match = match_of(["greedy", "greedy", "random", "random"], 8)
    replay = Replay(GAME, match.log.events)
    shuffles = [e for e in match.log.events if e.type == "DeckShuffled"]
    assert shuffles and all(e.to == () and set(e.public) == {"cards"} for e in shuffles)
    for seat in (0, 1, 2, 3, None):
        for event in replay.stream_for(seat):
            assert "order" not in event.data or event.type != "DeckShuffled"
    for seq in range(0, len(match.log.events), 11):
        state = replay.state_at(seq)
        if state is None or not state.deck:
            continue
        other = replace(state, deck=tuple(reversed(state.deck)))
        for seat in (0, 1, 2, 3, None):
            view = GAME.view(state, seat)
            assert "deck_order" not in view
            assert json.dumps(view) == json.dumps(GAME.view(other, seat))
    assert GAME.state_json(match.state)["deck_order"] == list(match.state.deck)


# -- any legal play keeps the invariants --------------------------------------------------------
def invariants(state, before):
    placed = [r.sq for r in state.robots if r.sq >= 0]
    assert len(placed) == len(set(placed)), "one robot a square"
    for goal in state.goals:
        assert 0 <= goal.cm <= goal.size
        if goal.robot >= 0:
            assert state.robots[goal.robot].goal == goal.id
            assert goal.sq == state.robots[goal.robot].sq
        elif goal.sq in placed:  # only a goal left where its robot stands, never driven onto
            robot = next(r for r in state.robots if r.sq == goal.sq)
            assert before.robots[robot.id].sq == goal.sq
            assert before.goals[goal.id].sq == goal.sq
    for alliance in (0, 1):
        assert banked(state, alliance) >= banked(before, alliance), "score never decreases"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
# once found: a robot parked onto a loose goal (park and climb now need the square
# free of goals too, as any move does)
@example(seats=2, seed=120, picks=[8, 0, 499, 3, 0, 3157, 1, 0])
def test_any_legal_play_keeps_the_invariants(seats, seed, picks):
    players = [ChosenBot(picks) for _ in range(seats)]
    match = run_match(GAME, players, [Seat("chosen")] * seats, seed)
    assert "step cap" not in match.outcome.reason
    state, fell = None, []
    for event in match.log.events:
        before = state
        state = GAME.evolve(state, event)
        if before is not None and before.robots:
            invariants(state, before)
        if event.type == "KickstandFell":
            fell.append(event.data["stand"])
    assert len(fell) == len(set(fell)), "a kickstand falls once"
    assert all(r.turns == 24 for r in state.robots if r.seat >= 0)
    assert GAME.outcome(state) is not None


# -- render ---------------------------------------------------------------------------------------
def test_render_labels_every_zone_goal_kickstand_and_robot():
    match = match_of(["greedy", "random", "random", "greedy"], 1)
    replay = Replay(GAME, match.log.events)
    state = replay.state_at(len(match.log.events) // 2)
    for data in (
        GAME.view(state, None),
        GAME.view(state, 0),
        GAME.state_json(state),
        GAME.state_json(match.state),
    ):
        svg = GAME.render(json.loads(json.dumps(data)))
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        for text in (
            "red bridge",
            "blue bridge",
            "red parking",
            "blue parking",
            "CENTRE GOAL",
            "kickstand N",
            "kickstand S",
            "red short side",
            "30 cm",
            "60 cm",
            "90 cm",
            ">R1<",
            ">B1<",
            ">R2<",
            ">B2<",
        ):
            assert text in svg, text
        words = panel_text(GAME.panel(json.loads(json.dumps(data))))
        for text in ("RED ALLIANCE", "BLUE ALLIANCE", "Cascade deck"):
            assert text in words and text not in svg, text
        assert svg.count('class="robot"') == 4 and svg.count("<polygon") == 4  # facings


def test_render_from_the_first_event_on():
    match = match_of(["random"] * 3, 2)
    replay = Replay(GAME, match.log.events)
    first = GAME.render(GAME.state_json(replay.state_at(0)))  # before the structure's roll
    assert "CENTRE GOAL" not in first and 'class="robot"' not in first
    placing = GAME.render(GAME.view(replay.state_at(3), None))
    assert "CENTRE GOAL" in placing and 'class="goal"' in placing


# -- greedy against random ------------------------------------------------------------------------
def greedy_wins(count: int, matches: int) -> int:
    """Greedy on one alliance, random on the other, alliances swapped every match."""
    wins = 0
    for seed in range(matches):
        greedy_red = seed % 2 == 0
        half = count // 2  # red holds the first half of the seats
        bots = ["greedy" if (s < half) == greedy_red else "random" for s in range(count)]
        outcome = match_of(bots, seed).outcome
        seat = bots.index("greedy")
        wins += outcome.ranks[seat] == 1 and outcome.ranks.count(1) < count
    return wins


@pytest.mark.slow
@pytest.mark.parametrize("count", [2, 4])
def test_greedy_beats_random_in_at_least_80_percent(count):
    assert greedy_wins(count, 200) >= 160


# -- bad actions --------------------------------------------------------------------------------
class Stubborn:
    """Answers each kind of decision with an illegal action, a few times."""

    BAD = {
        "place": {"do": "place", "sq": 20, "facing": 0},  # not a start zone
        "declare": {"do": "score"},  # nothing attached yet
        "move": {"do": "move", "to": 35, "facing": 9},
    }

    def begin(self, seat, header):
        self.tries = 0

    def decide(self, request):
        self.tries += 1
        if self.tries <= 3:
            return self.BAD[request.decision.prompt]
        return request.legal[0]

    def finish(self, outcome):
        pass


@pytest.mark.parametrize("bad", [None, "fly", 7, [1, 2], {"do": "attach", "goal": 5}])
def test_an_illegal_action_is_rejected_and_the_default_played(bad):
    class Bot(Stubborn):
        BAD = {k: (v if bad is None else bad) for k, v in Stubborn.BAD.items()}

    seats, players = lineup(GAME, ["random", "random"])
    match = run_match(GAME, [Bot(), players[1]], seats, 3)
    rejected = [e for e in match.log.events if e.type == "ActionRejected"]
    assert len(rejected) == 3 and all(e.data["seat"] == 0 for e in rejected)
    assert all("legal" in e.data["reason"] for e in rejected)
    assert match.outcome.reason != "forfeit" and match.state.phase == "over"
    assert verify(match.log.events, registry.get).ok


def v1_events():
    """A 2-player log made by rules v1."""
    from pathlib import Path

    from engine.reading import parse_jsonl

    return parse_jsonl((Path(__file__).parent / "data" / "cascade_v1_two_seats.jsonl").read_text())


def test_rules_v1_logs_still_fold():
    """A 2-player log made by rules v1 (a detach straight ahead, Overdrive's extra
    turns, no card for a 6 in the coordinate roll) folds with this engine to the
    outcome it recorded."""
    events = v1_events()
    assert events[0].data["rules_version"] == 1 and GAME.rules_version == 2
    assert GAME.can_fold(1)
    assert {"Detached", "ExtraTurnGiven", "PieceJumped"} <= {e.type for e in events}
    final = Replay(GAME, events).state_at(len(events) - 1)
    assert final.phase == "over"
    outcome, recorded = GAME.outcome(final), events[-1].data
    assert list(outcome.ranks) == recorded["ranks"] and list(outcome.scores) == recorded["scores"]


def test_a_rules_v1_overdrive_owes_its_robot_an_extra_turn_that_is_not_one_of_its_rolls():
    """Rules v1's Overdrive "gave an extra turn (ExtraTurnGiven, a TurnStarted with
    extra)": folded, the robot is owed the turn (its view's ``extra``) until that
    turn starts, and the extra turn is not counted among its rolls."""
    events = v1_events()
    given = next(e.seq for e in events if e.type == "ExtraTurnGiven")
    robot = events[given].data["robot"]
    extra = next(e.seq for e in events[given:] if e.type == "TurnStarted" and e.data["extra"])
    replay = Replay(GAME, events)
    before = replay.state_at(given - 1).robots[robot]
    owed = replay.state_at(given).robots[robot]
    assert (before.extra, owed.extra) == (False, True)
    assert replay.state_at(extra - 1).robots[robot].extra is True
    started = replay.state_at(extra)
    assert started.robots[robot].extra is False and started.extra_turn is True
    assert started.robots[robot].turns == owed.turns and started.active.id == robot
    after = next(e.seq for e in events[extra + 1 :] if e.type == "TurnStarted")
    assert replay.state_at(after).extra_turn is False

"""Whole Aerial Assault matches: properties, determinism, replay, secrecy, bots, render."""

from __future__ import annotations

import json

import pytest
from aa_helpers import match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.bots import play_options
from engine.games.aerial_assault.checks import seat_action_problem
from engine.games.aerial_assault.state import robots_of
from engine.replay import Replay, verify

SCORING = {"BallScored", "Trussed", "Caught"}


def test_registered():
    assert registry.get("aerial_assault") is GAME
    assert GAME.seat_counts == (2, 3, 4, 5, 6)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    seats=st.sampled_from([2, 3, 4, 5, 6]),
    greedy=st.lists(st.booleans(), min_size=6, max_size=6),
    iri=st.booleans(),
    missed=st.booleans(),
    tied=st.booleans(),
    rookie=st.sampled_from(["", "all", "0", "1"]),
)
def test_properties_of_whole_matches(seed, seats, greedy, iri, missed, tied, rookie):
    bots = ["greedy" if g else "random" for g in greedy[:seats]]
    options = {"iri": iri, "missed_shots": missed, "tied_blocks": tied, "rookie": rookie}
    m = match(bots, seed, options)
    events = m.log.events
    # every match ends by its own rules, without a single fault of a built-in bot
    assert m.outcome.reason != "" and events[-1].type == "MatchEnded"
    assert "MatchOver" in [e.type for e in events] and m.faults == [0] * seats
    state, earned, n_balls = None, {"red": 0, "blue": 0}, None
    for e in events:
        before = state.points if state is not None and state.balls else (0, 0)
        state = GAME.evolve(state, e)
        if not state.balls:
            continue
        # balls are conserved: one per robot, each in exactly one well-formed place
        n_balls = n_balls or len(state.balls)
        assert len(state.balls) == n_balls == len(state.robots)
        for b in state.balls:
            assert b.where in ("held", "floor", "waiting", "removed")
            if b.where == "held":
                assert 0 <= b.robot < len(state.robots) and b.zone == -1
                assert state.robots[b.robot].alliance == b.color
            elif b.where == "floor":
                assert 0 <= b.zone < 6 and b.robot == -1
        for r in range(len(state.robots)):
            assert sum(1 for b in state.balls if b.where == "held" and b.robot == r) <= 2
        removed = [
            sum(1 for b in state.balls if b.where == "removed" and b.color == a)
            for a in ("red", "blue")
        ]
        assert all(x <= state.removed_first for x in removed)
        # points change only through scoring events
        if state.points != before:
            assert e.type in SCORING
        if e.type == "BallScored":
            earned[e.data["alliance"]] += e.data["points"] + e.data["assist_points"]
        elif e.type in ("Trussed", "Caught"):
            earned[state.balls[e.data["ball"]].color] += e.data["points"]
    assert (earned["red"], earned["blue"]) == state.points
    assert sorted(m.outcome.scores) == sorted(
        state.points[("red", "blue").index(state.robots[r].alliance)]
        for s in range(seats)
        for r in robots_of(state, s)[:1]
    )


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_same_seed_same_bytes_other_seed_other_log(seats):
    bots = (["greedy", "random"] * 3)[:seats]
    a = match(bots, 11).log.to_jsonl()
    assert a == match(bots, 11).log.to_jsonl()
    assert a != match(bots, 12).log.to_jsonl()


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_verify_re_simulates(seats):
    bots = (["random", "greedy"] * 3)[:seats]
    m = match(bots, 5, {"missed_shots": True, "tied_blocks": True})
    verdict = verify(m.log.events, registry.get)
    assert verdict.ok, verdict.describe()


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_no_secret_reaches_another_seat(seats):
    m = match(["random"] * seats, 9, {"tied_blocks": True})
    replay = Replay(GAME, m.log.events)
    final = m.state
    for seat in range(seats):
        for e in replay.stream_for(seat):
            if e.type == "ActionSubmitted" and e.data["seat"] != seat:
                # other seats' builds, programs and card plays are twins with no action;
                # only the open draft's picks (a card id) and the block targets named
                # after a reveal are public
                action = e.data.get("action")
                assert (
                    set(e.data) == {"seat"}
                    or type(action) is str
                    or (type(action) is dict and set(action) == {"target"})
                )
            if e.type == "ActionRejected" and e.data["seat"] != seat:
                assert "action" not in e.data
    mine = {s: robots_of(final, s) for s in range(seats)}
    state, previous = None, {}
    for e in m.log.events:
        state = GAME.evolve(state, e)
        for seat in list(range(seats)) + [None]:
            view = GAME.view(state, seat)
            for robot in view["robots"]:
                if seat is None or robot["robot"] not in mine[seat]:
                    assert "hand" not in robot and "specials" not in robot
            if e.type == "ActionSubmitted":
                # a submitted (face-down) choice changes nobody's view before the reveal
                assert view == previous[seat]
            previous[seat] = view


def test_views_are_plain_json_and_own_hand_is_shown():
    m = match(["random"] * 4, 2)
    replay = Replay(GAME, m.log.events)
    seq = next(i for i, e in enumerate(m.log.events) if e.type == "AutonomousEnded")
    view = replay.view_at(seq, 1)
    json.dumps(view)
    assert view["robots"][1]["hand"] and view["my_robots"] == [1]


def test_bot_play_options_are_all_legal():
    m = match(["random"] * 2, 4)
    replay = Replay(GAME, m.log.events)
    checked = 0
    for seq, e in enumerate(m.log.events):
        if e.type not in ("AlliancesDealt", "PlayEnded") or seq % 3:
            continue
        state = replay.state_at(seq)
        if state.phase != "play":
            continue
        for seat in range(2):
            view = GAME.view(state, seat)
            robots = robots_of(state, seat)
            for r in robots:
                robot = view["robots"][r]
                for play, _ in play_options(view, r, robot["hand"], robot["zone"], False):
                    action = [
                        play if x == r else {"card": view["robots"][x]["hand"][0], "side": "down"}
                        for x in robots
                    ]
                    assert seat_action_problem(state, seat, action) is None, play
                    checked += 1
    assert checked > 100


def test_render_draws_the_field():
    m = match(["greedy"] * 4, 3)
    replay = Replay(GAME, m.log.events)
    for seq in (0, 5, len(m.log.events) // 2, len(m.log.events) - 1):
        svg = GAME.render(replay.view_at(seq, None))
        assert svg.startswith("<svg") and svg.endswith("</svg>")
    svg = GAME.render(replay.view_at(len(m.log.events) - 1, None))
    assert svg.count("data-zone=") == 6 and "data-truss" in svg
    assert 'data-goal="red"' in svg and "data-robot=" in svg and "Red " in svg
    assert "data-revealed=" in GAME.render(replay.view_at(len(m.log.events) - 3, 0))
    # the omniscient state_json has the view's shape with every hand: it draws too
    whole = GAME.state_json(m.state)
    json.dumps(whole)
    assert all("hand" in r for r in whole["robots"]) and "deck" in whole
    assert GAME.render(whole).startswith("<svg")
    assert GAME.render(GAME.state_json(replay.state_at(0))).startswith("<svg")


@pytest.mark.slow
def test_greedy_beats_random_in_two_bot_matches():
    wins = 0
    for seed in range(200):
        bots = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        g = bots.index("greedy")
        o = match(bots, seed).outcome
        wins += o.ranks[g] == 1 and o.ranks[1 - g] == 2
    assert wins >= 150, f"greedy won {wins} of 200"


def test_rules_v1_logs_still_fold():
    """A log made by rules v1 (block targets inside the secret play, a trussed mark
    cleared out of bounds) folds with this engine to the outcome it recorded."""
    from pathlib import Path

    from engine.reading import parse_jsonl

    log = Path(__file__).parent / "data" / "aerial_v1_two_seats.jsonl"
    events = parse_jsonl(log.read_text())
    assert events[0].data["rules_version"] == 1 and GAME.can_fold(1)
    types = {e.type for e in events}
    assert {"BlockRolled", "BallOut", "DriverPanicked"} <= types
    final = Replay(GAME, events).state_at(len(events) - 1)
    assert final.version == 1 and final.phase == "over"
    outcome, recorded = GAME.outcome(final), events[-1].data
    assert list(outcome.ranks) == recorded["ranks"] and list(outcome.scores) == recorded["scores"]


def test_v1_clears_a_trussed_mark_out_of_bounds_and_v2_keeps_it():
    from dataclasses import replace

    from aa_helpers import held, scene

    from engine.events import Event

    state = scene(
        [
            ("red", 0, ("tank_drive", "catapult", "spinning_stick")),
            ("blue", 5, ("tank_drive", "catapult", "spinning_stick")),
        ],
        [replace(held(0, "red", 0), trussed=True)],
    )
    out = Event("BallOut", {"ball": 0})
    assert GAME.evolve(state, out).balls[0].trussed
    assert not GAME.evolve(replace(state, version=1), out).balls[0].trussed


# -- the built-in greedy as a sparring partner ------------------------------------------

from engine.games.aerial_assault.greedy import GreedyBot  # noqa: E402
from engine.games.aerial_assault.greedy_values import good_builds  # noqa: E402


def hopeless_steps(view: dict, action: list) -> list[str]:
    """The steps of a seat's card plays that cannot succeed as its view stands:
    a shot, truss, pass or low goal with no ball, a pick-up with no ball of its
    colour on the floor where it happens, a catch with no teammate holding a ball
    that may be trussed. A hand-off inside the seat (a pass this same play into the
    taker's zone) counts as a ball for the taker."""
    robots, balls = view["robots"], view["balls"]
    passed_to = set()
    for r, play in zip(view["my_robots"], action):
        for step in play.get("steps") or []:
            if step and step["act"] == "pass":
                passed_to.add(robots[r]["zone"] + step["dir"] * step["dist"])
    found = []
    for r, play in zip(view["my_robots"], action):
        robot, zone = robots[r], robots[r]["zone"]
        holding = bool(robot["balls"])
        for step in play.get("steps") or []:
            if step is None:
                continue
            act = step["act"]
            if act == "move":
                zone += step["dir"] * step["dist"]
            floor = any(
                b["where"] == "floor" and b["zone"] == zone and b["color"] == robot["alliance"]
                for b in balls
            )
            if (
                act in ("high", "truss", "pass")
                and not holding
                or act == "low"
                and not (holding or floor)
            ):
                found.append(f"robot {r}: {act} with no ball")
            if act in ("high", "truss", "pass", "low"):
                holding = False
            if act == "pickup" and not floor and zone not in passed_to:
                found.append(f"robot {r}: pick-up with no ball in zone {zone}")
            if (
                act == "catch"
                and zone not in passed_to
                and not any(
                    o["alliance"] == robot["alliance"]
                    and o["robot"] != r
                    and any(not balls[b]["trussed"] for b in o["balls"])
                    for o in robots
                )
            ):
                found.append(f"robot {r}: catch with no truss to come")
    return found


class WatchedGreedy(GreedyBot):
    """Greedy, recording every hopeless step it submits in a card play."""

    seen: list = []

    def decide(self, request):
        action = super().decide(request)
        if request.view["phase"] == "play":
            WatchedGreedy.seen += hopeless_steps(request.view, action)
        return action


def test_greedy_submits_no_hopeless_steps():
    """No pick-ups with no ball, no catches with no truss, no shots or passes with
    no ball, over many matches of every size."""
    from engine.game import Seat
    from engine.players import BotPlayer
    from engine.runner import run_match

    WatchedGreedy.seen = []
    plays = 0
    for seed in range(16):
        seats = (2, 3, 4, 5, 6)[seed % 5]
        options = {"missed_shots": seed % 2 == 0, "tied_blocks": seed % 3 == 0}
        players = [BotPlayer(GAME, WatchedGreedy) for _ in range(seats)]
        m = run_match(GAME, players, [Seat("greedy")] * seats, seed, options)
        plays += sum(1 for e in m.log.events if e.type == "CardsRevealed")
    assert plays > 16 * 25 and WatchedGreedy.seen == []


def test_greedy_builds_by_value_and_not_always_the_same_robot():
    chosen = set()
    for seed in range(12):
        for robot in match(["greedy"] * 4, seed).state.robots:
            assert list(robot.parts) in good_builds(robot.budget)
            chosen.add(robot.parts)
    assert len(chosen) >= 2


def test_greedy_hands_the_ball_over_for_assists():
    """A seat driving two robots passes between them when the taker can shoot next
    and no opponent could block the hand-off, and the balls so passed go on to
    score with assists."""
    passes = kisses = set_up = 0
    for seed in range(60):  # about one hand-off in four matches
        events = match(["greedy", "greedy"], seed).log.events
        passed = set()
        for e in events:
            if e.type == "BallPassed":
                passes += 1
                kisses += "to" in e.data
                passed.add(e.data["ball"])
            elif e.type == "BallScored" and e.data["ball"] in passed:
                passed.discard(e.data["ball"])
                set_up += e.data["assist_points"] > 0
    assert passes >= 5 and kisses >= 3 and set_up >= 3, (passes, kisses, set_up)


@pytest.mark.parametrize(
    "teams, solo",
    [([0, 0, 1, 1], None), ([0, 0, 0, 1, 1, 1], None), ([0, 0, 1], 2), ([0, 1, 1], 0)],
)
def test_seats_seated_in_teams_play_as_those_alliances(teams, solo):
    """The platform's teams replace the alliance cards' deal: teammates share an
    alliance whatever colours are dealt; with 3 seats the lone seat is solo."""
    from engine.game import Seat
    from engine.games.aerial_assault.state import seat_alliance
    from engine.lineup import lineup
    from engine.runner import run_match

    for seed in range(4):
        names, players = lineup(GAME, ["random"] * len(teams))
        seats = [Seat(s.bot, s.version, t) for s, t in zip(names, teams)]
        m = run_match(GAME, players, seats, seed)
        assigned = next(e for e in m.log.events if e.type == "TeamsAssigned").data
        assert assigned["teams"] == teams and assigned.get("solo") == solo
        colours = [seat_alliance(m.state, s) for s in range(len(teams))]
        assert len({(t, c) for t, c in zip(teams, colours)}) == 2, colours

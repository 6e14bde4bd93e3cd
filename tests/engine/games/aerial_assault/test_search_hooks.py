"""What Aerial Assault supplies to its search (``search_hooks``): ranked
candidates, greedy's card play with one robot's play swapped for a runner-up
by greedy's own values, each legal and each doing something greedy's play does
not; and the projection that scores a rollout cut short by the balls in hand."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from engine.events import ACTION_SUBMITTED
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.greedy import GreedyBot
from engine.games.aerial_assault.greedy_values import HOPELESS
from engine.games.aerial_assault.search_hooks import effect, project, propose
from engine.lineup import lineup
from engine.replay import Replay
from engine.rng import Rng
from engine.runner import run_match
from tests.engine.games.aerial_assault.aa_helpers import (
    BLUE_SZ1,
    BLUE_WHITE,
    RED_SZ1,
    RED_WHITE,
    TANK_CATAPULT,
    held,
    scene,
)


def requests(seed: int) -> list[SimpleNamespace]:
    """Seat 0's decisions in a greedy match, as the search meets them: the state,
    the seat's view and its decision."""
    seats, players = lineup(GAME, ["greedy", "greedy"])
    events = run_match(GAME, players, seats, seed=seed).log.events
    replay = Replay(GAME, events, every=1)
    out = []
    for e in events:
        if e.type == ACTION_SUBMITTED:
            state = replay.state_at(e.seq - 1)
            for decision in GAME.pending(state):
                if decision.seat == e.data["seat"] == 0:
                    view = GAME.view(state, decision.seat)
                    out.append(SimpleNamespace(state=state, view=view, decision=decision))
    return out


def proposals(request: SimpleNamespace) -> list:
    return propose(GAME, request.state, request.decision, Rng(9, 1))


def test_card_plays_get_greedys_play_with_one_robot_swapped_for_a_runner_up():
    plays = [r for r in requests(3) if r.view["phase"] == "play"]
    assert len(plays) >= 20
    tried = 0
    for request in plays:
        base = GreedyBot(GAME, request.decision.seat, Rng(9, 1)).decide(request)
        proposed = proposals(request)
        assert len({str(p) for p in proposed}) == len(proposed)  # no repeats
        for action in proposed:
            assert request.decision.reject_reason(action) is None, action
            changed = [i for i, (mine, theirs) in enumerate(zip(action, base)) if mine != theirs]
            assert len(changed) == 1, (action, base)
            assert effect(action[changed[0]]) != effect(base[changed[0]])
            tried += 1
    assert tried > len(plays)  # most card plays have runners-up


def test_no_runner_up_is_a_step_greedy_knows_cannot_succeed():
    for request in [r for r in requests(4) if r.view["phase"] == "play"][:10]:
        bot = GreedyBot(GAME, request.decision.seat, Rng(9, 1))
        base = GreedyBot(GAME, request.decision.seat, Rng(9, 1)).decide(request)
        for action in proposals(request):
            # the robot swapped (greedy's own hand-off may pair a catch with a kiss pass)
            for r, play, greedys in zip(request.view["my_robots"], action, base):
                if play == greedys:
                    continue
                robot = request.view["robots"][r]
                scored = bot.scored_plays(
                    request.view, r, robot["hand"], robot["zone"], False, bool(robot["balls"])
                )
                worth = next(w for (p, _, _), w in scored if p == play)
                assert worth > HOPELESS, play


def test_the_build_draft_autonomous_and_block_decisions_get_no_proposals():
    others = {r.view["phase"]: r for r in requests(3) if r.view["phase"] != "play"}
    assert {"build", "draft", "auto"} <= set(others)
    for request in others.values():
        assert proposals(request) == []


def red_carrier_at(zone: int, possessors=(0,)):
    """Robot 0 (red, seat 0) holding a ball in ``zone``; blue's robot 1 holds none."""
    robots = [("red", zone, TANK_CATAPULT), ("blue", BLUE_WHITE, TANK_CATAPULT)]
    return scene(robots, [held(0, "red", 0, possessors)])


def test_a_ball_in_shooting_range_projects_its_goal_at_the_shooters_odds():
    # a catapult scores on 3-6: two thirds of 10 points, and of 10 more an assist
    assert project(red_carrier_at(RED_SZ1)) == (20 / 3, 0.0)
    assert project(red_carrier_at(RED_SZ1, possessors=(1, 0))) == (40 / 3, 0.0)


def test_a_ball_out_of_range_projects_half_and_the_points_count_in_full():
    assert project(red_carrier_at(RED_WHITE)) == (10 / 3, 0.0)
    assert project(red_carrier_at(BLUE_SZ1)) == (10 / 3, 0.0)
    ahead = replace(red_carrier_at(RED_WHITE), points=(30, 20))
    assert project(ahead) == (30 + 10 / 3, 20.0)

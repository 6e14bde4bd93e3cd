"""The plan Cascade Effect's search bots roll out (``RolloutBot``): greedy's,
but beside the parking zone as soon as the robot can score, and scoring before
parking until the last two rounds of the end game."""

from __future__ import annotations

from dataclasses import replace

from engine import registry
from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.board import PARK_APPROACH, kickstand_squares
from engine.games.cascade_effect.bots import GreedyBot, RolloutBot
from engine.games.cascade_effect.moves import declarations
from engine.games.cascade_effect.state import ROUNDS, State
from engine.lineup import lineup
from engine.players import BotPlayer
from engine.reading import parse_jsonl
from engine.replay import verify
from engine.rng import Rng
from engine.runner import run_match
from tests.engine.games.cascade_effect.ce_helpers import N, position, put, sq
from tests.engine.search.search_helpers import TinySearchBot

R1, R90 = 0, 2


def attached(round_: int, at: int, fallen: tuple[bool, bool] = (True, False)) -> State:
    """R1 on ``at`` carrying the red 90 cm goal, in a 2-seat match at ``round_``."""
    return replace(put(position(seats=2, round_=round_), R1, at, N, goal=R90), fallen=fallen)


def bot(cls: type) -> GreedyBot:
    return cls(GAME, 0, Rng(1, 0))


def test_every_search_bot_rolls_out_the_rollout_bots_plan_and_greedy_stays_greedy():
    assert GAME.bots["greedy"] is GreedyBot
    for name in ("search-1", "search", "search-3"):
        assert GAME.bots[name].hooks.policy is RolloutBot


def test_once_a_kickstand_is_down_it_heads_beside_its_parking_zone_not_to_the_other_stand():
    state = attached(round_=8, at=sq(3, 5))
    squares = {s for s, _ in bot(RolloutBot).targets(state, state.robots[R1])}
    assert squares and squares <= set(PARK_APPROACH[0])
    greedy = {s for s, _ in bot(GreedyBot).targets(state, state.robots[R1])}
    assert greedy == set(kickstand_squares(state.position, 1))


def test_before_a_kickstand_falls_it_heads_for_one_as_greedy_does():
    state = attached(round_=8, at=sq(3, 5), fallen=(False, False))
    robot = state.robots[R1]
    assert bot(RolloutBot).targets(state, robot) == bot(GreedyBot).targets(state, robot)


def test_in_the_end_game_it_scores_first_and_tries_to_park_on_the_turn_it_may_not_score():
    state = attached(round_=20, at=sq(2, 5))
    legal = declarations(state)
    assert {"score", "park"} <= {a["do"] for a in legal}
    assert bot(RolloutBot).declare(state, legal)["do"] == "score"
    assert bot(GreedyBot).declare(state, legal)["do"] == "park"
    scored = put(state, R1, sq(2, 5), N, goal=R90, scored_last=True)
    assert bot(RolloutBot).declare(scored, declarations(scored))["do"] == "park"


def test_in_the_last_two_rounds_parking_comes_first():
    for round_ in (ROUNDS - 1, ROUNDS):
        state = attached(round_=round_, at=sq(2, 5))
        assert bot(RolloutBot).declare(state, declarations(state))["do"] == "park"


class TinyCascadeSearch(TinySearchBot):
    policy = RolloutBot


def test_a_search_rolling_out_the_plan_replays_its_match_byte_for_byte():
    def play() -> str:
        seats, players = lineup(GAME, ["random", "greedy"])
        players[0] = BotPlayer(GAME, TinyCascadeSearch)
        match = run_match(GAME, players, seats, seed=29)
        assert match.outcome is not None and match.outcome.reason != "forfeit"
        return match.log.to_jsonl()

    log = play()
    assert play() == log
    assert verify(parse_jsonl(log), registry.get).ok

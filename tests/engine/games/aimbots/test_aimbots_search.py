"""What Aimbots supplies to its search (bots.py): the standing a cut rollout is
valued by, and the turn's actions ranked as greedy would weigh them."""

from dataclasses import replace

from aimbots_helpers import make_bot, make_state

from engine.decisions import Decision
from engine.games.aimbots import GAME
from engine.games.aimbots.board import sq
from engine.games.aimbots.bots import apply_move, evaluate, ranked_turn, standing
from engine.games.aimbots.moves import play_actions
from engine.rng import Rng
from engine.search.mcts import Budget, Hooks, Search


def turn(state):
    return Decision(state.active, {"do": "end"}, play_actions(state), prompt="turn")


def test_damaged_robots_count_part_of_their_core_to_the_other_seat():
    """Two plates claim 0.6 of the core, one 0.3; an unharmed robot nothing."""
    bots = [
        make_bot(0, 0, "Jack", 3, 2, sq(1, 1), plates=(5,), core=2),
        make_bot(1, 1, "Jack", 3, 2, sq(5, 5), plates=(1, 5), core=3),
        make_bot(2, 1, "Jack", 3, 2, sq(5, 1), core=3),
    ]
    state = make_state(bots, cores=(2, 1), tokens=("core2",), hands=((0,), ()))
    mine, theirs = standing(state)
    assert round(mine, 9) == 2 + 2 + 0.6 * 3  # cores, a held core2 token, a claim
    assert round(theirs, 9) == 1 + 0.3 * 2


def test_a_destroyed_robot_counts_only_through_the_cores_taken():
    dead = make_bot(1, 1, "Jack", 3, 2, -1, plates=(1, 5), core=3)
    state = make_state([make_bot(0, 0, "Jack", 3, 2, sq(1, 1)), replace(dead, alive=False)])
    assert standing(replace(state, cores=(3, 0))) == (3.0, 0.0)


def lancer_facing_two_foes(near_plates=(), far_plates=()):
    """Seat 0's Lancer (range 2) on a scrap token, a foe one and one two squares north."""
    lancer = make_bot(0, 0, "Lancer", 2, 6, sq(3, 4))
    near = make_bot(1, 1, "Jack", 3, 2, sq(3, 3), plates=near_plates)
    far = make_bot(2, 1, "Jack", 3, 2, sq(3, 2), plates=far_plates)
    return make_state([lancer, near, far], tokens=("core1",), board_scrap=((sq(3, 4), 0),))


def test_the_foe_closer_to_falling_is_the_first_attack_whichever_is_nearer():
    for plated, first in (("near", 1), ("far", 2)):
        state = lancer_facing_two_foes(**{f"{plated}_plates": (1, 5)})
        ranked = ranked_turn(GAME, state, turn(state), Rng(0, 0))
        assert [a["do"] for a in ranked[:3]] == ["attack", "attack", "pickup"]
        assert ranked[0]["target"] == first


def test_moves_and_end_follow_ranked_by_greedys_position_score():
    state = lancer_facing_two_foes()
    moves = ranked_turn(GAME, state, turn(state), Rng(0, 0))[3:]
    assert {a["do"] for a in moves} == {"pivot", "boost", "end"}
    listed = [a for a in play_actions(state) if a["do"] in {"pivot", "boost", "end"}]
    assert len(moves) == len(listed)
    scores = [evaluate(state if a["do"] == "end" else apply_move(state, a), 0) for a in moves]
    assert scores == sorted(scores, reverse=True)


def test_only_a_turn_is_ranked():
    state = lancer_facing_two_foes()
    plate = Decision(1, {"do": "plate", "face": 4}, [{"do": "plate", "face": 4}], prompt="plate")
    assert ranked_turn(GAME, state, plate, Rng(0, 0)) == []


def test_the_search_tries_greedys_move_then_the_ranked_ones():
    state = lancer_facing_two_foes()
    hooks = GAME.bots["search"].hooks
    assert hooks == Hooks(standing, ranked_turn)
    candidates = Search(GAME, 0, Rng(5, 1), Budget(1, 4, 1), hooks).candidates(state, 2)
    ranked = ranked_turn(GAME, state, turn(state), Rng(0, 0))
    assert candidates[1:] == [a for a in ranked if a != candidates[0]][:3]

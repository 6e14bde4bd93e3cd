"""Buzz bombs (event 3): where a bomb may be placed, how an armed bomb runs its
five face-up cards, and how it blows up (RULES.md "The six events", 3)."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    BACK,
    EMPTY_FLOOR,
    LEFT,
    MOVE1,
    MOVE2,
    MOVE3,
    U_TURN,
    blank,
    custom_floor,
    events,
    on,
    put,
    sq,
    xy,
)

from engine.games.powerball.bombs import explode, free_squares_beside, run_bombs, touches
from engine.games.powerball.state import Bomb

STILL = (U_TURN,) * 5  # a program that turns a bomb round and never moves it


def armed(x: int, y: int, cards: tuple[int, ...] = STILL, owner: int = 0) -> Bomb:
    return Bomb(owner, sq(x, y), cards, True)


def with_bombs(state, *bombs: Bomb):
    return replace(state, bombs=tuple(bombs))


def where(t) -> list[tuple[int, int]]:
    return [xy(b.sq) for b in t.state.bombs]


# -- placing ------------------------------------------------------------------------------
def test_a_bomb_may_go_on_any_open_square_next_to_its_robot_north_east_south_west():
    state = put(blank(2), 0, 6, 6)
    t = on(EMPTY_FLOOR, state)
    assert free_squares_beside(t, sq(6, 6)) == [sq(6, 5), sq(7, 6), sq(6, 7), sq(5, 6)]


def test_no_bomb_beside_a_robot_on_a_pit_on_another_bomb_or_past_a_wall():
    state = put(put(blank(2), 0, 6, 6), 1, 7, 6)  # a robot east
    state = with_bombs(state, Bomb(1, sq(6, 7)))  # a bomb south (placed, not yet armed)
    floor_ = custom_floor(pits=[[5, 6]], walls=[{"at": [6, 6], "side": "N"}])
    t = on(floor_, state)
    assert free_squares_beside(t, sq(6, 6)) == []


# -- running its cards ----------------------------------------------------------------------
def test_a_bomb_heads_north_at_first_and_its_turn_cards_turn_it():
    state = with_bombs(blank(2, phase=3), armed(6, 6, (LEFT, LEFT, MOVE1, MOVE1, MOVE1)))
    t = on(EMPTY_FLOOR, state)
    run_bombs(t)
    assert where(t) == [(6, 7)]  # two lefts: heading south


def test_a_bomb_backs_up_away_from_its_heading():
    state = with_bombs(blank(2, phase=2), armed(6, 6, (LEFT, BACK, MOVE1, MOVE1, MOVE1)))
    t = on(EMPTY_FLOOR, state)
    run_bombs(t)
    assert where(t) == [(7, 6)]  # heading west, backing up east


def test_a_bomb_moves_square_by_square_and_a_wall_stops_it_where_it_stands():
    state = blank(2, phase=1)
    state = with_bombs(state, armed(6, 7, (MOVE2,) * 5), armed(2, 6, (MOVE1,) * 5))
    t = on(custom_floor(walls=[{"at": [6, 6], "side": "N"}]), state)
    run_bombs(t)
    assert events(t, "BombMoved") == [{"bomb": 0, "sq": sq(6, 6)}, {"bomb": 1, "sq": sq(2, 5)}]
    assert where(t) == [(6, 6), (2, 5)]


def test_a_bomb_that_runs_into_a_robot_explodes_and_the_next_bomb_still_runs():
    state = put(blank(2, phase=1), 0, 6, 5)
    state = with_bombs(state, armed(6, 6, (MOVE1,) * 5, owner=1), armed(1, 10, (MOVE1,) * 5))
    t = on(EMPTY_FLOOR, state)
    run_bombs(t)
    assert events(t, "BombGone") == [{"bomb": 0, "sq": sq(6, 6), "why": "exploded"}]
    assert t.state.robots[0].damage == 3  # the bomb stayed on its square, next to the robot
    assert where(t) == [(1, 9)]


def test_a_bomb_that_runs_into_a_pit_is_lost_and_the_bombs_after_it_still_run():
    state = put(blank(2, phase=1), 0, 5, 4)  # next to the pit
    state = with_bombs(
        state,
        armed(6, 6, (MOVE3,) * 5),
        armed(1, 10, (MOVE1,) * 5),
        armed(10, 10, (MOVE1,) * 5),
    )
    t = on(custom_floor(pits=[[6, 4]]), state)
    run_bombs(t)
    assert events(t, "BombGone") == [{"bomb": 0, "sq": sq(6, 4), "why": "pit"}]
    assert t.state.robots[0].damage == 0  # lost, not exploded
    assert where(t) == [(1, 9), (10, 9)]


def test_a_bomb_dealt_short_runs_its_last_card_then_stands_still():
    state = with_bombs(blank(2, phase=3), armed(6, 6, (MOVE1, MOVE1, MOVE1)))
    t = on(EMPTY_FLOOR, state)
    run_bombs(t)
    assert where(t) == [(6, 5)]
    t.state = replace(t.state, phase=4)
    run_bombs(t)
    assert where(t) == [(6, 5)]


# -- blowing up ---------------------------------------------------------------------------
def test_every_armed_bomb_with_a_robot_on_it_goes_off_and_no_other():
    state = put(put(blank(2), 0, 1, 1), 1, 9, 1)
    spots = [(1, 1), (5, 1), (9, 1), (1, 6), (5, 6)]  # robots on the first and third
    t = on(EMPTY_FLOOR, with_bombs(state, *(armed(x, y) for x, y in spots)))
    touches(t)
    assert where(t) == [(5, 1), (1, 6), (5, 6)]
    assert [r.damage for r in t.state.robots] == [6, 6]


def test_a_blast_reaches_two_squares_credits_the_owner_and_skips_robots_off_the_board():
    state = blank(4)  # robot 0 is off the board (destroyed), listed first
    state = put(put(put(state, 1, 6, 6), 2, 8, 5), 3, 9, 6)
    t = on(EMPTY_FLOOR, with_bombs(state, armed(6, 6, owner=2)))
    explode(t, 0)
    assert events(t, "Damaged") == [
        {"robot": 1, "amount": 6, "by": 2, "source": "buzz bomb", "damage": 6},
        {"robot": 2, "amount": 1, "by": 2, "source": "buzz bomb", "damage": 1},
    ]
    assert t.state.robots[3].damage == 0  # three squares away

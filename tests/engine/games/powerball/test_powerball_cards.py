"""The program deck (``cards.py``, RULES.md "The program deck"): what each card
does and how it is named."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import EMPTY_FLOOR, blank, on, put, run_step, sq

from engine.games.powerball.cards import (
    BACK,
    LEFT,
    MOVE1,
    MOVE2,
    MOVE3,
    RIGHT,
    U_TURN,
    card_name,
    steps_of,
    turn_of,
)
from engine.games.powerball.state import Bomb


def test_a_card_is_named_by_its_kind_and_priority():
    assert card_name(670) == "Move 2, priority 670"
    assert card_name(10) == "U-turn, priority 10"
    assert card_name(70) == "Rotate left, priority 70"
    assert card_name(430) == "Back up, priority 430"


def test_a_turn_card_moves_no_square_and_a_move_card_turns_no_quarter():
    assert [steps_of(k) for k in (U_TURN, LEFT, RIGHT)] == [0, 0, 0]
    assert [steps_of(k) for k in (BACK, MOVE1, MOVE2, MOVE3)] == [-1, 1, 2, 3]
    assert [turn_of(k) for k in (U_TURN, LEFT, RIGHT)] == [2, 3, 1]
    assert [turn_of(k) for k in (BACK, MOVE1, MOVE2, MOVE3)] == [0, 0, 0, 0]


def test_a_bomb_running_a_turn_card_stays_on_its_square():
    state = put(blank(2, phase=1), 0, 0, 11)
    state = replace(state, bombs=(Bomb(1, sq(6, 6), (80, 490, 10, 10, 10), True),))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert t.state.bombs[0].sq == sq(6, 6)
    t.state = replace(t.state, phase=2)
    run_step(t, "move")  # then heading east, turned right by its first card
    assert t.state.bombs[0].sq == sq(7, 6)

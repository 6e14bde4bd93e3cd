"""What the rules read off the state (``state.py``): who stands where, hand sizes,
the cards nobody holds, turrets (RULES.md "A turn", "Damage", "Turrets")."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import EMPTY_FLOOR, N, blank, on, put, run_step, sq, table

from engine.games.powerball.cards import MEMORY, PRIORITIES
from engine.games.powerball.state import (
    Bomb,
    acting,
    change,
    hand_size,
    is_turret,
    robot_at,
    spare_cards,
)
from engine.games.powerball.turn import deal


def test_a_robot_in_the_corner_square_0_stands_there_and_is_shot():
    state = put(put(blank(2), 0, 0, 0), 1, 0, 3, N)
    assert robot_at(state, 0) == state.robots[0] and robot_at(state, sq(0, 1)) is None
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert t.state.robots[0].damage == 1


def test_a_turret_is_a_turret_on_any_square_even_square_0_and_only_in_its_turn():
    state = put(blank(2, round_=3), 0, 0, 0, turret=3)
    robot = state.robots[0]
    assert is_turret(state, robot) and not acting(state, robot)
    robot = replace(robot, turret=2)  # last turn's turret runs its own program again
    assert not is_turret(state, robot) and acting(state, robot)
    assert not is_turret(state, replace(robot, turret=3, sq=-1))  # destroyed


def test_a_robot_with_nine_damage_is_dealt_no_card_and_one_with_extra_memory():
    state = put(put(blank(2, phase=5), 0, 1, 1, damage=9), 1, 5, 5, damage=9)
    state = change(state, 1, options=(MEMORY,))
    assert [hand_size(state, r) for r in state.robots] == [0, 1]
    t = table(state)
    deal(t, None)
    assert [len(r.hand) for r in t.state.robots] == [0, 1]


def test_the_cards_nobody_holds_leave_out_registers_pairs_hands_kept_parked_and_bomb_cards():
    state = put(put(blank(2), 0, 1, 1), 1, 5, 5)
    state = change(state, 0, registers=(490, 0, 0, 0, 0), paired=(70, 0, 0, 0, 0), hand=(10, 20))
    state = change(state, 1, stored=840, parked=830)
    state = replace(state, bombs=(Bomb(0, sq(6, 6), (500, 510)),))
    taken = {490, 70, 10, 20, 840, 830, 500, 510}
    assert spare_cards(state) == [c for c in PRIORITIES if c not in taken]

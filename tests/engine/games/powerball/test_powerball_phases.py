"""A register phase's script (RULES.md "A register phase", "Firing or throwing",
"Respawning", event 3's buzz bombs): who is asked what and when, what the reveal
turns up, and where play goes on after a decision."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    EMPTY_FLOOR,
    MOVE1,
    MOVE2,
    E,
    N,
    S,
    blank,
    events,
    on,
    program,
    put,
    run_step,
    sq,
)

from engine.games.powerball import GAME
from engine.games.powerball.phases import start_phase
from engine.games.powerball.state import Bomb, change
from engine.rng import Rng


def test_a_seat_that_may_throw_is_asked_and_play_goes_on_to_the_lasers():
    """A seat is asked how to fire only when it has more than the laser: seat 0
    holds a ball with seat 1 in sight two squares away (laser or one throw); seat
    1, with no ball, only fires."""
    state = put(put(blank(2), 0, 4, 6, E, balls=1), 1, 6, 6, N)
    t = on(EMPTY_FLOOR, state)
    assert run_step(t, "fire") is False
    assert events(t, "Waiting") == [{"stage": "fire", "seats": [0], "step": "lasers"}]
    assert [d.seat for d in GAME.pending(t.state)] == [0]
    resolved = GAME.resolve(t.state, {0: {"do": "throw", "target": 1, "balls": 1}}, Rng(1, 0))
    assert [(e.data["robot"], e.data["target"]) for e in resolved if e.type == "Thrown"] == [(0, 1)]
    assert resolved.state.robots[1].damage == 2


def test_with_only_lasers_to_fire_nobody_is_asked_and_they_fire():
    state = put(put(blank(2), 0, 4, 6, E), 1, 6, 6, N)
    t = on(EMPTY_FLOOR, state)
    assert run_step(t, "fire") is True
    assert events(t, "Waiting") == [] and t.state.robots[1].damage == 1


def test_armed_bombs_go_off_after_the_powerball_step_of_phase_5_only():
    bomb = Bomb(owner=0, sq=sq(5, 5), cards=(10, 10, 10, 10, 10), armed=True)
    state = replace(put(put(blank(2, phase=4), 0, 0, 0, S), 1, 11, 11, N), bombs=(bomb,))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "powerball")
    assert events(t, "BombGone") == [] and len(t.state.bombs) == 1
    t = on(EMPTY_FLOOR, replace(state, phase=5))
    run_step(t, "powerball")
    assert events(t, "BombGone") == [{"bomb": 0, "sq": sq(5, 5), "why": "exploded"}]
    assert t.state.bombs == ()


def test_the_reveal_turns_up_only_the_cards_of_robots_running_their_own_program():
    """Robots that do not run their own card this phase show none: one run by Radio
    Control (it runs its controller's), one respawned this turn (it keeps its
    program without running it), one powered down, one off the board."""
    state = put(put(put(blank(5, phase=1), 0, 0, 0, E), 1, 3, 3, N, radio_by=0), 2, 6, 6, N)
    state = put(state, 3, 9, 9, N, down=True)
    state = change(state, 2, respawned=True)
    for seat, card in enumerate((MOVE1, MOVE2, 500, 510, 520)):
        state = program(state, seat, 0, card)
    t = on(EMPTY_FLOOR, state)  # seat 4 was never placed
    start_phase(t, 2)
    assert events(t, "PhaseStarted") == [{"phase": 2, "cards": [MOVE1, 0, 0, 0, 0]}]


def test_robots_destroyed_at_the_end_of_a_turn_roll_a_flag_before_the_cleanup():
    state = put(blank(2, phase=5), 1, 4, 4, N)
    state = replace(change(state, 0, sq=-1, died=1), ending=True)
    t = on(EMPTY_FLOOR, state, 3)
    assert run_step(t, "end-respawn") is False
    assert events(t, "FlagRolled") == [{"robot": 0, "roll": 3, "flag": 3}]
    assert events(t, "Waiting") == [{"stage": "respawn", "seats": [0], "step": "cleanup"}]


def test_the_element_step_runs_the_pushers_active_in_this_register():
    from powerball_helpers import custom_floor

    floor_ = custom_floor(pushers=[{"at": [0, 6], "dir": "E", "registers": [2, 4]}])
    t = on(floor_, put(put(blank(2, phase=2), 0, 0, 6, N), 1, 11, 11, N))
    run_step(t, "elements")
    assert (t.state.robots[0].sq, t.state.robots[0].facing) == (sq(1, 6), N)


def test_the_move_step_runs_a_register_with_the_turn_card_paired_to_it():
    """Crab Legs: register 2's Move 1 paired with a right turn steps sideways in
    phase 2 (register 1 holds no pair)."""
    from engine.games.powerball.cards import CRAB

    state = put(put(blank(2, phase=2), 0, 5, 6, N, options=(CRAB,)), 1, 11, 11, N)
    state = change(program(state, 0, 0, MOVE1), 0, paired=(0, 80, 0, 0, 0))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert (t.state.robots[0].sq, t.state.robots[0].facing) == (sq(6, 6), N)


def test_the_end_of_phase_5_tells_the_turn_is_ending_with_its_round():
    t = on(EMPTY_FLOOR, put(put(blank(2, phase=5, round_=7), 0, 0, 0), 1, 11, 11))
    run_step(t, "next")
    assert events(t, "TurnEnding") == [{"round": 7}]
    t = on(EMPTY_FLOOR, put(put(blank(2, phase=4, round_=7), 0, 0, 0), 1, 11, 11))
    run_step(t, "next")
    assert events(t, "TurnEnding") == []

"""The base game's option deck (the variant's "All Options are in play" and the
reference programmed-movement.md, sections 4 and 6), each card from its base text
restated in RULES.md "Options"."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    BACK,
    EMPTY_FLOOR,
    LEFT,
    MOVE1,
    MOVE3,
    RIGHT,
    U_TURN,
    E,
    N,
    W,
    blank,
    custom_floor,
    events,
    on,
    program,
    put,
    run_step,
    table,
    xy,
)

from engine.games.powerball import GAME
from engine.games.powerball.cards import (
    ABLATIVE,
    ABORT,
    BRAKES,
    CIRCUIT,
    CONDITIONAL,
    CRAB,
    DUAL,
    FIRE_CONTROL,
    FLYWHEEL,
    HIGH_POWER,
    HOWITZER,
    OPTIONS,
    RECOMPILE,
    REVERSE,
    SHIELD,
    TRACTOR,
)
from engine.games.powerball.fire import fire_choices
from engine.games.powerball.motion import run_card
from engine.games.powerball.programs import program_checker, program_event
from engine.games.powerball.state import change
from engine.games.powerball.turn import cleanup, deal
from engine.rng import Rng

#: the 2005 deck of 26 (reference F6.4), less Superior Archive
BASE_DECK = {
    "ablative coat",
    "abort switch",
    "brakes",
    "circuit breaker",
    "conditional program",
    "crab legs",
    "double barrel",
    "dual processor",
    "extra memory",
    "fire control",
    "flywheel",
    "fourth gear",
    "gyroscopic stabilizer",
    "high powered laser",
    "mechanical arm",
    "mini howitzer",
    "power-down shield",
    "pressor beam",
    "radio control",
    "ramming gear",
    "rear-firing laser",
    "recompile",
    "reverse gear",
    "scrambler",
    "tractor beam",
}


def test_the_deck_holds_the_base_options_and_no_superior_archive():
    assert "superior archive" not in OPTIONS and len(set(OPTIONS)) == len(OPTIONS)
    built = {ABLATIVE, BRAKES, CIRCUIT, FIRE_CONTROL, FLYWHEEL, HOWITZER, SHIELD, RECOMPILE}
    assert built <= set(OPTIONS) <= BASE_DECK


# -- movement options ---------------------------------------------------------------------
def test_reverse_gear_backs_up_two_squares():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, N, options=(REVERSE,)))
    run_card(t, 0, BACK, 0)
    assert xy(t.state.robots[0].sq) == (5, 8) and t.state.robots[0].facing == N


def test_brakes_hold_a_move_1_in_the_registers_the_seat_chose():
    state = put(blank(2, phase=2), 0, 5, 6, N, options=(BRAKES,), brakes=(2,))
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE1, 0)
    assert xy(t.state.robots[0].sq) == (5, 6)
    t.state = replace(t.state, phase=3)
    run_card(t, 0, MOVE1, 0)
    assert xy(t.state.robots[0].sq) == (5, 5)


def test_a_program_names_its_brakes_and_refuses_them_without_the_option():
    state = change(put(blank(2, phase=0), 0, 5, 6), 0, hand=(10, 70, 80, 430, 490))
    check = program_checker(state, 0)
    action = {"cards": [10, 70, 80, 430, 490], "power_down": False, "pickup": True}
    assert check(action) is None
    assert "Brakes" in check({**action, "brakes": [5]})
    check = program_checker(change(state, 0, options=(BRAKES,)), 0)
    assert check({**action, "brakes": [5]}) is None
    assert "registers" in check({**action, "brakes": [6]})


# -- weapons ----------------------------------------------------------------------------------
def test_high_powered_laser_passes_through_a_robot_and_hits_both():
    state = put(put(blank(3), 0, 1, 6, E, options=(HIGH_POWER,)), 1, 4, 6, N, down=True)
    state = put(state, 2, 7, 6, N, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [0, 1, 1]


def test_high_powered_laser_passes_through_one_wall_but_not_two():
    walls = [{"at": [2, 6], "side": "E"}, {"at": [5, 6], "side": "E"}]
    state = put(put(blank(3), 0, 1, 6, E, options=(HIGH_POWER,)), 1, 4, 6, N, down=True)
    state = put(state, 2, 7, 6, N, down=True)
    t = on(custom_floor(walls=walls), state)
    run_step(t, "lasers", {})
    assert [r.damage for r in t.state.robots] == [0, 1, 0]


def test_mini_howitzer_pushes_one_square_with_1_damage_and_has_five_shots():
    state = put(put(blank(2), 0, 1, 6, E, options=(HOWITZER,)), 1, 4, 6, N)
    t = on(EMPTY_FLOOR, state)
    assert {"do": "howitzer", "target": 1} in fire_choices(t, 0)
    for _shot in range(5):
        run_step(t, "lasers", {0: {"do": "howitzer", "target": 1}})
    target = t.state.robots[1]
    assert xy(target.sq) == (9, 6) and target.damage == 5
    assert HOWITZER not in t.state.robots[0].options and HOWITZER in t.state.discards


def test_a_tractor_beam_reaches_only_a_robot_that_is_not_adjacent():
    """Reference F6.4 (Tractor Beam): fired instead of the laser at a target that
    is not next to the robot; a target two squares away is pulled one closer."""
    state = put(blank(2), 0, 1, 6, E, options=(TRACTOR,))
    t = on(EMPTY_FLOOR, put(state, 1, 2, 6, N))
    assert all(a["do"] != "tractor" for a in fire_choices(t, 0))
    t = on(EMPTY_FLOOR, put(state, 1, 3, 6, N))
    assert {"do": "tractor", "target": 1} in fire_choices(t, 0)
    run_step(t, "lasers", {0: {"do": "tractor", "target": 1}})
    assert xy(t.state.robots[1].sq) == (2, 6) and t.state.robots[1].damage == 0


def test_a_mini_howitzer_is_used_up_by_its_fifth_shot_and_not_before():
    """Reference F6.4 (Mini Howitzer): 5 shots, then discarded. After 4 it is
    still held and offered; the fifth discards it as used up, and each shot is
    told in words naming the robot that fired."""
    state = put(put(blank(2), 0, 1, 6, E, options=(HOWITZER,)), 1, 4, 6, N)
    t = on(EMPTY_FLOOR, state)
    for _shot in range(4):
        run_step(t, "lasers", {0: {"do": "howitzer", "target": 1}})
    assert HOWITZER in t.state.robots[0].options
    assert {"do": "howitzer", "target": 1} in fire_choices(t, 0)
    run_step(t, "lasers", {0: {"do": "howitzer", "target": 1}})
    (moved,) = [e.data for e in t.events if e.type == "OptionMoved"]
    assert moved == {"option": HOWITZER, "from": 0, "to": "discards", "why": "used up"}
    charged = [e for e in t.events if e.type == "OptionCharged"]
    assert [e.data["charge"] for e in charged] == [1, 2, 3, 4, 5]
    assert GAME.describe(charged[0], ["alpha", "beta"]).startswith("alpha (seat 0) uses the")


def test_fire_control_destroys_an_option_of_the_target_instead_of_damage():
    state = put(blank(2), 0, 1, 6, E, options=(FIRE_CONTROL,))
    state = put(state, 1, 4, 6, N, options=(REVERSE, BRAKES))
    t = on(EMPTY_FLOOR, state)
    action = {"do": "fire control", "target": 1, "option": BRAKES}
    assert action in fire_choices(t, 0)
    run_step(t, "lasers", {0: action})
    target = t.state.robots[1]
    assert target.options == (REVERSE,) and target.damage == 0
    assert t.state.discards == (BRAKES,)


# -- damage ------------------------------------------------------------------------------------
def test_ablative_coat_soaks_the_next_3_damage_and_is_discarded_with_the_third():
    state = put(put(blank(2), 0, 1, 6, E, options=("double barrel",)), 1, 4, 6, N)
    state = replace(change(state, 1, options=(ABLATIVE,), down=True), option_deck=(FLYWHEEL,))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})  # 2 shots: soaked
    assert t.state.robots[1].damage == 0 and ABLATIVE in t.state.robots[1].options
    run_step(t, "lasers", {})  # 1 soaked (the third), 1 taken
    assert t.state.robots[1].damage == 1 and ABLATIVE not in t.state.robots[1].options
    assert t.state.discards == (ABLATIVE,) and t.state.charges == ()
    # a robot's own card is not replaced: nothing is drawn
    assert (t.state.community, t.state.option_deck) == (state.community, (FLYWHEEL,))


def test_a_community_ablative_coat_used_up_is_replaced_by_a_draw():
    """Rulebook: there are always 2 community options, and they work for every
    robot (RULES.md: a community card used up is replaced by a draw)."""
    state = put(put(blank(2), 0, 1, 6, E, options=("double barrel",)), 1, 4, 6, N, down=True)
    state = replace(state, community=(ABLATIVE, BRAKES), option_deck=(FLYWHEEL,))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})  # 2 soaked by the community's coat
    run_step(t, "lasers", {})  # the third soaked, the coat used up
    assert t.state.robots[1].damage == 1 and t.state.discards == (ABLATIVE,)
    assert sorted(t.state.community) == sorted((BRAKES, FLYWHEEL)) and t.state.option_deck == ()


def test_a_seat_discards_the_options_it_named_one_per_point_of_damage():
    state = put(put(blank(2), 0, 1, 6, E, options=("double barrel",)), 1, 4, 6, N, down=True)
    state = change(state, 1, options=(REVERSE, BRAKES, FLYWHEEL), armour=(FLYWHEEL,))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    robot = t.state.robots[1]
    assert robot.damage == 1 and robot.options == (REVERSE, BRAKES)
    assert t.state.discards == (FLYWHEEL,)


def test_power_down_shield_stops_one_damage_a_phase_from_each_side():
    state = put(put(blank(3), 0, 1, 6, E, options=("double barrel",)), 1, 4, 6, N, down=True)
    state = put(state, 2, 7, 6, W)
    state = change(state, 1, options=(SHIELD,))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})  # 2 from the west (1 stopped), 1 from the east (stopped)
    assert t.state.robots[1].damage == 1
    shielded = sorted((d["side"], d["by"], d["source"]) for d in events(t, "DamageShielded"))
    assert shielded == [(1, 2, "laser"), (3, 0, "laser")]  # the side, who fired and with what
    # what got through is told once, with who fired it; a shot stopped whole tells nothing
    damaged = [(d["amount"], d["by"], d["source"], d["damage"]) for d in events(t, "Damaged")]
    assert damaged == [(1, 0, "laser", 1)]


def test_circuit_breaker_powers_down_a_robot_ending_its_turn_with_3_damage():
    state = put(put(blank(2, phase=5), 0, 0, 0, damage=3, options=(CIRCUIT,)), 1, 11, 11)
    state = change(state, 1, damage=3)
    t = table(state)
    deal(t, None)
    assert t.state.robots[0].down and t.state.robots[0].damage == 0
    assert not t.state.robots[1].down


# -- program cards ------------------------------------------------------------------------------
def test_flywheel_keeps_a_card_for_the_next_hand():
    state = put(put(blank(2, phase=0), 0, 0, 0, options=(FLYWHEEL,)), 1, 11, 11)
    state = change(state, 0, hand=(10, 70, 80, 430, 490, 500, 510, 520, 840))
    action = {"cards": [10, 70, 80, 430, 490], "power_down": False, "pickup": True}
    assert program_checker(state, 0)({**action, "flywheel": 840}) is None
    assert program_checker(state, 0)({**action, "flywheel": 10}) is not None
    t = table(state)
    program_event(t, 0, {**action, "flywheel": 840})
    t.state = replace(t.state, phase=5)
    deal(t, None)
    hand = t.state.robots[0].hand
    assert 840 in hand and len(hand) == 10
    assert 840 not in t.state.robots[1].hand


def test_recompile_asks_after_the_deal_and_a_new_hand_costs_1_damage():
    state = put(put(blank(2, phase=5), 0, 0, 0, options=(RECOMPILE,)), 1, 11, 11)
    t = table(state)
    deal(t, None)
    assert t.state.stage == "recompile" and t.state.waiting == (0,)
    old = t.state.robots[0].hand
    decisions = GAME.pending(t.state)
    assert decisions[0].legal == [{"recompile": False}, {"recompile": True}]
    resolved = GAME.resolve(t.state, {0: {"recompile": True}}, Rng(3, 0))
    robot = resolved.state.robots[0]
    assert robot.damage == 1 and len(robot.hand) == len(old) and robot.hand != old
    assert not set(robot.hand) & set(resolved.state.robots[1].hand)
    assert resolved.state.stage == "program"


# -- losing an option ----------------------------------------------------------------------------
def test_the_owner_names_the_option_a_destroyed_robot_loses():
    state = put(put(blank(2), 0, 1, 6, E), 1, 4, 6, N, damage=9, down=True)
    state = change(state, 1, options=(REVERSE, BRAKES, FLYWHEEL))
    t = on(EMPTY_FLOOR, state, 1)
    run_step(t, "lasers", {})
    assert not t.state.robots[1].alive and t.state.robots[1].options == (REVERSE, BRAKES, FLYWHEEL)
    run_step(t, "respawn")
    legal = GAME.pending(t.state)[0].legal
    assert {"facing": "N", "discard": REVERSE} in legal
    resolved = GAME.resolve(t.state, {1: {"facing": "N", "discard": REVERSE}}, Rng(3, 0))
    robot = resolved.state.robots[1]
    assert robot.options == (BRAKES, FLYWHEEL) and resolved.state.discards == (REVERSE,)
    assert robot.alive and not robot.owes and robot.facing != W


def test_a_destroyed_robot_that_does_not_choose_loses_its_newest_option():
    """Reference F4.5: the owner discards an option of its choice; the decision's
    default (what a silent or faulty seat plays, ``respawn_legal``'s contract)
    gives up the option it gained last, keeping the ones it has held longest."""
    state = put(put(blank(2), 0, 1, 6, E), 1, 4, 6, N, damage=9, down=True)
    state = change(state, 1, options=(REVERSE, BRAKES, FLYWHEEL))  # FLYWHEEL gained last
    t = on(EMPTY_FLOOR, state, 1)
    run_step(t, "lasers", {})
    run_step(t, "respawn")
    decision = GAME.pending(t.state)[0]
    assert decision.default["discard"] == FLYWHEEL
    resolved = GAME.resolve(t.state, {1: decision.default}, Rng(3, 0))
    assert resolved.state.robots[1].options == (REVERSE, BRAKES)


# -- paired cards ------------------------------------------------------------------------------
def test_crab_legs_step_sideways_on_a_move_1_paired_with_a_turn():
    state = put(blank(2), 0, 5, 6, N, options=(CRAB,))
    t = on(EMPTY_FLOOR, state)
    run_card(t, 0, MOVE1, 0, RIGHT)
    assert xy(t.state.robots[0].sq) == (6, 6) and t.state.robots[0].facing == N
    run_card(t, 0, MOVE1, 0, LEFT)
    assert xy(t.state.robots[0].sq) == (5, 6) and t.state.robots[0].facing == N


def test_dual_processor_moves_one_square_less_then_turns_and_two_less_with_a_u_turn():
    t = on(EMPTY_FLOOR, put(blank(2), 0, 5, 6, N, options=(DUAL,)))
    run_card(t, 0, MOVE3, 0, RIGHT)
    assert xy(t.state.robots[0].sq) == (5, 4) and t.state.robots[0].facing == E
    run_card(t, 0, MOVE3, 0, U_TURN)
    assert xy(t.state.robots[0].sq) == (6, 4) and t.state.robots[0].facing == W


def test_a_paired_register_runs_at_the_move_cards_priority_and_locks_as_a_pair():
    state = put(blank(2, phase=0), 0, 5, 6, N, options=(DUAL,))
    state = change(state, 0, hand=(10, 70, 80, 430, 490, 500, 790))
    action = {"cards": [790, 70, 80, 430, 490], "power_down": False, "pickup": True}
    check = program_checker(state, 0)
    assert check({**action, "pairs": [[1, 10]]}) is None
    assert "pair" in check({**action, "pairs": [[2, 10]]})  # a turn with a turn
    assert "spare" in check({**action, "pairs": [[1, 70]]})  # a programmed card
    t = table(state)
    program_event(t, 0, {**action, "pairs": [[1, 10]]})
    robot = t.state.robots[0]
    assert robot.registers[0] == 790 and robot.paired == (10, 0, 0, 0, 0)
    t.state = change(t.state, 0, damage=9)  # every register locked
    cleanup(t, None)
    assert t.state.robots[0].paired == (10, 0, 0, 0, 0)


# -- changing a program as it runs --------------------------------------------------------------
def test_conditional_program_swaps_its_parked_card_in_before_the_reveal():
    state = put(put(blank(2, phase=1), 0, 5, 6, N, options=(CONDITIONAL,)), 1, 0, 0)
    state = change(program(state, 0, 80, 70, 100), 0, parked=MOVE3)
    t = on(EMPTY_FLOOR, state)
    assert run_step(t, "open") is False and t.state.stage == "swap"
    assert GAME.pending(t.state)[0].legal == [{"swap": False}, {"swap": True}]
    resolved = GAME.resolve(t.state, {0: {"swap": True}}, Rng(3, 0))
    revealed = next(e for e in resolved if e.type == "PhaseStarted")
    assert revealed.data["phase"] == 2 and revealed.data["cards"][0] == MOVE3
    assert resolved.state.robots[0].parked == 0
    moves = [e.data for e in resolved if e.type == "Moved" and e.data["robot"] == 0]
    assert xy(moves[0]["sq"]) == (5, 5)  # the move 3 runs in register 2


def test_abort_switch_replaces_the_revealed_card_and_every_later_one_that_turn():
    state = put(put(blank(2, phase=0), 0, 5, 6, N, options=(ABORT,)), 1, 0, 0)
    state = program(state, 0, 80, 80 + 20, 80 + 40, 80 + 60, 80 + 80)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "reveal")
    assert run_step(t, "abort") is False and t.state.waiting == (0,)
    resolved = GAME.resolve(t.state, {0: {"abort": True}}, Rng(5, 0))
    changed = [e.data for e in resolved if e.type == "CardChanged"]
    # register 1 at once, then every later register as it is revealed
    assert [c["register"] for c in changed] == [1, 2, 3, 4, 5]
    assert all(c["card"] != 60 + 20 * c["register"] for c in changed)
    assert not any(e.type == "Waiting" and e.data["stage"] == "abort" for e in resolved)

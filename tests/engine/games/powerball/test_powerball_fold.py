"""How each event changes the state (``fold.py``): every test restates a rule of
RULES.md, or a documented choice of the fold (a v1 log folds as v1 wrote it), and
checks the state the events leave, as the rules and the seats' views read it."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import (
    MOVE1,
    E,
    N,
    W,
    blank,
    custom_floor,
    fold,
    on,
    program,
    put,
    run_step,
    sq,
    table,
)

from engine.game import ranks_from_scores
from engine.games.powerball import GAME
from engine.games.powerball.cards import (
    BRAKES,
    CONDITIONAL,
    CRAB,
    DOUBLE,
    FLYWHEEL,
    OPTIONS,
    RECOMPILE,
    SCRAMBLER,
    SHIELD,
    V1_OPTIONS,
)
from engine.games.powerball.events import (
    BOMB_PLACED,
    CARD_CHANGED,
    DELIVERED,
    DESTROYED,
    FLAG_ROLLED,
    PHASE_STARTED,
    ROBOT_PLACED,
    SEATS_ORDERED,
    TURN_ENDING,
    TURN_STARTED,
)
from engine.games.powerball.fold import initial
from engine.games.powerball.harm import damage
from engine.games.powerball.motion import credit_for
from engine.games.powerball.programs import program_event
from engine.games.powerball.respawn import waiting_to_respawn
from engine.games.powerball.rules import rank_keys
from engine.games.powerball.state import EMPTY, change, is_turret, spare_cards
from engine.games.powerball.table import Table
from engine.games.powerball.turn import cleanup, deal
from engine.games.powerball.view import view
from engine.rng import Rng
from tests.engine.games.loaded_dice import LoadedDice


def destroyed(state, seat, **data):
    """``seat``'s robot destroyed, as the rules tell it (no credit, nothing held)."""
    told = {"cause": "damage", "credit": -1, "vp": 0, "balls": 0, "drops": [], "returned": 0}
    return fold(state, DESTROYED, robot=seat, **{**told, **data})


def placed(state, seat, x, y, **data):
    return fold(state, ROBOT_PLACED, robot=seat, sq=sq(x, y), facing=N, flag=1, **data)


def seen(state, seat, by=None):
    """``seat``'s robot as the view of ``by`` (its own seat by default) shows it."""
    return view(state, seat if by is None else by)["robots"][seat]


# -- the start -----------------------------------------------------------------------------
def test_a_match_without_options_plays_30_rounds_with_8_balls_on_the_arena():
    state = initial({"seats": [{}, {}], "options": {}})
    assert (state.rounds, state.pool, state.floor) == (30, 8, "arena")
    defaults = {name: option.default for name, option in GAME.options.items()}
    assert defaults == {"rounds": 30, "balls": 8, "floor": "arena"}


def test_the_options_set_the_rounds_the_balls_and_the_floor():
    options = {"rounds": 4, "balls": 3, "floor": "another floor"}
    state = initial({"seats": [{}, {}], "options": options})
    assert (state.rounds, state.pool, state.floor) == (4, 3, "another floor")


def test_a_rules_v1_log_folds_with_the_13_option_deck_of_version_1():
    """RULES.md "Rules versions": a v1 log starts with the deck of version 1."""
    seats = [{}, {}]
    v1 = initial({"seats": seats, "options": {}, "rules_version": 1})
    v2 = initial({"seats": seats, "options": {}, "rules_version": 2})
    now = initial({"seats": seats, "options": {}})  # a table the engine starts itself
    assert v1.option_deck == V1_OPTIONS and len(V1_OPTIONS) == 13
    assert v2.option_deck == now.option_deck == OPTIONS and len(OPTIONS) == 25


def test_a_robot_not_placed_at_the_start_comes_back_before_robots_destroyed_later():
    """Robots come back in the order they left the board: one still waiting from
    the start (boxed in) is placed before a robot destroyed after it."""
    state = initial({"seats": [{}, {}, {}], "options": {}})
    state = fold(state, SEATS_ORDERED, cards=[500, 600, 100], order=[1, 0, 2])
    assert waiting_to_respawn(Table.reading(state)) == [1, 0, 2]
    state = placed(placed(state, 1, 2, 2), 0, 9, 2)
    state = replace(state, round=1, phase=1)
    state = destroyed(state, 0)
    assert waiting_to_respawn(Table.reading(state)) == [2, 0]


def test_robots_destroyed_in_one_phase_come_back_in_the_order_they_were_destroyed():
    state = put(put(put(blank(3), 0, 1, 1), 1, 5, 5), 2, 8, 8)
    state = destroyed(destroyed(state, 2), 0)
    assert waiting_to_respawn(Table.reading(state)) == [2, 0]
    assert [seen(state, s)["died"] for s in (2, 0)] == [1, 2]  # the order, one by one
    state = destroyed(state, 1)
    assert waiting_to_respawn(Table.reading(state)) == [2, 0, 1]


# -- destruction and placing ---------------------------------------------------------------
def test_a_destroyed_robot_leaves_the_board_and_counts_one_death():
    """A ``Destroyed`` without ``owes`` (rules v1) was followed by the discard it
    made: its seat owes no option."""
    state = put(put(blank(2), 0, 1, 1), 1, 5, 5, options=(BRAKES,))
    state = destroyed(state, 1)
    robot = seen(state, 1)
    assert robot["sq"] == -1 and robot["deaths"] == 1 and robot["owes"] is False
    state = destroyed(placed(state, 1, 2, 2), 1, owes=True)
    robot = seen(state, 1)
    assert robot["deaths"] == 2 and robot["owes"] is True


def test_a_robot_destroyed_in_the_first_turn_comes_back_as_no_turret():
    state = put(put(blank(2, round_=1), 0, 1, 1), 1, 5, 5)
    state = placed(destroyed(state, 0), 0, 2, 2)
    assert not is_turret(state, state.robots[0]) and not seen(state, 0)["turret"]


def test_a_turret_destroyed_in_its_turret_turn_comes_back_as_no_turret():
    """A turret is stationed on its flag for one turn (event 4); destroyed, it
    comes back as any robot does, powered down for the rest of the turn."""
    state = put(put(blank(2, round_=3), 0, 2, 2, turret=3), 1, 5, 5)
    assert is_turret(state, state.robots[0])
    state = placed(destroyed(state, 0), 0, 3, 2)
    assert not is_turret(state, state.robots[0]) and not seen(state, 0)["turret"]


def test_a_robot_placed_again_carries_no_credit_nor_control_from_before_its_death():
    """Credit for a death goes to whoever pushed or shot the robot, scrambled its
    card or runs it by Radio Control; a robot back on the board is a new start:
    a fall now credits nobody for what was done to it before."""
    state = blank(3, round_=2, phase=3)
    clock = state.clock
    state = put(put(state, 0, 1, 1), 1, 9, 9)
    state = put(state, 2, 5, 5, hit_by=0, hit_clock=clock, radio_by=0)
    state = change(state, 2, scrambled_by=1, scrambled_clock=clock)
    assert credit_for(state, state.robots[2], "pit") == 0
    state = destroyed(state, 2)
    assert seen(state, 2)["died"] == 1
    state = fold(state, FLAG_ROLLED, robot=2, roll=2, flag=2)
    assert seen(state, 2)["flag"] == 2
    state = placed(state, 2, 9, 2, keeps_program=True)
    robot = state.robots[2]
    assert credit_for(state, robot, "pit") == -1 and credit_for(state, robot, "damage") == -1
    shown = seen(state, 2)
    assert shown["radio_by"] == -1 and shown["flag"] == 0 and shown["died"] == 0


def test_a_respawned_robot_keeps_its_program_but_a_v1_placement_wipes_it():
    """Rules v2: a respawned robot keeps its program (and its paired cards); a v1
    ``RobotPlaced`` has no ``keeps_program`` and wipes them, as v1 did."""
    state = program(put(put(blank(2), 1, 5, 5), 0, 1, 1), 0, 490, 500, 510, 520, 530)
    state = change(state, 0, paired=(0, 70, 0, 0, 0))
    state = destroyed(state, 0)
    kept = placed(state, 0, 2, 2, keeps_program=True).robots[0]
    assert kept.registers == (490, 500, 510, 520, 530) and kept.paired == (0, 70, 0, 0, 0)
    wiped = placed(state, 0, 2, 2).robots[0]
    assert wiped.registers == wiped.paired == (EMPTY,) * 5


# -- balls -----------------------------------------------------------------------------------
def test_a_delivery_scores_one_point_and_one_delivery_for_the_tie_break():
    """Ties on victory points go to more balls delivered."""
    state = put(put(blank(2), 0, 1, 1, balls=1), 1, 5, 5, vp=1)
    state = fold(state, DELIVERED, robot=0, pit=sq(6, 6))
    robot = seen(state, 0)
    assert (robot["vp"], robot["delivered"], robot["balls"]) == (1, 1, 0)
    assert state.pool == 9 and ranks_from_scores(rank_keys(state)) == (1, 2)


def test_a_second_ball_thrown_onto_a_pit_goes_back_to_the_pool():
    """Double Barrel's two balls: one rests on the hit square, one on the next
    square along the push; a ball that would rest on a pit returns to the pool."""
    pits = custom_floor(pits=[[5, 6]])
    state = put(put(blank(2), 0, 1, 6, E, balls=2, options=(DOUBLE,)), 1, 4, 6, W)
    t = on(pits, state)
    run_step(t, "lasers", {0: {"do": "throw", "target": 1, "balls": 2}})
    assert not t.state.robots[1].alive and t.state.robots[0].balls == 0
    assert t.state.balls == (sq(4, 6),) and t.state.pool == 8 + 1


# -- the program ------------------------------------------------------------------------------
HAND = (10, 70, 80, 430, 490, 500, 510, 520, 840)


def test_a_program_sets_the_registers_and_the_standing_orders_and_spends_the_hand():
    """The cards not programmed are discarded; the orders hold for this turn."""
    options = (BRAKES, FLYWHEEL, CONDITIONAL)
    state = put(put(blank(2, phase=0), 0, 1, 1, options=options, hand=HAND), 1, 5, 5)
    state = change(state, 1, options=(CRAB, SHIELD))
    t = table(state)
    action = {"cards": [490, 70, 80, 430, 500], "power_down": True, "pickup": False}
    orders = {"armour": [BRAKES], "brakes": [1], "flywheel": 840, "park": 10}
    program_event(t, 0, {**action, **orders})
    robot = t.state.robots[0]
    assert robot.registers == (490, 70, 80, 430, 500) and robot.hand == ()
    assert (robot.pickup, robot.announced, robot.programmed) == (False, True, True)
    assert (robot.armour, robot.brakes, robot.stored, robot.parked) == ((BRAKES,), (1,), 840, 10)
    assert {510, 520} <= set(spare_cards(t.state))  # the spare cards go back
    shown = seen(t.state, 0)
    assert (shown["hand"], shown["hand_count"], shown["pickup"]) == ([], 0, False)
    assert shown["announced"] is True


def test_a_program_without_orders_keeps_no_card_and_picks_up_balls():
    state = put(put(blank(2, phase=0), 0, 1, 1, hand=HAND, pickup=False), 1, 5, 5)
    state = change(state, 0, stored=840, parked=10, armour=("x",), brakes=(2,))
    t = table(state)
    program_event(t, 0, {"cards": [490, 70, 80, 430, 500], "power_down": False, "pickup": True})
    robot = t.state.robots[0]
    assert (robot.pickup, robot.announced) == (True, False)
    assert (robot.armour, robot.brakes, robot.stored, robot.parked) == ((), (), EMPTY, EMPTY)
    assert robot.paired == (EMPTY,) * 5


def test_a_card_kept_on_flywheel_joins_the_next_hand_and_is_kept_no_longer():
    state = put(put(blank(2, phase=5), 0, 1, 1, options=(FLYWHEEL,), stored=840), 1, 5, 5)
    t = table(state)
    deal(t, None)
    robot = t.state.robots[0]
    assert 840 in robot.hand and robot.stored == EMPTY and seen(t.state, 0)["stored"] == EMPTY


def test_a_swapped_in_card_leaves_no_parked_card_and_no_pair_in_its_register():
    state = put(put(blank(2, phase=1), 0, 1, 1, options=(CONDITIONAL, CRAB)), 1, 5, 5)
    state = change(state, 0, registers=(490, 500, 510, 520, 530), paired=(0, 70, 0, 0, 0))
    state = change(state, 0, parked=840, programmed=True)
    state = fold(state, CARD_CHANGED, robot=0, register=2, card=840, why="swap")
    robot = state.robots[0]
    assert robot.registers == (490, 840, 510, 520, 530) and robot.paired == (EMPTY,) * 5
    assert robot.parked == EMPTY and robot.aborted == 0
    state = fold(state, CARD_CHANGED, robot=0, register=3, card=10, why="abort")
    assert state.robots[0].aborted == state.round and state.robots[0].registers[2] == 10


def test_cleanup_wipes_unlocked_registers_and_their_pairs_and_keeps_locked_pairs():
    """A paired register locks as a pair (reference F6.7)."""
    state = put(put(blank(2, phase=5), 0, 1, 1, damage=6), 1, 5, 5)
    state = change(state, 0, registers=(490, 500, 510, 520, 530), paired=(70, 0, 0, 80, 0))
    t = table(state)
    cleanup(t, None)
    robot = t.state.robots[0]
    assert robot.registers == (0, 0, 0, 520, 530) and robot.paired == (0, 0, 0, 80, 0)


# -- damage ------------------------------------------------------------------------------------
def test_a_power_down_shield_stops_one_point_a_phase_from_each_side_afresh_each_phase():
    state = put(put(blank(2, phase=1), 0, 1, 1, down=True, options=(SHIELD,)), 1, 5, 5)
    t = table(state)
    damage(t, 0, 1, 1, "laser", W)  # phase 1: the west side's point stopped
    assert t.state.robots[0].damage == 0
    t.state = replace(t.state, phase=2)
    for side in (E, W):  # phase 2: each side stops one point again
        damage(t, 0, 1, 1, "laser", side)
    assert t.state.robots[0].damage == 0
    damage(t, 0, 1, 1, "laser", W)  # the west side's second point in phase 2
    assert t.state.robots[0].damage == 1
    damage(t, 0, 1, 1, "laser", E)
    assert t.state.robots[0].damage == 2


# -- the turn --------------------------------------------------------------------------------
def test_a_new_turn_ends_respawns_radio_control_and_last_turns_announcement():
    """Respawned and radio-controlled robots are so for the rest of the turn only;
    an announced power-down is taken this turn, not announced again."""
    state = put(put(blank(2, phase=5), 0, 1, 1, respawned=True, radio_by=1), 1, 5, 5)
    state = change(state, 1, announced=True, damage=4)
    t = table(state)
    deal(t, None)
    zero, one = t.state.robots
    assert zero.respawned is False and zero.radio_by == -1 and len(zero.hand) == 9
    assert one.down and one.damage == 0 and one.announced is False and one.hand == ()
    shown = seen(t.state, 0)
    assert (shown["respawned"], shown["radio_by"]) == (False, -1)
    assert seen(t.state, 1)["announced"] is False


def test_a_powered_down_robot_loses_its_locked_cards_and_pairs_and_others_keep_theirs():
    state = put(put(blank(2, phase=5), 0, 1, 1, damage=6, announced=True), 1, 5, 5, damage=6)
    for seat in (0, 1):
        state = change(state, seat, registers=(0, 0, 0, 520, 530), paired=(0, 0, 0, 80, 0))
    t = table(state)
    deal(t, None)
    zero, one = t.state.robots
    assert zero.registers == zero.paired == (EMPTY,) * 5
    assert one.registers == (0, 0, 0, 520, 530) and one.paired == (0, 0, 0, 80, 0)


def test_last_turns_standing_orders_end_with_it():
    """The armour named with last turn's program spends nothing now (Recompile's
    damage comes before this turn's program), and a card left parked on
    Conditional Program is discarded: the next deal may deal it."""
    state = put(blank(2, phase=5), 1, 5, 5)
    state = put(state, 0, 1, 1, options=(RECOMPILE, BRAKES), armour=(BRAKES,), brakes=(1,))
    state = change(state, 0, parked=840)
    t = table(state)
    deal(t, None)
    robot = t.state.robots[0]
    assert (robot.armour, robot.brakes, robot.parked) == ((), (), EMPTY)
    assert 840 in spare_cards(replace(t.state, robots=()))  # nobody holds it
    resolved = GAME.resolve(t.state, {0: {"recompile": True}}, Rng(3, 0))
    robot = resolved.state.robots[0]
    assert robot.damage == 1 and robot.options == (RECOMPILE, BRAKES)


def test_locked_registers_are_public_between_turns_and_a_new_program_is_secret():
    """A register's card is secret until revealed or locked; a program set before
    the first reveal shows nothing to the other seats."""
    state = put(put(blank(2, phase=5), 0, 1, 1), 1, 5, 5, damage=6, programmed=True)
    state = change(state, 1, registers=(490, 500, 510, 520, 530))
    t = table(state)
    cleanup(t, None)
    deal(t, None)
    assert t.state.phase == 0
    assert seen(t.state, 1, by=0)["registers"] == [0, 0, 0, 520, 530]
    assert seen(t.state, 1, by=0)["programmed"] is False
    hand = t.state.robots[1].hand
    program_event(t, 1, {"cards": list(hand[:3]), "power_down": False, "pickup": True})
    assert seen(t.state, 1, by=0)["registers"] == [None] * 5


def test_a_new_turn_is_no_longer_the_end_of_the_last_one():
    """The end of a turn is in no phase; the next turn's phases are phases again:
    a push in phase 1 does not credit a fall in phase 2."""
    state = put(put(blank(2, phase=5), 0, 1, 1), 1, 5, 5)
    state = fold(state, TURN_ENDING)
    assert state.ending is True and state.clock == 16
    state = fold(state, TURN_STARTED, round=2, down=[])
    assert state.ending is False and seen(state, 0) and view(state, 0)["ending"] is False
    state = fold(state, PHASE_STARTED, phase=1)
    assert state.clock == 21
    state = fold(state, "Moved", robot=1, sq=sq(6, 5), facing=N, why="push", by=0)
    assert credit_for(state, state.robots[1], "pit") == 0
    state = fold(state, PHASE_STARTED, phase=2)
    assert credit_for(state, state.robots[1], "pit") == -1


def test_while_a_phase_plays_the_table_waits_for_no_seat():
    state = replace(blank(2, phase=0), stage="program", waiting=(0, 1), step="")
    state = fold(state, PHASE_STARTED, phase=1)
    assert (state.phase, state.stage, state.step, state.waiting) == (1, "phase", "move", ())
    shown = view(state, 0)
    assert (shown["stage"], shown["step"], shown["waiting"]) == ("phase", "move", [])


def test_no_seat_is_waiting_once_the_match_is_over():
    state = replace(put(put(blank(2, phase=5, rounds=3), 0, 1, 1), 1, 5, 5), round=3)
    state = replace(state, stage="respawn", waiting=(0, 1))
    t = table(state)
    deal(t, None)
    assert (t.state.stage, t.state.waiting, t.state.reason) == ("over", (), "3 rounds played")
    assert GAME.pending(t.state) == [] and view(t.state, 0)["waiting"] == []


# -- options and bombs -------------------------------------------------------------------------
def test_a_scrambled_card_replaces_the_pair_too_and_credits_the_scrambler_in_its_phase():
    """A Scrambler gives the target's next register a card of the deck (a paired
    register's two cards become that one); a fall into a pit on that card, in
    the next phase, is credited to the scrambler."""
    pit = custom_floor(pits=[[6, 7]])
    state = put(blank(2, round_=3, phase=2), 0, 1, 7, E, options=(SCRAMBLER,))
    state = program(put(state, 1, 5, 7, N), 1, 70, 80, 90, 100, 110)
    state = change(state, 1, paired=(0, 0, 120, 0, 0))
    t = Table(state, LoadedDice(choices=[spare_cards(state).index(MOVE1)]))
    t.floor = pit
    run_step(t, "lasers", {0: {"do": "scramble", "target": 1}})
    robot = t.state.robots[1]
    assert robot.registers == (70, 80, MOVE1, 100, 110) and robot.paired == (EMPTY,) * 5
    assert robot.scrambled_by == 0
    run_step(t, "move")  # phase 2's card: a right turn, towards the pit
    assert t.state.robots[1].alive
    t.state = replace(t.state, phase=3)
    run_step(t, "move")
    assert not t.state.robots[1].alive and t.state.robots[0].vp == 2


def test_a_bomb_belongs_to_the_seat_that_placed_it_and_is_dealt_five_cards_face_up():
    state = put(blank(2, phase=5), 0, 1, 1)
    state = fold(state, BOMB_PLACED, owner=1, sq=sq(6, 6))
    assert state.bombs[0].owner == 1 and not state.bombs[0].armed
    t = table(state)
    deal(t, None)
    bomb = t.state.bombs[0]
    hand = t.state.robots[0].hand
    assert bomb.armed is True and len(bomb.cards) == 5 and not set(bomb.cards) & set(hand)
    assert view(t.state, 0)["bombs"] == [
        {"owner": 1, "sq": sq(6, 6), "cards": list(bomb.cards), "armed": True}
    ]

"""The program decision (``programs.py``, RULES.md "A turn" step 3 and "Options"):
what a seat may program, each refusal naming the rule broken, the default, and the
secret event that records a program."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import blank, put, table

from engine.games.powerball.cards import BRAKES, CONDITIONAL, CRAB, DUAL, FLYWHEEL, SHIELD
from engine.games.powerball.programs import (
    SHAPE,
    default_program,
    program_checker,
    program_event,
    program_size,
)
from engine.games.powerball.state import EMPTY, change

#: a U-turn, two left and two right turns, a back-up, four move 1s, a move 2
HAND = (10, 70, 80, 90, 100, 430, 490, 500, 510, 520, 670)
CARDS = [490, 500, 510, 520, 670]
PLAIN = {"cards": CARDS, "power_down": False, "pickup": True}


def robot(options=(), hand=HAND, community=(), **fields):
    """Robot 0 with ``hand`` and ``options`` (and the community's) about to program."""
    state = put(put(blank(2, phase=0), 0, 1, 1, options=options, hand=hand, **fields), 1, 5, 5)
    return replace(state, community=tuple(community))


def check(state, **changes):
    return program_checker(state, 0)({**PLAIN, **changes})


# -- the cards -----------------------------------------------------------------------------------
def test_a_seat_programs_one_card_per_unlocked_register_or_its_whole_smaller_hand():
    assert program_size(robot(), 0) == 5
    assert program_size(robot(damage=6), 0) == 3  # registers 4 and 5 locked
    assert program_size(robot(hand=(10, 70)), 0) == 2
    assert program_size(robot(hand=()), 0) == 0  # dealt nothing: powered down, a turret


def test_the_default_program_is_the_first_cards_of_the_hand_no_power_down_pick_up_on():
    assert default_program(robot(), 0) == {
        "cards": [10, 70, 80, 90, 100],
        "power_down": False,
        "pickup": True,
    }
    assert default_program(robot(damage=7), 0)["cards"] == [10, 70]
    assert check(robot(), **default_program(robot(), 0)) is None


def test_a_program_has_the_three_keys_and_may_add_only_the_option_orders():
    state = robot()
    assert check(state) is None
    assert program_checker(state, 0)([490]) == SHAPE
    assert program_checker(state, 0)({"cards": CARDS, "pickup": True}) == SHAPE
    assert check(state, extra=1) == SHAPE
    assert SHAPE == (
        'a program is {"cards": [...], "power_down": bool, "pickup": bool} and may add '
        '"armour", "brakes", "flywheel", "pairs" and "park"'
    )


def test_each_refusal_of_the_cards_names_the_rule():
    state = robot()
    exactly = "program exactly 5 card(s), one per unlocked register"
    assert check(state, cards=CARDS[:4]) == exactly
    assert check(state, cards=[*CARDS, 10]) == exactly
    assert check(state, cards=tuple(CARDS)) == exactly  # a list, as JSON has it
    assert check(state, cards=[490, 500, 510, 520, "670"]) == (
        "cards are named by their priority (an integer)"
    )
    assert check(state, cards=[490, 500, 510, 520, 520]) == "a card can fill only one register"
    assert check(state, cards=[490, 500, 510, 520, 840]) == "card 840 is not in your hand"
    assert check(robot(damage=8)) == ("program exactly 1 card(s), one per unlocked register")
    for key in ("power_down", "pickup"):
        assert check(state, **{key: 0}) == "power_down and pickup are true or false"
        assert check(state, **{key: None}) == "power_down and pickup are true or false"


# -- the option orders ------------------------------------------------------------------------
def test_armour_names_held_options_each_once():
    state = robot(options=(BRAKES, SHIELD))
    assert check(state, armour=[SHIELD, BRAKES]) is None
    held = "armour lists options your robot holds"
    assert check(state, armour=SHIELD) == held
    assert check(state, armour=[FLYWHEEL]) == held
    assert check(state, armour=[SHIELD, SHIELD]) == "armour names each option once"


def test_brakes_name_distinct_registers_1_to_5_and_need_the_option():
    state = robot(options=(BRAKES,))
    assert check(state, brakes=[1, 5]) is None
    assert check(robot(community=(BRAKES,)), brakes=[2]) is None  # a community option
    assert check(state, brakes=2) == "brakes is a list of register numbers"
    assert check(state, brakes=["2"]) == "brakes is a list of register numbers"
    assert check(robot(), brakes=[2]) == "your robot has no Brakes"
    assert check(robot(), brakes=[]) is None
    distinct = "brakes names distinct registers 1 to 5"
    for registers in ([0], [6], [2, 2]):
        assert check(state, brakes=registers) == distinct, registers


def test_pairs_put_a_turn_beside_a_move_as_crab_legs_or_dual_processor_allow():
    crab, dual = robot(options=(CRAB,)), robot(options=(DUAL,))
    assert check(crab, pairs=[[1, 70], [2, 80]]) is None  # a move 1 with a left, a right
    assert check(dual, pairs=[[5, 10]]) is None  # a move 2 with a U-turn
    assert check(robot(community=(DUAL,)), pairs=[[5, 10]]) is None
    allow = "register 5: pair a move with a turn your options allow"
    assert check(crab, pairs=[[5, 70]]) == allow  # Crab Legs: a move 1 only
    assert check(crab, pairs=[[1, 10]]) == "register 1: pair a move with a turn your options allow"
    assert check(dual, pairs=[[5, 430]]) == allow  # a back-up is no turn
    state = robot(options=(CRAB,), hand=(70, 80, 90, 490, 500, 510, 520, 670))
    assert check(state, cards=[70, 500, 510, 520, 670], pairs=[[1, 80]]) == (
        "register 1: pair a move with a turn your options allow"
    )


def test_each_refusal_of_the_pairs_names_the_rule():
    state = robot(options=(CRAB,))
    shape = "pairs is a list of [register, card]"
    for pairs in ([1, 70], [[1]], [[1, 70, 80]], [(1, 70)], [[1, "70"]], [["1", 70]]):
        assert check(state, pairs=pairs) == shape, pairs
    assert check(robot(), pairs=[[1, 70]]) == "pairing cards needs Crab Legs or Dual Processor"
    assert check(robot(), pairs=[]) is None
    assert check(state, pairs=[[1, 70], [1, 80]]) == "a register takes one paired card"
    assert check(state, pairs=[[0, 70]]) == "register 0 is not one you program"
    assert check(robot(options=(CRAB,), damage=7), cards=[490, 500], pairs=[[3, 70]]) == (
        "register 3 is not one you program"
    )
    assert check(state, pairs=[[1, 840]]) == "the paired card 840 is not a spare card of your hand"
    assert check(state, pairs=[[1, 500]]) == "the paired card 500 is not a spare card of your hand"
    assert check(state, pairs=[[1, 70], [2, 70]]) == "a card can be paired only once"


def test_flywheel_and_conditional_program_each_keep_one_spare_card_of_the_hand():
    state = robot(options=(FLYWHEEL, CONDITIONAL, CRAB))
    assert check(state, flywheel=10, park=70) is None
    every = {"armour": [CRAB], "brakes": [1], "pairs": [[1, 70]], "flywheel": 10, "park": 90}
    assert check(robot(options=(FLYWHEEL, CONDITIONAL, CRAB), community=(BRAKES,)), **every) is None
    assert check(robot(), flywheel=10) == "your robot has no Flywheel"
    assert check(robot(options=(FLYWHEEL,)), park=10) == "your robot has no Conditional Program"
    assert check(robot(community=(FLYWHEEL,)), flywheel=10) is None
    for key in ("flywheel", "park"):
        spare = f"{key} takes one card of your hand that you did not program"
        assert check(state, **{key: "10"}) == spare
        assert check(state, **{key: 840}) == spare
        assert check(state, **{key: 490}) == spare
        assert check(state, pairs=[[1, 70]], **{key: 70}) == spare
    assert (
        check(state, flywheel=10, park=10)
        == "park takes one card of your hand that you did not program"
    )


# -- the event ---------------------------------------------------------------------------------
def test_a_program_is_told_to_its_seat_alone_with_its_power_down_public():
    state = robot(options=(CRAB, BRAKES, FLYWHEEL, CONDITIONAL, SHIELD), damage=6)
    state = change(state, 0, registers=(0, 0, 0, 520, 530), paired=(0, 0, 0, 80, 0))
    t = table(state)
    action = {"cards": [490, 500, 670], "power_down": True, "pickup": False}
    orders = {"pairs": [[1, 70]], "armour": [SHIELD], "brakes": [2], "flywheel": 10, "park": 90}
    program_event(t, 0, {**action, **orders})
    (event,) = t.events
    assert event.type == "ProgramSet" and event.to == (0,)
    assert event.public == {"seat": 0, "power_down": True}
    assert event.data == {
        "seat": 0,
        "registers": [490, 500, 670, 520, 530],  # the locked registers keep their cards
        "pickup": False,
        "power_down": True,
        "paired": [70, EMPTY, EMPTY, 80, EMPTY],
        "armour": [SHIELD],
        "brakes": [2],
        "stored": 10,
        "parked": 90,
    }


def test_a_program_without_orders_tells_only_its_cards():
    t = table(robot())
    program_event(t, 0, PLAIN)
    assert t.events[0].data == {
        "seat": 0,
        "registers": CARDS,
        "pickup": True,
        "power_down": False,
    }
    t = table(robot())
    program_event(t, 0, {**PLAIN, "armour": [], "brakes": [], "pairs": []})
    assert set(t.events[0].data) == {"seat", "registers", "pickup", "power_down"}

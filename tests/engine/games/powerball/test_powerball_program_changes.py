"""Options that change a program as it runs (``program_changes.py``): Conditional
Program's swap before a reveal and the Abort Switch after one (RULES.md
"A register phase" and "Options"). Only a robot running its own program this
turn may change it: not one powered down, respawned, a turret, or run by
another seat's Radio Control."""

from __future__ import annotations

from powerball_helpers import MOVE3, N, blank, events, program, put, table

from engine.games.powerball.cards import ABORT, CONDITIONAL
from engine.games.powerball.program_changes import abort_later, aborters, swap, swappers
from engine.games.powerball.state import EMPTY, change

CARDS = (490, 500, 510, 520, 530)


def parked(phase=1, **fields):
    """Robot 0 with Conditional Program and a card parked; robot 1 with neither."""
    state = put(put(blank(2, round_=4, phase=phase), 0, 5, 6, N, options=(CONDITIONAL,)), 1, 0, 0)
    state = program(state, 0, *CARDS)
    return change(state, 0, parked=MOVE3, **fields)


def thrown(phase=2, **fields):
    """Robot 0 with an Abort Switch, thrown this turn (``aborted``) or not."""
    state = put(put(blank(2, round_=4, phase=phase), 0, 5, 6, N, options=(ABORT,)), 1, 0, 0)
    return change(program(state, 0, *CARDS), 0, **fields)


def test_a_robot_with_a_parked_card_may_swap_it_into_the_next_register():
    t = table(parked())
    assert swappers(t) == [0]
    swap(t, 0)
    assert events(t, "CardChanged") == [{"robot": 0, "register": 2, "card": MOVE3, "why": "swap"}]


def test_only_a_robot_running_its_own_program_may_swap():
    for fields in ({"respawned": True}, {"down": True}, {"radio_by": 0}, {"radio_by": 1}):
        assert swappers(table(parked(**fields))) == [], fields
    # a robot that was a turret in an earlier turn runs its own program again
    assert swappers(table(parked(turret=2))) == [0]


def test_no_swap_without_a_parked_card_even_with_the_option():
    state = change(parked(), 0, parked=EMPTY)
    assert swappers(table(state)) == []
    state = change(state, 1, registers=CARDS, programmed=True, options=(CONDITIONAL,))
    assert swappers(table(state)) == []


def test_no_swap_into_a_locked_register_nor_after_the_last():
    """A locked register keeps last turn's card: the seat did not program it."""
    assert swappers(table(parked(phase=3, damage=6))) == []  # register 4 is locked
    assert swappers(table(parked(phase=2, damage=6))) == [0]  # register 3 is not
    assert swappers(table(parked(phase=5))) == []


def test_an_abort_switch_is_offered_on_the_revealed_card_once_a_turn():
    assert aborters(table(thrown())) == [0]
    assert aborters(table(thrown(aborted=4))) == []  # thrown this turn already
    assert aborters(table(thrown(aborted=3))) == [0]  # last turn's throw is spent


def test_only_a_robot_running_its_own_program_may_throw_its_abort_switch():
    for fields in ({"respawned": True}, {"down": True}, {"radio_by": 0}):
        assert aborters(table(thrown(**fields))) == [], fields


def test_no_abort_of_an_empty_register():
    """A register that locked while empty does nothing: no card to replace."""
    state = change(thrown(phase=5), 0, registers=(490, 500, 510, 520, EMPTY), damage=5)
    assert aborters(table(state)) == []
    t = table(change(state, 0, aborted=4))
    abort_later(t)
    assert events(t, "CardChanged") == []


def test_a_switch_thrown_earlier_this_turn_replaces_each_later_card_too():
    t = table(thrown(phase=3, aborted=4))
    abort_later(t)
    (changed,) = events(t, "CardChanged")
    assert changed["register"] == 3 and changed["why"] == "abort"
    assert changed["card"] not in CARDS
    t = table(thrown(phase=3, aborted=4, turret=2))  # a turret two turns ago
    abort_later(t)
    assert [c["register"] for c in events(t, "CardChanged")] == [3]
    for fields in ({"aborted": 3}, {"aborted": 4, "radio_by": 1}):
        t = table(thrown(phase=3, **fields))
        abort_later(t)
        assert events(t, "CardChanged") == [], fields

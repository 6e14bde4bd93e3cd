"""The Cascade Card deck ([reconstructed]: RULES.md, "Cascade Cards"): what each
card does when a robot draws it."""

from __future__ import annotations

from dataclasses import replace

from ce_helpers import OPEN_SQUARE, RED60, E, N, act, legal, position, put, turn_of, types

from engine.games.cascade_effect.cards import COPIES, DECK, OVERDRIVE_MOVES, PENALTY_POINTS
from engine.games.cascade_effect.scoring import breakdown


def drawn(card: str, state=None, below=()):
    """Robot red 1 rolls a 6 on a move declaration and draws ``card``."""
    state = state or put(position(), 0, OPEN_SQUARE, N)
    state = replace(state, deck=(card,) + state.deck[1:])
    return act(state, {"do": "move"}, [6], below)


def test_the_deck_holds_every_card_and_at_least_12():
    assert len(DECK) == sum(COPIES.values()) >= 12
    assert set(DECK) == set(COPIES)


def test_a_drawn_card_is_public_and_goes_to_the_discard_pile():
    after, events = drawn("clean_match")
    event = next(e for e in events if e.type == "CardDrawn")
    assert event.to == "all" and event.data["card"] == "clean_match"
    assert after.discard[-1] == "clean_match" and after.last_card == "clean_match"


def test_penalties_score_for_the_other_alliance():
    for card, points in PENALTY_POINTS.items():
        after, _ = drawn(card)
        assert after.penalties == (points, 0)
        assert breakdown(after, 1)["penalties"] == points
        assert breakdown(after, 0)["penalties"] == 0


def test_a_minor_penalty_is_worth_10_and_a_major_penalty_30():
    """RULES.md, "Cascade Cards": the card table gives a minor penalty 10 points
    and a major one 30, both scored by the other alliance (rule 11)."""
    assert drawn("minor_penalty")[0].penalties == (10, 0)
    assert drawn("major_penalty")[0].penalties == (30, 0)
    assert breakdown(drawn("major_penalty")[0], 1)["penalties"] == 30


def test_dead_battery_loses_the_robots_next_turn():
    after, events = drawn("dead_battery")
    assert after.robots[0].skips == 1
    for _robot in (1, 2, 3):
        after, _ = act(after, {"do": "move"}, [6])
    assert after.active.id == 1  # red 1's turn came and went as TurnLost


def test_interference_costs_the_next_opposing_robot_its_turn():
    after, events = drawn("interference")
    assert [e.data["robot"] for e in events if e.type == "TurnLossGiven"] == [1]
    assert [e.data["robot"] for e in events if e.type == "TurnLost"] == [1]
    assert after.active.id == 2 and after.robots[1].turns == 1


def test_overdrive_adds_moves_to_the_robots_next_turn_and_the_alliances_still_alternate():
    after, events = drawn("overdrive")
    assert after.active.id == 1  # the other alliance plays next, as rule 4 says
    assert after.robots[0].boost == OVERDRIVE_MOVES
    for _ in (1, 2, 3):  # blue 1, red 2, blue 2 roll 6s; red 1's next turn
        after, _ = act(after, {"do": "move"}, [6], below=[0] * 3)
    after, _ = act(after, {"do": "move"}, [1])
    assert after.active.id == 0 and after.bonus_moves == OVERDRIVE_MOVES
    three_moves = (OPEN_SQUARE - 2 * 6, E)  # two steps north and a quarter turn
    assert three_moves in {(a["to"], a["facing"]) for a in legal(after)}
    after, _ = act(after, legal(after)[0])
    assert after.robots[0].boost == 0  # spent on that one turn


def test_bonus_balls_add_5_cm_once_a_kickstand_is_down():
    closed = put(position(), 0, OPEN_SQUARE, N, goal=RED60)
    after, _ = drawn("bonus_balls", closed)
    assert after.goals[RED60].cm == 0
    after, _ = drawn("bonus_balls", replace(closed, fallen=(True, False)))
    assert after.goals[RED60].cm == 5


def test_kickstand_bump_drops_a_standing_kickstand_only():
    after, events = drawn("kickstand_bump", replace(position(), fallen=(True, False)))
    assert after.fallen == (True, True)
    _, events = drawn("kickstand_bump", replace(position(), fallen=(True, True)))
    assert "KickstandFell" not in types(events)


def test_spin_out_turns_the_robot_to_a_drawn_facing():
    after, events = drawn("spin_out", below=[3])
    assert after.robots[0].facing == 3
    assert any(e.type == "Turned" and e.data["facing"] == 3 for e in events)


def test_clean_match_does_nothing_else():
    before = put(position(), 0, OPEN_SQUARE, N)
    after, events = drawn("clean_match", before)
    assert types(events)[:4] == ["Declared", "Rolled", "CardDrawn", "TurnEnded"]
    assert after.penalties == (0, 0) and after.robots[0].sq == before.robots[0].sq


def test_declarations_after_a_card_turn_are_the_next_robots():
    after, _ = drawn("clean_match")
    assert after.active.id == 1 and legal(turn_of(after, 1))

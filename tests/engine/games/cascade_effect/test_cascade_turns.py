"""The flow between decisions (``turns.py``): the end of the match and its winner,
the next turn, lost turns, the 2-player jump and what each Cascade Card does,
each from the rulebook's text as RULES.md restates it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ce_helpers import (
    BLUE30,
    OPEN_SQUARE,
    RED30,
    N,
    act,
    declared,
    move_goal,
    position,
    put,
    sq,
    turn_of,
)

from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.scoring import breakdown
from engine.games.cascade_effect.state import ROUNDS
from engine.games.cascade_effect.turns import Emitter, draw_card, next_turn
from tests.engine.games.loaded_dice import LoadedDice


def after_the_last_turn(penalties=(0, 0)):
    """The turn after blue 2's last end-game turn (round 24): the match is scored.
    The robots stand in their start zones, the same for both alliances (a robot on
    its bridge, one parked), so only ``penalties`` tell the totals apart."""
    state = replace(position(round_=ROUNDS), index=3, penalties=penalties)
    em = Emitter(state)
    next_turn(em, LoadedDice())
    return em


@pytest.mark.parametrize(
    "penalties, winner, reason",
    [((0, 10), "red", "red alliance wins"), ((10, 0), "blue", "blue alliance wins")],
)
def test_after_the_last_turn_the_alliance_with_the_higher_total_wins(penalties, winner, reason):
    """Rule 12: the higher total wins; rule 11: an alliance scores the penalties the
    other one received, so blue's penalty puts red ahead and red's puts blue ahead."""
    em = after_the_last_turn(penalties)
    (scored,) = [e for e in em.events if e.type == "MatchScored"]
    assert scored.data["winner"] == winner
    assert (em.state.phase, em.state.step, em.state.result) == ("over", "", winner)
    assert scored.data["red"] == breakdown(em.state, 0)
    assert scored.data["blue"] == breakdown(em.state, 1)
    assert abs(scored.data["red"]["total"] - scored.data["blue"]["total"]) == 10
    assert em.state.phase == "over"
    assert GAME.outcome(em.state).reason == reason


def test_after_the_last_turn_equal_totals_are_a_draw():
    em = after_the_last_turn((10, 10))
    (scored,) = [e for e in em.events if e.type == "MatchScored"]
    assert scored.data["winner"] == "draw"
    assert scored.data["red"]["total"] == scored.data["blue"]["total"]
    assert GAME.outcome(em.state).reason == "a draw"
    assert set(GAME.outcome(em.state).ranks) == {1}


def test_an_unused_piece_that_jumps_into_the_other_alliances_zone_draws_a_zone_card():
    """2-player rule ([reconstructed]): a jump landing in the other alliance's zone
    draws a card, as a robot ending its move there does (the card's cause: the
    zone, not a 6)."""
    state = position(seats=2, deck=("clean_match",) * 16)
    state = replace(state, index=1, round=3)  # red 1's fourth turn comes next
    red1 = replace(state.robots[0], turns=3)
    state = replace(state, robots=(red1,) + state.robots[1:])
    em = Emitter(state)
    next_turn(em, LoadedDice([5, 1]))  # the red piece jumps to (5,1): blue's bridge
    assert em.state.robots[2].sq == sq(5, 1)
    drawn = [(e.data["robot"], e.data["cause"]) for e in em.events if e.type == "CardDrawn"]
    assert drawn == [(2, "zone")]


# -- what a drawn card tells and does (RULES.md, "Cascade Cards") ----------------------------
def card_for(robot: int, card: str, state=None, below=()):
    """Robot ``robot`` draws ``card`` (for a 6): the events and the state after."""
    state = state or position()
    em = Emitter(replace(state, deck=(card,) + state.deck[1:]))
    draw_card(em, robot, "six", LoadedDice(below=below))
    return [(e.type, e.data) for e in em.events], em.state


def test_a_drawn_card_is_told_with_its_robot_alliance_and_cause():
    """The card is public the moment it is drawn, for the robot that drew it."""
    told, _ = card_for(1, "clean_match")
    assert told == [
        ("CardDrawn", {"robot": 1, "alliance": 1, "card": "clean_match", "cause": "six"})
    ]


@pytest.mark.parametrize("robot, alliance", [(0, 0), (3, 1)])
def test_a_penalty_card_penalises_the_alliance_of_the_robot_that_drew_it(robot, alliance):
    told, after = card_for(robot, "major_penalty")
    assert told[1] == ("Penalised", {"alliance": alliance, "points": 30, "card": "major_penalty"})
    assert after.penalties[alliance] == 30 and after.penalties[1 - alliance] == 0


def test_dead_battery_is_told_as_a_lost_turn_for_the_robot_that_drew_it():
    told, after = card_for(0, "dead_battery")
    assert told[1:] == [("TurnLossGiven", {"robot": 0, "card": "dead_battery"})]
    assert after.robots[0].skips == 1


@pytest.mark.parametrize("card", ["dead_battery", "overdrive"])
def test_a_card_about_turns_does_nothing_to_an_unused_piece(card):
    """2-player game: the unused piece takes no turns, so losing one or moving
    faster on the next one does not apply to it."""
    told, after = card_for(2, card, position(seats=2))
    assert [t for t, _ in told] == ["CardDrawn"]
    assert after.robots[2].skips == 0 and after.robots[2].boost == 0


@pytest.mark.parametrize("active, victim", [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_interference_costs_the_next_robot_of_the_other_alliance_its_turn(active, victim):
    """The next robot of the other alliance to play after the one drawing, going
    round the turn order (red 1, blue 1, red 2, blue 2) past its end."""
    told, after = card_for(active, "interference", turn_of(position(), active))
    assert told[1:] == [("TurnLossGiven", {"robot": victim, "card": "interference"})]
    assert after.robots[victim].skips == 1


def test_interference_in_the_2_player_game_costs_the_other_player_its_turn():
    told, after = card_for(0, "interference", position(seats=2))
    assert told[1:] == [("TurnLossGiven", {"robot": 1, "card": "interference"})]
    assert after.robots[1].skips == 1


def test_interference_drawn_at_set_up_costs_red_1_its_turn():
    """[reconstructed] before there is a turn order, the other alliance's robot 1."""
    told, after = card_for(1, "interference", replace(position(), order=()))
    assert told[1:] == [("TurnLossGiven", {"robot": 0, "card": "interference"})]
    assert after.robots[0].skips == 1


def test_overdrive_is_told_with_its_two_extra_moves():
    told, after = card_for(0, "overdrive")
    assert told[1:] == [("Boosted", {"robot": 0, "moves": 2})]
    assert after.robots[0].boost == 2


def test_bonus_balls_go_into_the_attached_tube_up_to_its_top():
    """5 cm into the robot's goal once a kickstand is down, but a tube holds no
    more than its height: 2 cm fill the 30 cm tube from 28, a full one takes none."""
    down = replace(position(), fallen=(False, True))
    state = put(move_goal(down, RED30, OPEN_SQUARE, 28), 0, OPEN_SQUARE, N, goal=RED30)
    told, after = card_for(0, "bonus_balls", state)
    scored = {"robot": 0, "goal": RED30, "cm": 2, "die": 0, "bonus": True}
    assert told[1:] == [("Scored", scored)] and after.goals[RED30].cm == 30
    told, _ = card_for(0, "bonus_balls", after)
    assert [t for t, _ in told] == ["CardDrawn"]


def test_bonus_balls_need_an_attached_goal_and_a_fallen_kickstand():
    down = replace(position(), fallen=(True, False))
    loose = move_goal(put(down, 0, OPEN_SQUARE, N), RED30, OPEN_SQUARE - 6)
    told, _ = card_for(0, "bonus_balls", loose)
    assert [t for t, _ in told] == ["CardDrawn"]
    standing = put(position(), 0, OPEN_SQUARE, N, goal=RED30)
    told, after = card_for(0, "bonus_balls", standing)
    assert [t for t, _ in told] == ["CardDrawn"] and after.goals[RED30].cm == 0


def test_kickstand_bump_drops_the_north_kickstand_first():
    told, after = card_for(2, "kickstand_bump")
    assert told[1:] == [("KickstandFell", {"stand": 0, "robot": 2, "by": "card"})]
    assert after.fallen == (True, False)


class Recorded(LoadedDice):
    """Loaded dice that also keep the bound of every ``below`` asked."""

    def __init__(self, below=()) -> None:
        super().__init__(below=below)
        self.bounds: list[int] = []

    def below(self, n: int) -> int:
        self.bounds.append(n)
        return super().below(n)


def test_spin_out_turns_the_robot_to_one_of_the_four_facings_at_random():
    state = put(position(), 0, OPEN_SQUARE, N)
    em = Emitter(replace(state, deck=("spin_out",) + state.deck[1:]))
    dice = Recorded(below=[2])
    draw_card(em, 0, "six", dice)
    assert dice.bounds == [4]
    assert (em.events[-1].type, em.events[-1].data) == (
        "Turned",
        {"robot": 0, "facing": 2, "by": "card"},
    )


def test_spin_out_does_nothing_to_a_robot_not_yet_placed():
    state = replace(position(), order=())
    unplaced = replace(state.robots[1], sq=-1)
    state = replace(state, robots=state.robots[:1] + (unplaced,) + state.robots[2:])
    told, after = card_for(1, "spin_out", state)
    assert [t for t, _ in told] == ["CardDrawn"] and after.robots[1].facing == unplaced.facing


def test_spin_out_turns_a_robot_on_the_north_west_corner_square():
    """The corner (1,1) is square 0, on the field (R1's bridge): only an unplaced
    robot is spared, so R1 standing there spins too."""
    state = position()
    assert state.robots[0].sq == sq(1, 1) == 0
    told, after = card_for(0, "spin_out", state, below=[3])
    assert told[1:] == [("Turned", {"robot": 0, "facing": 3, "by": "card"})]
    assert after.robots[0].facing == 3


def test_an_empty_deck_is_the_discard_pile_shuffled_face_down():
    state = replace(position(deck=()), discard=("overdrive", "clean_match"))
    em = Emitter(state)
    draw_card(em, 0, "six", LoadedDice())
    shuffled = em.events[0]
    assert (shuffled.type, shuffled.data, shuffled.to) == (
        "DeckShuffled",
        {"order": ["overdrive", "clean_match"]},
        (),
    )
    assert shuffled.public == {"cards": 2}
    assert em.events[1].data["card"] == "overdrive"  # the new deck's top card
    assert em.state.deck == ("clean_match",) and em.state.discard == ("overdrive",)


# -- turn after turn (RULES.md, "Length of the match", "A turn") ------------------------------
def turns_after(state, dice=()):
    em = Emitter(state)
    next_turn(em, LoadedDice(dice))
    return [(e.type, e.data) for e in em.events], em.state


def test_a_turn_starts_naming_its_robot_seat_round_and_whether_it_is_the_end_game():
    """4 seats: blue 1 is seat 2's robot (red holds seats 0 and 1)."""
    told, after = turns_after(replace(position(round_=18), index=0))
    started = {"robot": 1, "seat": 2, "round": 18, "endgame": False, "extra": False}
    assert told == [("TurnStarted", started)]
    assert after.active.id == 1 and after.robots[1].turns == 1


def test_the_end_game_begins_with_the_first_turn_of_round_19():
    """After 18 rolls each: round 19's first turn is the end game's first."""
    told, after = turns_after(replace(position(round_=18), index=3))
    started = {"robot": 0, "seat": 0, "round": 19, "endgame": True, "extra": False}
    assert told == [("EndGameBegan", {"round": 19}), ("TurnStarted", started)]
    told, _ = turns_after(after)
    assert [t for t, _ in told] == ["TurnStarted"] and told[0][1]["endgame"] is True


def test_a_lost_turn_is_told_counted_as_a_roll_and_the_next_robot_plays():
    state = position()
    blue1 = replace(state.robots[1], skips=1)
    state = replace(state, robots=(state.robots[0], blue1) + state.robots[2:])
    told, after = turns_after(state)
    assert [t for t, _ in told] == ["TurnStarted", "TurnLost", "TurnStarted"]
    assert told[1][1] == {"robot": 1} and told[2][1]["robot"] == 2
    assert after.robots[1].turns == 1 and after.robots[1].skips == 0
    assert after.active.id == 2


def test_a_lost_turn_ends_the_scored_and_lined_up_chains():
    """Cascade Cards: a lost turn "counts as one of the robot's rolls; it ends the
    'scored last turn' and 'rolled the 5 to align' chains". Blue 1 scored and
    lined up on its last turn, then loses this one: on its next turn it may score
    again and may no longer declare the centre goal; between the lost turn and the
    next robot's, no step is under way (what a replay shows at that event)."""
    state = replace(position(round_=20), fallen=(True, False))
    state = put(state, 1, sq(4, 6), N, goal=BLUE30, scored_last=True, primed=True)
    assert "score" not in declared(turn_of(state, 1)) and "centre" in declared(turn_of(state, 1))
    lost = put(state, 1, sq(4, 6), N, goal=BLUE30, scored_last=True, primed=True, skips=1)
    em = Emitter(lost)
    next_turn(em, LoadedDice())
    assert [e.type for e in em.events] == ["TurnStarted", "TurnLost", "TurnStarted"]
    folded = GAME.evolve(GAME.evolve(lost, em.events[0]), em.events[1])
    assert folded.step == ""
    blue1 = folded.robots[1]
    assert (blue1.scored_last, blue1.primed, blue1.skips) == (False, False, 0)
    assert "score" in declared(turn_of(em.state, 1)) and "centre" not in declared(
        turn_of(em.state, 1)
    )


def test_a_turn_ends_telling_whether_the_robot_scored_or_lined_up():
    state = put(replace(position(round_=20), fallen=(True, False)), 0, OPEN_SQUARE, N, goal=RED30)
    _, events = act(state, {"do": "score"}, [3])
    ended = [e.data for e in events if e.type == "TurnEnded"]
    assert ended == [{"robot": 0, "scored": True, "primed": False}]
    _, events = act(state, {"do": "move"}, [6])
    ended = [e.data for e in events if e.type == "TurnEnded"]
    assert ended == [{"robot": 0, "scored": False, "primed": False}]


def fourth_turn_jump(dice, state=None):
    """Red 1's fourth turn in a 2-player match: the unused red piece jumps first."""
    state = state or position(seats=2, deck=("clean_match",) * 16)
    state = replace(state, index=1, round=3)
    red1 = replace(state.robots[0], turns=3)
    em = Emitter(replace(state, robots=(red1,) + state.robots[1:]))
    next_turn(em, LoadedDice(dice))
    (jumped,) = [e.data for e in em.events if e.type == "PieceJumped"]
    return jumped, em.state


def test_the_unused_piece_jumps_to_the_column_and_row_the_two_dice_name():
    jumped, after = fourth_turn_jump([3, 5])
    assert jumped == {"robot": 2, "dice": [3, 5], "to": sq(3, 5), "moved": True}
    assert after.robots[2].sq == sq(3, 5)


@pytest.mark.parametrize("dice", [[3, 3], [1, 3]], ids=["structure", "loose goal"])
def test_a_jump_onto_the_structure_or_a_loose_goal_leaves_the_piece_where_it_is(dice):
    """[reconstructed] a blocked square: the structure stands on (3,3)-(4,3) in
    position 2, red's 30 cm goal on (1,3)."""
    before = position(seats=2, deck=("clean_match",) * 16)
    jumped, after = fourth_turn_jump(dice, before)
    assert jumped["moved"] is False and jumped["to"] == sq(*dice)
    assert after.robots[2].sq == before.robots[2].sq

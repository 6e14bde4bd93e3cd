"""One test per numbered step and per bullet of the Borg rulebook (game play
1-12, the rules bullets, the 2-player modifications), each built from the
rulebook's text as restated in RULES.md."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ce_helpers import (
    BLUE30,
    BLUE60,
    BLUE90,
    OPEN_SQUARE,
    RED30,
    RED60,
    RED90,
    E,
    N,
    S,
    W,
    act,
    declared,
    legal,
    move_goal,
    position,
    put,
    sq,
    turn_of,
    types,
)

from engine.game import Header
from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.board import PARK, RAMP
from engine.games.cascade_effect.cards import DECK
from engine.games.cascade_effect.fold import initial
from engine.games.cascade_effect.moves import succeeds
from engine.games.cascade_effect.rules import SETUP_ROLLER, turn_order
from engine.games.cascade_effect.scoring import banked, breakdown, total
from engine.games.cascade_effect.state import TELEOP_ROLLS
from engine.games.cascade_effect.turns import Emitter, draw_card, next_turn
from engine.lineup import lineup
from engine.runner import Match, run_match
from tests.engine.games.loaded_dice import LoadedDice

OPEN = OPEN_SQUARE


def match(bots, seed):
    seats, players = lineup(GAME, bots)
    return run_match(GAME, players, seats, seed)


def poses(state):
    return {(a["to"], a["facing"]) for a in legal(state)}


def moving(state, robot, die):
    return turn_of(state, robot, "move", die)


# -- game play, steps 1-12 --------------------------------------------------------------------
def test_step1_the_structure_goes_where_the_first_roll_of_1_to_3_says():
    for seed in range(40):
        seats, _ = lineup(GAME, ["random"] * 2)
        m = Match.begin(GAME, seats, seed)
        rolls = [e.data["die"] for e in m.log.events if e.type == "CentreRoll"]
        assert all(d > 3 for d in rolls[:-1]) and rolls[-1] <= 3
        assert m.state.position == rolls[-1]


def test_step2_each_robot_is_placed_on_its_ramp_or_in_its_parking_zone():
    seats, _ = lineup(GAME, ["random"] * 4)
    state = Match.begin(GAME, seats, 1).state
    for robot in range(4):
        zone = set(RAMP[robot % 2] + PARK[robot % 2])
        assert {a["sq"] for a in legal(state)} <= zone
        state, _ = act(state, legal(state)[-1])
    assert all(r.sq in RAMP[r.alliance] + PARK[r.alliance] for r in state.robots)


def test_step3_the_red_robot_on_the_bridge_goes_first():
    state = position()
    state = put(put(state, 0, PARK[0][0], N), 2, RAMP[0][0], S)
    assert turn_order(state)[0] == 2
    state = put(state, 0, RAMP[0][1], S)  # both on the bridge: red 1 first
    assert turn_order(state)[0] == 0


def test_step3_a_move_goes_as_many_squares_as_the_die_shows():
    state = moving(put(position(), 0, sq(3, 6), N), 0, 3)
    reach = poses(state)
    assert (sq(3, 5), N) in reach  # one step
    far = {p for p in reach if p[1] == N and p[0] in (sq(3, 5), sq(3, 4), sq(3, 3))}
    assert (sq(3, 4), N) in far and (sq(3, 3), N) not in far  # the structure is at row 3
    state = moving(put(position(centre=1), 0, sq(3, 6), N), 0, 3)
    assert (sq(3, 3), N) in poses(state) and (sq(3, 2), N) not in poses(state)


def test_step3_leaving_the_bridge_needs_a_2():
    state = put(position(), 0, RAMP[0][0], S)
    assert all(sq_ in RAMP[0] for sq_, _ in poses(moving(state, 0, 1)))
    assert (sq(1, 2), S) in poses(moving(state, 0, 2))


def test_step3_leaving_the_parking_zone_needs_no_minimum():
    state = moving(put(position(), 2, PARK[0][0], N), 2, 1)
    assert (sq(1, 5), N) in poses(state)


def test_step3_a_6_draws_a_cascade_card_and_the_robot_does_nothing():
    state = put(position(), 0, OPEN, N)
    after, events = act(state, {"do": "move"}, [6])
    assert "CardDrawn" in types(events) and "Moved" not in types(events)
    assert after.robots[0].sq == OPEN and after.active.id == 1


@pytest.mark.parametrize("seats", [2, 4])
def test_step4_turns_alternate_between_the_alliances(seats):
    """Every turn of a match, Overdrive cards included, goes to the other alliance."""
    for seed in range(12):
        m = match(["random"] * seats, seed)
        started = [e.data["robot"] for e in m.log.events if e.type == "TurnStarted"]
        assert all(a % 2 != b % 2 for a, b in zip(started, started[1:])), seed


def test_step6_a_kickstand_falls_on_3_from_a_square_next_to_it():
    state = put(position(), 0, sq(3, 2), E)  # north of the structure at row 3
    assert {"do": "kickstand", "stand": 0} in legal(state)
    _, events = act(state, {"do": "kickstand", "stand": 0}, [2])
    assert "KickstandFell" not in types(events)
    after, events = act(state, {"do": "kickstand", "stand": 0}, [3])
    assert after.fallen == (True, False)


def test_step6_no_ball_is_scored_before_a_kickstand_is_down():
    state = put(position(), 0, OPEN, N, goal=RED60)
    assert "score" not in declared(state)
    assert "score" in declared(replace(state, fallen=(False, True)))


def test_step7_a_declared_scoring_roll_adds_the_die_in_cm_to_the_attached_tube():
    state = put(replace(position(), fallen=(True, False)), 0, OPEN, N, goal=RED60)
    after, events = act(state, {"do": "score"}, [4])
    assert after.goals[RED60].cm == 4
    nxt = turn_of(after, 0)
    assert "score" not in declared(nxt)  # every other turn


def test_step8_the_end_game_starts_after_18_rolls_each():
    m = match(["random"] * 4, 11)
    rounds = [(e.data["round"], e.data["endgame"]) for e in m.log.events if e.type == "TurnStarted"]
    assert all(end == (r > TELEOP_ROLLS) for r, end in rounds)
    began = [e.data["round"] for e in m.log.events if e.type == "EndGameBegan"]
    assert began == [TELEOP_ROLLS + 1]
    assert all(r.turns == 24 for r in m.state.robots)


def test_step8_centre_goal_a_5_lined_up_then_a_scoring_roll_next_turn():
    state = put(position(round_=20), 0, sq(2, 3), E)  # red short side at row 3
    assert "align" in declared(state)
    after, _ = act(state, {"do": "align"}, [4])
    assert not after.robots[0].primed
    after, _ = act(state, {"do": "align"}, [5])
    again = turn_of(after, 0)
    assert "centre" in declared(again)
    final, events = act(again, {"do": "centre"}, [3])
    assert final.centre_cm == (3, 0)
    assert breakdown(final, 0)["centre"] == 18


def test_step9_the_bridge_in_the_end_game_4_alone_5_with_a_goal():
    alone = put(position(round_=19), 0, sq(1, 2), N)
    assert {"do": "climb", "to": sq(1, 1)} in legal(alone)
    assert "climb" not in declared(replace(alone, round=18))
    for die in range(1, 6):
        after, events = act(alone, {"do": "climb", "to": sq(1, 1)}, [die])
        assert (after.robots[0].sq == sq(1, 1)) == (die >= 4)
    laden = put(position(round_=19), 0, sq(2, 2), N, goal=RED30)
    for die in range(1, 6):
        after, _ = act(laden, {"do": "climb", "to": sq(2, 1)}, [die])
        assert (after.goals[RED30].sq == sq(2, 1)) == (die == 5)


def test_step10_parking_in_the_end_game_2_alone_3_with_a_goal():
    alone = put(position(round_=24), 0, sq(1, 5), S)
    alone = put(alone, 2, sq(4, 4), N)
    assert {"do": "park", "to": sq(1, 6)} in legal(alone)
    for die in range(1, 6):
        after, _ = act(alone, {"do": "park", "to": sq(1, 6)}, [die])
        assert (after.robots[0].sq == sq(1, 6)) == (die >= 2)
    laden = put(put(position(round_=24), 2, sq(4, 4), N), 0, sq(3, 6), W, goal=RED90)
    for die in range(1, 6):
        after, _ = act(laden, {"do": "park", "to": sq(2, 6)}, [die])
        assert (after.goals[RED90].sq == sq(2, 6)) == (die >= 3)


def test_step11_the_alliance_total():
    state = position()
    state = move_goal(
        move_goal(move_goal(state, RED30, sq(1, 3), 10), RED60, sq(1, 4), 5), RED90, sq(2, 5), 4
    )
    state = replace(state, centre_cm=(2, 0), penalties=(0, 30))
    state = put(state, 0, RAMP[0][0], S, goal=RED30)  # robot and goal on the bridge: 60
    state = put(state, 2, PARK[0][0], N)  # robot parked: 20
    red = breakdown(state, 0)
    assert red["tubes"] == 10 + 2 * 5 + 3 * 4
    assert red["centre"] == 12 and red["bridge"] == 60 and red["parking"] == 20
    assert red["penalties"] == 30  # the blue alliance's penalties
    assert red["total"] == 32 + 12 + 60 + 20 + 30


def test_step11_each_alliance_scores_only_its_own_tubes_centre_zones_and_the_others_penalties():
    """Rule 11 for both alliances at once, every part different, so no part can be
    read from the other alliance; banked is what no later event takes away (the
    tubes, the centre goal, the other side's penalties), without bridge or parking."""
    state = move_goal(move_goal(position(), RED30, sq(1, 3), 7), BLUE90, sq(5, 5), 9)
    state = move_goal(move_goal(state, BLUE30, RAMP[1][0], 3), BLUE60, PARK[1][0], 2)
    state = replace(state, centre_cm=(1, 4), penalties=(10, 40))
    state = put(state, 1, RAMP[1][1], S)  # B1 on its bridge, beside its 30 cm goal
    state = put(state, 3, PARK[1][1], N)  # B2 parked with its 60 cm goal in the zone
    state = put(state, 0, PARK[1][1] - 6, S)  # R1 outside every zone
    state = put(state, 2, RAMP[0][0], S)  # R2 on the red bridge
    red, blue = breakdown(state, 0), breakdown(state, 1)
    assert red["cm"] == {"30": 7, "60": 0, "90": 0} and blue["cm"] == {"30": 3, "60": 2, "90": 9}
    assert (red["tubes"], blue["tubes"]) == (7, 3 + 2 * 2 + 3 * 9)
    assert (red["centre_cm"], red["centre"], blue["centre_cm"], blue["centre"]) == (1, 6, 4, 24)
    assert (red["bridge"], blue["bridge"]) == (30, 60)  # blue: B1 and the 30 cm goal
    assert (red["parking"], blue["parking"]) == (0, 40)  # blue: B2 and the 60 cm goal
    assert (red["penalties"], blue["penalties"]) == (40, 10)
    assert red["total"] == total(state, 0) == 7 + 6 + 30 + 40
    assert blue["total"] == total(state, 1) == 34 + 24 + 60 + 40 + 10
    assert (banked(state, 0), banked(state, 1)) == (7 + 6 + 40, 34 + 24 + 10)


def test_step12_the_higher_total_wins_and_equal_is_a_draw():
    state = replace(position(), phase="over", result="red", penalties=(0, 10))
    assert GAME.outcome(state).ranks == (1, 1, 2, 2)  # seats 0, 1 red; 2, 3 blue
    even = replace(position(), phase="over", result="draw")
    assert GAME.outcome(even).ranks == (1, 1, 1, 1)


# -- the rules bullets -----------------------------------------------------------------------
def test_rules_a_move_need_not_use_the_whole_roll():
    state = moving(put(position(), 0, OPEN, N), 0, 4)
    assert (OPEN, N) in poses(state) and (sq(3, 5), N) in poses(state)


def test_rules_no_scoring_without_an_attached_goal():
    state = put(replace(position(), fallen=(True, True)), 0, OPEN, N)
    assert "score" not in declared(state)


def test_rules_no_attaching_to_the_other_alliances_goal():
    state = move_goal(put(position(), 0, OPEN, N), BLUE30, sq(3, 5))
    assert "attach" not in declared(state)
    blue = move_goal(put(position(), 1, OPEN, N), BLUE30, sq(3, 5))
    assert "attach" in declared(turn_of(blue, 1))


def test_rules_no_balls_while_every_kickstand_stands():
    state = put(position(), 0, OPEN, N, goal=RED90)
    after, events = act(state, {"do": "move"}, [3])
    assert "score" not in declared(state) and after.goals[RED90].cm == 0


def test_rules_a_kickstand_falls_only_once():
    state = put(replace(position(), fallen=(True, False)), 0, sq(3, 2), E)
    assert "kickstand" not in declared(state)
    for seed in range(10):
        fell = [
            e.data["stand"]
            for e in match(["greedy", "random"], seed).log.events
            if e.type == "KickstandFell"
        ]
        assert len(fell) == len(set(fell))


def test_rules_scoring_only_when_declared_before_the_roll():
    state = put(replace(position(), fallen=(True, False)), 0, OPEN, N, goal=RED60)
    after, events = act(state, {"do": "move"}, [4])
    assert "Scored" not in types(events)
    after, events = act(after, legal(after)[0])
    assert after.goals[RED60].cm == 0


@pytest.mark.parametrize("goal, lowest", [(RED30, 1), (RED60, 3), (RED90, 4)])
def test_rules_attach_table_1_to_5_3_to_5_4_to_5(goal, lowest):
    state = position()
    for die in range(1, 6):
        assert succeeds(state, state.robots[0], "attach", goal, die) == (die >= lowest)


def test_rules_centre_only_in_the_end_game_from_your_own_short_side():
    tele = put(position(round_=18), 0, sq(2, 3), E)
    assert "align" not in declared(tele)
    facing_away = put(position(round_=20), 0, sq(2, 3), N)
    assert "align" not in declared(facing_away)
    wrong_side = put(position(round_=20), 0, sq(5, 3), W)
    assert "align" not in declared(wrong_side)
    blue_side = turn_of(put(position(round_=20), 1, sq(5, 3), W), 1)
    assert "align" in declared(blue_side)


def test_rules_centre_needs_the_5_on_the_turn_just_before():
    state = put(position(round_=20), 0, sq(2, 3), E)
    primed, _ = act(state, {"do": "align"}, [5])
    wasted, _ = act(turn_of(primed, 0), {"do": "move"}, [6])  # a card turn in between
    assert "centre" not in declared(turn_of(wasted, 0))


def test_rules_never_score_two_turns_in_a_row_but_a_card_turn_resets_it():
    state = put(replace(position(), fallen=(True, False)), 0, OPEN, N, goal=RED60)
    scored, _ = act(state, {"do": "score"}, [2])
    blocked = turn_of(scored, 0)
    assert "score" not in declared(blocked)
    carded, events = act(blocked, {"do": "move"}, [6])
    assert "CardDrawn" in types(events)
    assert "score" in declared(turn_of(carded, 0))


def test_rules_a_kickstand_roll_needs_the_robot_already_beside_it():
    state = put(position(), 0, sq(2, 2), E)  # one step from the kickstand square
    assert "kickstand" not in declared(state)
    assert "kickstand" in declared(put(state, 0, sq(4, 2), E))


def test_rules_onto_the_ramp_4_or_5_alone_5_with_a_goal():
    alone = put(position(round_=22), 0, sq(2, 2), N)
    assert not succeeds(alone, alone.robots[0], "climb", sq(2, 1), 3)
    assert succeeds(alone, alone.robots[0], "climb", sq(2, 1), 4)
    laden = put(alone, 0, sq(2, 2), N, goal=RED60)
    assert not succeeds(laden, laden.robots[0], "climb", sq(2, 1), 4)
    assert succeeds(laden, laden.robots[0], "climb", sq(2, 1), 5)


def test_rules_no_scoring_on_the_ramp():
    state = put(replace(position(round_=22), fallen=(True, True)), 0, RAMP[0][1], S, goal=RED30)
    assert "score" not in declared(state)


def test_rules_a_successful_action_replaces_the_move():
    state = move_goal(put(position(), 0, OPEN, N), RED30, sq(3, 5))
    after, events = act(state, {"do": "attach", "goal": RED30}, [5])
    assert "Moved" not in types(events) and after.active.id == 1
    assert after.robots[0].sq == OPEN


def test_rules_a_missed_action_roll_may_still_move():
    state = move_goal(put(position(), 0, OPEN, N), RED90, sq(3, 5))
    after, events = act(state, {"do": "attach", "goal": RED90}, [2])
    assert types(events)[-1] == "ActionFailed" and after.step == "move"
    assert len(poses(after)) > 1


def test_rules_every_robot_starts_on_its_ramp_or_in_its_parking_zone():
    for seats in (2, 3, 4):
        placed = [
            e.data for e in match(["random"] * seats, seats).log.events if e.type == "RobotPlaced"
        ]
        assert len(placed) == 4
        assert all(p["sq"] in RAMP[p["robot"] % 2] + PARK[p["robot"] % 2] for p in placed)


@pytest.mark.parametrize(
    "declaration",
    [{"do": "move"}, {"do": "attach", "goal": RED30}, {"do": "kickstand", "stand": 1}],
)
def test_rules_any_6_draws_a_card_and_no_turn_is_taken(declaration):
    state = move_goal(put(position(), 0, sq(3, 4), S), RED30, sq(3, 5))
    assert declaration in legal(state)
    after, events = act(state, declaration, [6])
    assert types(events)[:3] == ["Declared", "Rolled", "CardDrawn"]
    assert not {"Attached", "KickstandFell", "Moved", "ActionFailed"} & set(types(events))
    assert after.robots[0].sq == sq(3, 4) and after.active.id == 1


def test_rules_ending_in_the_other_alliances_zone_draws_a_card():
    state = moving(put(position(), 0, sq(4, 6), E), 0, 2)
    assert (sq(5, 6), E) in poses(state)  # blue's parking zone
    after, events = act(state, {"do": "move", "to": sq(5, 6), "facing": E})
    drawn = [e.data for e in events if e.type == "CardDrawn"]
    assert drawn and drawn[0]["cause"] == "zone" and drawn[0]["robot"] == 0
    _, events = act(state, {"do": "move", "to": sq(4, 6), "facing": N})
    assert "CardDrawn" not in types(events)


def test_rules_each_quarter_turn_costs_one_move_in_place():
    state = moving(put(position(), 0, OPEN, N), 0, 1)
    assert {(OPEN, E), (OPEN, W)} <= poses(state) and (OPEN, S) not in poses(state)
    assert (OPEN, S) in poses(moving(put(position(), 0, OPEN, N), 0, 2))
    # turning then driving east costs two
    assert (sq(4, 6), E) not in poses(state)
    assert (sq(4, 6), E) in poses(moving(put(position(), 0, OPEN, N), 0, 2))


def test_rules_a_goal_reaches_the_parking_zone_hooked_from_a_touching_square():
    far = put(position(round_=20), 0, sq(4, 6), W, goal=RED60)
    assert "park" not in declared(far)
    near = put(put(position(round_=20), 2, sq(4, 4), N), 0, sq(3, 6), W, goal=RED60)
    assert {"do": "park", "to": sq(2, 6)} in legal(near)
    missed, _ = act(near, {"do": "park", "to": sq(2, 6)}, [2])
    assert missed.step == "move"
    after, _ = act(near, {"do": "park", "to": sq(2, 6)}, [3])
    assert after.goals[RED60].sq == sq(2, 6) and breakdown(after, 0)["parking"] == 40


def test_rules_detaching_needs_no_roll():
    state = put(position(), 0, OPEN, N, goal=RED60)
    after, events = act(state, {"do": "detach", "to": sq(3, 5)})
    assert types(events) == ["Detached"]
    assert after.goals[RED60].sq == sq(3, 5) and after.goals[RED60].robot == -1
    assert after.robots[0].goal == -1  # -1: no goal attached (the view's robot "goal")
    assert after.active.id == 0 and after.step == "declare"


def detach_squares(state) -> set[int]:
    return {a["to"] for a in legal(state) if a["do"] == "detach"}


def test_rules_a_robot_may_detach_whatever_lies_ahead():
    """Announcing is all it takes: the goal may be left where it is or set down on
    any free square beside the robot, even when the robot faces the structure, the
    field's edge or another robot."""
    facing_structure = put(position(), 0, sq(3, 4), N, goal=RED60)  # the structure at row 3
    assert detach_squares(facing_structure) == {sq(3, 4), sq(2, 4), sq(4, 4), sq(3, 5)}
    at_the_edge = put(position(), 0, OPEN, S, goal=RED60)
    assert detach_squares(at_the_edge) == {OPEN, sq(3, 5), sq(4, 6)}
    boxed = put(put(at_the_edge, 1, sq(3, 5), S), 3, sq(4, 6), W)
    assert detach_squares(boxed) == {OPEN}  # nowhere free beside it: the goal stays
    after, _ = act(boxed, {"do": "detach", "to": OPEN})
    assert after.goals[RED60].sq == OPEN and after.goals[RED60].robot == -1


def setup_events(dice, count=4):
    seats, _ = lineup(GAME, ["random"] * count)
    header = Header(GAME.name, GAME.rules_version, 0, tuple(seats), {}, {})
    return GAME.start(header, LoadedDice(dice))


def test_rules_a_6_of_the_structures_set_up_roll_draws_a_card():
    """Any 6, whatever it is rolled for, draws a Cascade Card: the roll that
    places the centre structure too."""
    events = setup_events([6, 5, 6, 2])
    assert [t for t in types(events) if t != "Penalised"] == [
        "DeckShuffled",
        "CentreRoll",
        "CardDrawn",
        "CentreRoll",
        "CentreRoll",
        "CardDrawn",
        "CentreRoll",
    ]
    assert [e.data["cause"] for e in events if e.type == "CardDrawn"] == ["six", "six"]
    assert types(setup_events([4, 1])) == ["DeckShuffled", "CentreRoll", "CentreRoll"]


def test_rules_a_set_up_card_takes_effect_on_the_robot_it_was_drawn_for():
    seats, players = lineup(GAME, ["random"] * 4)
    m = Match.begin(GAME, seats, 0)
    state = m.state
    state = replace(state, deck=("dead_battery",) + state.deck[1:])
    em = Emitter(state)
    draw_card(em, SETUP_ROLLER, "six", LoadedDice())
    assert em.state.robots[SETUP_ROLLER].skips == 1


# -- the 2-player modifications ---------------------------------------------------------------
def test_two_players_sit_on_different_alliances_with_one_robot_each():
    m = match(["random", "random"], 4)
    drivers = {e.data["robot"] for e in m.log.events if e.type == "TurnStarted"}
    assert drivers == {0, 1}  # red 1 (seat 0) and blue 1 (seat 1)
    assert [r.seat for r in m.state.robots] == [0, 1, -1, -1]


def test_two_players_the_unused_robot_jumps_every_fourth_turn_to_the_dice():
    m = match(["random", "random"], 5)
    events = m.log.events
    turns = {0: 0, 1: 0}
    for i, e in enumerate(events):
        if e.type == "TurnStarted" and not e.data["extra"]:
            turns[e.data["robot"]] += 1
            jumped = events[i + 1].type == "PieceJumped"
            assert jumped == (turns[e.data["robot"]] % 4 == 0)
            if jumped:
                j = events[i + 1].data
                assert j["robot"] == e.data["robot"] + 2
                assert j["to"] == sq(*j["dice"])


def test_two_players_the_unused_robots_penalty_goes_to_its_colour():
    state = position(seats=2, deck=("minor_penalty",) * 16)
    state = replace(state, index=1, round=3)  # red 1's fourth turn comes next
    state = replace(
        state, robots=tuple(replace(r, turns=3) if r.id == 0 else r for r in state.robots)
    )
    em = Emitter(state)
    next_turn(em, LoadedDice([5, 1]))  # the unused red piece jumps to (5,1): blue's bridge
    assert [e.type for e in em.events][:3] == ["TurnStarted", "PieceJumped", "CardDrawn"]
    assert em.state.robots[2].sq == sq(5, 1)
    assert em.state.penalties == (10, 0)
    assert breakdown(em.state, 1)["penalties"] == 10


def jump_turn(deck=("clean_match",) * 16):
    """A 2-player match where red 1's fourth turn (and the red piece's jump) is next."""
    state = position(seats=2, deck=deck)
    state = replace(state, index=1, round=3)
    return replace(
        state, robots=tuple(replace(r, turns=3) if r.id == 0 else r for r in state.robots)
    )


@pytest.mark.parametrize("dice, cards", [([6, 3], 1), ([2, 6], 1), ([6, 6], 2)])
def test_two_players_a_6_in_the_coordinate_roll_draws_a_card(dice, cards):
    """A coordinate die showing 6 is a 6 rolled: a card for the piece, which,
    as on every roll of a 6, does not go anywhere."""
    state = jump_turn()
    em = Emitter(state)
    next_turn(em, LoadedDice(dice))
    drawn = [e.data for e in em.events if e.type == "CardDrawn"]
    assert [(d["robot"], d["cause"]) for d in drawn] == [(2, "six")] * cards
    assert em.state.robots[2].sq == state.robots[2].sq
    assert em.state.active.id == 0 and em.state.step == "declare"


def test_two_players_a_jump_onto_a_robot_stays_put_and_draws_no_card():
    """RULES.md, "2-player" ([reconstructed]): a jump onto a robot leaves the piece
    where it is; only a piece that lands in the other alliance's zone draws a card
    for being there. Blue's bridge square (5,1) is taken by blue robot 1 here."""
    state = put(jump_turn(deck=("minor_penalty",) * 16), 1, sq(5, 1), S)
    em = Emitter(state)
    next_turn(em, LoadedDice([5, 1]))
    jumped = next(e for e in em.events if e.type == "PieceJumped")
    assert jumped.data["moved"] is False
    assert em.state.robots[2].sq == state.robots[2].sq
    assert "CardDrawn" not in [e.type for e in em.events]
    assert em.state.penalties == (0, 0)


def test_two_players_all_other_rules_apply():
    m = match(["random", "random"], 6)
    assert [r.turns for r in m.state.robots[:2]] == [24, 24]
    assert m.log.events[-2].type == "MatchScored"


# -- seats and the deck ([reconstructed] in RULES.md) ------------------------------------------
def test_three_seats_one_bot_drives_both_red_robots():
    m = match(["random"] * 3, 2)
    seat_of = {e.data["robot"]: e.data["seat"] for e in m.log.events if e.type == "TurnStarted"}
    assert seat_of == {0: 0, 2: 0, 1: 1, 3: 2}
    assert m.outcome.scores[1] == m.outcome.scores[2]


def test_the_deck_has_at_least_12_cards_and_runs_out_into_a_reshuffle():
    state = position(deck=())
    state = replace(state, discard=("clean_match",) * 12)
    after, events = act(state, {"do": "move"}, [6])
    assert types(events)[2:4] == ["DeckShuffled", "CardDrawn"]
    assert events[2].to == () and events[2].public == {"cards": 12}
    assert len(after.deck) == 11
    assert len(DECK) >= 12


# -- seats, defaults and what each roll is told as ---------------------------------------------
@pytest.mark.parametrize("seats, sides", [(2, (1, 1)), (3, (1, 2)), (4, (2, 2))])
def test_the_alliances_are_red_on_the_first_half_of_the_seats_and_blue_on_the_rest(seats, sides):
    """The seat table: 2 seats one each, 3 seats one red seat driving both red
    robots beside two blue seats, 4 seats two each."""
    assert GAME.alliances(seats, {}) == (sides,)


def placing(seats: int = 4):
    """A match just set up: the structure in position 2, no robot placed yet."""
    state = initial({"seats": [{"bot": "x"}] * seats})
    for event in setup_events([2], seats):
        state = GAME.evolve(state, event)
    return state


def test_a_placement_is_a_place_action_and_is_told_with_the_seat_that_placed():
    """Rule 2 as RULES.md writes the action: {"do": "place", "sq": S, "facing": F};
    4 seats: red 1 is seat 0's, blue 1 seat 2's."""
    state = placing(4)
    assert all(set(a) == {"do", "sq", "facing"} and a["do"] == "place" for a in legal(state))
    state, events = act(state, {"do": "place", "sq": RAMP[0][1], "facing": E})
    assert [(e.type, e.data) for e in events] == [
        ("RobotPlaced", {"robot": 0, "seat": 0, "sq": RAMP[0][1], "facing": E})
    ]
    assert (state.robots[0].sq, state.robots[0].facing, state.placing) == (RAMP[0][1], E, 1)
    _, events = act(state, {"do": "place", "sq": PARK[1][0], "facing": W})
    assert events[0].data == {"robot": 1, "seat": 2, "sq": PARK[1][0], "facing": W}


def test_a_seat_that_fails_to_answer_places_on_its_first_free_square_facing_north():
    """RULES.md's defaults: placing, the first free square of the robot's zones in
    square order, facing north; declaring, move; moving, staying put."""
    state = placing(4)
    (decision,) = GAME.pending(state)
    assert decision.default == {"do": "place", "sq": min(RAMP[0] + PARK[0]), "facing": N}
    state, _ = act(state, decision.default)
    state, _ = act(state, GAME.pending(state)[0].default)
    red2 = GAME.pending(state)[0]
    assert red2.default == {"do": "place", "sq": sorted(RAMP[0] + PARK[0])[1], "facing": N}
    play = put(position(), 0, OPEN, E)
    assert GAME.pending(play)[0].default == {"do": "move"}
    stay = GAME.pending(moving(play, 0, 3))[0].default
    assert stay == {"do": "move", "to": OPEN, "facing": E}


def test_a_roll_to_move_is_told_as_declared_and_rolled_and_the_move_with_where_from():
    state = put(position(), 0, sq(3, 5), N, goal=RED90)
    state, events = act(state, {"do": "move"}, [3])
    assert [(e.type, e.data) for e in events] == [
        ("Declared", {"robot": 0, "do": "move", "target": -1}),
        ("Rolled", {"robot": 0, "die": 3}),
    ]
    assert state.step == "move" and state.die == 3
    after, events = act(state, {"do": "move", "to": sq(3, 4), "facing": W})
    moved = {"robot": 0, "from": sq(3, 5), "to": sq(3, 4), "facing": W, "die": 3}
    assert [(e.type, e.data) for e in events][0] == ("Moved", moved)
    assert (after.robots[0].sq, after.robots[0].facing) == (sq(3, 4), W)
    assert after.goals[RED90].sq == sq(3, 4)  # the attached goal rides along
    assert after.active.id == 1


def test_a_missed_action_roll_is_told_with_the_robot_what_it_declared_and_the_die():
    state = put(position(), 0, sq(3, 2), E)
    after, events = act(state, {"do": "kickstand", "stand": 0}, [2])
    assert [(e.type, e.data) for e in events][-1] == (
        "ActionFailed",
        {"robot": 0, "do": "kickstand", "die": 2},
    )
    assert after.step == "move" and after.fallen == (False, False)


def test_a_6_rolled_for_an_action_draws_a_card_told_as_drawn_for_a_six():
    state = put(position(deck=("clean_match",) * 16), 0, sq(3, 2), E)
    _, events = act(state, {"do": "kickstand", "stand": 0}, [6])
    (drawn,) = [e.data for e in events if e.type == "CardDrawn"]
    assert drawn == {"robot": 0, "alliance": 0, "card": "clean_match", "cause": "six"}


def test_a_roll_to_move_is_never_told_as_a_missed_action():
    """A roll to move has nothing to miss: any 1-5 is the number of moves."""
    for die in range(1, 6):
        after, events = act(put(position(), 0, OPEN, N), {"do": "move"}, [die])
        assert types(events) == ["Declared", "Rolled"] and after.step == "move"


def primed_at_the_short_side():
    """Red 1 lined up with red's short side in the end game, holding red's 30 cm
    goal with a kickstand down, having rolled the 5 of align on its last turn."""
    state = replace(position(round_=20), fallen=(True, False))
    state = put(state, 0, sq(2, 3), E, goal=RED30)
    return replace(state, robots=(replace(state.robots[0], primed=True),) + state.robots[1:])


@pytest.mark.parametrize(
    "start, action, die, told",
    [
        (
            lambda: put(position(), 0, sq(2, 3), W),
            {"do": "attach", "goal": RED30},
            1,
            ("Attached", {"robot": 0, "goal": RED30}),
        ),
        (
            lambda: put(position(), 0, sq(3, 2), E),
            {"do": "kickstand", "stand": 0},
            3,
            ("KickstandFell", {"stand": 0, "robot": 0, "by": "roll"}),
        ),
        (
            lambda: put(replace(position(), fallen=(True, False)), 0, OPEN, N, goal=RED60),
            {"do": "score"},
            4,
            ("Scored", {"robot": 0, "goal": RED60, "cm": 4, "die": 4, "bonus": False}),
        ),
        (
            lambda: put(position(round_=20), 0, sq(2, 3), E),
            {"do": "align"},
            5,
            ("Aligned", {"robot": 0, "sq": sq(2, 3)}),
        ),
        (
            primed_at_the_short_side,
            {"do": "centre"},
            3,
            ("CentreScored", {"robot": 0, "alliance": 0, "cm": 3, "die": 3}),
        ),
        (
            lambda: put(position(round_=19), 0, sq(1, 2), N),
            {"do": "climb", "to": sq(1, 1)},
            4,
            ("Climbed", {"robot": 0, "to": sq(1, 1)}),
        ),
        (
            lambda: put(put(position(round_=24), 0, sq(1, 5), S), 2, sq(4, 4), N),
            {"do": "park", "to": sq(1, 6)},
            2,
            ("Parked", {"robot": 0, "to": sq(1, 6)}),
        ),
    ],
    ids=["attach", "kickstand", "score", "align", "centre", "climb", "park"],
)
def test_each_action_rolled_well_enough_is_told_with_its_robot_and_what_it_did(
    start, action, die, told
):
    """The roll the declaration needs does the action (its event, with the robot,
    its target and the die where it counts centimetres) and ends the turn."""
    after, events = act(start(), action, [die])
    assert [(e.type, e.data) for e in events][2] == told
    assert types(events)[:2] == ["Declared", "Rolled"] and types(events)[3] == "TurnEnded"
    assert after.active.id == 1


def test_attaching_hooks_the_goal_to_the_robot_where_it_stands():
    after, _ = act(put(position(), 0, sq(2, 3), W), {"do": "attach", "goal": RED30}, [1])
    assert after.robots[0].goal == RED30
    assert (after.goals[RED30].robot, after.goals[RED30].sq) == (0, sq(2, 3))


def test_a_centre_score_is_a_score_so_the_robot_scores_no_tube_on_its_next_turn():
    """Scoring balls in the centre goal is scoring balls: the rulebook's "never
    more than one turn in a row" holds after it too."""
    assert "score" in declared(primed_at_the_short_side())
    after, events = act(primed_at_the_short_side(), {"do": "centre"}, [3])
    ended = [e.data for e in events if e.type == "TurnEnded"]
    assert ended == [{"robot": 0, "scored": True, "primed": False}]
    assert "score" not in declared(turn_of(after, 0))


def test_sixes_of_the_set_up_roll_past_the_deck_reshuffle_the_discard_pile():
    """Every 6 of the structure's roll draws a card; when the 16 are drawn the
    discard pile is shuffled into a new deck, at set-up too."""
    events = setup_events([6] * 17 + [1])
    shuffles = [e.data["order"] for e in events if e.type == "DeckShuffled"]
    drawn = [e.data["card"] for e in events if e.type == "CardDrawn"]
    assert len(shuffles) == 2 and len(drawn) == 17
    assert shuffles[1] == drawn[:16] and drawn[16] == drawn[0]


def test_a_seats_view_names_the_seat_and_its_alliance():
    """4 seats: seats 0 and 1 drive red, 2 and 3 blue; a spectator has neither."""
    state = position()
    assert (GAME.view(state, 1)["you"], GAME.view(state, 1)["alliance"]) == (1, "red")
    assert (GAME.view(state, 2)["you"], GAME.view(state, 2)["alliance"]) == (2, "blue")
    assert (GAME.view(state, None)["you"], GAME.view(state, None)["alliance"]) == (None, None)

"""How each Aerial Assault event changes the state (``fold.py``), whole state
against whole state: the set-up, the build and the draft, the reveal and the
naming of block targets, every ball that moves or scores (RULES.md, "The
actions", "Scoring, assists and balls leaving play", "Inbounding"), the end of a
card play, a round and the match; v1 logs fold by their own rules."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    RED_SZ1,
    RED_SZ2,
    RED_WHITE,
    TANK_CATAPULT,
    floor,
    held,
    scene,
)

from engine.events import Event
from engine.game import RulesError
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.state import Ball, Robot, State


def fold(state, type_, data):
    return GAME.evolve(state, Event(type_, data))


def _robots(state, **changes_by_robot):
    robots = list(state.robots)
    for key, changes in changes_by_robot.items():
        r = int(key[1:])
        robots[r] = replace(robots[r], **changes)
    return tuple(robots)


def _balls(state, *balls):
    out = list(state.balls)
    for b in balls:
        out[b.id] = b
    return tuple(out)


# -- the set-up, the build and the draft ---------------------------------------------------


def test_a_match_starts_with_its_options_and_the_rules_version_of_its_log():
    data = {
        "options": {"iri": True, "missed_shots": True, "tied_blocks": True, "rookie": "1"},
        "seats": [{}, {}, {}],
        "rules_version": 2,
    }
    state = fold(None, "MatchStarted", data)
    assert state == State(3, True, True, True, (1,), version=2)
    bare = fold(None, "MatchStarted", {"options": {}, "seats": [{}, {}]})
    assert bare == State(2, False, False, False, (), version=3)


def test_a_log_must_start_with_match_started():
    with pytest.raises(RulesError) as caught:
        fold(None, "RobotMoved", {"robot": 0, "from": 1, "to": 2})
    assert str(caught.value) == "a log starts with MatchStarted, not RobotMoved"


def test_teams_assigned_gives_each_robot_its_seat_and_budget_and_shuffles_the_pile():
    start = State(4, False, False, False, (2,))
    state = fold(start, "TeamsAssigned", {"controllers": [1, 0, 2, 3]})
    assert state == replace(
        start,
        phase="build",
        controllers=(1, 0, 2, 3),
        robots=(Robot(1, 6), Robot(0, 6), Robot(2, 5), Robot(3, 6)),
        deck=tuple(c.id for c in C.SPECIAL if not c.deluxe),
        seat_teams=(),
    )
    assert len(state.deck) == 24
    iri = State(6, True, False, False, ())
    teams = [0, 0, 0, 1, 1, 1]
    six = fold(iri, "TeamsAssigned", {"controllers": list(range(6)), "teams": teams})
    assert [r.budget for r in six.robots] == [7] * 6
    assert six.deck == tuple(c.id for c in C.SPECIAL) and len(six.deck) == 32
    assert six.seat_teams == tuple(teams)


def _drafting():
    start = State(4, False, False, False, ())
    state = fold(start, "TeamsAssigned", {"controllers": [0, 1, 2, 3]})
    parts = [list(TANK_CATAPULT), ["swerve_drive", "puncher", "roller_intake"]] * 2
    built = fold(state, "RobotsBuilt", {"parts": parts})
    assert [r.parts for r in built.robots] == [tuple(p) for p in parts]
    assert built == replace(
        state, robots=tuple(replace(r, parts=tuple(p)) for r, p in zip(state.robots, parts))
    )
    ordered = fold(built, "DraftOrderSet", {"order": [2, 3, 0, 1, 2]})
    assert ordered == replace(built, phase="draft", pick_order=(2, 3, 0, 1, 2), pick_index=0)
    return ordered


def test_the_row_is_dealt_and_refilled_from_the_pile_and_each_pick_takes_a_card():
    state = _drafting()
    dealt = fold(state, "RowDealt", {"cards": ["S03", "S01"]})
    assert dealt == replace(
        state, row=("S03", "S01"), deck=tuple(c for c in state.deck if c not in ("S01", "S03"))
    )
    picked = fold(dealt, "CardPicked", {"robot": 2, "card": "S03"})
    assert picked == replace(
        dealt, robots=_robots(dealt, r2={"specials": ("S03",)}), row=("S01",), pick_index=1
    )
    again = fold(picked, "CardPicked", {"robot": 2, "card": "S01"})
    assert again.robots[2].specials == ("S03", "S01") and again.pick_index == 2
    drawn = fold(picked, "CardDrawn", {"cards": ["S09"]})
    assert drawn.row == ("S01", "S09") and "S09" not in drawn.deck
    assert len(drawn.deck) == len(picked.deck) - 1
    assert fold(drawn, "DraftEnded", {"skipped": 0}) is drawn


def test_alliances_put_each_robot_in_its_white_zone_with_a_ball_of_its_colour():
    state = fold(_drafting(), "RowDealt", {"cards": ["S03"]})
    state = replace(state, pick_index=3)
    dealt = fold(state, "AlliancesDealt", {"alliances": ["blue", "red", "red", "blue"]})
    assert dealt == replace(
        state,
        phase="auto",
        robots=_robots(
            state,
            r0={"alliance": "blue", "zone": BLUE_WHITE},
            r1={"alliance": "red", "zone": RED_WHITE},
            r2={"alliance": "red", "zone": RED_WHITE},
            r3={"alliance": "blue", "zone": BLUE_WHITE},
        ),
        balls=(held(0, "blue", 0), held(1, "red", 1), held(2, "red", 2), held(3, "blue", 3)),
        round=0,
        play=0,
        row=(),
        pick_order=(),
        pick_index=0,
    )


# -- a card play -------------------------------------------------------------------------


def _table(**options):
    return scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT, ["S12"]),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ2, TANK_CATAPULT),
        ],
        [
            held(0, "red", 0, possessors=[2, 0]),
            floor(1, "blue", BLUE_SZ1, possessors=[3]),
            Ball(2, "red", "waiting"),
            held(3, "blue", 3),
        ],
        **options,
    )


def test_a_reveal_discards_each_card_played_and_stages_the_plays():
    state = _table()
    state = replace(
        state,
        robots=_robots(state, r0={"played": ("B1",), "forced": "card:S12"}, r1={"forced": "stay"}),
        blocked=(3,),
        naming=(1,),
        targets=((1, 0),),
    )
    plays = [
        {"robot": 0, "card": "S12", "side": "top", "steps": [None, {"act": "high"}]},
        {"robot": 1, "card": "B2", "side": "down"},
    ]
    shown = fold(state, "CardsRevealed", {"plays": plays, "round": 1, "play": 0})
    assert shown == replace(
        state,
        robots=_robots(
            state, r0={"played": ("B1", "S12"), "forced": ""}, r1={"played": ("B2",), "forced": ""}
        ),
        revealed=(
            (0, "S12", "top", C.SIDE_LABELS["S12", "top"]),
            (1, "B2", "down", C.SIDE_LABELS["B2", "down"]),
        ),
        blocked=(),
        staged=tuple(plays),
        naming=(),
        targets=(),
    )


def test_blocks_are_named_in_turn_and_the_play_goes_on_after_the_last():
    state = replace(_table(), targets=((3, 2),))
    asked = fold(state, "BlocksToName", {"robots": [0, 2]})
    assert asked == replace(state, phase="block", naming=(0, 2), targets=())
    first = fold(asked, "BlockTargetNamed", {"robot": 0, "target": 1})
    assert first == replace(asked, naming=(2,), targets=((0, 1),), phase="block")
    last = fold(first, "BlockTargetNamed", {"robot": 2, "target": 3})
    assert last == replace(first, naming=(), targets=((0, 1), (2, 3)), phase="play")


def test_moves_re_rolls_blocks_and_a_drivers_troubles_change_their_robot():
    state = _table()
    assert fold(state, "RobotMoved", {"robot": 2, "from": RED_SZ2, "to": RED_WHITE}) == replace(
        state, robots=_robots(state, r2={"zone": RED_WHITE})
    )
    spent = replace(state, robots=_robots(state, r0={"rerolls": ("S21",)}))
    assert fold(
        spent, "Rerolled", {"robot": 0, "card": "S24", "for": "block", "die": 1}
    ) == replace(state, robots=_robots(state, r0={"rerolls": ("S21", "S24")}))
    blocked = fold(replace(state, blocked=(3,)), "ActionBlocked", {"robot": 1, "by": 0})
    assert blocked == replace(state, blocked=(3, 1))
    tie = {"attacker": 0, "defender": 1, "die": 2, "robot": 1, "effect": "stay"}
    assert fold(state, "TiedBlock", tie) == replace(
        state, robots=_robots(state, r1={"forced": "stay"})
    )
    nothing = {**tie, "die": 3, "robot": None, "effect": ""}
    assert fold(state, "TiedBlock", nothing) == state
    assert fold(state, "DriverPanicked", {"robot": 2, "card": "B4"}) == replace(
        state, robots=_robots(state, r2={"forced": "card:B4"})
    )
    for quiet in ("DiceRolled", "StepFailed", "BlockRolled", "StartingPlayerRolled", "MissedShot"):
        assert fold(state, quiet, {"robot": 0}) is state


# -- balls -------------------------------------------------------------------------------


def test_a_ball_scored_leaves_play_or_waits_and_counts_its_points_and_assists():
    state = replace(_table(), points=(5, 7), assists=(1, 2), scored=(1, 3))
    data = {
        "ball": 0,
        "alliance": "red",
        "goal": "high",
        "shooter": 0,
        "points": 10,
        "assist_robots": [2],
        "assist_points": 10,
        "removed": False,
    }
    waiting = fold(state, "BallScored", data)
    assert waiting == replace(
        state,
        balls=_balls(state, Ball(0, "red", "waiting")),
        points=(25, 7),
        assists=(11, 2),
        scored=(2, 3),
    )
    trussed = replace(
        state, balls=_balls(state, replace(state.balls[3], trussed=True, possessors=(1, 3)))
    )
    blue = {
        **data,
        "ball": 3,
        "alliance": "blue",
        "shooter": 3,
        "points": 20,
        "assist_robots": [],
        "assist_points": 0,
        "removed": True,
    }
    assert fold(trussed, "BallScored", blue) == replace(
        trussed, balls=_balls(trussed, Ball(3, "blue", "removed")), points=(5, 27), scored=(1, 4)
    )


def test_a_ball_scored_from_the_floor_leaves_its_zone():
    """A low goal scores a ball lying in the Shoot Zone 1 too: it waits off the field."""
    state = _table()
    data = {
        "ball": 1,
        "alliance": "blue",
        "goal": "low",
        "shooter": 1,
        "points": 0,
        "assist_robots": [3],
        "assist_points": 10,
        "removed": False,
    }
    assert fold(state, "BallScored", data).balls[1] == Ball(1, "blue", "waiting")


def test_a_ball_dropped_passed_or_picked_up():
    state = _table()
    dropped = fold(state, "BallDropped", {"ball": 0, "zone": RED_SZ2})
    assert dropped == replace(
        state, balls=_balls(state, floor(0, "red", RED_SZ2, possessors=[2, 0]))
    )
    passed = fold(state, "BallPassed", {"ball": 0, "robot": 0, "zone": RED_WHITE})
    assert passed == replace(
        state, balls=_balls(state, floor(0, "red", RED_WHITE, possessors=[2, 0]))
    )
    kissed = fold(state, "BallPassed", {"ball": 0, "robot": 0, "to": 2, "kiss": True})
    assert kissed == replace(state, balls=_balls(state, held(0, "red", 2, possessors=[2, 0])))
    picked = fold(state, "BallPickedUp", {"ball": 1, "robot": 1})
    assert picked == replace(state, balls=_balls(state, held(1, "blue", 1, possessors=[3, 1])))
    again = fold(state, "BallPickedUp", {"ball": 1, "robot": 3})
    assert again.balls[1] == held(1, "blue", 3, possessors=[3])


def test_a_truss_scores_for_the_balls_alliance_and_marks_the_ball_and_a_catch_scores_too():
    state = replace(_table(), points=(1, 2), trusses=(3, 4), catches=(5, 6))
    trussed = fold(state, "Trussed", {"ball": 3, "robot": 3, "points": 10})
    assert trussed == replace(
        state,
        balls=_balls(state, replace(state.balls[3], trussed=True)),
        points=(1, 12),
        trusses=(3, 14),
    )
    thrown = fold(state, "BallDropped", {"ball": 0, "zone": RED_WHITE})
    caught = fold(thrown, "Caught", {"ball": 0, "robot": 2, "points": 10})
    assert caught == replace(
        thrown,
        balls=_balls(thrown, held(0, "red", 2, possessors=[2, 0])),
        points=(11, 2),
        catches=(15, 6),
    )


@pytest.mark.parametrize(("version", "kept"), [(1, False), (2, True), (3, True)])
def test_a_ball_out_of_bounds_waits_and_keeps_its_truss_mark_from_rules_v2(version, kept):
    state = replace(_table(), version=version)
    state = replace(state, balls=_balls(state, replace(state.balls[0], trussed=True)))
    out = fold(state, "BallOut", {"ball": 0})
    assert out == replace(state, balls=_balls(state, Ball(0, "red", "waiting", trussed=kept)))
    plain = fold(_table(), "BallOut", {"ball": 3})
    assert plain.balls[3] == Ball(3, "blue", "waiting")


@pytest.mark.parametrize("version", [1, 3])
def test_an_inbound_is_caught_with_a_fresh_list_of_holders_or_dropped_where_the_receiver_stands(
    version,
):
    state = replace(_table(), version=version)
    state = replace(
        state, balls=_balls(state, Ball(2, "red", "waiting", trussed=True, possessors=()))
    )
    caught = fold(state, "Inbounded", {"ball": 2, "robot": 2, "caught": True})
    assert caught.balls[2] == Ball(2, "red", "held", robot=2, trussed=version >= 2, possessors=(2,))
    dropped = fold(state, "Inbounded", {"ball": 2, "robot": 2, "caught": False})
    assert dropped.balls[2] == Ball(2, "red", "floor", zone=RED_SZ2, trussed=version >= 2)
    assert caught == replace(state, balls=_balls(state, caught.balls[2]))
    assert dropped == replace(state, balls=_balls(state, dropped.balls[2]))


# -- the end of a card play, a round and the match ------------------------------------------


def test_the_end_of_a_card_play_keeps_the_blocks_that_succeeded_for_the_next():
    state = _table()
    state = replace(
        state,
        robots=_robots(state, r0={"last_block": 1}, r3={"last_block": 2}),
        play=2,
        staged=({"robot": 0},),
        targets=((0, 1),),
    )
    ended = fold(state, "PlayEnded", {"blocks": [[1, 0], [3, 2]]})
    assert ended == replace(
        state,
        robots=_robots(state, r0={"last_block": -1}, r1={"last_block": 0}, r3={"last_block": 2}),
        play=3,
        staged=(),
        targets=(),
    )


def test_the_autonomous_round_and_each_round_end_return_every_card_to_hand():
    state = replace(_table(), phase="auto", round=0, play=2, staged=({"robot": 0},))
    state = replace(
        state, robots=_robots(state, r0={"played": ("B1", "B2", "B3")}, r1={"played": ("B4",)})
    )
    auto = fold(state, "AutonomousEnded", {})
    assert auto == replace(
        state,
        robots=_robots(state, r0={"played": ()}, r1={"played": ()}),
        phase="play",
        round=1,
        play=0,
        staged=(),
    )
    later = replace(state, phase="play", round=3, play=5)
    ended = fold(later, "RoundEnded", {"round": 3})
    assert ended == replace(
        later, robots=_robots(later, r0={"played": ()}, r1={"played": ()}), round=4, play=0
    )


def test_the_match_over_states_its_result():
    state = _table()
    over = fold(state, "MatchOver", {"reason": "blue wins on points", "points": [0, 10]})
    assert over == replace(state, phase="over", result="blue wins on points")
    assert fold(state, "NoSuchEvent", {}) is state

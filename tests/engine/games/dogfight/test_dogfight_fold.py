"""How the events change the state (fold.py): each rule's bookkeeping, as the views
show it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dogfight_helpers import act, duel, plane, table

from engine.game import Seat
from engine.games.dogfight import GAME
from engine.games.dogfight.fold import fold
from engine.games.dogfight.geometry import AREA
from engine.games.dogfight.rules import advance
from engine.runner import Match
from tests.engine.games.loaded_dice import LoadedDice


def test_the_round_cap_ends_the_match_naming_the_winning_team_and_why():
    """RULES.md 6 ([reconstructed]): after the round cap the flying teams are ranked
    by Health left; the one ahead of every other wins."""
    spots = [(1000, 1000, 0), (6000, 1000, 0), (3600, 6000, 4)]
    planes = [plane(s, *spots[s], health=h) for s, h in enumerate((1, 3, 2))]
    state = table(planes, stage="attack", queue=(), round=12, round_limit=12)
    _, after = advance(state)
    view = GAME.view(after, None)
    assert (view["phase"], view["winner"]) == ("over", 1)
    assert view["reason"] == GAME.outcome(after).reason == "round limit of 12 reached"
    assert view["team_queue"] == view["seat_queue"] == [] and view["active"] == -1


def test_an_ace_die_not_added_to_an_attack_is_kept_for_a_later_one():
    """RULES.md 5 ([reconstructed]): the Ace die may be added to any one later
    attack, and using it spends it; a plane without one has none after attacking."""
    state = replace(duel("middle"), ace_option=True)
    holding = replace(state, planes=(replace(state.planes[0], ace=True), state.planes[1]))
    _, kept = act(holding, 0, {"target": 1, "ace": False}, dice=[1] * 6)
    assert kept.planes[0].ace is True
    _, spent = act(holding, 0, {"target": 1, "ace": True}, dice=[1] * 7)
    _, none = act(state, 0, {"target": 1, "ace": False}, dice=[1] * 6)
    for after in (spent, none):
        assert GAME.view(after, 0)["planes"][0]["ace"] is False


def test_a_combat_shows_its_ruler_section_and_each_sides_rerolls_until_it_decides():
    """Re-rolls: the attacker may re-roll one die in the close section, the defender
    one in the far section; the attacker decides first, then the defender, and a side
    that has decided has none left (the combat as a replay shows it between events)."""
    _, close = act(duel("close"), 0, {"target": 1, "ace": False}, dice=[1] * 6)
    combat = GAME.view(close, 1)["combat"]
    assert (combat["section"], combat["attack_rerolls"], combat["defense_rerolls"]) == (
        "close",
        1,
        0,
    )
    _, far = act(duel("far"), 0, {"target": 1, "ace": False}, dice=[1] * 6)
    assert GAME.view(far, 0)["combat"]["section"] == "far"
    assert GAME.view(far, 0)["combat"]["defense_rerolls"] == 1
    events = GAME.resolve(far, {1: {"reroll": [0]}}, LoadedDice([6]))
    assert [e.type for e in events[:2]] == ["DiceRerolled", "AttackResolved"]
    combat = GAME.view(fold(far, events[:1]), None)["combat"]
    assert (combat["defense_dice"], combat["defense_rerolls"]) == ([6, 1, 1], 0)


def test_after_a_teammate_holds_fire_the_next_plane_of_its_team_attacks():
    """Team game: the team's planes act one after the other in the order it chose; a
    plane with nothing to attack passes (``HoldsFire``) and the next one attacks."""
    planes = [
        plane(0, 1000, 1000, 4, team=0),  # facing the south edge: no target
        plane(1, 3600, 2000, 0, team=0),
        plane(2, 3600, 3500, 0, team=1),  # ahead of seat 1, flying away
        plane(3, 6000, 6000, 0, team=1),
    ]
    state = table(planes, stage="attack", queue=(0, 1), teams=((0, 1), (2, 3)), team_queue=(1,))
    events, after = advance(state)
    assert [(e.type, e.data["seat"]) for e in events] == [("HoldsFire", 0)]
    assert after.seat_queue == (1,) and GAME.view(after, None)["active"] == 1
    (decision,) = GAME.pending(after)
    assert decision.seat == 1 and {"target": 2, "ace": False} in decision.legal


def test_a_plane_shot_down_earlier_in_the_attack_stage_gets_no_attack_of_its_own():
    """Attack Stage ([reconstructed]): a plane shot down earlier in the attack stage
    does not get its own attack; the next team in the order comes up instead."""
    planes = [plane(0, 3600, 2000, 0), plane(1, 3600, 3500, 0, health=1), plane(2, 1000, 6000, 4)]
    state = table(planes, stage="attack", queue=(0,), team_queue=(1, 2))
    events, _ = act(state, 0, {"target": 1, "ace": False}, dice=[6, 6, 6, 1, 1, 1])
    after = [(e.type, e.data) for e in events[4:6]]
    assert after[0][0] == "PlaneDestroyed" and after[1] == ("TeamUp", {"team": 2, "seats": [2]})


def test_the_last_team_in_the_air_wins_at_once_and_nobody_is_left_to_act():
    """The end: the match ends as soon as only one team has planes in the air, here
    when the first plane to move flies off the table before the other has moved."""
    state = table(
        [plane(0, 3600, AREA - 500, 0), plane(1, 3600, 3000, 0)], queue=(0,), team_queue=(1,)
    )
    _, after = act(state, 0, {"plan": ["S"], "climb": 0})
    view = GAME.view(after, None)
    assert (view["phase"], view["winner"], view["reason"]) == (
        "over",
        1,
        "team 1 is the last in the air",
    )
    assert view["seat_queue"] == view["team_queue"] == [] and view["active"] == -1
    assert (view["planes"][0]["alive"], view["planes"][0]["fell"], view["falls"]) == (False, 1, 1)
    assert GAME.pending(after) == []


def test_shooting_down_the_last_enemy_ends_the_match_before_a_teammate_attacks():
    planes = [
        plane(0, 3600, 2000, 0, team=0),
        plane(1, 1000, 1000, 0, team=0),
        plane(2, 3600, 3500, 0, team=1, health=1),
        replace(plane(3, 6000, 6000, 0, team=1), alive=False, fell=1, health=0),
    ]
    state = table(planes, stage="attack", queue=(0, 1), teams=((0, 1), (2, 3)), falls=1)
    events, after = act(state, 0, {"target": 2, "ace": False}, dice=[6, 6, 6, 1, 1, 1])
    assert [e.type for e in events][-1] == "PlaneDestroyed"
    view = GAME.view(after, 1)
    assert (view["phase"], view["winner"]) == ("over", 0)
    assert view["seat_queue"] == [] and view["active"] == -1  # seat 1 does not attack
    assert (view["planes"][2]["alive"], view["planes"][2]["fell"], view["falls"]) == (False, 2, 2)


@pytest.mark.parametrize(
    "seats, options, side_mm",
    [
        (2, {}, 720),
        (2, {"quick": True}, 480),
        (5, {"quick": True}, 660),
        (6, {}, 780),
        (2, {"area": 1000}, 1000),
        (5, {"area": 1000, "quick": True}, 1000),
    ],
)
def test_the_table_side_is_the_area_option_or_the_modes_for_the_number_of_planes(
    seats, options, side_mm
):
    """The table: 720 mm (480 in a quick game), more for 5 or more planes as RULES.md's
    table lists; the ``area`` option sets any other side. Units are 0.1 mm."""
    state = Match.begin(GAME, [Seat("random")] * seats, 1, options).state
    assert state.area == side_mm * 10 and GAME.view(state, None)["area"] == side_mm * 10


@pytest.mark.parametrize("ace", [False, True])
def test_every_seat_sees_whether_the_ace_die_is_in_play(ace):
    state = Match.begin(GAME, [Seat("random")] * 2, 1, {"ace": ace}).state
    assert state.ace_option is ace and GAME.view(state, 0)["ace_option"] is ace


def test_each_new_round_turns_the_last_rounds_order_by_one_place():
    """Turn order: each new round, whoever went second in the last round goes first,
    round after round."""
    spots = [(1000, 1000, 0), (6000, 1000, 0), (3600, 6000, 4)]
    state = table([plane(s, *spots[s]) for s in range(3)], stage="attack", queue=())
    orders = []
    for _ in range(3):
        events, state = advance(replace(state, stage="attack", seat_queue=(), team_queue=()))
        started = next(e.data for e in events if e.type == "RoundStarted")
        orders.append((started["round"], started["order"], GAME.view(state, None)["order"]))
    assert orders == [
        (2, [1, 2, 0], [1, 2, 0]),
        (3, [2, 0, 1], [2, 0, 1]),
        (4, [0, 1, 2], [0, 1, 2]),
    ]


def test_every_plane_flies_once_in_the_move_stage_in_the_rounds_order():
    """Move Stage: the planes act one at a time in turn order, each once; then the
    attack stage starts."""
    spots = [(2000, 2000, 0), (5000, 2000, 0), (3600, 5000, 4)]
    state = table([plane(s, *spots[s]) for s in range(3)], queue=(), order=(1, 2, 0))
    events, state = advance(replace(state, team_queue=(1, 2, 0)))
    flown = []
    while GAME.pending(state)[0].prompt == "fly":
        (decision,) = GAME.pending(state)
        flown.append(decision.seat)
        more, state = act(state, decision.seat, {"plan": ["S"], "climb": 0})
        events += more
    assert flown == [1, 2, 0] and state.stage == "attack"
    assert [e.data["team"] for e in events if e.type == "TeamUp"][:3] == [1, 2, 0]

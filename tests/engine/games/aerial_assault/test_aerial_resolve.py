"""Aerial Assault's phases as resolve.py plays them out: the build and the draft
(picking order, the row, the deal of alliances), the reveals, inbounds and the
end of the match, each checked against RULES.md."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    RED_SZ1,
    RED_WHITE,
    SHOOT,
    TANK_CATAPULT,
    WITH_CATCHING,
    held,
    of,
    play_once,
    scene,
    stay,
    types,
)

from engine.game import Seat
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.state import Ball, robots_of
from engine.rng import Rng
from engine.runner import Match
from tests.engine.games.loaded_dice import LoadedDice

#: 7 weeks: the whole budget with the IRI option, no extra picks
SEVEN_WEEKS = ("swerve_drive", "catapult", "spinning_stick", "active_catching")
#: 3 weeks: cheaper than any budget, two extra picks
THREE_WEEKS = ("kitbot_drive", "puncher", "spinning_stick")


class Dealt(LoadedDice):
    """Loaded dice that also note how many outcomes each ``below`` deal was
    drawn from (a fair coin is ``below(2)``), and refuse a loaded value that
    could not come out of it."""

    def __init__(self, dice=(), below=()) -> None:
        super().__init__(dice, below)
        self.bounds: list[int] = []

    def below(self, n: int) -> int:
        value = super().below(n)
        assert 0 <= value < n, (value, n)
        self.bounds.append(n)
        return value


def fold(state, events):
    for e in events:
        state = GAME.evolve(state, e)
    return state


def begun(n: int, options=None, teams=None, seed: int = 1):
    """A new match's state in the build phase (``teams``: each seat's team)."""
    seats = [Seat("random", team=t) for t in (teams or [None] * n)]
    return Match.begin(GAME, seats, seed, options or {}).state


def built(state, parts=WITH_CATCHING, dice=None):
    """Every robot built of ``parts``; the events and the state after."""
    builds = {s: [list(parts)] * len(robots_of(state, s)) for s in range(state.seats)}
    events = GAME.resolve(state, builds, dice or Rng(1, 1))
    return events, fold(state, events)


def pick(state, dice):
    """The robot whose turn it is picks the first card of the row."""
    (decision,) = GAME.pending(state)
    events = GAME.resolve(state, {decision.seat: decision.legal[0]}, dice)
    return events, fold(state, events)


def last_pick(state):
    """The draft played out with the real dice up to its last pick (the last of
    its schedule, or the last card of the row)."""
    rng = Rng(2, 1)
    while state.pick_index < len(state.pick_order) - 1 and (state.deck or len(state.row) > 1):
        _, state = pick(state, rng)
    return state


# -- the build and the picking order ------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_with_two_three_or_five_seats_robots_pick_in_number_order_without_a_roll(seats):
    events, state = built(begun(seats))
    robots = list(range(len(state.robots)))
    assert "StartingPlayerRolled" not in types(events)
    assert of(events, "DraftOrderSet") == [{"order": robots * 3}]


def test_with_four_or_six_seats_only_the_tied_highest_seats_roll_again():
    # seats 0 and 1 tie on 12; only they roll again, and seat 1's 4 beats seat 0's 2
    dice = LoadedDice([6, 6, 6, 6, 1, 1, 2, 2, 1, 1, 2, 2])
    events, _ = built(begun(4), dice=dice)
    assert of(events, "StartingPlayerRolled") == [
        {
            "rolls": [[[0, 6, 6], [1, 6, 6], [2, 1, 1], [3, 2, 2]], [[0, 1, 1], [1, 2, 2]]],
            "starter": 1,
        }
    ]
    assert of(events, "DraftOrderSet")[0]["order"] == [1, 2, 3, 0] * 3
    events, _ = built(begun(6), dice=LoadedDice([1, 1, 1, 1, 1, 1, 5, 5, 1, 1, 1, 1]))
    assert of(events, "StartingPlayerRolled")[0]["starter"] == 3
    assert of(events, "DraftOrderSet")[0]["order"] == [3, 4, 5, 0, 1, 2] * 3


def test_iri_robots_pick_four_rounds_and_cheaper_robots_two_more():
    events, _ = built(begun(2, {"iri": True}), SEVEN_WEEKS)
    assert of(events, "DraftOrderSet")[0]["order"] == [0, 1, 2, 3] * 4
    events, _ = built(begun(2, {"iri": True}), THREE_WEEKS)
    assert of(events, "DraftOrderSet")[0]["order"] == [0, 1, 2, 3] * 6


def test_each_pick_is_refilled_by_one_card_drawn_from_the_pile():
    _, state = built(begun(4))
    assert len(state.row) == 8 and len(state.deck) == 16
    taken = state.row[0]
    events, after = pick(state, Dealt(below=[3]))
    drawn = state.deck[3]
    assert of(events, "CardPicked") == [{"robot": state.pick_order[0], "card": taken}]
    assert of(events, "CardDrawn") == [{"cards": [drawn]}]
    assert after.row == (*state.row[1:], drawn) and len(after.deck) == 15
    assert after.robots[state.pick_order[0]].specials == (taken,)


def test_the_draft_ends_after_its_last_pick_with_nothing_skipped():
    state = last_pick(built(begun(4))[1])
    events, after = pick(state, Rng(3, 1))
    assert of(events, "DraftEnded") == [{"skipped": 0}]
    assert types(events)[-2:] == ["DraftEnded", "AlliancesDealt"] and after.phase == "auto"


def test_picks_left_when_the_row_runs_empty_are_skipped():
    # six IRI robots of 3 weeks: 6 x (4 + 2) = 36 picks, but only 32 cards
    state = last_pick(built(begun(6, {"iri": True}), THREE_WEEKS)[1])
    assert len(state.pick_order) == 36 and state.pick_index == 31 and len(state.row) == 1
    events, after = pick(state, Rng(3, 1))
    assert of(events, "DraftEnded") == [{"skipped": 4}] and after.phase == "auto"


# -- the deal of alliances after the draft ---------------------------------------------------


def dealt(state, belows):
    """The last pick (its refill drawn first), then the deal with ``belows``."""
    dice = Dealt(below=[0, *belows])
    events, after = pick(state, dice)
    return of(events, "AlliancesDealt")[0]["alliances"], dice.bounds[1:], after


@pytest.mark.parametrize("seats", [2, 3])
def test_two_or_three_seats_pair_robots_0_and_3_and_deal_the_colours_by_a_coin(seats):
    state = last_pick(built(begun(seats))[1])
    assert dealt(state, [0])[:2] == (["red", "blue", "blue", "red"], [2])
    assert dealt(state, [1])[:2] == (["blue", "red", "red", "blue"], [2])


def test_five_seats_deal_the_double_seat_a_colour_and_one_partner_of_the_other_four():
    state = last_pick(built(begun(5))[1])
    alliances, bounds, after = dealt(state, [0, 2])  # red, and the third of robots 1-4
    assert alliances == ["red", "blue", "blue", "red", "blue", "red"] and bounds == [2, 4]
    assert [r.zone for r in after.robots] == [RED_WHITE, BLUE_WHITE, BLUE_WHITE] + [
        RED_WHITE,
        BLUE_WHITE,
        RED_WHITE,
    ]
    alliances, bounds, _ = dealt(state, [1, 0])  # blue, and robot 1
    assert alliances == ["blue", "blue", "red", "red", "red", "blue"] and bounds == [2, 4]


def test_four_or_six_seats_shuffle_the_alliance_cards():
    state = last_pick(built(begun(4))[1])
    # loaded dice keep a shuffle's order: two red cards, then two blue
    assert dealt(state, [])[:2] == (["red", "red", "blue", "blue"], [])


@pytest.mark.parametrize(
    "teams, red_then_blue",
    [
        # a one-seat team first: seat 0 is solo (robots 0 and 3)
        ([0, 1, 1], (["red", "blue", "blue", "red"], ["blue", "red", "red", "blue"])),
        # the two-seat team first: the lone seat 2 is solo, seats 0 and 1 drive robots 1, 2
        ([0, 0, 1], (["blue", "red", "red", "blue"], ["red", "blue", "blue", "red"])),
    ],
)
def test_seated_teams_keep_their_alliances_and_the_first_seats_team_gets_the_coins_colour(
    teams, red_then_blue
):
    state = last_pick(built(begun(3, teams=teams))[1])
    for colour, expected in enumerate(red_then_blue):
        alliances, bounds, _ = dealt(state, [colour])
        assert (alliances, bounds) == (expected, [2])


# -- reveals ------------------------------------------------------------------------------


def test_a_driver_reveal_names_its_round_and_card_play_and_each_play_as_played():
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)], round_=2, play=3
    )
    shoot = {"card": "B1", "side": "bottom", "steps": [{"act": "high"}], "order": 3}
    events, _ = play_once(state, {0: shoot, 1: stay("B4")}, LoadedDice())
    assert of(events, "CardsRevealed") == [
        {
            "round": 2,
            "step": 3,
            "plays": [
                {
                    "robot": 0,
                    "card": "B1",
                    "side": "bottom",
                    "steps": [{"act": "high"}],
                    "order": 3,
                },
                # no order given: 0; face down: no steps
                {"robot": 1, "card": "B4", "side": "down", "steps": [], "order": 0},
            ],
        }
    ]


def test_the_autonomous_reveals_are_round_0_and_the_round_ends_with_an_empty_event():
    state = scene(
        [("red", RED_WHITE, TANK_CATAPULT), ("blue", BLUE_WHITE, TANK_CATAPULT)], round_=0
    )
    state = replace(state, phase="auto")
    program = [stay("B1"), stay("B2"), stay("B3")]
    events = GAME.resolve(state, {0: [program], 1: [program]}, LoadedDice())
    assert [(r["round"], r["step"]) for r in of(events, "CardsRevealed")] == [
        (0, 0),
        (0, 1),
        (0, 2),
    ]
    assert of(events, "AutonomousEnded") == [{}]


def test_a_move_then_block_moves_before_blocking_the_target_named():
    state = scene(
        [("red", BLUE_SZ2, TANK_CATAPULT, ["S14"]), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [held(1, "blue", 1)],
    )
    move_block = {
        "card": "S14",
        "side": "top",
        "steps": [{"act": "move", "dir": 1, "dist": 1}, {"act": "block"}],
    }
    # blue's shot is blocked: red 6 + 1 (tank) against blue 1 + 1
    events, after = play_once(state, {0: move_block, 1: SHOOT}, LoadedDice([6, 1]), {0: 1})
    assert after.robots[0].zone == BLUE_SZ1
    assert of(events, "ActionBlocked") and not of(events, "BallScored")


# -- the end of a round and of the match ------------------------------------------------------


def test_a_round_ends_after_its_fifth_card_play_naming_the_round():
    state = scene([("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)], play=4)
    events, after = play_once(state, {}, LoadedDice())
    assert of(events, "RoundEnded") == [{"round": 1}] and after.round == 2


def ended(**totals):
    """The last card play of the fifth round, with the alliances' totals so."""
    state = scene(
        [("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)], round_=5, play=4
    )
    state = replace(state, **{k: tuple(v) for k, v in totals.items()})
    events, after = play_once(state, {}, LoadedDice())
    assert of(events, "RoundEnded") == [{"round": 5}] and after.phase == "over"
    (over,) = of(events, "MatchOver")
    assert after.result == over["reason"]
    return over


def test_the_match_ends_after_the_fifth_round_with_every_total():
    over = ended(points=(40, 30), assists=(10, 0), catches=(0, 10), trusses=(10, 20))
    assert over == {
        "winner": "red",
        "reason": "red wins on points (40 to 30)",
        "points": [40, 30],
        "assists": [10, 0],
        "catches": [0, 10],
        "trusses": [10, 20],
    }


@pytest.mark.parametrize(
    "totals, winner, reason",
    [
        ({"points": (30, 40)}, "blue", "blue wins on points (40 to 30)"),
        ({"points": (40, 40), "assists": (0, 10)}, "blue", "blue wins on assist points (10 to 0)"),
        (
            {"points": (40, 40), "assists": (10, 10), "catches": (20, 10)},
            "red",
            "red wins on catch points (20 to 10)",
        ),
        (
            {"points": (40, 40), "catches": (10, 10), "trusses": (10, 30)},
            "blue",
            "blue wins on truss points (30 to 10)",
        ),
        (
            {"points": (40, 40), "assists": (10, 10), "catches": (10, 10), "trusses": (20, 20)},
            None,
            "a draw: points, assists, catches and trusses all tied",
        ),
    ],
)
def test_ties_on_points_go_to_assists_then_catches_then_trusses_then_a_draw(totals, winner, reason):
    over = ended(**totals)
    assert (over["winner"], over["reason"]) == (winner, reason)


# -- inbounds -------------------------------------------------------------------------------


def test_no_inbound_for_an_alliance_with_a_ball_in_play_even_with_a_receiver_waiting():
    state = scene(
        [("red", BLUE_SZ1, TANK_CATAPULT), ("blue", RED_SZ1, TANK_CATAPULT)],
        [Ball(0, "red", "waiting"), held(1, "blue", 1), Ball(2, "red", "floor", zone=RED_SZ1)],
    )
    events, _ = play_once(state, {}, LoadedDice())
    assert not of(events, "Inbounded")


@pytest.mark.parametrize(
    "red_ball",
    [
        held(0, "red", 0),  # red has its ball in play
        Ball(0, "red", "waiting"),  # red's ball waits, but no red robot is in Blue Shoot Zone 1
    ],
)
def test_blue_is_inbounded_whatever_stops_reds_inbound(red_ball):
    state = scene(
        [("red", BLUE_SZ2, TANK_CATAPULT), ("blue", RED_SZ1, TANK_CATAPULT)],
        [red_ball, Ball(1, "blue", "waiting")],
    )
    events, _ = play_once(state, {}, LoadedDice([4]))
    assert of(events, "Inbounded") == [{"ball": 1, "robot": 1, "die": 4, "caught": True}]


@pytest.mark.parametrize("die, caught", [(1, False), (2, True)])
def test_an_inbound_without_active_catching_is_caught_on_2_to_6(die, caught):
    state = scene(
        [("red", BLUE_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)],
        [Ball(0, "red", "waiting"), held(1, "blue", 1)],
    )
    events, after = play_once(state, {}, LoadedDice([die]))
    assert of(events, "Inbounded") == [{"ball": 0, "robot": 0, "die": die, "caught": caught}]
    assert after.balls[0].where == ("held" if caught else "floor")

"""Starting, respawning, the end of a turn and the six events (rulebook sections
"Starting the Game", "Spawning a Robot", "End of Turn", "Events")."""

from __future__ import annotations

from dataclasses import replace

import pytest
from powerball_helpers import (
    ARENA,
    EMPTY_FLOOR,
    MOVE3,
    E,
    N,
    S,
    W,
    blank,
    custom_floor,
    events,
    on,
    program,
    put,
    run_step,
    sq,
    table,
    xy,
)

from engine.game import ranks_from_scores
from engine.games.powerball.respawn import place_robots, roll_flags
from engine.games.powerball.rules import rank_keys
from engine.games.powerball.state import Bomb, change
from engine.games.powerball.table import Table
from engine.games.powerball.turn import cleanup, deal, flag_event, payout
from tests.engine.games.loaded_dice import LoadedDice

FLAGS = [xy(s) for s, _ in ARENA.flags]  # (2,2) E, (9,2) S, (9,9) W, (2,9) N


def on_flag(state, seat, number, facing=N, **fields):
    return put(state, seat, *FLAGS[number - 1], facing, **fields)


# -- starting and respawning ---------------------------------------------------------------
def test_the_start_places_robots_by_priority_on_d4_flags_shifting_along_the_arrow():
    state = blank(2, round_=0, phase=0)
    state = change(change(state, 1, died=1), 0, died=2)  # seat 1 dealt the higher card
    t = table(state, 1, 1)
    assert roll_flags(t) == [1, 0]
    place_robots(t, {0: W, 1: S})
    assert xy(t.state.robots[0].sq) == (2, 2) and t.state.robots[0].facing == W
    assert xy(t.state.robots[1].sq) == (3, 2)  # shifted east, along flag 1's arrow
    assert not t.state.robots[0].respawned  # the start is not a respawn


def test_a_match_starts_by_asking_every_seat_for_its_facing(game):
    from engine.lineup import lineup
    from engine.runner import Match

    seats, _ = lineup(game, ["random"] * 3)
    match = Match.begin(game, seats, 5)
    kinds = [e.type for e in match.log.events]
    assert kinds[1:4] == ["SeatsOrdered", "OptionsDealt", "FlagRolled"]
    decisions = game.pending(match.state)
    assert sorted(d.seat for d in decisions) == [0, 1, 2]
    assert {d.prompt for d in decisions} == {"respawn facing"}
    assert all(len(r.options) == 1 for r in match.state.robots)
    assert len(match.state.community) == 2


def test_a_destroyed_robot_respawns_at_the_end_of_the_phase_undamaged_and_powered_down():
    state = put(blank(2, phase=2), 0, 0, 0)
    state = change(state, 1, sq=-1, died=1, damage=10, balls=0)
    t = table(state, 3)
    assert run_step(t, "respawn") is False  # the facing decision
    assert t.state.waiting == (1,) and t.state.stage == "respawn"
    place_robots(t, {1: E})
    robot = t.state.robots[1]
    assert xy(robot.sq) == FLAGS[2] and robot.damage == 0 and robot.respawned
    state = program(t.state, 1, 0, 0, MOVE3)
    t = on(EMPTY_FLOOR, replace(state, phase=3))
    run_step(t, "move")
    assert xy(t.state.robots[1].sq) == FLAGS[2]  # acts as powered down


# -- end of turn --------------------------------------------------------------------------
def test_a_single_wrench_heals_1_and_a_double_wrench_also_gives_an_option():
    state = put(put(blank(2, phase=5), 0, 4, 1, damage=3), 1, 10, 4, damage=3)
    state = replace(state, option_deck=("extra memory", "reverse gear"))
    t = table(state)
    payout(t, None)
    assert [r.damage for r in t.state.robots] == [2, 2]
    assert t.state.robots[0].options == () and t.state.robots[1].options == ("extra memory",)


def test_one_robot_on_a_flag_counts_as_a_double_wrench():
    state = replace(on_flag(blank(2, phase=5), 0, 1, damage=2), option_deck=("fourth gear",))
    t = table(state)
    payout(t, None)
    robot = t.state.robots[0]
    assert robot.damage == 1 and robot.options == ("fourth gear",)


def test_no_option_beyond_three_held():
    state = on_flag(blank(2, phase=5), 0, 1, options=("a", "b", "c"))
    t = table(replace(state, option_deck=("fourth gear",)))
    payout(t, None)
    assert t.state.robots[0].options == ("a", "b", "c")


def test_two_robots_on_flags_heal_and_trade_in_flag_order():
    state = on_flag(on_flag(blank(3, phase=5), 0, 3, damage=2), 1, 2, damage=2)
    state = put(state, 2, 0, 0, options=("double barrel",))
    state = replace(state, community=("gyroscopic stabilizer", "extra memory"))
    t = table(state)
    assert payout(t, None) is False
    assert [r.damage for r in t.state.robots[:2]] == [1, 1]
    assert t.state.stage == "trade" and t.state.waiting == (1,) and t.state.queue == (1, 0)
    from engine.games.powerball.decisions import trade_legal

    legal = trade_legal(t.state, 1)
    assert {"do": "steal", "from": 2, "option": "double barrel"} in legal
    assert {"do": "pass"} in legal
    assert not any(a.get("from") == 0 and a["do"] == "steal" for a in legal)


def test_three_robots_on_flags_roll_for_an_event_instead():
    state = on_flag(
        on_flag(on_flag(blank(3, phase=5), 0, 1, damage=5), 1, 2, damage=5), 2, 3, damage=5
    )
    t = table(state, 2)  # power heal
    payout(t, None)
    assert [r.damage for r in t.state.robots] == [5, 5, 5]  # no flag heal with 3+
    flag_event(t, None)
    assert events(t, "EventRolled") == [{"robot": 0, "roll": 2, "event": "power heal"}]
    assert [r.damage for r in t.state.robots] == [2, 2, 2]


def three_on_flags(*extra):
    state = blank(4, phase=5)
    for seat in range(3):
        state = on_flag(state, seat, seat + 1)
    return state


def test_earthquake_slides_every_robot_two_squares_and_drops_held_balls():
    state = put(three_on_flags(), 3, 6, 0, balls=1)
    t = table(state, 1, 3)  # earthquake, southwards
    flag_event(t, None)
    assert xy(t.state.robots[3].sq) == (6, 2) and t.state.robots[3].balls == 0
    assert sq(6, 0) in t.state.balls
    assert xy(t.state.robots[0].sq) == (2, 4)


def test_buzz_bomb_asks_each_flag_robot_where_to_put_its_bomb():
    t = table(three_on_flags(), 3)
    assert flag_event(t, None) is False
    assert t.state.stage == "bomb" and t.state.waiting == (0, 1, 2)
    # play goes on at the end-of-turn respawns once they have answered
    assert events(t, "Waiting") == [{"stage": "bomb", "seats": [0, 1, 2], "step": "end-respawn"}]


def test_a_bomb_explodes_6_3_1_and_credits_its_owner():
    state = put(put(blank(3, phase=5), 0, 0, 11), 1, 6, 6, damage=4)
    state = put(state, 2, 8, 6)
    state = replace(state, bombs=(Bomb(0, sq(6, 7), (10, 10, 10, 10, 10), True),))
    t = table(state)
    from engine.games.powerball.bombs import explode_all

    explode_all(t)
    assert [r.damage for r in t.state.robots] == [0, 7, 1]
    assert t.state.bombs == ()


def test_turrets_heal_fully_and_stay_on_their_flags_the_next_turn():
    state = three_on_flags()
    state = change(state, 0, damage=6)
    t = table(state, 4)
    flag_event(t, None)
    assert t.state.robots[0].damage == 0 and t.state.robots[0].turret == 2
    t.state = replace(t.state, round=2, phase=1)
    run_step(t, "move")
    assert xy(t.state.robots[0].sq) == FLAGS[0] and t.state.robots[0].facing == S  # U-turn


def test_a_turret_shoots_2_within_4_squares():
    state = put(put(blank(2, round_=2), 0, 2, 6, E, turret=2), 1, 6, 6, N, down=True)
    t = on(EMPTY_FLOOR, state)
    run_step(t, "lasers", {})
    assert t.state.robots[1].damage == 2


def test_meteors_land_where_two_2d6_rolls_say():
    state = three_on_flags()
    state = put(state, 3, 5, 5)
    t = table(state, 5, 3, 3, 3, 3, 1, 1, 1, 1, 6, 6, 6, 6)
    flag_event(t, None)
    falls = events(t, "MeteorFell")
    assert falls[0]["sq"] == sq(5, 5)
    assert t.state.robots[3].damage >= 8


def test_option_shuffle_offers_the_top_two_discards_to_each_flag_robot():
    state = replace(three_on_flags(), discards=("fourth gear", "ramming gear", "reverse gear"))
    t = table(state, 6)
    assert flag_event(t, None) is False
    assert t.state.offered == ("reverse gear", "ramming gear") and t.state.waiting == (0,)


# -- the end of the match -------------------------------------------------------------------
def test_the_match_ends_after_the_last_round():
    state = replace(blank(2, round_=30, phase=5), rounds=30)
    t = table(state)
    assert deal(t, None) is False
    assert t.state.stage == "over" and "30 rounds" in t.state.reason


def test_most_victory_points_win_then_deliveries_kills_and_fewest_deaths():
    state = blank(3)
    state = change(
        change(change(state, 0, vp=5, delivered=1, kills=2), 1, vp=5, delivered=3),
        2,
        vp=5,
        delivered=3,
        deaths=1,
    )
    assert ranks_from_scores(rank_keys(state)) == (3, 1, 2)


def test_an_armed_bomb_runs_its_card_and_goes_off_when_it_runs_into_a_robot():
    state = put(put(blank(2, round_=2), 0, 6, 3, S), 1, 0, 11)
    state = replace(state, bombs=(Bomb(1, sq(6, 6), (790, 10, 10, 10, 10), True),))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert t.state.bombs == () and t.state.robots[0].damage == 3  # blew up next to it


def test_a_bomb_dealt_short_of_cards_stands_still():
    state = put(blank(2, phase=3), 0, 0, 11)
    state = replace(state, bombs=(Bomb(1, sq(6, 6), (490,), True),))
    t = on(EMPTY_FLOOR, state)
    run_step(t, "move")
    assert t.state.bombs[0].sq == sq(6, 6)


def test_a_steal_moves_the_option_and_the_next_flag_robot_is_asked(game):
    state = on_flag(on_flag(blank(3, phase=5), 0, 3), 1, 2)
    state = put(state, 2, 0, 0, options=("double barrel",))
    t = table(state)
    payout(t, None)
    from engine.games.powerball.fold import evolve

    action = {"do": "steal", "from": 2, "option": "double barrel"}
    after = t.state
    for event in game.resolve(t.state, {1: action}, table(t.state).rng):
        after = evolve(after, event)
    assert after.robots[1].options == ("double barrel",) and after.robots[2].options == ()
    assert after.waiting == (0,) and after.stage == "trade"


def test_bombs_are_placed_on_the_squares_their_seats_chose(game):
    t = table(three_on_flags(), 3)
    flag_event(t, None)
    from engine.games.powerball.fold import evolve

    choice = {0: {"sq": sq(3, 2)}, 1: {"sq": sq(9, 3)}, 2: {"sq": sq(8, 9)}}
    after = t.state
    for event in game.resolve(t.state, choice, table(t.state).rng):
        after = evolve(after, event)
        if event.type == "Waiting":
            break
    assert sorted(b.sq for b in after.bombs) == sorted(c["sq"] for c in choice.values())


# -- credit at the end of a turn ----------------------------------------------------------
def test_a_meteor_kill_after_phase_5_credits_nobody_not_the_last_shooter():
    """Credit is for a death in the same phase as the push or shot; the end of the
    turn's events come after phase 5, so a meteor kill scores for no one."""
    state = replace(three_on_flags(), phase=5)
    state = put(state, 3, 5, 5, damage=9, hit_by=1, hit_clock=15)  # shot in phase 5
    t = table(state, 5, 3, 3, 3, 3, *[6] * 8)  # meteor shower; the first lands on (5, 5)
    run_step(t, "next")
    flag_event(t, None)
    destroyed = [d for d in events(t, "Destroyed") if d["robot"] == 3]
    assert destroyed and destroyed[0]["credit"] == -1
    assert t.state.robots[1].vp == 0 and t.state.robots[1].kills == 0


def test_an_earthquake_fall_after_phase_5_credits_nobody_not_the_last_pusher():
    state = replace(three_on_flags(), phase=5)
    state = put(state, 3, 6, 1, hit_by=2, hit_clock=15)  # pushed in phase 5
    # earthquake, southwards: (6, 1) slides into the pit on (6, 3)
    t = on(custom_floor(pits=[[6, 3]]), state, 1, 3)
    run_step(t, "next")
    flag_event(t, None)
    destroyed = [d for d in events(t, "Destroyed") if d["robot"] == 3]
    assert destroyed and destroyed[0]["credit"] == -1 and t.state.robots[2].vp == 0


# -- the events in detail ------------------------------------------------------------------
def test_an_earthquake_slides_front_robots_first_stopped_by_robots_and_walls_not_turrets():
    state = blank(5, phase=5, round_=2)
    for seat in range(3):
        state = on_flag(state, seat, seat + 1)
    state = change(state, 0, turret=2)  # a turret on flag 1 stays put
    state = put(put(state, 3, 3, 5, balls=2), 4, 4, 5)  # robot 4 ahead of robot 3, eastwards
    floor_ = custom_floor(walls=[{"at": [9, 9], "side": "E"}])
    t = on(floor_, state, 1, 2)  # earthquake, eastwards
    flag_event(t, None)
    assert events(t, "QuakeRolled") == [{"roll": 2, "dir": "E"}]
    assert events(t, "BallsDropped") == [{"robot": 3, "sq": sq(3, 5), "count": 2}]
    where = [xy(r.sq) for r in t.state.robots]
    # robot 1 slides to the east wall, robot 2 stays behind its wall, robot 3 behind robot 4
    assert where == [FLAGS[0], (11, 2), (9, 9), (5, 5), (6, 5)]


def test_an_earthquake_stops_a_robot_that_falls_into_a_pit_on_its_first_square():
    state = put(three_on_flags(), 3, 6, 2)
    t = on(custom_floor(pits=[[6, 3]]), state, 1, 3)  # earthquake, southwards
    flag_event(t, None)
    assert not t.state.robots[3].alive
    assert [d["robot"] for d in events(t, "Destroyed")] == [3]


class Rolled(LoadedDice):
    """Loaded dice that keep the size of every die rolled."""

    def __init__(self, *dice: int) -> None:
        super().__init__(dice)
        self.sides: list[int] = []

    def die(self, sides: int = 6) -> int:
        self.sides.append(sides)
        return super().die(sides)


def test_meteors_fall_one_per_flag_robot_for_8_4_2_1_damage_credited_to_nobody():
    state = put(three_on_flags(), 3, 5, 5)
    # meteor shower; (2+4-1, 1+5-1) = (5, 5), then (1, 1), then (11, 11)
    dice = Rolled(5, 2, 4, 1, 5, 1, 1, 1, 1, 6, 6, 6, 6)
    t = Table(state, dice)
    flag_event(t, None)
    assert dice.sides == [6] * 13  # the event's d6, then 2d6 twice per meteor
    assert events(t, "MeteorFell") == [
        {"robot": 0, "dice": [2, 4, 1, 5], "sq": sq(5, 5)},
        {"robot": 1, "dice": [1, 1, 1, 1], "sq": sq(1, 1)},
        {"robot": 2, "dice": [6, 6, 6, 6], "sq": sq(11, 11)},
    ]
    hits = [(d["robot"], d["amount"], d["by"], d["source"]) for d in events(t, "Damaged")]
    # robot 0 on (2, 2) is 3 squares from the first and 1 from the second; robot 2 on
    # (9, 9) is 2 from the third; robot 1 on (9, 2) is 4 or more from every one
    assert hits == [
        (0, 1, -1, "meteor"),
        (3, 8, -1, "meteor"),
        (0, 4, -1, "meteor"),
        (2, 2, -1, "meteor"),
    ]


def test_a_flag_robot_destroyed_before_its_meteor_rolls_none():
    state = change(three_on_flags(), 1, damage=9)
    t = table(state, 5, 5, 5, 1, 2, 1, 1, 1, 1)  # the first meteor lands on flag 2, (9, 2)
    flag_event(t, None)
    assert [d["robot"] for d in events(t, "MeteorFell")] == [0, 2]


def test_healing_repairs_no_more_than_the_damage_and_tells_what_is_left():
    state = on_flag(on_flag(on_flag(blank(4, phase=5), 0, 1, damage=1), 1, 2, damage=5), 2, 3)
    t = table(state, 2)  # power heal: up to 3 each
    flag_event(t, None)
    assert events(t, "Healed") == [
        {"robot": 0, "amount": 1, "damage": 0},
        {"robot": 1, "amount": 3, "damage": 2},
    ]


def test_option_shuffle_with_an_empty_discard_pile_asks_nobody():
    t = table(three_on_flags(), 6)
    assert flag_event(t, None) is True
    assert events(t, "OptionsOffered") == [] and t.state.queue == ()
    queues = [d["queue"] for d in events(t, "Trading")]
    assert queues == [[0, 1, 2], [1, 2], [2], []]  # each seat passed over in turn


# -- the deal ------------------------------------------------------------------------------
def test_a_turn_deals_no_hand_to_a_turret_or_a_robot_off_the_board_and_five_cards_to_a_bomb():
    state = put(put(blank(4, phase=5), 0, 1, 1, turret=2), 1, 5, 5, damage=2)
    state = put(state, 3, 8, 8, announced=True)  # powers down this turn; seat 2 is off the board
    state = replace(state, bombs=(Bomb(1, sq(6, 6)),))
    t = table(state)
    assert deal(t, None) is False  # every seat is asked for its program
    assert events(t, "TurnStarted") == [{"round": 2, "down": [3]}]
    (dealt,) = [e for e in t.events if e.type == "HandDealt"]
    assert dealt.to == (1,) and len(dealt.data["cards"]) == 7
    assert dealt.public == {"seat": 1, "count": 7}  # the others see how many
    (armed,) = events(t, "BombArmed")
    assert armed["bomb"] == 0 and len(armed["cards"]) == 5
    assert not set(armed["cards"]) & set(t.state.robots[1].hand)
    assert t.state.bombs[0].armed and t.state.stage == "program"
    assert events(t, "Waiting") == [{"stage": "program", "seats": [0, 1, 2, 3], "step": ""}]


def test_recompile_deals_a_new_hand_as_large_for_1_damage_credited_to_nobody():
    from engine.games.powerball.turn import recompile

    state = put(put(blank(2), 0, 1, 1, hand=(10, 20, 30, 40)), 1, 5, 5, hand=(50, 60))
    t = table(state)
    recompile(t, 0)
    (dealt,) = [e for e in t.events if e.type == "HandDealt"]
    assert dealt.to == (0,) and dealt.public == {"seat": 0, "count": 4, "recompiled": True}
    assert dealt.data["recompiled"] is True and len(dealt.data["cards"]) == 4
    assert not set(dealt.data["cards"]) & {50, 60}  # another hand's cards are held
    assert dealt.data["cards"] == sorted(dealt.data["cards"])
    damaged = events(t, "Damaged")
    assert damaged == [{"robot": 0, "amount": 1, "by": -1, "source": "recompile", "damage": 1}]


# -- cleanup and payout in detail ------------------------------------------------------------
def test_cleanup_tells_each_robots_kept_registers_and_wipes_a_destroyed_robots_all():
    state = program(put(blank(3, phase=5), 0, 1, 1, damage=6), 0, 70, 80, 90, 100, 110)
    state = program(state, 1, 120, 130, 140, 150, 160)  # robot 1 is off the board
    state = change(state, 1, damage=6)
    state = put(state, 2, 8, 8)  # nothing programmed: nothing to tell
    t = table(state)
    cleanup(t, None)
    assert events(t, "RegistersKept") == [
        {"robot": 0, "registers": [0, 0, 0, 100, 110]},
        {"robot": 1, "registers": [0, 0, 0, 0, 0]},
    ]


def test_a_double_wrench_with_the_option_deck_empty_only_repairs():
    state = put(blank(2, phase=5), 1, 10, 4, damage=2)  # wrench 2 (double)
    t = table(replace(state, option_deck=()))
    assert payout(t, None) is True
    assert events(t, "OptionDrawn") == [] and t.state.robots[1].damage == 1


def test_a_northward_quake_moves_front_robots_first_keeps_facings_and_skips_turrets():
    state = blank(6, phase=5, round_=2)
    for seat in range(3):
        state = on_flag(state, seat, seat + 1, E)
    state = change(state, 0, turret=2)  # listed first among the front robots: stays put
    state = put(put(put(state, 3, 5, 4, E), 4, 5, 5, E), 5, 2, 3, E)  # 5 behind the turret
    t = on(EMPTY_FLOOR, state, 1, 1)  # earthquake, northwards
    flag_event(t, None)
    where = [xy(r.sq) for r in t.state.robots]
    assert where == [(2, 2), (9, 0), (9, 7), (5, 2), (5, 3), (2, 3)]
    moved = events(t, "Moved")
    assert {(m["facing"], m["why"]) for m in moved} == {(E, "quake")}
    assert [m["robot"] for m in moved] == [1, 1, 3, 3, 4, 4, 2, 2]


@pytest.mark.parametrize(
    ("roll", "ahead", "behind", "slid"),
    [(3, (5, 5), (5, 4), [(5, 7), (5, 6)]), (4, (4, 5), (5, 5), [(2, 5), (3, 5)])],
)
def test_a_southward_or_westward_quake_moves_front_robots_first(roll, ahead, behind, slid):
    """RULES.md: the quake slides the front robots first (rules v3; v2 took them in
    the wrong order going south or west, and the one behind blocked the front one)."""
    state = blank(5, phase=5)
    for seat in range(3):
        state = on_flag(state, seat, seat + 1)
    state = put(put(state, 3, *behind), 4, *ahead)
    t = on(EMPTY_FLOOR, state, 1, roll)
    flag_event(t, None)
    assert [xy(t.state.robots[seat].sq) for seat in (4, 3)] == slid


def test_option_shuffle_tells_whom_it_offers_the_top_two_discards_and_a_flag_trade_offers_none():
    state = replace(three_on_flags(), discards=("fourth gear", "ramming gear", "reverse gear"))
    t = table(state, 6)
    flag_event(t, None)
    assert events(t, "OptionsOffered") == [{"seat": 0, "options": ["reverse gear", "ramming gear"]}]
    state = on_flag(on_flag(blank(3, phase=5), 0, 3), 1, 2)
    t = table(replace(state, discards=("fourth gear", "ramming gear")))
    payout(t, None)
    assert t.state.stage == "trade" and events(t, "OptionsOffered") == []

"""What a seat, a spectator and a finished replay see of an Aerial Assault state
(``view.py``; RULES.md, "Views and hidden information"): a seat its own robots'
hands and everything public, the other robots' hand sizes only, the card drawn
for a panicking robot only within its alliance; every field of a view, built for
one seat alone (``view_of``) and by ``SeatViews`` alike."""

from __future__ import annotations

import copy
from dataclasses import replace

from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    MECANUM_CATAPULT,
    RED_SZ1,
    RED_SZ2,
    TANK_CATAPULT,
    WITH_CATCHING,
    floor,
    held,
    scene,
)

from engine.events import Event
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.state import Ball
from engine.games.aerial_assault.view import SeatViews, view_of


def _table():
    """Two seats in round 2, card play 3: seat 0 drives red robots 0 and 2, seat 1
    blue robots 1 and 3; robot 1 panicked and was dealt B3, robot 2 must stay."""
    state = scene(
        [
            ("red", RED_SZ2, TANK_CATAPULT, ["S05", "S12"]),
            ("blue", BLUE_SZ1, WITH_CATCHING, ["S21"]),
            ("red", RED_SZ1, MECANUM_CATAPULT),
            ("blue", BLUE_WHITE, TANK_CATAPULT),
        ],
        [
            held(0, "red", 0),
            floor(1, "blue", BLUE_SZ2, possessors=[1, 3]),
            Ball(2, "red", "waiting", trussed=True),
            held(3, "blue", 1, possessors=[3, 1]),
        ],
        round_=2,
        play=3,
        tied_blocks=True,
    )
    r = list(state.robots)
    r[0] = replace(r[0], played=("B1",), rerolls=("S21",), last_block=1)
    r[1] = replace(r[1], seat=1, played=("B2", "S21"), forced="card:B3")
    r[2] = replace(r[2], seat=0, forced="stay")
    r[3] = replace(r[3], seat=1)
    return replace(
        state,
        seats=2,
        iri=True,
        controllers=(0, 1, 0, 1),
        robots=tuple(r),
        points=(30, 12),
        assists=(10, 2),
        catches=(20, 10),
        trusses=(10, 40),
        scored=(2, 1),
        revealed=((0, "B1", "top", "Move"), (1, "S21", "down", "")),
        blocked=(1,),
        row=("S07",),
        deck=("S01", "S02"),
    )


def _robot(r, seat, alliance, zone, parts, weeks, hand_size, forced, balls, **more):
    return {
        "robot": r,
        "seat": seat,
        "alliance": alliance,
        "zone": zone,
        "parts": list(parts),
        "weeks": weeks,
        "budget": 6,
        "hand_size": hand_size,
        "played": more.get("played", []),
        "rerolls_used": more.get("rerolls_used", []),
        "last_block": more.get("last_block", -1),
        "forced": forced,
        "balls": balls,
    }


HANDS = {
    0: (["B2", "B3", "B4", "S05", "S12"], ["S05", "S12"]),
    1: (["B1", "B3", "B4"], ["S21"]),
    2: (["B1", "B2", "B3", "B4"], []),
    3: (["B1", "B2", "B3", "B4"], []),
}


def _expected(seat, alliance, mine, forced_1):
    robots = [
        _robot(
            0,
            0,
            "red",
            RED_SZ2,
            TANK_CATAPULT,
            5,
            5,
            "",
            [0],
            played=["B1"],
            rerolls_used=["S21"],
            last_block=1,
        ),
        _robot(1, 1, "blue", BLUE_SZ1, WITH_CATCHING, 6, 3, forced_1, [3], played=["B2", "S21"]),
        _robot(2, 0, "red", RED_SZ1, MECANUM_CATAPULT, 5, 4, "stay", []),
        _robot(3, 1, "blue", BLUE_WHITE, TANK_CATAPULT, 5, 4, "", []),
    ]
    for r in mine:
        robots[r]["hand"], robots[r]["specials"] = HANDS[r]
    return {
        "phase": "play",
        "you": seat,
        "my_robots": list(mine) if seat is not None else [],
        "alliance": alliance,
        "round": 2,
        "play": 3,
        "rounds": 5,
        "plays_per_round": 5,
        "robots": robots,
        "balls": [
            {
                "id": 0,
                "color": "red",
                "where": "held",
                "robot": 0,
                "zone": RED_SZ2,
                "trussed": False,
                "possessors": [0],
            },
            {
                "id": 1,
                "color": "blue",
                "where": "floor",
                "robot": -1,
                "zone": BLUE_SZ2,
                "trussed": False,
                "possessors": [1, 3],
            },
            {
                "id": 2,
                "color": "red",
                "where": "waiting",
                "robot": -1,
                "zone": -1,
                "trussed": True,
                "possessors": [],
            },
            {
                "id": 3,
                "color": "blue",
                "where": "held",
                "robot": 1,
                "zone": BLUE_SZ1,
                "trussed": False,
                "possessors": [3, 1],
            },
        ],
        "score": {
            "red": {"points": 30, "assists": 10, "catches": 20, "trusses": 10, "scored": 2},
            "blue": {"points": 12, "assists": 2, "catches": 10, "trusses": 40, "scored": 1},
        },
        "row": ["S07"],
        "deck_size": 2,
        "picking_robot": None,
        "picks_left": 0,
        "revealed": [
            {"robot": 0, "card": "B1", "side": "top", "label": "Move", "blocked": False},
            {"robot": 1, "card": "S21", "side": "down", "label": "", "blocked": True},
        ],
        "staged": [],
        "naming": [],
        "block_targets": [],
        "removed_first": 1,
        "result": "",
        "options": {"iri": True, "missed_shots": False, "tied_blocks": True},
    }


def _both(state, seat):
    """The seat's view built for it alone, and by ``SeatViews`` (after another
    seat's), which must be the same, key order included."""
    alone = view_of(state, seat, False)
    views = SeatViews()
    views.view(state, 1 if seat == 0 else 0)
    shared = views.view(state, seat)
    assert list(shared) == list(alone)
    assert [list(r) for r in shared["robots"]] == [list(r) for r in alone["robots"]]
    assert shared == alone
    return alone


def test_a_seat_sees_its_own_robots_hands_and_everything_public():
    assert _both(_table(), 0) == _expected(0, "red", [0, 2], "panic")


def test_a_panicking_robots_card_is_seen_by_its_own_alliance_only():
    assert _both(_table(), 1) == _expected(1, "blue", [1, 3], "card:B3")


def test_a_spectator_sees_no_hand_and_no_card_drawn_for_a_panic():
    assert _both(_table(), None) == _expected(None, "", [], "panic")


def test_the_whole_state_shows_every_hand_and_every_card_drawn():
    everything = view_of(_table(), None, True)
    assert everything == _expected(None, "", [0, 1, 2, 3], "card:B3")


def test_the_draft_shows_the_robot_picking_and_the_picks_left():
    state = replace(_table(), phase="draft", pick_order=(2, 0, 3, 1), pick_index=1)
    view = _both(state, 0)
    assert (view["picking_robot"], view["picks_left"]) == (0, 3)
    done = replace(state, pick_index=4)
    assert (_both(done, 0)["picking_robot"], _both(done, 0)["picks_left"]) == (None, 0)
    assert _both(replace(state, phase="play"), 0)["picking_robot"] is None


def test_blocks_to_name_show_the_staged_plays_who_names_next_and_the_targets_named():
    play = {"robot": 0, "card": "B2", "side": "bottom", "steps": [{"act": "block"}], "order": 0}
    state = replace(
        _table(), phase="block", staged=(play,), naming=(2,), targets=((0, 1),), result=""
    )
    kept = copy.deepcopy(play)
    views = SeatViews()
    for seat in (0, 1, None):
        view = views.view(state, seat)
        assert view["staged"] == [kept] and view["naming"] == [2]
        assert view["block_targets"] == [[0, 1]]
        view["staged"][0]["steps"][0]["act"] = "vandal"
        view["staged"][0]["steps"].append(None)
    assert state.staged == (kept,)
    assert view_of(state, 0, False)["staged"] == [kept]


def test_six_robots_show_two_first_balls_removed_and_a_finished_match_its_result():
    state = scene([("red" if i % 2 == 0 else "blue", RED_SZ1, TANK_CATAPULT) for i in range(6)])
    assert _both(state, 0)["removed_first"] == 2
    over = replace(_table(), phase="over", result="red wins on points")
    assert _both(over, 0)["result"] == "red wins on points"
    assert _both(over, 0)["phase"] == "over"


def test_before_the_teams_are_dealt_a_seat_drives_no_robot_and_has_no_alliance():
    state = GAME.evolve(None, Event("MatchStarted", {"options": {}, "seats": [{}, {}]}))
    view = _both(state, 0)
    assert (view["my_robots"], view["alliance"], view["robots"]) == ([], "", [])

"""What a seat sees (``view.py``, RULES.md "Secrets"): everything on the table but
other seats' hands, their unrevealed registers and pick-up orders, and their
option orders and kept cards; a finished replay shows everything."""

from __future__ import annotations

from dataclasses import replace

from powerball_helpers import E, blank, put, sq

from engine.games.powerball import GAME
from engine.games.powerball.cards import BRAKES, CONDITIONAL, CRAB, FLYWHEEL, MEMORY, SHIELD
from engine.games.powerball.state import Bomb, change
from engine.games.powerball.view import view


def table_mid_phase():
    """Round 4, phase 2: robot 0 programmed with every order; robot 1 destroyed."""
    state = blank(2, round_=4, phase=2, rounds=9, balls=5)
    state = put(state, 0, 3, 4, E, damage=6, balls=1, vp=3, options=(BRAKES, CRAB, SHIELD))
    state = change(
        state,
        0,
        hand=(10, 20),
        registers=(490, 500, 510, 520, 530),
        paired=(70, 0, 0, 0, 0),
        programmed=True,
        pickup=False,
        armour=(SHIELD,),
        brakes=(2,),
        stored=840,
        parked=830,
        aborted=4,
        announced=True,
        radio_by=1,
        kills=2,
        delivered=1,
        deaths=1,
    )
    state = change(state, 1, vp=1, died=3, flag=2, owes=True, deaths=2, options=(FLYWHEEL,))
    return replace(
        state,
        stage="trade",
        step="event",
        waiting=(0,),
        deaths=3,
        balls=(sq(1, 1),),
        community=(MEMORY, CONDITIONAL),
        option_deck=("x", "y", "z"),
        discards=("d",),
        charges=(("mini howitzer", 2),),
        offered=("o",),
        trade="flag",
        queue=(0, 1),
        bombs=(Bomb(1, sq(6, 6), (10, 20), True),),
        reason="",
    )


def test_a_seat_sees_the_whole_table_and_its_own_robot_with_its_secrets():
    shown = view(table_mid_phase(), 0)
    robots = shown.pop("robots")
    assert shown == {
        "you": 0,
        "seats": 2,
        "floor": "arena",
        "round": 4,
        "rounds": 9,
        "phase": 2,
        "stage": "trade",
        "step": "event",
        "ending": False,
        "deaths": 3,
        "waiting": [0],
        "balls": [sq(1, 1)],
        "pool": 5,
        "community": [MEMORY, CONDITIONAL],
        "option_deck": 3,  # how many, never which
        "discards": ["d"],
        "charges": {"mini howitzer": 2},
        "offered": ["o"],
        "trade": "flag",
        "queue": [0, 1],
        "bombs": [{"owner": 1, "sq": sq(6, 6), "cards": [10, 20], "armed": True}],
        "vp": [3, 1],
        "reason": "",
    }
    assert robots[0] == {
        "seat": 0,
        "sq": sq(3, 4),
        "facing": "E",
        "damage": 6,
        "balls": 1,
        "capacity": 3,  # Extra Memory, from the community
        "vp": 3,
        "options": [BRAKES, CRAB, SHIELD],
        "hand": [10, 20],
        "hand_count": 2,
        "registers": [490, 500, 510, 520, 530],
        "paired": [70, 0, 0, 0, 0],
        "locked_from": 4,  # 6 damage locks registers 4 and 5
        "program_size": 2,
        "pickup": False,
        "armour": [SHIELD],
        "brakes": [2],
        "stored": 840,
        "parked": 830,
        "aborted": True,
        "owes": False,
        "programmed": True,
        "powered_down": False,
        "announced": True,
        "respawned": False,
        "turret": False,
        "flag": 0,
        "radio_by": 1,
        "kills": 2,
        "delivered": 1,
        "deaths": 1,
        "died": 0,
    }
    assert robots[1]["died"] == 3 and robots[1]["flag"] == 2 and robots[1]["owes"] is True
    assert robots[1]["deaths"] == 2 and robots[1]["aborted"] is False


def test_another_seat_sees_only_the_revealed_registers_and_none_of_the_secrets():
    state = table_mid_phase()
    robot = view(state, 1)["robots"][0]
    assert robot["registers"] == [490, 500, None, None, None]  # revealed in phases 1 and 2
    assert robot["paired"] == [70, 0, None, None, None]
    for key in ("hand", "program_size", "pickup", "armour", "brakes", "stored", "parked"):
        assert robot[key] is None, key
    assert robot["hand_count"] == 2 and robot["options"] == [BRAKES, CRAB, SHIELD]
    assert view(state, None)["robots"][0]["hand"] is None  # a spectator
    assert view(state, None, everything=True)["robots"][0]["parked"] == 830  # a replay's end
    assert GAME.state_json(state)["robots"][0]["armour"] == [SHIELD]

"""What a seat sees (``view.py``): the whole table, every plane's stats, pose and
record, the round and who acts, the combat under way. The bots read it (the
starter finds its plane by ``you`` among ``planes``, the greedy bot reads
``area``, ``combat`` and each plane's fields), so each field is pinned here."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dogfight_helpers import match_of, plane, table

from engine.game import RulesError
from engine.games.dogfight import GAME
from engine.games.dogfight.state import Combat, in_combat


def mid_attack():
    """Round 3's attack stage, 2v2: seat 0 attacks seat 2 at close range, the dice
    rolled, the attacker with one re-roll left; seat 3 shot down first."""
    planes = [
        plane(0, 1000, 2000, heading=2, team=0, attack=4, defense=3, speed=3, health=2),
        plane(1, 1500, 2500, heading=1, team=0, altitude=2, dealt=1),
        plane(2, 1600, 2000, heading=6, team=1, attack=2, defense=4, speed=3, health=3, ace=True),
        replace(plane(3, 5000, 5000, heading=5, team=1, health=0), alive=False, fell=1),
    ]
    combat = Combat(0, 2, "close", (6, 4, 1, 2), (5, 3, 3, 1), 1, 0, 1, 0)
    return table(
        planes,
        stage="attack",
        queue=(0, 1),
        teams=((0, 1), (2, 3)),
        area=7800,
        round=3,
        order=(1, 0),
        team_queue=(0,),
        combat=combat,
        falls=1,
        place_order=(0, 2, 1, 3),
        placing=4,
        quick=True,
        ace_option=True,
        round_limit=12,
    )


def test_a_view_shows_every_field_of_the_table_and_the_combat_under_way():
    view = GAME.view(mid_attack(), 2)
    planes = view.pop("planes")
    assert view == {
        "you": 2,
        "seats": 4,
        "teams": [[0, 1], [2, 3]],
        "area": 7800,
        "token": 300,
        "ruler": 2400,
        "section": 800,
        "quick": True,
        "ace_option": True,
        "round_limit": 12,
        "phase": "play",
        "round": 3,
        "stage": "attack",
        "order": [1, 0],
        "team_queue": [0],
        "seat_queue": [0, 1],
        "active": 0,  # the attacker, to re-roll
        "place_order": [0, 2, 1, 3],
        "placing": 4,
        "falls": 1,
        "combat": {
            "attacker": 0,
            "target": 2,
            "section": "close",
            "attack_dice": [6, 4, 1, 2],
            "defense_dice": [5, 3, 3, 1],
            "attack_rerolls": 1,
            "defense_rerolls": 0,
            "attack_free": 1,
            "defense_free": 0,
        },
        "winner": -1,
        "reason": "",
    }
    assert planes[0] == {
        "seat": 0,
        "team": 0,
        "attack": 4,
        "defense": 3,
        "speed": 3,
        "health": 2,
        "x": 1000,
        "y": 2000,
        "heading": 2,
        "altitude": 0,
        "alive": True,
        "placed": True,
        "ace": False,
        "dealt": 0,
        "fell": 0,
    }
    assert (planes[1]["altitude"], planes[1]["dealt"], planes[2]["ace"]) == (2, 1, True)
    assert (planes[3]["alive"], planes[3]["fell"], planes[3]["health"]) == (False, 1, 0)


def test_every_seat_and_a_spectator_see_the_same_table_but_their_own_name():
    """Nothing is secret once the stats are revealed."""
    state = mid_attack()
    views = [GAME.view(state, seat) for seat in (0, 3, None)]
    assert [v.pop("you") for v in views] == [0, 3, None]
    assert views[0] == views[1] == views[2]


def test_a_views_active_seat_is_the_seat_a_decision_is_due_from():
    """``active`` names whoever must decide now: the placing seat, the plane to
    fly or attack, a team's first flying seat ordering it, the attacker then the
    defender re-rolling; -1 when everyone decides at once (the secret stats).
    Checked wherever whole matches, teams and free-for-all, asked for an action."""
    seen = set()
    for bots, options in ((["random"] * 4, {"teams": "2v2"}), (["random"] * 3, {})):
        for seed in range(4):
            events = match_of(bots, seed, **options).log.events
            state = GAME.evolve(None, events[0])
            for before, event in zip(events, events[1:]):
                if event.type == "ActionSubmitted" and before.type != "ActionSubmitted":
                    due = GAME.pending(state)
                    active = GAME.view(state, None)["active"]
                    assert active == (due[0].seat if len(due) == 1 else -1), before
                    seen.add(due[0].prompt if len(due) == 1 else len(due))
                state = GAME.evolve(state, event)
    assert {"place", "fly", "attack", "reroll", "team order", 3} <= seen


def test_no_seat_is_active_where_no_decision_is_due():
    """-1 after the last placement, once both sides of an attack have re-rolled
    (the damage comes next), for a team whose planes have all fallen, in the
    stats phase and once the match is over."""
    duel = [plane(0, 1000, 2000), plane(1, 3000, 2000)]
    placed = table(duel, phase="place", place_order=(0, 1), placing=2)
    rolled = replace(mid_attack(), combat=replace(mid_attack().combat, attack_rerolls=0))
    fallen = [plane(0, 1000, 2000), replace(plane(1, 3000, 2000), alive=False)]
    team_down = table(fallen, queue=(), team_queue=(1,))
    states = [placed, rolled, team_down, table(duel, phase="stats"), table(duel, phase="over")]
    for state in states:
        assert GAME.view(state, None)["active"] == -1
    defender = replace(rolled, combat=replace(rolled.combat, defense_rerolls=1))
    assert GAME.view(defender, None)["active"] == 2
    team_turn = table(duel, queue=(), team_queue=(1,))
    assert GAME.view(team_turn, None)["active"] == 1


def test_asking_for_the_combat_when_none_is_resolved_is_refused_naming_the_phase():
    with pytest.raises(RulesError, match="^no combat is being resolved in the play phase$"):
        in_combat(table([plane(0, 1000, 2000), plane(1, 3000, 2000)], stage="attack"))

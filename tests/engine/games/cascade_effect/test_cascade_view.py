"""What a seat sees (``view.py``, RULES.md "Views and the log"): the whole field,
every robot, goal, score and drawn card, alliances by name; the only secret is
the order of the face-down deck, of which the view shows the size (a finished
match's replay, ``omniscient``, shows the order too)."""

from __future__ import annotations

import json
from dataclasses import replace

from ce_helpers import BLUE60, RED30, RED90, E, N, S, W, move_goal, position, put, sq

from engine.games.cascade_effect import GAME
from engine.games.cascade_effect.state import State
from engine.games.cascade_effect.view import view


def mid_end_game() -> State:
    """Round 20 (end game), the structure in position 3, R2 moving with a boost."""
    state = position(seats=4, centre=3, round_=20, deck=("minor_penalty", "overdrive"))
    state = put(state, 0, sq(2, 4), E, goal=RED30, turns=19, scored_last=True, skips=1)
    state = put(state, 1, sq(5, 1), W, primed=True, extra=True, boost=2)
    state = put(state, 2, sq(3, 6), S, turns=18)
    state = put(state, 3, sq(6, 6), N)
    state = move_goal(state, BLUE60, sq(6, 4), cm=20)
    state = replace(
        state, goals=tuple(replace(g, cm=12) if g.id == RED30 else g for g in state.goals)
    )
    state = move_goal(state, RED90, sq(2, 5), cm=7)
    return replace(
        state,
        index=2,
        fallen=(False, True),
        centre_cm=(4, 0),
        penalties=(10, 30),
        discard=("clean_match", "kickstand_bump"),
        last_card="kickstand_bump",
        step="move",
        declared="climb",
        target=sq(2, 1),
        die=3,
        extra_turn=True,
        bonus_moves=2,
        result="",
    )


def robot(id_, alliance, seat, sq_, facing, **fields):
    base = {
        "id": id_,
        "alliance": alliance,
        "seat": seat,
        "sq": sq_,
        "facing": facing,
        "goal": -1,
        "turns": 0,
        "scored_last": False,
        "primed": False,
        "skips": 0,
        "extra": False,
        "boost": 0,
    }
    return base | fields


def goal(id_, alliance, size, sq_, cm=0, robot_=-1):
    return {"id": id_, "alliance": alliance, "size": size, "sq": sq_, "cm": cm, "robot": robot_}


def test_a_seat_sees_the_whole_field_every_robot_goal_score_and_card_but_not_the_deck():
    shown = view(mid_end_game(), 1)
    assert shown == {
        "you": 1,
        "seats": 4,
        "phase": "play",
        "alliance": "red",  # 4 seats: seats 0 and 1 are red
        "position": 3,
        "field": {
            "ramp": [[sq(1, 1), sq(2, 1)], [sq(5, 1), sq(6, 1)]],
            "ramp_start": [[sq(1, 2), sq(2, 2)], [sq(5, 2), sq(6, 2)]],
            "park": [[sq(1, 6), sq(2, 6)], [sq(5, 6), sq(6, 6)]],
            "park_approach": [
                sorted([sq(1, 5), sq(2, 5), sq(3, 6)]),
                sorted([sq(6, 5), sq(5, 5), sq(4, 6)]),
            ],
            "structure": [sq(3, 4), sq(4, 4)],  # position 3: row 4
            "kickstand_squares": [[sq(3, 3), sq(4, 3)], [sq(3, 5), sq(4, 5)]],
            "short_sides": [[sq(2, 4), E], [sq(5, 4), W]],
        },
        "robots": [
            robot(0, "red", 0, sq(2, 4), E, goal=RED30, turns=19, scored_last=True, skips=1),
            robot(1, "blue", 2, sq(5, 1), W, primed=True, extra=True, boost=2),
            robot(2, "red", 1, sq(3, 6), S, turns=18),
            robot(3, "blue", 3, sq(6, 6), N),
        ],
        "goals": [
            goal(0, "red", 30, sq(2, 4), cm=12, robot_=0),
            goal(1, "red", 60, sq(1, 4)),
            goal(2, "red", 90, sq(2, 5), cm=7),
            goal(3, "blue", 30, sq(6, 3)),
            goal(4, "blue", 60, sq(6, 4), cm=20),
            goal(5, "blue", 90, sq(5, 5)),
        ],
        "fallen": [False, True],
        "centre_cm": [4, 0],
        "penalties": [10, 30],
        "deck": 2,  # how many, never which
        "discard": ["clean_match", "kickstand_bump"],
        "last_card": "kickstand_bump",
        "placing": 4,
        "turn_order": [0, 1, 2, 3],
        "active": 2,
        "round": 20,
        "endgame": True,
        "step": "move",
        "declared": "climb",
        "declared_target": sq(2, 1),
        "die": 3,
        "extra_turn": True,
        "bonus_moves": 2,
        "rolls": [18, 6],
        # rule 11: tubes x1/x2/x3, centre x6, the other alliance's penalties
        "banked": [12 + 7 * 3 + 4 * 6 + 30, 20 * 2 + 10],
        "score": [
            {
                "cm": {"30": 12, "60": 0, "90": 7},
                "centre_cm": 4,
                "tubes": 12 + 21,
                "centre": 24,
                "bridge": 0,
                "parking": 0,
                "penalties": 30,
                "total": 33 + 24 + 30,
            },
            {
                "cm": {"30": 0, "60": 20, "90": 0},
                "centre_cm": 0,
                "tubes": 40,
                "centre": 0,
                "bridge": 30,  # B1 on its own bridge
                "parking": 20,  # B2 in its own parking zone
                "penalties": 10,
                "total": 40 + 30 + 20 + 10,
            },
        ],
        "facings": ["N", "E", "S", "W"],
        "result": "",
    }


def test_blue_seats_see_blue_and_a_spectator_no_alliance_and_the_rest_alike():
    state = mid_end_game()
    seat1 = view(state, 1)
    for seat, alliance in ((0, "red"), (2, "blue"), (3, "blue"), (None, None)):
        shown = view(state, seat)
        assert (shown.pop("you"), shown.pop("alliance")) == (seat, alliance)
        assert shown == {k: v for k, v in seat1.items() if k not in ("you", "alliance")}
    assert GAME.view(state, 2) == view(state, 2)


def test_a_finished_replay_shows_the_deck_order_and_nobody_else_does():
    state = mid_end_game()
    assert "deck_order" not in view(state, 0)
    assert "deck_order" not in view(state, None)
    shown = view(state, None, omniscient=True)
    assert shown.pop("deck_order") == ["minor_penalty", "overdrive"]
    assert shown == view(state, None)


def test_before_the_structure_is_placed_the_field_has_no_structure_and_nobody_is_active():
    """The structure's position is rolled at set-up; until then the view shows no
    structure, kickstand or short-side squares, and no turn order."""
    state = replace(position(seats=2), position=0, order=(), phase="place", round=0)
    shown = view(state, 0)
    assert shown["position"] == 0
    assert shown["field"]["structure"] == []
    assert shown["field"]["kickstand_squares"] == []
    assert shown["field"]["short_sides"] == []
    assert shown["field"]["ramp"] == [[sq(1, 1), sq(2, 1)], [sq(5, 1), sq(6, 1)]]
    assert (shown["turn_order"], shown["active"], shown["endgame"]) == ([], -1, False)
    # 2 seats: R2 and B2 are unused pieces, seat -1
    assert [(r["id"], r["seat"]) for r in shown["robots"]] == [(0, 0), (1, 1), (2, -1), (3, -1)]
    assert (shown["alliance"], view(state, 1)["alliance"]) == ("red", "blue")


def test_the_view_is_plain_json():
    """Every value a bot reads is JSON: lists, not tuples."""
    shown = view(mid_end_game(), 0, omniscient=True)
    assert json.loads(json.dumps(shown)) == shown

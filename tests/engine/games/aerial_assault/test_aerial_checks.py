"""Aerial Assault's legal actions (``checks.py``): what is checked when a play is
submitted (RULES.md, "A card play"), each refusal with its exact reason, the
plays at the edge of each check that are legal, an autonomous program, a seat
driving two robots, the default play and the robots a revealed block may name."""

from __future__ import annotations

from dataclasses import replace

import pytest
from aa_helpers import (
    BLUE_SZ1,
    BLUE_SZ2,
    BLUE_WHITE,
    FAST_CATAPULT,
    MECANUM_CATAPULT,
    RED_SZ1,
    RED_SZ2,
    RED_WHITE,
    TANK_CATAPULT,
    scene,
    stay,
)

from engine.games.aerial_assault import GAME
from engine.games.aerial_assault import cards as C

FLYWHEEL = ("tank_drive", "flywheel", "spinning_stick")
SPECIALS = ("S12", "S14", "S18")


def _state(zone=RED_SZ1, parts=TANK_CATAPULT, forced="", blue_zone=BLUE_SZ1):
    state = scene([("red", zone, parts, SPECIALS), ("blue", blue_zone, TANK_CATAPULT)])
    return replace(state, robots=(replace(state.robots[0], forced=forced), state.robots[1]))


def _reason(state, action, seat=0):
    return next(d for d in GAME.pending(state) if d.seat == seat).reject_reason(action)


def _move(direction, dist, card="B1"):
    return {"card": card, "side": "top", "steps": [{"act": "move", "dir": direction, "dist": dist}]}


def _one(card, side, *steps):
    return {"card": card, "side": side, "steps": list(steps)}


def _pass(direction, dist):
    return _one("B1", "bottom", {"act": "pass", "dir": direction, "dist": dist})


HIGH, LOW, TRUSS = {"act": "high"}, {"act": "low"}, {"act": "truss"}
MOVE_KEYS = "a move step has exactly the keys ['act', 'dir', 'dist']"
BAD_MOVE = "a move has dir -1 or 1 and dist 1 or more"
BAD_PASS = "a pass has dist 0 (dir 0) or dist 1-2 (dir -1 or 1)"

REFUSED = [
    ("not an object", RED_SZ1, "B1", "a play is an object"),
    (
        "unknown keys",
        RED_SZ1,
        {"card": "B1", "side": "down", "zz": 1, "aa": 2},
        "unknown key 'aa' in a play",
    ),
    ("card not held", RED_SZ1, {"card": "S01", "side": "down"}, "card 'S01' is not in the hand"),
    ("order below 0", RED_SZ1, {**stay("B1"), "order": -1}, "order is an integer 0-9"),
    ("order above 9", RED_SZ1, {**stay("B1"), "order": 10}, "order is an integer 0-9"),
    ("order a string", RED_SZ1, {**stay("B1"), "order": "1"}, "order is an integer 0-9"),
    (
        "face down with steps",
        RED_SZ1,
        {**stay("B1"), "steps": [HIGH]},
        "a face-down card has no steps",
    ),
    ("no such side", RED_SZ1, _one("B1", "left", HIGH), "side is 'top', 'bottom' or 'down'"),
    (
        "steps not a list",
        RED_SZ1,
        {"card": "B1", "side": "bottom", "steps": HIGH},
        "this side takes a list of 1 step(s)",
    ),
    ("one step of two", RED_SZ2, _one("S12", "top", HIGH), "this side takes a list of 2 step(s)"),
    (
        "a step not an object",
        RED_SZ1,
        _one("B1", "bottom", "high"),
        "a step is null or an object with an 'act'",
    ),
    (
        "an act not a string",
        RED_SZ1,
        _one("B1", "bottom", {"act": 1}),
        "a step is null or an object with an 'act'",
    ),
    ("the wrong act", RED_SZ1, _one("B1", "top", HIGH), "a move action cannot be used to high"),
    (
        "a catch to pick up",
        RED_SZ1,
        _one("B4", "top", {"act": "pickup"}),
        "a catch action cannot be used to pickup",
    ),
    (
        "a block with a target",
        BLUE_SZ1,
        _one("B2", "bottom", {"act": "block", "target": 1}),
        'a block step is {"act": "block"}: its target is named after the cards are revealed',
    ),
    ("a move without a dist", RED_SZ2, _one("B1", "top", {"act": "move", "dir": 1}), MOVE_KEYS),
    (
        "a high goal with a dir",
        RED_SZ1,
        _one("B1", "bottom", {"act": "high", "dir": 1}),
        "a high step has exactly the keys ['act']",
    ),
    (
        "a block with a dir",
        BLUE_SZ1,
        _one("B2", "bottom", {"act": "block", "dir": 1}),
        "a block step has exactly the keys ['act']",
    ),
    ("move dir 0", RED_SZ2, _move(0, 1), BAD_MOVE),
    ("move dir 2", RED_SZ2, _move(2, 1), BAD_MOVE),
    ("move dir true", RED_SZ2, _move(True, 1), BAD_MOVE),
    ("move dist 0", RED_SZ2, _move(1, 0), BAD_MOVE),
    ("move dist a float", RED_SZ2, _move(1, 1.0), BAD_MOVE),
    ("tank moves 2", RED_SZ2, _move(1, 2), "this move goes at most 1 zone(s)"),
    ("move 2 goes 3", BLUE_SZ1, _move(-1, 3, "S18"), "this move goes at most 2 zone(s)"),
    ("move off the red end", RED_SZ1, _move(-1, 1), "that move leaves the field"),
    (
        "low from Shoot Zone 2",
        RED_SZ2,
        _one("B1", "top", LOW),
        "low goals only from your own Shoot Zone 1",
    ),
    (
        "low from the far end",
        BLUE_SZ1,
        _one("B1", "top", LOW),
        "low goals only from your own Shoot Zone 1",
    ),
    (
        "high out of range",
        RED_SZ2,
        _one("B1", "bottom", HIGH),
        "the goals are out of this shooter's range from here",
    ),
    (
        "high from the far half",
        BLUE_SZ1,
        _one("B1", "bottom", HIGH),
        "the goals are out of this shooter's range from here",
    ),
    (
        "truss from home",
        RED_SZ1,
        _one("B3", "top", TRUSS),
        "trusses are thrown from the opposing half only",
    ),
    (
        "truss too far",
        BLUE_SZ2,
        _one("B3", "top", TRUSS),
        "the truss is out of this shooter's range from here",
    ),
    ("pass dist 3", RED_SZ2, _pass(1, 3), BAD_PASS),
    ("pass dist 0 dir 1", RED_SZ2, _pass(1, 0), BAD_PASS),
    ("pass dist 1 dir 0", RED_SZ2, _pass(0, 1), BAD_PASS),
    ("pass dir 2", RED_SZ2, _pass(2, 1), BAD_PASS),
    ("pass dir a string", RED_SZ2, _pass("1", 1), BAD_PASS),
    ("pass dist a string", RED_SZ2, _pass(1, "1"), BAD_PASS),
    ("pass dir true", RED_SZ2, _pass(True, 1), BAD_PASS),
    ("pass dist true", RED_SZ2, _pass(1, True), BAD_PASS),
    ("pass dist a float", RED_SZ2, _pass(1, 1.0), BAD_PASS),
    ("pass off the red end", RED_SZ1, _pass(-1, 1), "that pass leaves the field"),
    ("pass 2 off the red end", RED_SZ2, _pass(-1, 2), "that pass leaves the field"),
]


@pytest.mark.parametrize(
    ("zone", "play", "reason"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_an_illegal_play_is_refused_with_its_reason(zone, play, reason):
    assert _reason(_state(zone), [play]) == f"robot 0: {reason}"


def test_the_far_edges_of_the_field_refuse_moves_and_passes_past_them():
    state = scene([("red", RED_SZ1, TANK_CATAPULT), ("blue", BLUE_SZ1, TANK_CATAPULT)])
    assert _reason(state, [_move(1, 1)], seat=1) == "robot 1: that move leaves the field"
    assert _reason(state, [_pass(1, 1)], seat=1) == "robot 1: that pass leaves the field"


LEGAL = [
    ("face down", RED_SZ1, TANK_CATAPULT, stay("B1")),
    ("face down with no steps", RED_SZ1, TANK_CATAPULT, {**stay("B1"), "steps": []}),
    ("face down with null steps", RED_SZ1, TANK_CATAPULT, {**stay("B1"), "steps": None}),
    ("order 0", RED_SZ1, TANK_CATAPULT, {**stay("B1"), "order": 0}),
    ("order 9", RED_SZ1, TANK_CATAPULT, {**stay("B1"), "order": 9}),
    ("a step skipped", RED_SZ1, TANK_CATAPULT, _one("B1", "top", None)),
    ("move to the red end", RED_SZ2, TANK_CATAPULT, _move(-1, 1)),
    ("move to the blue end", BLUE_SZ2, TANK_CATAPULT, _move(1, 1)),
    ("move 2 with a tank", RED_SZ1, TANK_CATAPULT, _move(1, 2, "S18")),
    ("a fast tank announces 2", RED_SZ1, FAST_CATAPULT, _move(1, 2)),
    ("a mecanum moves 2", RED_SZ1, MECANUM_CATAPULT, _move(1, 2)),
    ("a low goal from Shoot Zone 1", RED_SZ1, TANK_CATAPULT, _one("B1", "top", LOW)),
    ("a low goal on a shoot side", RED_SZ1, TANK_CATAPULT, _one("B1", "bottom", LOW)),
    ("a high goal in range", RED_SZ1, TANK_CATAPULT, _one("B1", "bottom", HIGH)),
    ("a flywheel from Shoot Zone 2", RED_SZ2, FLYWHEEL, _one("B1", "bottom", HIGH)),
    ("a truss in range", BLUE_WHITE, TANK_CATAPULT, _one("B3", "top", TRUSS)),
    ("a flywheel truss from 2", BLUE_SZ2, FLYWHEEL, _one("B3", "top", TRUSS)),
    ("a kiss pass", RED_SZ1, TANK_CATAPULT, _pass(0, 0)),
    ("a pass to the red end", RED_SZ2, TANK_CATAPULT, _pass(-1, 1)),
    ("a pass of 2", RED_SZ1, TANK_CATAPULT, _pass(1, 2)),
    ("a block", BLUE_SZ1, TANK_CATAPULT, _one("B2", "bottom", {"act": "block"})),
    (
        "move then shoot from the zone moved to",
        RED_SZ2,
        TANK_CATAPULT,
        _one("S12", "top", {"act": "move", "dir": -1, "dist": 1}, HIGH),
    ),
]


@pytest.mark.parametrize(
    ("zone", "parts", "play"), [case[1:] for case in LEGAL], ids=[case[0] for case in LEGAL]
)
def test_a_legal_play_is_accepted(zone, parts, play):
    assert _reason(_state(zone, parts), [play]) is None


def test_a_double_action_checks_each_step_from_where_the_one_before_left_the_robot():
    """Move then Shoot (S12): the shot is in range after the move, not without it."""
    state = _state(RED_SZ2)
    skipped = _one("S12", "top", None, HIGH)
    reason = "robot 0: the goals are out of this shooter's range from here"
    assert _reason(state, [skipped]) == reason
    away = _one("S12", "top", {"act": "move", "dir": 1, "dist": 1}, HIGH)
    assert _reason(state, [away]) == reason


def test_a_driver_panic_or_a_minor_breakdown_restricts_the_next_play():
    panic = _state(RED_SZ2, forced="card:B1")
    assert _reason(panic, [stay("B2")]) == (
        "robot 0: driver panic: this play must use the card drawn for it ('forced')"
    )
    assert _reason(panic, [_move(1, 1)]) == "robot 0: a panicking robot's move actions are stays"
    assert _reason(panic, [stay("B1")]) is None
    assert _reason(panic, [_one("B1", "top", None)]) is None
    stay_only = _state(RED_SZ2, forced="stay")
    assert (
        _reason(stay_only, [_move(1, 1)]) == "robot 0: minor breakdown: this play must be face down"
    )
    assert _reason(stay_only, [stay("B2")]) is None
    assert _reason(_state(RED_SZ2, forced="panic"), [_move(1, 1)]) is None


def test_a_seat_answers_one_entry_per_robot_it_drives():
    state = scene(
        [
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ]
    )
    state = replace(state, seats=2, controllers=(0, 1, 0, 1))
    assert _reason(state, [stay("B1")]) == (
        "the action is a list of 2 entr(y/ies), one per robot in robot order"
    )
    assert _reason(state, stay("B1")) == (
        "the action is a list of 2 entr(y/ies), one per robot in robot order"
    )
    assert _reason(state, [stay("B1"), _move(1, 2)]) == "robot 2: this move goes at most 1 zone(s)"
    assert _reason(state, [stay("B1"), stay("B2")]) is None
    alone = _state()
    assert (
        _reason(alone, []) == "the action is a list of 1 entr(y/ies), one per robot in robot order"
    )


def test_a_build_is_checked_against_each_robots_own_budget():
    six_weeks = ["tank_drive", "catapult", "spinning_stick", "active_catching"]
    state = _state()
    state = replace(
        state,
        phase="build",
        robots=(replace(state.robots[0], budget=5), replace(state.robots[1], budget=6)),
    )
    assert _reason(state, [six_weeks]) == f"robot 0: {C.build_problem(six_weeks, 5)}"
    assert C.build_problem(six_weeks, 5) is not None
    assert _reason(state, [six_weeks], seat=1) is None


def _auto(zone=RED_WHITE):
    state = scene([("red", zone, TANK_CATAPULT), ("blue", BLUE_WHITE, TANK_CATAPULT)], round_=0)
    return replace(state, phase="auto")


def test_an_autonomous_program_is_three_plays_of_distinct_cards_from_where_each_leaves_the_robot():
    state = _auto()
    back = [_move(-1, 1, "B1"), _move(-1, 1, "B2"), stay("B3")]
    assert _reason(state, [back]) is None
    assert _reason(state, [back[:2]]) == "robot 0: an autonomous program is a list of 3 plays"
    assert _reason(state, [back[0]]) == "robot 0: an autonomous program is a list of 3 plays"
    twice = [_move(-1, 1, "B1"), stay("B1"), stay("B3")]
    assert _reason(state, [twice]) == "robot 0: card 'B1' is not in the hand"
    across = [_move(1, 1, "B1"), stay("B2"), stay("B3")]
    assert _reason(state, [across]) == "robot 0: no crossing the truss in the autonomous round"
    low = [_one("B1", "top", LOW), stay("B2"), stay("B3")]
    assert _reason(_auto(RED_SZ1), [low]) == "robot 0: only high goals in the autonomous round"
    # the third move starts in Shoot Zone 1, where the first two took the robot
    three = [_move(-1, 1, "B1"), _move(-1, 1, "B2"), _one("B3", "bottom", {"act": "pickup"})]
    assert _reason(state, [three]) is None
    shot = [
        _move(-1, 1, "B1"),
        _move(-1, 1, "B2"),
        _one("B3", "top", {"act": "pass", "dir": -1, "dist": 1}),
    ]
    assert _reason(state, [shot]) == "robot 0: that pass leaves the field"


def test_the_default_play_is_the_first_card_of_the_hand_face_down_or_the_card_drawn_for_a_panic():
    state = _state(RED_SZ2)
    (decision,) = [d for d in GAME.pending(state) if d.seat == 0]
    assert decision.default == [{"card": "B1", "side": "down"}]
    played = replace(state, robots=(replace(state.robots[0], played=("B1",)), state.robots[1]))
    assert [d for d in GAME.pending(played) if d.seat == 0][0].default == [
        {"card": "B2", "side": "down"}
    ]
    panic = _state(RED_SZ2, forced="card:S14")
    assert [d for d in GAME.pending(panic) if d.seat == 0][0].default == [
        {"card": "S14", "side": "down"}
    ]


def _naming(state, plays):
    actions = {d.seat: [plays.get(d.seat, stay("B1"))] for d in GAME.pending(state)}
    events = GAME.resolve(state, actions, None)
    for e in events:
        state = GAME.evolve(state, e)
    return state


def test_a_block_names_only_opposing_robots_where_the_block_happens():
    """Move then Block (S14): the targets are in the zone the move announces; with
    the move skipped, in the robot's own zone; never an ally, never a robot in
    another zone."""
    state = scene(
        [
            ("red", BLUE_SZ2, TANK_CATAPULT, ["S14"]),
            ("blue", BLUE_SZ2, TANK_CATAPULT),
            ("red", BLUE_SZ1, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ]
    )
    moved = _naming(
        state, {0: _one("S14", "top", {"act": "move", "dir": 1, "dist": 1}, {"act": "block"})}
    )
    (decision,) = GAME.pending(moved)
    assert decision.legal == [{"target": 3}]
    stayed = _naming(state, {0: _one("S14", "top", None, {"act": "block"})})
    (decision,) = GAME.pending(stayed)
    assert decision.legal == [{"target": 1}]
    down = _naming(state, {0: stay("S14")})
    assert down.phase == "play"


def test_a_move_then_block_to_the_end_of_the_field_names_the_robots_there():
    state = scene(
        [
            ("red", RED_SZ1, TANK_CATAPULT),
            ("blue", RED_SZ2, TANK_CATAPULT, ["S14"]),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ]
    )
    move_block = _one("S14", "top", {"act": "move", "dir": -1, "dist": 1}, {"act": "block"})
    (decision,) = GAME.pending(_naming(state, {1: move_block}))
    assert decision.legal == [{"target": 0}]


def test_a_move_goes_as_far_as_the_drive_allows():
    """Kit-Bot and Tank 1 zone; Mecanum and Swerve 2; a Fast Tank may announce 2."""
    reach = {
        ("kitbot_drive", "puncher", "spinning_stick"): 1,
        TANK_CATAPULT: 1,
        MECANUM_CATAPULT: 2,
        ("swerve_drive", "puncher", "spinning_stick"): 2,
        FAST_CATAPULT: 2,
    }
    for parts, most in reach.items():
        state = _state(RED_SZ1, parts)
        assert _reason(state, [_move(1, most)]) is None
        assert (
            _reason(state, [_move(1, most + 1)])
            == f"robot 0: this move goes at most {most} zone(s)"
        )


def test_a_two_zone_move_then_block_names_the_robots_two_zones_on():
    state = scene(
        [
            ("red", BLUE_WHITE, MECANUM_CATAPULT, ["S14"]),
            ("blue", BLUE_SZ2, TANK_CATAPULT),
            ("red", RED_SZ2, TANK_CATAPULT),
            ("blue", BLUE_SZ1, TANK_CATAPULT),
        ]
    )
    move_block = _one("S14", "top", {"act": "move", "dir": 1, "dist": 2}, {"act": "block"})
    (decision,) = GAME.pending(_naming(state, {0: move_block}))
    assert decision.legal == [{"target": 3}]


def test_a_seat_driving_two_robots_has_each_robots_build_checked():
    state = scene(
        [("red", RED_SZ1, ()), ("blue", BLUE_SZ1, ()), ("red", RED_SZ1, ()), ("blue", BLUE_SZ1, ())]
    )
    state = replace(state, phase="build", seats=2, controllers=(0, 1, 0, 1))
    good, bad = list(TANK_CATAPULT), ["tank_drive", "catapult"]
    assert _reason(state, [good, good]) is None
    assert _reason(state, [good, bad]) == f"robot 2: {C.build_problem(bad, 6)}"
    assert _reason(state, [bad, good]) == f"robot 0: {C.build_problem(bad, 6)}"


def test_a_seat_driving_two_robots_has_each_robots_program_checked():
    state = scene(
        [
            ("red", RED_WHITE, TANK_CATAPULT),
            ("blue", BLUE_WHITE, TANK_CATAPULT),
            ("red", RED_WHITE, TANK_CATAPULT),
            ("blue", BLUE_WHITE, TANK_CATAPULT),
        ],
        round_=0,
    )
    state = replace(state, phase="auto", seats=2, controllers=(0, 1, 0, 1))
    good = [stay("B1"), stay("B2"), stay("B3")]
    across = [_move(1, 1, "B1"), stay("B2"), stay("B3")]
    assert _reason(state, [good, good]) is None
    assert (
        _reason(state, [good, across]) == "robot 2: no crossing the truss in the autonomous round"
    )

"""``plays.play_options``, the bots' list of a robot's card plays: every play the
rules accept (checks.py) and nothing else, less the two kinds RULES.md and the
module leave out for the bots (a play whose every step is skipped, and a block
with nobody to name), each once, with the zone the robot ends in."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest
from aa_helpers import (
    BLUE_SZ2,
    BLUE_WHITE,
    MECANUM_CATAPULT,
    RED_SZ1,
    RED_SZ2,
    RED_WHITE,
    TANK_CATAPULT,
    scene,
)

from engine.games.aerial_assault import GAME
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault import plays as P
from engine.games.aerial_assault.checks import play_problem

FAST_TANK_FLYWHEEL = ("fast_tank_drive", "flywheel", "spinning_stick")
KITBOT_SUPER = ("kitbot_drive", "super_catapult", "spinning_stick")
SWERVE_CLAW = ("swerve_drive", "claw_shooter")

#: every step a slot could hold, legal or not
STEPS = (
    [None, {"act": "low"}, {"act": "high"}, {"act": "truss"}]
    + [{"act": a} for a in ("catch", "pickup", "block")]
    + [{"act": "move", "dir": d, "dist": n} for d in (-1, 1) for n in (1, 2, 3)]
    + [{"act": "pass", "dir": d, "dist": n} for d, n in ((0, 0), (-1, 1), (-1, 2), (1, 1), (1, 2))]
)


@pytest.fixture(autouse=True)
def fresh_tables():
    """The play tables are cached across calls: each test builds its own."""
    for cached in (P._context, P._side_runs, P._step_shapes, P._card_runs):
        cached.cache_clear()


def expected(state, view, r, hand, zone, auto):
    """Every (play, end zone) the rules accept, by brute force, in a canonical form."""
    robot = view["robots"][r]
    out = []
    for card in hand:
        down = {"card": card, "side": "down"}
        if play_problem(state, r, down, tuple(hand), zone, auto)[0] is None:
            out.append((down, zone))
        for side in ("top", "bottom"):
            slots = getattr(C.CARD_BY_ID[card], side)
            for steps in product(STEPS, repeat=len(slots)):
                if all(s is None for s in steps):
                    continue  # a play that does nothing
                play = {"card": card, "side": side, "steps": list(steps)}
                problem, end = play_problem(state, r, play, tuple(hand), zone, auto)
                if problem is None and _block_has_a_target(view, r, zone, steps, robot):
                    out.append((play, end))
    return out


def _block_has_a_target(view, r, zone, steps, robot):
    for step in steps:
        if step is None:
            continue
        if step["act"] == "move":
            zone += step["dir"] * step["dist"]
        elif step["act"] == "block":
            return bool(P.block_targets(view, r, zone))
    return True


def key(entry):
    play, zone = entry
    return repr((sorted(play.items()), zone))


def check(state, r, hand=None, zone=None, auto=False, seat=None):
    view = GAME.view(state, r if seat is None else seat)
    robot = view["robots"][r]
    hand = list(robot["hand"] if hand is None else hand)
    zone = robot["zone"] if zone is None else zone
    forced = state.robots[r].forced
    listed = list(P.play_options(view, r, hand, zone, auto))
    hand_checked = [forced[5:]] if forced.startswith("card:") else hand
    want = expected(state, view, r, hand_checked, zone, auto)
    assert sorted(map(key, listed)) == sorted(map(key, want))
    assert len(listed) == len(want)  # each once
    return listed


ALL_CARDS = [c.id for c in C.BASIC + C.SPECIAL]


@pytest.mark.parametrize(
    "parts", [TANK_CATAPULT, MECANUM_CATAPULT, FAST_TANK_FLYWHEEL, KITBOT_SUPER]
)
@pytest.mark.parametrize("alliance", ["red", "blue"])
def test_every_legal_play_of_every_card_from_every_zone_is_listed_once(parts, alliance):
    other = "blue" if alliance == "red" else "red"
    state = scene([(alliance, RED_SZ2, parts), (other, BLUE_SZ2, TANK_CATAPULT)])
    for zone in range(6):
        check(state, 0, hand=ALL_CARDS, zone=zone)


@pytest.mark.parametrize("alliance", ["red", "blue"])
def test_autonomous_plays_stay_on_the_robots_half_and_shoot_only_high_goals(alliance):
    state = scene([(alliance, RED_WHITE, FAST_TANK_FLYWHEEL), ("blue", BLUE_WHITE, KITBOT_SUPER)])
    for zone in range(6):
        listed = check(state, 0, hand=ALL_CARDS, zone=zone, auto=True)
        assert not any(s and s["act"] == "low" for play, _ in listed for s in play.get("steps", []))


def test_blocks_are_listed_only_where_an_opponent_stands_other_than_the_last_one_blocked():
    robots = [
        ("red", RED_WHITE, MECANUM_CATAPULT),
        ("blue", BLUE_WHITE, TANK_CATAPULT),
        ("blue", RED_SZ2, TANK_CATAPULT),
        ("red", BLUE_WHITE, TANK_CATAPULT),  # a teammate is no target
    ]
    state = scene(robots)
    for zone in range(6):
        check(state, 0, hand=ALL_CARDS, zone=zone)
    blocked = replace(state, robots=(replace(state.robots[0], last_block=1), *state.robots[1:]))
    for zone in range(6):
        check(blocked, 0, hand=ALL_CARDS, zone=zone)
    view = GAME.view(blocked, 0)
    assert P.block_targets(view, 0, BLUE_WHITE) == []
    assert P.block_targets(GAME.view(state, 0), 0, BLUE_WHITE) == [1]
    assert P.block_targets(view, 0, RED_SZ2) == [2]
    assert P.block_targets(view, 1, RED_WHITE) == [0]


def test_a_broken_down_robot_plays_face_down_and_a_panicking_one_its_drawn_card_without_moves():
    robots = [("red", RED_SZ1, SWERVE_CLAW), ("blue", RED_SZ1, TANK_CATAPULT)]
    state = scene(robots)
    stay = replace(state, robots=(replace(state.robots[0], forced="stay"), state.robots[1]))
    listed = check(stay, 0)
    assert [play for play, _ in listed] == [
        {"card": c, "side": "down"} for c in state.robots[0].hand
    ]
    for card in ("S14", "S12", "B1", "S24"):
        drawn = replace(state.robots[0], forced=f"card:{card}", specials=(card,))
        panic = replace(state, robots=(drawn, state.robots[1]))
        listed = check(panic, 0)
        assert {play["card"] for play, _ in listed} == {card}
        assert listed[0] == ({"card": card, "side": "down"}, RED_SZ1)


def test_the_plays_read_by_index_are_the_plays_listed_and_out_of_range_is_an_error():
    state = scene([("red", RED_SZ2, MECANUM_CATAPULT), ("blue", RED_SZ2, TANK_CATAPULT)])
    view = GAME.view(state, 0)
    plays = P.play_options(view, 0, ["B1", "S14", "B2", "S24", "S18"], RED_SZ2, False)
    listed = list(plays)
    assert len(plays) == len(listed) > 20
    assert [plays[i] for i in range(len(plays))] == listed
    assert [plays[-i] for i in range(1, len(plays) + 1)] == listed[::-1]
    for bad in (len(plays), -len(plays) - 1):
        with pytest.raises(IndexError, match=f"^{bad}$"):  # the error names the index
            plays[bad]
    # each card's plays start with the card face down, the cards in hand order
    downs = [i for i, (play, _) in enumerate(listed) if play["side"] == "down"]
    assert [listed[i][0]["card"] for i in downs] == ["B1", "S14", "B2", "S24", "S18"]
    assert downs[0] == 0
    empty = P.play_options(view, 0, [], RED_SZ2, False)
    assert len(empty) == 0 and list(empty) == []
    with pytest.raises(IndexError):
        empty[0]


@pytest.mark.parametrize(
    "parts, move, move2",
    [
        (("kitbot_drive", "catapult", "spinning_stick"), 1, 2),
        (TANK_CATAPULT, 1, 2),
        (MECANUM_CATAPULT, 2, 2),
        (FAST_TANK_FLYWHEEL, 2, 2),  # 1, or 2 on a roll
        (("swerve_drive", "catapult", "spinning_stick"), 2, 2),
    ],
)
def test_a_move_goes_as_far_as_the_drive_and_a_move_2_two_zones(parts, move, move2):
    robot = {"parts": list(parts)}
    assert (P.max_move(robot, "move"), P.max_move(robot, "move2")) == (move, move2)
    assert P.part(robot, "drive").kind == "drive" and P.part(robot, "shooter").id == parts[1]

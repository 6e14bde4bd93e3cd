"""Shots and trusses as a card play resolves them: the high and low goals, a
truss and its catch, a goal scored and a missed ball's landing."""

from __future__ import annotations

from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.events import (
    BALL_DROPPED,
    BALL_OUT,
    BALL_SCORED,
    CAUGHT,
    DICE_ROLLED,
    MISSED_SHOT,
    TRUSSED,
)
from engine.games.aerial_assault.field import (
    ALLIANCES,
    other,
    shoot_range,
    shoot_zone_1,
    truss_range,
    white_zone,
)
from engine.games.aerial_assault.play_context import Ctx, Play, fail, roll
from engine.games.aerial_assault.state import MAX_HELD, Ball, floor_balls, held_by

MISSED_SHOT_ROLL = {1: "out", 2: "out", 3: "under", 4: "under", 5: "zone2", 6: "white"}
MISSED_TRUSS_ROLL = {
    1: "out",
    2: "out",
    3: "zone2_far",
    4: "zone2_far",
    5: "zone2_near",
    6: "zone2_near",
}


def _score(ctx: Ctx, p: Play, ball: Ball, goal: str, auto: bool) -> None:
    s = ctx.state
    alliance = ball.color
    points = (20 if auto else 10) if goal == "high" else 0
    assists = [] if auto else [r for r in ball.possessors if r != p.robot]
    removed = s.scored[ALLIANCES.index(alliance)] < s.removed_first
    ctx.emit(
        BALL_SCORED,
        {
            "ball": ball.id,
            "alliance": alliance,
            "goal": goal,
            "shooter": p.robot,
            "points": points,
            "assist_robots": assists,
            "assist_points": 10 * len(assists),
            "removed": removed,
        },
    )


def _missed(ctx: Ctx, p: Play, ball: Ball, table: dict[int, str], fallback_zone: int) -> None:
    """The optional missed-shots table after a natural 1."""
    robot = ctx.state.robots[p.robot]
    a = robot.alliance
    die = ctx.rng.die()
    where = table[die]
    zone = {
        "under": white_zone(other(a)),
        "zone2": 1 if a == "red" else 4,
        "white": white_zone(a),
        "zone2_far": 1 if a == "red" else 4,
        "zone2_near": 4 if a == "red" else 1,
    }.get(where, fallback_zone)
    ctx.emit(MISSED_SHOT, {"robot": p.robot, "ball": ball.id, "die": die, "result": where})
    if where == "out":
        ctx.emit(BALL_OUT, {"ball": ball.id})
    else:
        ctx.emit(BALL_DROPPED, {"ball": ball.id, "zone": zone})


def do_high(ctx: Ctx, p: Play, slot: tuple[Any, ...], auto: bool) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    held = held_by(s, p.robot)
    rng_ = shoot_range(robot.alliance, robot.zone)
    shooter = robot.part("shooter")
    if not held:
        return fail(ctx, p.robot, "high", "the robot holds no ball")
    if rng_ is None or rng_ > shooter.range:
        return fail(ctx, p.robot, "high", "the goals are out of range")
    ball = held[0]
    die, ok = roll(ctx, p, slot, "high goal", slot[1], shooter.shoot, s.missed_shots)
    if ok:
        _score(ctx, p, ball, "high", auto)
    elif s.missed_shots and die == 1:
        _missed(ctx, p, ball, MISSED_SHOT_ROLL, robot.zone)
    else:
        ctx.emit(BALL_DROPPED, {"ball": ball.id, "zone": robot.zone})


def do_low(ctx: Ctx, p: Play) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    if robot.zone != shoot_zone_1(robot.alliance):
        return fail(ctx, p.robot, "low", "low goals only from Shoot Zone 1")
    balls = held_by(s, p.robot) or floor_balls(s, robot.alliance, robot.zone)
    if not balls:
        return fail(ctx, p.robot, "low", "no ball held or on the floor here")
    ball = balls[0]
    die = ctx.rng.die()
    ok = die >= C.LOW_NEED
    ctx.emit(
        DICE_ROLLED,
        {
            "robot": p.robot,
            "for": "low goal",
            "die": die,
            "mod": 0,
            "need": C.LOW_NEED,
            "success": ok,
        },
    )
    if ok:
        _score(ctx, p, ball, "low", False)
    elif ball.where == "held":
        ctx.emit(BALL_DROPPED, {"ball": ball.id, "zone": robot.zone})


def do_truss(ctx: Ctx, p: Play, slot: tuple[Any, ...], plays: dict[int, Play]) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    a = robot.alliance
    held = [b for b in held_by(s, p.robot) if not b.trussed]
    rng_ = truss_range(a, robot.zone)
    shooter = robot.part("shooter")
    if not held:
        return fail(ctx, p.robot, "truss", "the robot holds no ball that may be trussed")
    if rng_ is None or rng_ > shooter.range:
        return fail(ctx, p.robot, "truss", "the truss is out of range")
    ball = held[0]
    die, ok = roll(ctx, p, slot, "truss", slot[1], shooter.truss, s.missed_shots)
    if not ok:
        if s.missed_shots and die == 1:
            return _missed(ctx, p, ball, MISSED_TRUSS_ROLL, white_zone(other(a)))
        return ctx.emit(BALL_DROPPED, {"ball": ball.id, "zone": white_zone(other(a))})
    ctx.emit(TRUSSED, {"ball": ball.id, "robot": p.robot, "points": 10})
    home = white_zone(a)
    catchers = sorted(
        (
            q
            for q in plays.values()
            if q.robot != p.robot
            and ctx.state.robots[q.robot].alliance == a
            and ctx.state.robots[q.robot].zone == home
            and q.wants("catch")
            and len(held_by(ctx.state, q.robot)) < MAX_HELD
        ),
        key=lambda q: (q.order, q.robot),
    )
    if not catchers:
        return ctx.emit(BALL_DROPPED, {"ball": ball.id, "zone": home})
    q = catchers[0]
    q.used = True
    cslot = next(sl for sl, st in zip(q.slots, q.steps) if st is not None and st["act"] == "catch")
    mod = ctx.state.robots[q.robot].catch_mod + cslot[1]
    _, caught = roll(ctx, q, cslot, "catch", mod, C.CATCH_NEED)
    if caught:
        ctx.emit(CAUGHT, {"ball": ball.id, "robot": q.robot, "points": 10})
    else:
        ctx.emit(BALL_DROPPED, {"ball": ball.id, "zone": home})

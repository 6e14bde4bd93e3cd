"""One card play resolving: blocks, then shots and trusses, then the rest; every
roll, every ball that moves, as events folded into the state as they go."""

from __future__ import annotations

from typing import Any

from engine.games.aerial_assault import shots
from engine.games.aerial_assault.events import (
    ACTION_BLOCKED,
    BALL_PASSED,
    BALL_PICKED_UP,
    BLOCK_ROLLED,
    REROLLED,
    ROBOT_MOVED,
    TIED_BLOCK,
)
from engine.games.aerial_assault.field import (
    ZONES,
)
from engine.games.aerial_assault.play_context import Ctx, Play, fail, roll
from engine.games.aerial_assault.state import MAX_HELD, floor_balls, held_by

TIED_BLOCK_ROLL = {
    1: ("defender", "panic"),
    2: ("defender", "stay"),
    3: (None, ""),
    4: (None, ""),
    5: ("attacker", "stay"),
    6: ("attacker", "panic"),
}


def resolve_play(ctx: Ctx, raw: dict[int, dict[str, Any]], auto: bool) -> list[list[int]]:
    """Resolve one card play of every robot; returns the successful blocks."""
    plays = {r: Play(r, p) for r, p in raw.items()}
    blocks: list[list[int]] = []
    blockers = [p for p in plays.values() if p.phase == 1]

    def is_block_on_block(p: Play) -> bool:
        t = p.block_target()
        return t is not None and plays[t].block_target() is not None

    first = [p for p in blockers if is_block_on_block(p)]
    rest = [p for p in blockers if not is_block_on_block(p)]
    for p in first + rest:
        if not p.cancelled:
            _run_steps(ctx, p, plays, auto, blocks)
    for phase in (2, 3):
        group = sorted(
            (p for p in plays.values() if p.phase == phase), key=lambda p: (p.order, p.robot)
        )
        for p in group:
            if not p.cancelled and not p.used:
                _run_steps(ctx, p, plays, auto, blocks)
    return blocks


def _run_steps(ctx: Ctx, p: Play, plays: dict[int, Play], auto: bool, blocks: list[Any]) -> None:
    for slot, step in zip(p.slots, p.steps):
        if p.cancelled:
            return
        if step is None:
            continue
        act = step["act"]
        if act == "move":
            _do_move(ctx, p, slot, step, auto)
        elif act == "block":
            _do_block(ctx, p, slot, step, plays, blocks)
        elif act == "high":
            shots.do_high(ctx, p, slot, auto)
        elif act == "low":
            shots.do_low(ctx, p)
        elif act == "truss":
            shots.do_truss(ctx, p, slot, plays)
        elif act == "pass":
            _do_pass(ctx, p, step, plays)
        elif act == "pickup":
            _do_pickup(ctx, p, slot)
        elif act == "catch":
            fail(ctx, p.robot, "catch", "no ball was trussed to this robot")


def _do_move(ctx: Ctx, p: Play, slot: tuple[Any, ...], step: dict[str, Any], auto: bool) -> None:
    robot = ctx.state.robots[p.robot]
    dist = step["dist"]
    drive = robot.part("drive")
    if dist == 2 and slot[0] == "move" and drive.move < 2:
        _, ok = roll(ctx, p, slot, "fast drive", 0, drive.fast_need)
        dist = 2 if ok else 1
    to = max(0, min(ZONES - 1, robot.zone + step["dir"] * dist))
    if auto:  # a clamped autonomous move stops at the truss
        to = max(0, min(2, to)) if robot.alliance == "red" else max(3, min(5, to))
    if to != robot.zone:
        ctx.emit(ROBOT_MOVED, {"robot": p.robot, "from": robot.zone, "to": to})


def _do_block(
    ctx: Ctx,
    p: Play,
    slot: tuple[Any, ...],
    step: dict[str, Any],
    plays: dict[int, Play],
    blocks: list[Any],
) -> None:
    s = ctx.state
    t = step.get("target")
    if t is None:
        fail(ctx, p.robot, "block", "no opposing robot to block in this zone")
        return
    target = plays.get(t)
    if s.robots[t].zone != s.robots[p.robot].zone:
        fail(ctx, p.robot, "block", "the target is not in this zone")
        return
    if target is None or target.cancelled or not target.slots:
        fail(ctx, p.robot, "block", "the target has no action to block")
        return
    attack_mod = s.robots[p.robot].part("drive").block + slot[1]
    defend_mod = s.robots[t].part("drive").block
    a = ctx.rng.die()
    dd = ctx.rng.die()
    rerolled = False
    if a + attack_mod <= dd + defend_mod and slot[2] and p.card not in s.robots[p.robot].rerolls:
        ctx.emit(REROLLED, {"robot": p.robot, "card": p.card, "for": "block", "die": a})
        a = ctx.rng.die()
        rerolled = True
    total_a, total_d = a + attack_mod, dd + defend_mod
    result = "blocked" if total_a > total_d else ("tie" if total_a == total_d else "held")
    ctx.emit(
        BLOCK_ROLLED,
        {
            "blocker": p.robot,
            "target": t,
            "die": a,
            "mod": attack_mod,
            "target_die": dd,
            "target_mod": defend_mod,
            "result": result,
            "rerolled": rerolled,
        },
    )
    if result == "blocked":
        target.cancelled = True
        blocks.append([p.robot, t])
        ctx.emit(ACTION_BLOCKED, {"robot": t, "by": p.robot})
    elif result == "tie" and s.tied_blocks:
        die = ctx.rng.die()
        who, effect = TIED_BLOCK_ROLL[die]
        robot = None if who is None else (t if who == "defender" else p.robot)
        ctx.emit(
            TIED_BLOCK,
            {"attacker": p.robot, "defender": t, "die": die, "robot": robot, "effect": effect},
        )


def _do_pass(ctx: Ctx, p: Play, step: dict[str, Any], plays: dict[int, Play]) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    held = held_by(s, p.robot)
    if not held:
        return fail(ctx, p.robot, "pass", "the robot holds no ball")
    ball = held[0]
    if step["dist"] == 0:
        mates = sorted(
            (
                q
                for q in plays.values()
                if q.robot != p.robot
                and s.robots[q.robot].alliance == robot.alliance
                and s.robots[q.robot].zone == robot.zone
                and q.wants("catch", "pickup")
                and not held_by(s, q.robot)
            ),
            key=lambda q: (q.order, q.robot),
        )
        if mates:
            mates[0].used = True
            return ctx.emit(
                BALL_PASSED,
                {"ball": ball.id, "robot": p.robot, "to": mates[0].robot, "kiss": True},
            )
    zone = robot.zone + step["dir"] * step["dist"]
    ctx.emit(BALL_PASSED, {"ball": ball.id, "robot": p.robot, "zone": zone})


def _do_pickup(ctx: Ctx, p: Play, slot: tuple[Any, ...]) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    balls = floor_balls(s, robot.alliance, robot.zone)
    if not balls:
        return fail(ctx, p.robot, "pickup", "no ball of the alliance on the floor here")
    if len(held_by(s, p.robot)) >= MAX_HELD:
        return fail(ctx, p.robot, "pickup", "the robot already carries two balls")
    _, ok = roll(ctx, p, slot, "floor pick up", slot[1], robot.pickup_need)
    if ok:
        ctx.emit(BALL_PICKED_UP, {"ball": balls[0].id, "robot": p.robot})

"""One card play resolving: blocks, then shots and trusses, then the rest; every
roll, every ball that moves, as events folded into the state as they go."""

from __future__ import annotations

from typing import Any, Callable

from engine.events import EVERYONE, Event
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import (
    ALLIANCES,
    ZONES,
    other,
    shoot_range,
    shoot_zone_1,
    truss_range,
    white_zone,
)
from engine.games.aerial_assault.state import MAX_HELD, Ball, State, floor_balls, held_by
from engine.rng import Rng

MISSED_SHOT = {1: "out", 2: "out", 3: "under", 4: "under", 5: "zone2", 6: "white"}
MISSED_TRUSS = {
    1: "out",
    2: "out",
    3: "zone2_far",
    4: "zone2_far",
    5: "zone2_near",
    6: "zone2_near",
}
TIED_BLOCK = {
    1: ("defender", "panic"),
    2: ("defender", "stay"),
    3: (None, ""),
    4: (None, ""),
    5: ("attacker", "stay"),
    6: ("attacker", "panic"),
}


class Ctx:
    """Events being emitted, and the state folded (with ``evolve``) so far."""

    def __init__(self, evolve: Callable[[State, Event], State], state: State, rng: Rng) -> None:
        self.evolve, self.state, self.rng = evolve, state, rng
        self.events: list[Event] = []

    def emit(self, type_: str, data: dict, to: Any = EVERYONE, public: dict | None = None) -> None:
        event = Event(type_, data, to, public)
        self.events.append(event)
        self.state = self.evolve(self.state, event)


class Play:
    """One robot's revealed play while it resolves."""

    __slots__ = ("robot", "card", "slots", "steps", "order", "phase", "cancelled", "used")

    def __init__(self, robot: int, play: dict) -> None:
        self.robot = robot
        self.card = play["card"]
        side = play["side"]
        self.slots = () if side == "down" else getattr(C.CARD_BY_ID[self.card], side)
        self.steps = list(play.get("steps") or []) if side != "down" else []
        self.order = play.get("order", 0)
        self.phase = C.side_phase(self.slots) if self.slots else 0
        self.cancelled = False
        self.used = False  # a catch or pick-up spent on a kiss pass or a truss

    def wants(self, *acts: str) -> bool:
        return (
            not self.cancelled
            and not self.used
            and any(s is not None and s["act"] in acts for s in self.steps)
        )

    def block_target(self) -> int | None:
        for s in self.steps:
            if s is not None and s["act"] == "block":
                return s.get("target")
        return None


def resolve_play(ctx: Ctx, raw: dict[int, dict], auto: bool) -> list[list[int]]:
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


def _fail(ctx: Ctx, r: int, act: str, reason: str) -> None:
    ctx.emit("StepFailed", {"robot": r, "act": act, "reason": reason})


def _roll(
    ctx: Ctx, p: Play, slot: tuple, what: str, mod: int, need: int, one_misses: bool = False
) -> tuple[int, bool]:
    """Roll for a step; a re-roll card not yet spent re-rolls a failure. Returns
    the natural die kept and whether the step succeeded. ``one_misses``: a
    natural 1 fails whatever the modifiers (the missed-shots rule)."""

    def succeeds(die: int) -> bool:
        return die + mod >= need and not (one_misses and die == 1)

    die = ctx.rng.die()
    ok = succeeds(die)
    ctx.emit(
        "DiceRolled",
        {"robot": p.robot, "for": what, "die": die, "mod": mod, "need": need, "success": ok},
    )
    if not ok and slot[2] and p.card not in ctx.state.robots[p.robot].rerolls:
        die = ctx.rng.die()
        ok = succeeds(die)
        ctx.emit(
            "Rerolled",
            {
                "robot": p.robot,
                "card": p.card,
                "for": what,
                "die": die,
                "mod": mod,
                "need": need,
                "success": ok,
            },
        )
    return die, ok


def _run_steps(ctx: Ctx, p: Play, plays: dict, auto: bool, blocks: list) -> None:
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
            _do_high(ctx, p, slot, auto)
        elif act == "low":
            _do_low(ctx, p)
        elif act == "truss":
            _do_truss(ctx, p, slot, plays)
        elif act == "pass":
            _do_pass(ctx, p, step, plays)
        elif act == "pickup":
            _do_pickup(ctx, p, slot)
        elif act == "catch":
            _fail(ctx, p.robot, "catch", "no ball was trussed to this robot")


def _do_move(ctx: Ctx, p: Play, slot: tuple, step: dict, auto: bool) -> None:
    robot = ctx.state.robots[p.robot]
    dist = step["dist"]
    drive = robot.part("drive")
    if dist == 2 and slot[0] == "move" and drive.move < 2:
        _, ok = _roll(ctx, p, slot, "fast drive", 0, drive.fast_need)
        dist = 2 if ok else 1
    to = max(0, min(ZONES - 1, robot.zone + step["dir"] * dist))
    if auto:  # a clamped autonomous move stops at the truss
        to = max(0, min(2, to)) if robot.alliance == "red" else max(3, min(5, to))
    if to != robot.zone:
        ctx.emit("RobotMoved", {"robot": p.robot, "from": robot.zone, "to": to})


def _do_block(ctx: Ctx, p: Play, slot: tuple, step: dict, plays: dict, blocks: list) -> None:
    s = ctx.state
    t = step.get("target")
    if t is None:
        _fail(ctx, p.robot, "block", "no opposing robot to block in this zone")
        return
    target = plays.get(t)
    if s.robots[t].zone != s.robots[p.robot].zone:
        _fail(ctx, p.robot, "block", "the target is not in this zone")
        return
    if target is None or target.cancelled or not target.slots:
        _fail(ctx, p.robot, "block", "the target has no action to block")
        return
    attack_mod = s.robots[p.robot].part("drive").block + slot[1]
    defend_mod = s.robots[t].part("drive").block
    a = ctx.rng.die()
    dd = ctx.rng.die()
    rerolled = False
    if a + attack_mod <= dd + defend_mod and slot[2] and p.card not in s.robots[p.robot].rerolls:
        ctx.emit("Rerolled", {"robot": p.robot, "card": p.card, "for": "block", "die": a})
        a = ctx.rng.die()
        rerolled = True
    total_a, total_d = a + attack_mod, dd + defend_mod
    result = "blocked" if total_a > total_d else ("tie" if total_a == total_d else "held")
    ctx.emit(
        "BlockRolled",
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
        ctx.emit("ActionBlocked", {"robot": t, "by": p.robot})
    elif result == "tie" and s.tied_blocks:
        die = ctx.rng.die()
        who, effect = TIED_BLOCK[die]
        robot = None if who is None else (t if who == "defender" else p.robot)
        ctx.emit(
            "TiedBlock",
            {"attacker": p.robot, "defender": t, "die": die, "robot": robot, "effect": effect},
        )


def _score(ctx: Ctx, p: Play, ball: Ball, goal: str, auto: bool) -> None:
    s = ctx.state
    alliance = ball.color
    points = (20 if auto else 10) if goal == "high" else 0
    assists = [] if auto else [r for r in ball.possessors if r != p.robot]
    removed = s.scored[ALLIANCES.index(alliance)] < s.removed_first
    ctx.emit(
        "BallScored",
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


def _missed(ctx: Ctx, p: Play, ball: Ball, table: dict, fallback_zone: int) -> None:
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
    ctx.emit("MissedShot", {"robot": p.robot, "ball": ball.id, "die": die, "result": where})
    if where == "out":
        ctx.emit("BallOut", {"ball": ball.id})
    else:
        ctx.emit("BallDropped", {"ball": ball.id, "zone": zone})


def _do_high(ctx: Ctx, p: Play, slot: tuple, auto: bool) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    held = held_by(s, p.robot)
    rng_ = shoot_range(robot.alliance, robot.zone)
    shooter = robot.part("shooter")
    if not held:
        return _fail(ctx, p.robot, "high", "the robot holds no ball")
    if rng_ is None or rng_ > shooter.range:
        return _fail(ctx, p.robot, "high", "the goals are out of range")
    ball = held[0]
    die, ok = _roll(ctx, p, slot, "high goal", slot[1], shooter.shoot, s.missed_shots)
    if ok:
        _score(ctx, p, ball, "high", auto)
    elif s.missed_shots and die == 1:
        _missed(ctx, p, ball, MISSED_SHOT, robot.zone)
    else:
        ctx.emit("BallDropped", {"ball": ball.id, "zone": robot.zone})


def _do_low(ctx: Ctx, p: Play) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    if robot.zone != shoot_zone_1(robot.alliance):
        return _fail(ctx, p.robot, "low", "low goals only from Shoot Zone 1")
    balls = held_by(s, p.robot) or floor_balls(s, robot.alliance, robot.zone)
    if not balls:
        return _fail(ctx, p.robot, "low", "no ball held or on the floor here")
    ball = balls[0]
    die = ctx.rng.die()
    ok = die >= C.LOW_NEED
    ctx.emit(
        "DiceRolled",
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
        ctx.emit("BallDropped", {"ball": ball.id, "zone": robot.zone})


def _do_truss(ctx: Ctx, p: Play, slot: tuple, plays: dict) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    a = robot.alliance
    held = [b for b in held_by(s, p.robot) if not b.trussed]
    rng_ = truss_range(a, robot.zone)
    shooter = robot.part("shooter")
    if not held:
        return _fail(ctx, p.robot, "truss", "the robot holds no ball that may be trussed")
    if rng_ is None or rng_ > shooter.range:
        return _fail(ctx, p.robot, "truss", "the truss is out of range")
    ball = held[0]
    die, ok = _roll(ctx, p, slot, "truss", slot[1], shooter.truss, s.missed_shots)
    if not ok:
        if s.missed_shots and die == 1:
            return _missed(ctx, p, ball, MISSED_TRUSS, white_zone(other(a)))
        return ctx.emit("BallDropped", {"ball": ball.id, "zone": white_zone(other(a))})
    ctx.emit("Trussed", {"ball": ball.id, "robot": p.robot, "points": 10})
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
        return ctx.emit("BallDropped", {"ball": ball.id, "zone": home})
    q = catchers[0]
    q.used = True
    cslot = next(sl for sl, st in zip(q.slots, q.steps) if st is not None and st["act"] == "catch")
    mod = ctx.state.robots[q.robot].catch_mod + cslot[1]
    _, caught = _roll(ctx, q, cslot, "catch", mod, C.CATCH_NEED)
    if caught:
        ctx.emit("Caught", {"ball": ball.id, "robot": q.robot, "points": 10})
    else:
        ctx.emit("BallDropped", {"ball": ball.id, "zone": home})


def _do_pass(ctx: Ctx, p: Play, step: dict, plays: dict) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    held = held_by(s, p.robot)
    if not held:
        return _fail(ctx, p.robot, "pass", "the robot holds no ball")
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
                "BallPassed",
                {"ball": ball.id, "robot": p.robot, "to": mates[0].robot, "kiss": True},
            )
    zone = robot.zone + step["dir"] * step["dist"]
    ctx.emit("BallPassed", {"ball": ball.id, "robot": p.robot, "zone": zone})


def _do_pickup(ctx: Ctx, p: Play, slot: tuple) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    balls = floor_balls(s, robot.alliance, robot.zone)
    if not balls:
        return _fail(ctx, p.robot, "pickup", "no ball of the alliance on the floor here")
    if len(held_by(s, p.robot)) >= MAX_HELD:
        return _fail(ctx, p.robot, "pickup", "the robot already carries two balls")
    _, ok = _roll(ctx, p, slot, "floor pick up", slot[1], robot.pickup_need)
    if ok:
        ctx.emit("BallPickedUp", {"ball": balls[0].id, "robot": p.robot})

"""Which actions are legal: builds, autonomous programs, card plays, and the
robots a revealed block may name. An illegal action gets the reason why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import ZONES, shoot_range, shoot_zone_1, side_of, truss_range
from engine.games.aerial_assault.state import AUTO_CARDS, Robot, State, robots_of


def max_move(robot: Robot, kind: str) -> int:
    if kind == "move2":
        return 2
    drive = robot.part("drive")
    return 2 if drive.move >= 2 or drive.fast_need else drive.move


#: the acts each kind of slot allows (tables built once, not at every step checked)
_ALLOWED = {
    "move": ("move", "low"),
    "move2": ("move", "low"),
    "shoot": ("high", "low", "pass"),
    "truss": ("truss", "low", "pass"),
    "catch": ("catch",),
    "pickup": ("pickup",),
    "block": ("block",),
}
#: the keys a step of each act has
_KEYS = {"move": frozenset({"act", "dir", "dist"}), "pass": frozenset({"act", "dir", "dist"})}
_ACT_ONLY = frozenset({"act"})
_PLAY_KEYS = frozenset({"card", "side", "steps", "order"})


def _step_problem(
    state: State, r: int, slot: tuple[Any, ...], step: Any, zone: int, auto: bool, move_ok: bool
) -> tuple[str | None, int]:
    """Why ``step`` cannot fill ``slot`` for robot ``r`` standing in ``zone`` (and
    the zone it would then stand in)."""
    robot = state.robots[r]
    kind = slot[0]
    if step is None:
        return None, zone
    if type(step) is not dict or type(step.get("act")) is not str:
        return "a step is null or an object with an 'act'", zone
    act = step["act"]
    if act not in _ALLOWED[kind]:
        return f"a {kind} action cannot be used to {act}", zone
    keys = _KEYS.get(act, _ACT_ONLY)
    if act == "block" and "target" in step:
        return (
            'a block step is {"act": "block"}: its target is named after the cards are revealed'
        ), zone
    if set(step) != keys:
        return f"a {act} step has exactly the keys {sorted(keys)}", zone
    alliance = robot.alliance
    if act == "move":
        if not move_ok:
            return "a panicking robot's move actions are stays", zone
        d, n = step["dir"], step["dist"]
        if d not in (-1, 1) or type(d) is not int or type(n) is not int or n < 1:
            return "a move has dir -1 or 1 and dist 1 or more", zone
        if n > max_move(robot, kind):
            return f"this move goes at most {max_move(robot, kind)} zone(s)", zone
        to = zone + d * n
        if not 0 <= to < ZONES:
            return "that move leaves the field", zone
        if auto and side_of(to) != alliance:
            return "no crossing the truss in the autonomous round", zone
        return None, to
    if act == "low":
        if auto:
            return "only high goals in the autonomous round", zone
        if zone != shoot_zone_1(alliance):
            return "low goals only from your own Shoot Zone 1", zone
        return None, zone
    if act == "high":
        rng_ = shoot_range(alliance, zone)
        if rng_ is None or rng_ > robot.part("shooter").range:
            return "the goals are out of this shooter's range from here", zone
        return None, zone
    if act == "truss":
        rng_ = truss_range(alliance, zone)
        if rng_ is None:
            return "trusses are thrown from the opposing half only", zone
        if rng_ > robot.part("shooter").range:
            return "the truss is out of this shooter's range from here", zone
        return None, zone
    if act == "pass":
        d, n = step["dir"], step["dist"]
        if (
            type(d) is not int
            or type(n) is not int
            or n not in (0, 1, 2)
            or (n == 0) != (d == 0)
            or d not in (-1, 0, 1)
        ):
            return "a pass has dist 0 (dir 0) or dist 1-2 (dir -1 or 1)", zone
        if not 0 <= zone + d * n < ZONES:
            return "that pass leaves the field", zone
        return None, zone
    return None, zone


def block_candidates(state: State, play: dict[str, Any]) -> list[int]:
    """The robots a revealed ``play`` may name as its block's target: opposing
    robots in the zone where the block happens (after an earlier move of the same
    card), except the one this robot blocked successfully in the last card play."""
    if play["side"] == "down":
        return []
    r = play["robot"]
    robot = state.robots[r]
    zone = robot.zone
    for step in play["steps"]:
        if step is None:
            continue
        if step["act"] == "move":
            zone = max(0, min(ZONES - 1, zone + step["dir"] * step["dist"]))
        elif step["act"] == "block":
            return [
                t
                for t, o in enumerate(state.robots)
                if o.alliance != robot.alliance and o.zone == zone and t != robot.last_block
            ]
    return []


def staged_play(state: State, r: int) -> dict[str, Any]:
    return next(p for p in state.staged if p["robot"] == r)


def play_problem(
    state: State, r: int, play: Any, hand: tuple[str, ...], zone: int, auto: bool
) -> tuple[str | None, int]:
    """Why ``play`` is not a legal card play for robot ``r`` (and its end zone)."""
    if type(play) is not dict:
        return "a play is an object", zone
    extra = set(play) - _PLAY_KEYS
    if extra:
        return f"unknown key {sorted(extra)[0]!r} in a play", zone
    card, side = play.get("card"), play.get("side")
    if card not in hand:
        return f"card {card!r} is not in the hand", zone
    order = play.get("order", 0)
    if type(order) is not int or not 0 <= order <= 9:
        return "order is an integer 0-9", zone
    forced = state.robots[r].forced
    if forced.startswith("card:") and card != forced[5:]:
        # the reason reaches every seat (a rejection's public twin): no card id in it
        return "driver panic: this play must use the card drawn for it ('forced')", zone
    steps = play.get("steps", [])
    if side == "down":
        if steps not in ([], None):
            return "a face-down card has no steps", zone
        return None, zone
    if side not in ("top", "bottom"):
        return "side is 'top', 'bottom' or 'down'", zone
    if forced == "stay":
        return "minor breakdown: this play must be face down", zone
    slots = getattr(C.CARD_BY_ID[card], side)
    if type(steps) is not list or len(steps) != len(slots):
        return f"this side takes a list of {len(slots)} step(s)", zone
    for slot, step in zip(slots, steps):
        problem, zone = _step_problem(
            state, r, slot, step, zone, auto, not forced.startswith("card:")
        )
        if problem:
            return problem, zone
    return None, zone


def seat_action_problem(state: State, seat: int, action: Any) -> str | None:
    robots = robots_of(state, seat)
    if type(action) is not list or len(action) != len(robots):
        return f"the action is a list of {len(robots)} entr(y/ies), one per robot in robot order"
    for r, entry in zip(robots, action):
        robot = state.robots[r]
        if state.phase == "build":
            problem = C.build_problem(entry, robot.budget)
            if problem:
                return f"robot {r}: {problem}"
            continue
        if state.phase == "auto":
            if type(entry) is not list or len(entry) != AUTO_CARDS:
                return f"robot {r}: an autonomous program is a list of {AUTO_CARDS} plays"
            hand, zone = robot.hand, robot.zone
            for play in entry:
                problem, zone = play_problem(state, r, play, hand, zone, True)
                if problem:
                    return f"robot {r}: {problem}"
                hand = tuple(c for c in hand if c != play["card"])
            continue
        problem, _ = play_problem(state, r, entry, robot.hand, robot.zone, False)
        if problem:
            return f"robot {r}: {problem}"
    return None


def default_play(robot: Robot) -> dict[str, Any]:
    card = robot.forced[5:] if robot.forced.startswith("card:") else robot.hand[0]
    return {"card": card, "side": "down"}


def checker(state: State, seat: int) -> Callable[[Any], str | None]:
    return lambda action: seat_action_problem(state, seat, action)

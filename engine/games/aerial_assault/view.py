"""What a seat (or a spectator, or a finished replay) may see of the state."""

from __future__ import annotations

from typing import Any

from engine.games.aerial_assault.field import ALLIANCES
from engine.games.aerial_assault.state import (
    PLAYS,
    ROUNDS,
    Robot,
    State,
    robots_of,
    seat_alliance,
)


def view_of(state: State, seat: int | None, everything: bool) -> dict[str, Any]:
    mine = robots_of(state, seat) if seat is not None else []
    held: dict[int, list[int]] = {r: [] for r in range(len(state.robots))}
    for b in state.balls:  # held_by of every robot, in one pass
        if b.where == "held" and b.robot in held:
            held[b.robot].append(b.id)
    robots = []
    for r, robot in enumerate(state.robots):
        hand = robot.hand
        entry = {
            "robot": r,
            "seat": robot.seat,
            "alliance": robot.alliance,
            "zone": robot.zone,
            "parts": list(robot.parts),
            "weeks": robot.weeks,
            "budget": robot.budget,
            "hand_size": len(hand),
            "played": list(robot.played),
            "rerolls_used": list(robot.rerolls),
            "last_block": robot.last_block,
            "forced": forced_seen(state, robot, seat, everything),
            "balls": held[r],
        }
        if everything or r in mine:
            entry["hand"] = list(hand)
            entry["specials"] = list(robot.specials)
        robots.append(entry)
    balls = []
    for b in state.balls:
        zone = state.robots[b.robot].zone if b.where == "held" else b.zone
        balls.append(
            {
                "id": b.id,
                "color": b.color,
                "where": b.where,
                "robot": b.robot,
                "zone": zone,
                "trussed": b.trussed,
                "possessors": list(b.possessors),
            }
        )
    score = {
        a: {
            "points": state.points[i],
            "assists": state.assists[i],
            "catches": state.catches[i],
            "trusses": state.trusses[i],
            "scored": state.scored[i],
        }
        for i, a in enumerate(ALLIANCES)
    }
    picking = (
        state.pick_order[state.pick_index]
        if state.phase == "draft" and state.pick_index < len(state.pick_order)
        else None
    )
    return {
        "phase": state.phase,
        "you": seat,
        "my_robots": mine,
        "alliance": seat_alliance(state, seat) if seat is not None else "",
        "round": state.round,
        "play": state.play,
        "rounds": ROUNDS,
        "plays_per_round": PLAYS,
        "robots": robots,
        "balls": balls,
        "score": score,
        "row": list(state.row),
        "deck_size": len(state.deck),
        "picking_robot": picking,
        "picks_left": len(state.pick_order) - state.pick_index,
        "revealed": [
            {"robot": r, "card": c, "side": s, "label": lab, "blocked": r in state.blocked}
            for r, c, s, lab in state.revealed
        ],
        "staged": [dict(p) for p in state.staged],
        "naming": list(state.naming),
        "block_targets": [list(pair) for pair in state.targets],
        "removed_first": state.removed_first,
        "result": state.result,
        "options": {
            "iri": state.iri,
            "missed_shots": state.missed_shots,
            "tied_blocks": state.tied_blocks,
        },
    }


def forced_seen(state: State, robot: Robot, seat: int | None, everything: bool) -> str:
    """A panicking robot's drawn card is secret from the other alliance (and
    spectators) until it is played: they see only that it panics."""
    if not robot.forced.startswith("card:") or everything:
        return robot.forced
    if seat is not None and seat_alliance(state, seat) == robot.alliance:
        return robot.forced
    return "panic"


class SeatViews:
    """Every seat's view of a state, with what they all see alike built once.

    All six seats are asked at every card play, and nearly all of a view (every
    robot, ball and score) is the spectator's. That part is built once per state
    and each seat gets a copy of it (``_fresh``: a third of the cost of building
    it), so a bot that changes its view changes nothing another seat or a later
    request reads; its own robots' hands and its alliance's drawn cards are then
    added. Only the last state is kept: one decision's seats are asked in turn.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[State | None, dict[str, Any]] = (None, {})

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        known, public = self._last  # one read: another thread may replace it
        if known is not state:
            public = view_of(state, None, False)
            self._last = (state, public)
        out = _fresh(public)
        if seat is not None:
            _add_seat(out, state, seat)
        return out


def _fresh(view: dict[str, Any]) -> dict[str, Any]:
    """A copy of a spectator's view that shares nothing mutable with it: each
    dict and list of the shape ``view_of`` builds is copied (strings, numbers
    and ``None`` are shared: they cannot change)."""
    out = view.copy()
    robots = []
    for entry in view["robots"]:
        entry = entry.copy()
        entry["parts"] = entry["parts"][:]
        entry["played"] = entry["played"][:]
        entry["rerolls_used"] = entry["rerolls_used"][:]
        entry["balls"] = entry["balls"][:]
        robots.append(entry)
    out["robots"] = robots
    balls = []
    for entry in view["balls"]:
        entry = entry.copy()
        entry["possessors"] = entry["possessors"][:]
        balls.append(entry)
    out["balls"] = balls
    out["score"] = {alliance: tally.copy() for alliance, tally in view["score"].items()}
    out["row"] = view["row"][:]
    out["revealed"] = [entry.copy() for entry in view["revealed"]]
    out["staged"] = [_plain_copy(play) for play in view["staged"]]
    out["naming"] = view["naming"][:]
    out["block_targets"] = [pair[:] for pair in view["block_targets"]]
    out["options"] = view["options"].copy()
    return out


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data (a staged play: its steps are dicts in a list)."""
    if type(value) is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_plain_copy(item) for item in value]
    return value


def _add_seat(out: dict[str, Any], state: State, seat: int) -> None:
    """Turn the spectator's view ``out`` into ``seat``'s: the keys it sets are
    in the spectator's view already, so the order of the keys stays the same."""
    mine = robots_of(state, seat)
    alliance = seat_alliance(state, seat)
    out["you"], out["my_robots"], out["alliance"] = seat, mine, alliance
    robots = out["robots"]
    for r, robot in enumerate(state.robots):
        if robot.alliance == alliance and robot.forced.startswith("card:"):
            robots[r]["forced"] = robot.forced
    for r in mine:
        robot = state.robots[r]
        robots[r]["hand"] = list(robot.hand)
        robots[r]["specials"] = list(robot.specials)

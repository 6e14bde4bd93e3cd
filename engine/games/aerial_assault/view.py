"""What a seat (or a spectator, or a finished replay) may see of the state."""

from __future__ import annotations

from typing import Any

from engine.games.aerial_assault.state import (
    PLAYS,
    ROUNDS,
    State,
    _robots_of,
    robots_of,
    seat_alliance,
)


def view_of(state: State, seat: int | None, everything: bool) -> dict[str, Any]:
    mine = robots_of(state, seat) if seat is not None else []
    alliance = seat_alliance(state, seat) if seat is not None else ""
    held: list[list[int]] = [[] for _ in state.robots]
    count = len(held)
    for b in state.balls:  # held_by of every robot, in one pass
        if b.where == "held" and 0 <= b.robot < count:
            held[b.robot].append(b.id)
    robots = []
    for r, robot in enumerate(state.robots):
        hand = robot.hand
        forced = robot.forced
        if (
            not everything
            and forced[:5] == "card:"
            and (seat is None or alliance != robot.alliance)
        ):
            forced = "panic"  # forced_seen, for every robot at once
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
            "forced": forced,
            "balls": held[r],
        }
        if everything or r in mine:
            entry["hand"] = list(hand)
            entry["specials"] = list(robot.specials)
        robots.append(entry)
    robot_zones = [robot.zone for robot in state.robots]
    blocked = state.blocked
    points, assists, catches, trusses, scored = (
        state.points,
        state.assists,
        state.catches,
        state.trusses,
        state.scored,
    )
    return {
        "phase": state.phase,
        "you": seat,
        "my_robots": mine,
        "alliance": alliance,
        "round": state.round,
        "play": state.play,
        "rounds": ROUNDS,
        "plays_per_round": PLAYS,
        "robots": robots,
        "balls": [
            {
                "id": b.id,
                "color": b.color,
                "where": b.where,
                "robot": b.robot,
                "zone": robot_zones[b.robot] if b.where == "held" else b.zone,
                "trussed": b.trussed,
                "possessors": list(b.possessors),
            }
            for b in state.balls
        ],
        "score": {
            "red": {
                "points": points[0],
                "assists": assists[0],
                "catches": catches[0],
                "trusses": trusses[0],
                "scored": scored[0],
            },
            "blue": {
                "points": points[1],
                "assists": assists[1],
                "catches": catches[1],
                "trusses": trusses[1],
                "scored": scored[1],
            },
        },
        "row": list(state.row),
        "deck_size": len(state.deck),
        "picking_robot": (
            state.pick_order[state.pick_index]
            if state.phase == "draft" and state.pick_index < len(state.pick_order)
            else None
        ),
        "picks_left": len(state.pick_order) - state.pick_index,
        "revealed": [
            {"robot": r, "card": c, "side": s, "label": lab, "blocked": r in blocked}
            for r, c, s, lab in state.revealed
        ],
        "staged": [_plain_copy(p) for p in state.staged],
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


class SeatViews:
    """Every seat's view of a state, with what they all see alike built once.

    All six seats are asked at every card play, and nearly all of a view (every
    robot, ball and score) is the spectator's. That part is built once per state
    and each seat gets a copy of it (``_copy``: a third of the cost of building
    it), so a bot that changes its view changes nothing another seat or a later
    request reads; its own robots' hands and its alliance's drawn cards are
    added as the copy is made. Only the last state is kept: one decision's seats
    are asked in turn.
    """

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[State | None, dict[str, Any], tuple[tuple[int, str, str], ...]] = (
            None,
            {},
            (),
        )

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        known, public, drawn = self._last  # one read: another thread may replace it
        if known is not state:
            public = view_of(state, None, False)
            drawn = tuple(
                (r, robot.alliance, robot.forced)
                for r, robot in enumerate(state.robots)
                if robot.forced[:5] == "card:"
            )
            self._last = (state, public, drawn)
        return _copy(public, state, seat, drawn)


def _copy(
    view: dict[str, Any], state: State, seat: int | None, drawn: tuple[tuple[int, str, str], ...]
) -> dict[str, Any]:
    """``seat``'s view made from the spectator's ``view`` of ``state``, sharing
    nothing mutable with it: each dict and list of the shape ``view_of`` builds
    is copied (strings, numbers and ``None`` are shared: they cannot change).
    The seat's robots get their hands and specials, as the last keys, and the
    cards drawn for its alliance's panicking robots (``drawn``: robot, alliance,
    card) are shown: the keys are the spectator's, in the same order, as
    ``view_of`` builds them for the seat."""
    out = view.copy()
    robots = []
    for entry in view["robots"]:
        entry = entry.copy()
        entry["parts"] = entry["parts"].copy()
        entry["played"] = entry["played"].copy()
        entry["rerolls_used"] = entry["rerolls_used"].copy()
        entry["balls"] = entry["balls"].copy()
        robots.append(entry)
    if seat is None:
        out["my_robots"] = []
    else:
        mine = _robots_of(state.controllers, seat)
        alliance = state.robots[mine[0]].alliance if mine else ""
        out["you"], out["my_robots"], out["alliance"] = seat, list(mine), alliance
        for r, robot_alliance, forced in drawn:
            if robot_alliance == alliance:
                robots[r]["forced"] = forced
        for r in mine:
            robot = state.robots[r]
            robots[r]["hand"] = list(robot.hand)
            robots[r]["specials"] = list(robot.specials)
    out["robots"] = robots
    balls = []
    for entry in view["balls"]:
        entry = entry.copy()
        entry["possessors"] = entry["possessors"].copy()
        balls.append(entry)
    out["balls"] = balls
    score = view["score"]
    out["score"] = {"red": score["red"].copy(), "blue": score["blue"].copy()}
    out["row"] = view["row"].copy()
    out["revealed"] = [entry.copy() for entry in view["revealed"]]
    if view["staged"]:
        out["staged"] = [_plain_copy(play) for play in view["staged"]]
    else:
        out["staged"] = []
    out["naming"] = view["naming"].copy()
    out["block_targets"] = [pair.copy() for pair in view["block_targets"]]
    out["options"] = view["options"].copy()
    return out


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data (a staged play: its steps are dicts in a list)."""
    if type(value) is dict:
        return {key: _plain_copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_plain_copy(item) for item in value]
    return value

"""What a seat (or a spectator, or a finished replay) may see of the state."""

from __future__ import annotations

from engine.games.aerial_assault.field import ALLIANCES
from engine.games.aerial_assault.state import (
    PLAYS,
    ROUNDS,
    Robot,
    State,
    robots_of,
    seat_alliance,
)


def view_of(state: State, seat: int | None, everything: bool) -> dict:
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

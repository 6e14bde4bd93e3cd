"""What a seat may see: everything on the table but other seats' hands, their
unrevealed registers and pick-up orders. ``seat=None`` is a spectator;
``everything=True`` (finished replays) shows every secret."""

from __future__ import annotations

from typing import Any

from engine.games.powerball.board import DIRS
from engine.games.powerball.state import Robot, State, capacity, is_turret, locked_from


def _registers(state: State, robot: Robot, open_: bool, cards: tuple[Any, ...]) -> list[Any]:
    if open_ or not robot.programmed:
        return list(cards)  # before programming: only last turn's locked cards
    return [c if i < state.phase else None for i, c in enumerate(cards)]


def robot_view(state: State, robot: Robot, open_: bool) -> dict[str, Any]:
    return {
        "seat": robot.seat,
        "sq": robot.sq,
        "facing": DIRS[robot.facing],
        "damage": robot.damage,
        "balls": robot.balls,
        "capacity": capacity(state, robot),
        "vp": robot.vp,
        "options": list(robot.options),
        "hand": list(robot.hand) if open_ else None,
        "hand_count": len(robot.hand),
        "registers": _registers(state, robot, open_, robot.registers),
        "paired": _registers(state, robot, open_, robot.paired),
        "locked_from": locked_from(robot.damage) + 1,
        "program_size": min(locked_from(robot.damage), len(robot.hand)) if open_ else None,
        "pickup": robot.pickup if open_ else None,
        # the program's option orders and kept cards, secret to the seat
        "armour": list(robot.armour) if open_ else None,
        "brakes": list(robot.brakes) if open_ else None,
        "stored": robot.stored if open_ else None,
        "parked": robot.parked if open_ else None,
        "aborted": robot.aborted == state.round,
        "owes": robot.owes,
        "programmed": robot.programmed,
        "powered_down": robot.down,
        "announced": robot.announced,
        "respawned": robot.respawned,
        "turret": is_turret(state, robot),
        "flag": robot.flag,
        "radio_by": robot.radio_by,
        "kills": robot.kills,
        "delivered": robot.delivered,
        "deaths": robot.deaths,
        "died": robot.died,
    }


def view(state: State, seat: int | None, everything: bool = False) -> dict[str, Any]:
    return {
        "you": seat,
        "seats": state.seats,
        "floor": state.floor,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "stage": state.stage,
        "step": state.step,
        "ending": state.ending,
        "deaths": state.deaths,
        "waiting": list(state.waiting),
        "robots": [robot_view(state, r, everything or r.seat == seat) for r in state.robots],
        "balls": list(state.balls),
        "pool": state.pool,
        "community": list(state.community),
        "option_deck": len(state.option_deck),
        "discards": list(state.discards),
        "charges": dict(state.charges),
        "offered": list(state.offered),
        "trade": state.trade,
        "queue": list(state.queue),
        "bombs": [
            {"owner": b.owner, "sq": b.sq, "cards": list(b.cards), "armed": b.armed}
            for b in state.bombs
        ],
        "vp": [r.vp for r in state.robots],
        "reason": state.reason,
    }

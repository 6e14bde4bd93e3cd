"""What a seat sees. Nothing in the state is secret (stats enter it only when
all are revealed), so every seat and the spectator see the same table."""

from __future__ import annotations

from typing import Any

from engine.game import to_plain
from engine.games.dogfight.geometry import RULER, SECTION, TOKEN
from engine.games.dogfight.state import Plane, State, acting_seat


def plane_view(p: Plane) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "team": p.team,
        "attack": p.attack,
        "defense": p.defense,
        "speed": p.speed,
        "health": p.health,
        "x": p.x,
        "y": p.y,
        "heading": p.heading,
        "altitude": p.altitude,
        "alive": p.alive,
        "placed": p.placed,
        "ace": p.ace,
        "dealt": p.dealt,
        "fell": p.fell,
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "you": seat,
        "seats": state.seats,
        "teams": [list(t) for t in state.teams],
        "area": state.area,
        "token": TOKEN,
        "ruler": RULER,
        "section": SECTION,
        "quick": state.quick,
        "ace_option": state.ace_option,
        "round_limit": state.round_limit,
        "phase": state.phase,
        "round": state.round,
        "stage": state.stage,
        "order": list(state.order),
        "team_queue": list(state.team_queue),
        "seat_queue": list(state.seat_queue),
        "active": acting_seat(state),
        "place_order": list(state.place_order),
        "placing": state.placing,
        "falls": state.falls,
        "planes": [plane_view(p) for p in state.planes],
        "combat": to_plain(state.combat),
        "winner": state.winner,
        "reason": state.reason,
    }

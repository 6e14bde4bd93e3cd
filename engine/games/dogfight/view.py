"""What a seat sees. Nothing in the state is secret (stats enter it only when
all are revealed), so every seat and the spectator see the same table."""

from __future__ import annotations

from engine.game import to_plain
from engine.games.dogfight.geometry import RULER, SECTION, TOKEN
from engine.games.dogfight.state import State, acting_seat


def view(state: State, seat: int | None) -> dict:
    return {
        "you": seat, "seats": state.seats, "teams": to_plain(state.teams),
        "area": state.area, "token": TOKEN, "ruler": RULER, "section": SECTION,
        "quick": state.quick, "ace_option": state.ace_option,
        "round_limit": state.round_limit, "phase": state.phase, "round": state.round,
        "stage": state.stage, "order": list(state.order),
        "team_queue": list(state.team_queue), "seat_queue": list(state.seat_queue),
        "active": acting_seat(state),
        "planes": [to_plain(p) for p in state.planes],
        "combat": to_plain(state.combat), "winner": state.winner, "reason": state.reason,
    }

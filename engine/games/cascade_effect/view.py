"""What a seat sees: the whole field, every score and every drawn card; the
order of the face-down Cascade deck is secret to all (``omniscient`` shows it,
for a finished match's replay). ``seat=None`` is a spectator."""

from __future__ import annotations

from typing import Any

from engine.games.cascade_effect.board import (
    ALLIANCES,
    FACINGS,
    PARK,
    PARK_APPROACH,
    RAMP,
    RAMP_START,
    kickstand_squares,
    short_side,
    structure,
)
from engine.games.cascade_effect.scoring import banked, breakdown
from engine.games.cascade_effect.state import (
    ENDGAME_ROLLS,
    TELEOP_ROLLS,
    Robot,
    State,
    alliance_of_seat,
)


def robot_view(robot: Robot) -> dict[str, Any]:
    return {
        "id": robot.id,
        "alliance": ALLIANCES[robot.alliance],
        "seat": robot.seat,
        "sq": robot.sq,
        "facing": robot.facing,
        "goal": robot.goal,
        "turns": robot.turns,
        "scored_last": robot.scored_last,
        "primed": robot.primed,
        "skips": robot.skips,
        "extra": robot.extra,
        "boost": robot.boost,
    }


def field_view(state: State) -> dict[str, Any]:
    """The layout for this match (it depends on the structure's position)."""
    p = state.position
    return {
        "ramp": [list(RAMP[a]) for a in (0, 1)],
        "ramp_start": [sorted(RAMP_START[a]) for a in (0, 1)],
        "park": [list(PARK[a]) for a in (0, 1)],
        "park_approach": [sorted(PARK_APPROACH[a]) for a in (0, 1)],
        "structure": list(structure(p)) if p else [],
        "kickstand_squares": [list(kickstand_squares(p, k)) for k in (0, 1)] if p else [],
        "short_sides": [list(short_side(p, a)) for a in (0, 1)] if p else [],
    }


def view(state: State, seat: int | None, omniscient: bool = False) -> dict[str, Any]:
    out = {
        "you": seat,
        "seats": state.seats,
        "phase": state.phase,
        "alliance": ALLIANCES[alliance_of_seat(state, seat)] if seat is not None else None,
        "position": state.position,
        "field": field_view(state),
        "robots": [robot_view(r) for r in state.robots],
        "goals": [
            {
                "id": g.id,
                "alliance": ALLIANCES[g.alliance],
                "size": g.size,
                "sq": g.sq,
                "cm": g.cm,
                "robot": g.robot,
            }
            for g in state.goals
        ],
        "fallen": list(state.fallen),
        "centre_cm": list(state.centre_cm),
        "penalties": list(state.penalties),
        "deck": len(state.deck),
        "discard": list(state.discard),
        "last_card": state.last_card,
        "placing": state.placing,
        "turn_order": list(state.order),
        "active": state.order[state.index] if state.order else -1,
        "round": state.round,
        "endgame": state.endgame,
        "step": state.step,
        "declared": state.declared,
        "declared_target": state.target,
        "die": state.die,
        "extra_turn": state.extra_turn,
        "bonus_moves": state.bonus_moves,
        "rolls": [TELEOP_ROLLS, ENDGAME_ROLLS],
        "banked": [banked(state, a) for a in (0, 1)],
        "score": [breakdown(state, a) for a in (0, 1)],
        "facings": list(FACINGS),
        "result": state.result,
    }
    if omniscient:
        out["deck_order"] = list(state.deck)
    return out

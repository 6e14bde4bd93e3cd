"""The state behind a Dogfight view. Nothing in the state is secret (the pilots'
stats enter it only once all are revealed, and a plan is resolved as soon as it
is submitted), so the view is the whole state and the search rebuilds it."""

from __future__ import annotations

from typing import Any

from engine.games.dogfight.state import Combat, Plane, State
from engine.rng import Rng


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    combat = view["combat"]
    return State(
        seats=view["seats"],
        teams=tuple(tuple(t) for t in view["teams"]),
        area=view["area"],
        quick=view["quick"],
        ace_option=view["ace_option"],
        round_limit=view["round_limit"],
        planes=tuple(_plane(p) for p in view["planes"]),
        phase=view["phase"],
        place_order=tuple(view["place_order"]),
        placing=view["placing"],
        round=view["round"],
        stage=view["stage"],
        order=tuple(view["order"]),
        team_queue=tuple(view["team_queue"]),
        seat_queue=tuple(view["seat_queue"]),
        combat=None if combat is None else _combat(combat),
        falls=view["falls"],
        winner=view["winner"],
        reason=view["reason"],
    )


def _plane(p: dict[str, Any]) -> Plane:
    return Plane(**{k: v for k, v in p.items()})


def _combat(c: dict[str, Any]) -> Combat:
    fields: dict[str, Any] = {k: tuple(v) if type(v) is list else v for k, v in c.items()}
    return Combat(**fields)

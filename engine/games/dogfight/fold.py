"""evolve: how each event changes the state. Nothing here draws chance."""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.game import fold_events, handler_evolve
from engine.games.dogfight.events import (
    ACE_EARNED,
    ATTACK_DECLARED,
    ATTACK_RESOLVED,
    DICE_REROLLED,
    DICE_ROLLED,
    FIRST_PLAYER,
    HOLDS_FIRE,
    PLANE_DESTROYED,
    PLANE_FLEW,
    PLANE_PLACED,
    ROUND_LIMIT_REACHED,
    ROUND_STARTED,
    STAGE_STARTED,
    STATS_REVEALED,
    TEAM_UP,
)
from engine.games.dogfight.geometry import AREA, QUICK_AREA, UNITS_PER_MM
from engine.games.dogfight.setup import table_side
from engine.games.dogfight.state import (
    Combat,
    Plane,
    State,
    in_combat,
    living,
    living_teams,
    with_plane,
)
from engine.states import revise


def team_size(option: str) -> int:
    """``"2v2"`` -> 2; ``"none"`` -> 1 (every pilot for themself)."""
    return 1 if option == "none" else int(option.split("v")[0])


def area_of(options: dict[str, Any], planes: int, version: int) -> int:
    """The table's side in units: the ``area`` option (mm), or by the game mode
    and (from rules v2) the number of planes, so that every plane can be placed
    a ruler length from the others."""
    if options.get("area"):
        return int(options["area"]) * UNITS_PER_MM
    if version >= 2:
        return table_side(planes, bool(options.get("quick")))
    return QUICK_AREA if options.get("quick") else AREA


def initial(data: dict[str, Any]) -> State:
    n = len(data["seats"])
    options = data.get("options", {})
    size = team_size(options.get("teams", "none"))
    teams = tuple(tuple(range(t, min(t + size, n))) for t in range(0, n, size))
    team_of = {s: t for t, members in enumerate(teams) for s in members}
    return State(
        seats=n,
        teams=teams,
        area=area_of(options, n, data.get("rules_version", 1)),
        quick=bool(options.get("quick")),
        ace_option=bool(options.get("ace")),
        round_limit=options.get("rounds", 20),
        planes=tuple(Plane(seat=s, team=team_of[s]) for s in range(n)),
    )


def _stats(state: State, d: dict[str, Any]) -> State:
    planes = tuple(revise(p, **stats) for p, stats in zip(state.planes, d["stats"]))
    return revise(state, planes=planes)


def _first(state: State, d: dict[str, Any]) -> State:
    return revise(
        state, phase="place", order=tuple(d["order"]), place_order=tuple(d["place_order"])
    )


def _placed(state: State, d: dict[str, Any]) -> State:
    plane = state.planes[d["seat"]]
    state = with_plane(state, revise(plane, x=d["x"], y=d["y"], heading=d["heading"], placed=True))
    return revise(state, placing=state.placing + 1)


def _round(state: State, d: dict[str, Any]) -> State:
    order = tuple(d["order"])
    return revise(
        state,
        phase="play",
        round=d["round"],
        stage="move",
        order=order,
        team_queue=order,  # the last round ended once its queues were empty
    )


def _stage(state: State, d: dict[str, Any]) -> State:
    # the move stage ends once its queues are empty
    return revise(state, stage=d["stage"], team_queue=tuple(d["order"]))


def _team_up(state: State, d: dict[str, Any]) -> State:
    return revise(state, team_queue=state.team_queue[1:], seat_queue=tuple(d["seats"]))


def _flew(state: State, d: dict[str, Any]) -> State:
    x, y, heading = d["path"][-1]
    plane = revise(state.planes[d["seat"]], x=x, y=y, heading=heading, altitude=d["altitude"])
    return revise(with_plane(state, plane), seat_queue=state.seat_queue[1:])


def _holds(state: State, d: dict[str, Any]) -> State:
    return revise(state, seat_queue=state.seat_queue[1:])


def _declared(state: State, d: dict[str, Any]) -> State:
    attacker = state.planes[d["attacker"]]
    attacker = revise(attacker, ace=attacker.ace and not d["ace"])
    combat = Combat(
        d["attacker"],
        d["target"],
        d["section"],
        attack_rerolls=d["attack_rerolls"],
        defense_rerolls=d["defense_rerolls"],
        attack_free=d["attack_free"],
        defense_free=d["defense_free"],
    )
    return revise(with_plane(state, attacker), combat=combat)


def _dice(state: State, d: dict[str, Any]) -> State:
    if state.combat is None:
        return state  # the first-player roll changes nothing by itself
    key = "attack_dice" if d["purpose"] == "attack" else "defense_dice"
    return revise(state, combat=revise(in_combat(state), **{key: tuple(d["dice"])}))


def _rerolled(state: State, d: dict[str, Any]) -> State:
    if d["purpose"] == "attack":
        combat = revise(in_combat(state), attack_dice=tuple(d["dice"]), attack_rerolls=0)
    else:
        combat = revise(in_combat(state), defense_dice=tuple(d["dice"]), defense_rerolls=0)
    plane = state.planes[d["seat"]]
    state = with_plane(state, revise(plane, altitude=plane.altitude - d["altitude_spent"]))
    return revise(state, combat=combat)


def _resolved(state: State, d: dict[str, Any]) -> State:
    target = revise(state.planes[d["target"]], health=d["health"])
    attacker = state.planes[d["attacker"]]
    state = with_plane(
        with_plane(state, target), revise(attacker, dealt=attacker.dealt + d["damage"])
    )
    return revise(state, combat=None, seat_queue=state.seat_queue[1:])


def _destroyed(state: State, d: dict[str, Any]) -> State:
    seat = d["seat"]
    falls = state.falls + 1
    state = with_plane(state, revise(state.planes[seat], alive=False, fell=falls))
    state = revise(
        state,
        falls=falls,
        seat_queue=tuple(s for s in state.seat_queue if s != seat),
        team_queue=tuple(t for t in state.team_queue if living(state, t)),
    )
    flying = living_teams(state)  # two or more before this plane fell, so one at least
    if len(flying) > 1:
        return state
    winner = flying[0]
    return revise(
        state,
        phase="over",
        winner=winner,
        seat_queue=(),
        team_queue=(),
        reason=f"team {winner} is the last in the air",
    )


def _ace(state: State, d: dict[str, Any]) -> State:
    return with_plane(state, revise(state.planes[d["seat"]], ace=True))


def _time_up(state: State, d: dict[str, Any]) -> State:
    # the cap is reached once the last round's queues are empty
    return revise(
        state, phase="over", winner=d["winner"], reason=f"round limit of {d['rounds']} reached"
    )


HANDLERS = {
    STATS_REVEALED: _stats,
    FIRST_PLAYER: _first,
    PLANE_PLACED: _placed,
    ROUND_STARTED: _round,
    STAGE_STARTED: _stage,
    TEAM_UP: _team_up,
    PLANE_FLEW: _flew,
    HOLDS_FIRE: _holds,
    ATTACK_DECLARED: _declared,
    DICE_ROLLED: _dice,
    DICE_REROLLED: _rerolled,
    ATTACK_RESOLVED: _resolved,
    PLANE_DESTROYED: _destroyed,
    ACE_EARNED: _ace,
    ROUND_LIMIT_REACHED: _time_up,
}


evolve = handler_evolve(initial, HANDLERS)
fold = partial(fold_events, evolve)


__all__ = ["evolve", "fold", "initial"]

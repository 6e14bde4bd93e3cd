"""The immutable state of a Dogfight match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import RulesError
from engine.states import revise

STATS = ("attack", "defense", "speed", "health")
MAX_ALTITUDE = 4  # a pilot's four altitude tokens


@dataclass(frozen=True)
class Plane:
    seat: int
    team: int
    attack: int = 0  # the stats are 0 until revealed
    defense: int = 0
    speed: int = 0
    health: int = 0
    x: int = -1  # -1: not placed yet
    y: int = -1
    heading: int = 0
    altitude: int = 0
    alive: bool = True
    placed: bool = False
    ace: bool = False  # holds the Ace Bonus die
    dealt: int = 0  # damage dealt to enemy planes
    fell: int = 0  # 0 while flying, else the order it fell in (1 = first)

    @property
    def pose(self) -> tuple[int, int, int]:
        return self.x, self.y, self.heading


@dataclass(frozen=True)
class Combat:
    """An attack between its dice and its damage: who may still re-roll."""

    attacker: int
    target: int
    section: str
    attack_dice: tuple[int, ...] = ()
    defense_dice: tuple[int, ...] = ()
    # the most dice each side may re-roll (free ones, plus one bought with
    # altitude); 0 once that side has decided
    attack_rerolls: int = 0
    defense_rerolls: int = 0
    attack_free: int = 0  # re-rolls the section gives for nothing
    defense_free: int = 0


@dataclass(frozen=True)
class State:
    seats: int
    teams: tuple[tuple[int, ...], ...]  # seats per team; one seat per team without teams
    area: int
    quick: bool
    ace_option: bool
    round_limit: int
    planes: tuple[Plane, ...]
    phase: str = "stats"  # stats | place | play | over
    place_order: tuple[int, ...] = ()
    placing: int = 0
    round: int = 0
    stage: str = ""  # move | attack
    order: tuple[int, ...] = ()  # teams in this round's turn order
    team_queue: tuple[int, ...] = ()  # teams still to act this stage
    seat_queue: tuple[int, ...] = ()  # seats of the acting team still to act
    combat: Combat | None = None
    falls: int = 0
    winner: int = -1  # the winning team, -1 for none
    reason: str = ""


def set_item(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def with_plane(state: State, plane: Plane) -> State:
    return revise(state, planes=set_item(state.planes, plane.seat, plane))


def living(state: State, team: int) -> tuple[int, ...]:
    """The team's seats whose planes still fly, in seat order."""
    return tuple(s for s in state.teams[team] if state.planes[s].alive)


def living_teams(state: State) -> tuple[int, ...]:
    return tuple(t for t in range(len(state.teams)) if living(state, t))


def enemies(state: State, seat: int) -> list[Plane]:
    team = state.planes[seat].team
    return [p for p in state.planes if p.alive and p.placed and p.team != team]


def acting_seat(state: State) -> int:
    """The seat whose decision is due now, or -1."""
    combat = state.combat
    if combat is not None:
        if combat.attack_rerolls:
            return combat.attacker
        if combat.defense_rerolls:
            return combat.target
        return -1
    if state.phase == "place":
        # -1 between the last placement and the first round
        return state.place_order[state.placing] if state.placing < state.seats else -1
    if state.phase == "play" and state.seat_queue:
        return state.seat_queue[0]
    if state.phase == "play" and state.team_queue:
        members = living(state, state.team_queue[0])
        return members[0] if members else -1  # the team's first seat orders it
    return -1


def in_combat(state: State) -> Combat:
    """The combat being resolved (asked for only while one is)."""
    if state.combat is None:
        raise RulesError(f"no combat is being resolved in the {state.phase} phase")
    return state.combat

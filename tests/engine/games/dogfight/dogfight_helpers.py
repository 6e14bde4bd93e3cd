"""Shared builders for the Dogfight tests: hand-made tables and loaded dice.

A uniquely named module (not conftest) so other games' test helpers never shadow it."""

from __future__ import annotations

from dataclasses import replace

from engine.games.dogfight import GAME
from engine.games.dogfight.fold import fold
from engine.games.dogfight.geometry import AREA
from engine.games.dogfight.state import Plane, State
from engine.lineup import lineup
from engine.runner import run_match
from tests.engine.games.loaded_dice import LoadedDice


def plane(
    seat, x, y, heading=0, team=None, attack=3, defense=3, speed=4, health=3, altitude=0, **extra
):
    return Plane(
        seat=seat,
        team=seat if team is None else team,
        attack=attack,
        defense=defense,
        speed=speed,
        health=health,
        x=x,
        y=y,
        heading=heading,
        altitude=altitude,
        placed=True,
        **extra,
    )


def table(planes, stage="move", queue=None, teams=None, area=AREA, **extra):
    """A state in the middle of a round: ``queue`` (default: every seat in
    order) still to act in ``stage``."""
    planes = tuple(planes)
    teams = teams or tuple((p.seat,) for p in planes)
    queue = tuple(p.seat for p in planes) if queue is None else tuple(queue)
    defaults = dict(
        quick=False,
        ace_option=False,
        round_limit=20,
        phase="play",
        round=1,
        stage=stage,
        order=tuple(range(len(teams))),
        seat_queue=queue,
    )
    defaults.update(extra)
    return State(seats=len(planes), teams=teams, area=area, planes=planes, **defaults)


def duel(section="middle", attacker_alt=0, target_alt=0, **target_stats):
    """The attack stage: seat 0 flies north towards seat 1, ``section`` of the ruler
    ahead of it and flying away (no shot back)."""
    distance = {"close": 700, "middle": 1500, "far": 2300}[section]
    return table(
        [
            plane(0, 3600, 2000, 0, altitude=attacker_alt),
            plane(1, 3600, 2000 + distance, 0, altitude=target_alt, **target_stats),
        ],
        stage="attack",
        queue=(0, 1),
    )


def second_to_place(x: int, y: int):
    """Set-up with seat 0's plane placed at ``(x, y)`` and seat 1's to place."""
    return table(
        [plane(0, x, y), replace(plane(1, -1, -1), placed=False)],
        phase="place",
        place_order=(0, 1),
        placing=1,
    )


def act(state, seat, action, dice=()):
    """Resolve one decision; returns (events, new state)."""
    events = GAME.resolve(state, {seat: action}, LoadedDice(dice))
    return events, fold(state, events)


def types(events):
    return [e.type for e in events]


def match_of(bots, seed, **options):
    seats, players = lineup(GAME, bots)
    return run_match(GAME, players, seats, seed, options)

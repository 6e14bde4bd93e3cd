"""The Aerial Assault ``greedy`` bot as it was before the rules fidelity work (rules v1), kept only
to measure the new one against (``python -m bench.aerial_greedy_duel``); it is not a
registered bot.

Adapted to rules v2 only where the action format forces it: a block step names no
target (it counts as worth blocking when a ball carrier shares the zone) and block
targets are named after the reveal (a ball carrier first). Everything else, the
fixed build, the -2 on every pass, the tie between a useless step and a face-down
card, is the old policy unchanged.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import (
    ZONES,
    inbound_zone,
    shoot_range,
    side_of,
    toward_goal,
    truss_range,
    white_zone,
)
from engine.games.aerial_assault.plays import block_targets, play_options
from engine.games.aerial_assault.plays import part as _part
from engine.players import Request


def _chance(need: int, mod: int) -> int:
    """Chance in sixths that a die plus ``mod`` reaches ``need``."""
    return max(0, min(6, 7 - (need - mod)))


def build_value(parts: list[str], budget: int) -> int:
    ps = [C.PART_BY_ID[p] for p in parts]
    drive = next(p for p in ps if p.kind == "drive")
    shooter = next(p for p in ps if p.kind == "shooter")
    pickup = min(p.pickup for p in ps if p.pickup)
    catching = any(p.kind == "catching" for p in ps)
    weeks = sum(p.weeks for p in ps)
    value = 8 * drive.move + (3 if drive.fast_need else 0) + 2 * drive.block
    value += 6 * _chance(shooter.shoot, 0) + 3 * shooter.range + 2 * _chance(shooter.truss, 0)
    value += 2 * _chance(pickup, 0) + (4 if catching else 0)
    value += 8 if weeks < budget else 0
    return value


@cache
def card_value(card_id: str) -> int:
    card = C.CARD_BY_ID[card_id]
    value = 0
    for side in (card.top, card.bottom):
        for kind, mod, reroll in side:
            value += {"shoot": 4, "move2": 4, "truss": 2, "move": 1}.get(kind, 1)
            value += 3 * mod + (2 if reroll else 0)
        value += 3 if len(side) == 2 else 0
    return value


class OldGreedyBot:
    """Scores every legal card play of each of its robots with a one-step
    heuristic (shoot when in range, truss when across, move the ball home, go and
    receive the inbound, pick up loose balls, block ball carriers) and plays the best."""

    def __init__(self, game, seat: int, rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Any:
        view = request.view
        phase = view["phase"]
        if phase == "draft":
            return max(request.legal, key=lambda c: (card_value(c), c))
        if phase == "block":
            return max(
                request.legal,
                key=lambda a: (bool(view["robots"][a["target"]]["balls"]), -a["target"]),
            )
        out = []
        for r in view["my_robots"]:
            robot = view["robots"][r]
            if phase == "build":
                builds = C.legal_builds(robot["budget"])
                out.append(max(builds, key=lambda b: build_value(b, robot["budget"])))
            elif phase == "auto":
                out.append(self._program(view, r))
            else:
                out.append(
                    self._best(
                        view, r, robot["hand"], robot["zone"], False, self._holding(view, r)
                    )[0]
                )
        return out

    # -- helpers ----------------------------------------------------------------------
    def _holding(self, view: dict, r: int) -> bool:
        return bool(view["robots"][r]["balls"])

    def _program(self, view: dict, r: int) -> list:
        robot = view["robots"][r]
        hand, zone, holding, program = list(robot["hand"]), robot["zone"], True, []
        for _ in range(3):
            play, zone, holding = self._best(view, r, hand, zone, True, holding)
            hand.remove(play["card"])
            program.append(play)
        return program

    def _best(self, view: dict, r: int, hand: list, zone: int, auto: bool, holding: bool) -> tuple:
        best, best_value = [], None
        memo: dict = {}
        for play, end in play_options(view, r, hand, zone, auto):
            value, still = self._value(view, r, play, zone, auto, holding, memo)
            value = value * 100 - card_value(play["card"])
            if best_value is None or value > best_value:
                best, best_value = [(play, end, still)], value
            elif value == best_value:
                best.append((play, end, still))
        return self.rng.choice(best)

    def _value(
        self, view: dict, r: int, play: dict, zone: int, auto: bool, holding: bool, memo: dict
    ) -> tuple[int, bool]:
        """Heuristic worth of a play (in points, roughly) and whether the robot
        still holds a ball after it."""
        robot = view["robots"][r]
        start = zone
        if play["side"] == "down":
            return 0, holding
        slots = getattr(C.CARD_BY_ID[play["card"]], play["side"])
        value = 0
        shooter = _part(robot, "shooter")
        alliance = robot["alliance"]
        for slot, step in zip(slots, play["steps"]):
            if step is None:
                continue
            act, mod = step["act"], slot[1]
            if act == "move":
                zone += step["dir"] * step["dist"]
            elif act == "high":
                if holding:
                    value += _chance(shooter.shoot, mod) * (4 if auto else 3)
                    holding = False
            elif act == "low":
                mine = holding or any(
                    b["where"] == "floor" and b["zone"] == zone and b["color"] == alliance
                    for b in view["balls"]
                )
                last = (
                    view["round"] == view["rounds"] and view["play"] == view["plays_per_round"] - 1
                )
                if mine:
                    value += 4 if last else 1
                    holding = False
            elif act == "truss":
                if holding and any(not view["balls"][b]["trussed"] for b in robot["balls"]):
                    value += _chance(shooter.truss, mod) * 3
                    holding = False
            elif act == "pass":
                value -= 2
                holding = False
            elif act == "pickup":
                if not holding and any(
                    b["where"] == "floor" and b["zone"] == zone and b["color"] == alliance
                    for b in view["balls"]
                ):
                    need = min(
                        C.PART_BY_ID[p].pickup for p in robot["parts"] if C.PART_BY_ID[p].pickup
                    )
                    value += _chance(need, mod) * 2
            elif act == "catch":
                if self._catch_expected(view, r, zone):
                    value += 14
            elif act == "block":
                foes = [view["robots"][t] for t in block_targets(view, r, zone)]
                value += 9 if any(f["balls"] for f in foes) else 2
        for z in (zone, start):
            if (z, holding) not in memo:
                memo[z, holding] = self._position(view, r, z, holding, auto)
        return value + memo[zone, holding] - memo[start, holding], holding

    def _catch_expected(self, view: dict, r: int, zone: int) -> bool:
        alliance = view["robots"][r]["alliance"]
        if zone != white_zone(alliance):
            return False
        for mate in view["robots"]:
            if mate["robot"] == r or mate["alliance"] != alliance or not mate["balls"]:
                continue
            rng_ = truss_range(alliance, mate["zone"])
            reach = _part(mate, "shooter").range
            if (
                rng_ is not None
                and rng_ <= reach
                and any(not view["balls"][b]["trussed"] for b in mate["balls"])
            ):
                return True
        return False

    def _position(self, view: dict, r: int, zone: int, holding: bool, auto: bool) -> int:
        """How good it is to stand in ``zone``."""
        robot = view["robots"][r]
        alliance = robot["alliance"]
        reach = _part(robot, "shooter").range
        home = toward_goal(alliance)
        goal_edge = 0 if home == -1 else ZONES - 1
        if holding:
            rng_ = shoot_range(alliance, zone)
            if rng_ is not None and rng_ <= reach:
                return 10
            trange = truss_range(alliance, zone)
            if trange is not None and trange <= reach and not auto:
                return 8
            shoot_from = goal_edge - home * (reach - 1)
            return 9 - 2 * abs(zone - shoot_from)
        balls = view["balls"]
        mine = [b for b in balls if b["color"] == alliance and b["where"] in ("held", "floor")]
        waiting = [b for b in balls if b["color"] == alliance and b["where"] == "waiting"]
        if not mine and waiting and not auto:
            return 8 - abs(zone - inbound_zone(alliance))
        floor = [b["zone"] for b in mine if b["where"] == "floor"]
        if floor:
            return 8 - 2 * min(abs(zone - z) for z in floor)
        carriers = [
            view["robots"][b["robot"]] for b in mine if b["where"] == "held" and b["robot"] != r
        ]
        if carriers:
            c = carriers[0]
            if side_of(c["zone"]) != alliance:
                return 6 - 2 * abs(zone - white_zone(alliance))
            return 5 - abs(zone - c["zone"])
        foes = [o["zone"] for o in view["robots"] if o["alliance"] != alliance and o["balls"]]
        if foes:
            return 4 - min(abs(zone - z) for z in foes)
        return 3 - abs(zone - white_zone(alliance))

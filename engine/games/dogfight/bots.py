"""Built-in Dogfight bots: ``random`` (uniform over legal actions) and ``greedy``.

``greedy`` reads only ``request.view`` and ``request.legal`` and scores the legal
actions with the rules' own pure geometry: it flies where an enemy sits in its
arc, out of enemy arcs, and never where it would leave the table or be trapped
against an edge next round.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.decisions import Action
from engine.game import Game
from engine.games.dogfight.combat import DODGE, HIT, damage
from engine.games.dogfight.geometry import (
    COST,
    DIRECTION,
    TEMPLATES,
    fly,
    in_range_and_arc,
    on_table,
)
from engine.games.dogfight.plans import path
from engine.players import RandomBot, Request
from engine.rng import Rng
from engine.search.bot import search_bots

SECTION_VALUE = {"close": 3.0, "middle": 2.0, "far": 1.5}
STATS = {"attack": 3, "defense": 3, "speed": 4, "health": 2}


ENOUGH_ESCAPES = 6  # more ways out than this are no safer


@lru_cache(maxsize=4096)
def escapes(pose: tuple[Any, ...], speed: int, area: int) -> int:
    """How many plans next round keep the plane on the table from ``pose``, up
    to ``ENOUGH_ESCAPES`` (a plan that leaves the table ends there, so a crashed
    prefix prunes its tree)."""
    count = 0
    for name in TEMPLATES:
        if COST[name] <= speed:
            after = fly(pose, name)
            if on_table(after, area):
                count += 1 + escapes(after, speed - COST[name], area)
                if count >= ENOUGH_ESCAPES:
                    return ENOUGH_ESCAPES
    return count


def expected_damage(attack: int, defense: int) -> float:
    """Rough damage per attack: half the dice hit, half the dodges cancel."""
    return max(0.2, attack * 0.5 - defense * 0.4)


class GreedyBot:
    """Shoots what it can, flies to where it can shoot next and is hard to shoot."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Action:
        legal, view = request.legal, request.view
        prompt = request.decision.prompt
        if prompt == "stats":
            return STATS if STATS in legal else legal[0]
        if prompt == "place":
            return self.place(view, legal)
        if prompt == "fly":
            return self.fly(view, legal)
        if prompt == "attack":
            return self.attack(view, legal)
        if prompt == "reroll":
            return self.reroll(view, legal)
        return legal[0]

    # -- set-up -------------------------------------------------------------------------
    def place(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        middle = view["area"] // 2

        def worth(action: dict[str, Any]) -> tuple[Any, ...]:
            fx, fy = DIRECTION[action["heading"]]
            dx, dy = middle - action["x"], middle - action["y"]
            facing = (dx * fx + dy * fy) / ((fx * fx + fy * fy) ** 0.5)
            return (facing, -abs(action["x"] - middle) - abs(action["y"] - middle))

        return max(legal, key=worth)

    # -- the move stage -------------------------------------------------------------------
    def fly(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        me = view["planes"][self.seat]
        foes = [p for p in view["planes"] if p["alive"] and p["placed"] and p["team"] != me["team"]]
        start = (me["x"], me["y"], me["heading"])
        best, best_score = legal[0], float("-inf")
        for action in legal:
            stops, crashed = path(start, action["plan"], view["area"])
            if crashed:
                continue
            score = self.position(tuple(stops[-1]), me, foes, view["area"])
            if me["altitude"] + action["climb"] <= 2:
                score += 0.4 * action["climb"]
            if score > best_score:
                best, best_score = action, score
        return best

    def position(
        self, pose: tuple[Any, ...], me: dict[str, Any], foes: list[Any], area: int
    ) -> float:
        score = 0.0
        for foe in foes:
            where = in_range_and_arc(pose, (foe["x"], foe["y"]))
            if where is not None:
                score += SECTION_VALUE[where] * (1 + 1 / max(1, foe["health"]))
            threat = in_range_and_arc((foe["x"], foe["y"], foe["heading"]), pose)
            if threat is not None:
                score -= 1.5 * expected_damage(foe["attack"], me["defense"])
        ways = escapes(pose, me["speed"], area)
        if ways == 0:
            return score - 100
        middle = area // 2
        off_centre = abs(pose[0] - middle) + abs(pose[1] - middle)
        return float(score + ways * 0.3 - off_centre / area)

    # -- the attack stage ------------------------------------------------------------------
    def attack(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        me = view["planes"][self.seat]
        shots = legal  # everyone attacks: every legal action is a shot

        def value(action: dict[str, Any]) -> float:
            foe = view["planes"][action["target"]]
            return float(expected_damage(me["attack"], foe["defense"]) / foe["health"])

        target = max(shots, key=value)["target"]
        return max((a for a in shots if a["target"] == target), key=lambda a: a["ace"])

    def reroll(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Re-roll misses: free re-rolls always, a level of altitude only when a
        hit (or a dodge) is badly needed."""
        combat = view["combat"]
        attacking = combat["attack_rerolls"] > 0
        side = "attack" if attacking else "defense"
        dice = combat[f"{side}_dice"]
        good = HIT if attacking else DODGE
        misses = sorted((i for i, d in enumerate(dice) if d < good), key=lambda i: dice[i])
        free, most = combat[f"{side}_free"], combat[f"{side}_rerolls"]
        count = min(len(misses), free)
        if len(misses) > count and most > free and self.worth_a_level(view, combat, attacking):
            count += 1
        choice = {"reroll": sorted(misses[:count])}
        return choice if choice in legal else legal[0]

    def worth_a_level(self, view: dict[str, Any], combat: dict[str, Any], attacking: bool) -> bool:
        target = view["planes"][combat["target"]]
        if attacking:
            return bool(target["health"] <= 2 or view["planes"][self.seat]["altitude"] >= 2)
        return bool(damage(combat["attack_dice"], combat["defense_dice"])["damage"] > 0)


#: rollouts four times the usual depth: a match is short and a round cheap, so a
#: rollout plays on to the end, where its value is a win or a loss rather than
#: the scores' guess (which misled the choice of stats and placement)
BOTS = {"random": RandomBot, "greedy": GreedyBot, **search_bots(depth=4)}

"""Built-in Powerball bots: ``random`` and ``greedy``.

Both read only ``request.view`` and ``request.legal``. A program is too many
actions to list, so a bot builds one from its hand (``view["robots"][seat]``
holds ``hand`` and ``program_size``: how many cards fill its unlocked registers).
"""

from __future__ import annotations

from typing import Any

from engine.decisions import Action
from engine.game import Game
from engine.games.powerball.board import DIRS, floor
from engine.games.powerball.cards import LEFT, MOVE1, MOVES, RIGHT, TURNS, kind
from engine.games.powerball.sim import (
    FAR,
    Solo,
    delivery_goals,
    laser_squares,
    registers_to,
    run_register,
    square_goals,
)
from engine.players import Request
from engine.rng import Rng
from engine.search.bot import ONE_STEP_DOWN, search_bots

BEAM = 12
WANTED = (
    "extra memory",
    "mechanical arm",
    "reverse gear",
    "double barrel",
    "high powered laser",
    "fourth gear",
)


def random_program(v: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
    """Any legal program, cheaply: shuffle the hand and fill the unlocked registers;
    now and then an order for an option the robot has."""
    me = v["robots"][seat]
    hand = rng.shuffled(me["hand"])
    cards, spare = hand[: me["program_size"]], hand[me["program_size"] :]
    action = {"cards": cards, "power_down": rng.below(10) == 0, "pickup": rng.below(4) != 0}
    has = set(me["options"]) | set(v["community"])
    if me["options"] and rng.below(4) == 0:
        action["armour"] = [rng.choice(me["options"])]
    if "brakes" in has and rng.below(2) == 0:
        action["brakes"] = [1 + rng.below(5)]
    pairs = random_pairs(cards, spare, has, rng)
    if pairs:
        action["pairs"] = pairs
        spare = [c for c in spare if c not in {c for _, c in pairs}]
    for key, option in (("flywheel", "flywheel"), ("park", "conditional program")):
        if option in has and spare and rng.below(2) == 0:
            action[key] = spare.pop()
    return action


def random_pairs(cards: list[Any], spare: list[Any], has: set[Any], rng: Rng) -> list[list[int]]:
    """At most one paired register: a move with a spare turn card (Dual Processor),
    or a Move 1 with a left or right turn (Crab Legs)."""
    turns = [c for c in spare if kind(c) in TURNS]
    if not turns or rng.below(2):
        return []
    turn = rng.choice(turns)
    for register, card in enumerate(cards, 1):
        dual = "dual processor" in has and kind(card) in MOVES
        crab = "crab legs" in has and kind(card) == MOVE1 and kind(turn) in (LEFT, RIGHT)
        if dual or crab:
            return [[register, turn]]
    return []


class RandomBot:
    """A random legal action everywhere; a random program from its hand."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Action:
        if request.legal is not None:
            return self.rng.choice(request.legal)
        return random_program(request.view, self.seat, self.rng)


class GreedyBot:
    """Fetches balls and carries them to a pit: a beam search over its own program
    on a solo simulation (the others stand still). Throws only for a kill."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Action:
        prompt = request.decision.prompt
        v = request.view
        if prompt == "program":
            return self.program(v)
        legal = request.legal
        if prompt == "fire":
            return max(legal, key=lambda a: self.fire_value(v, a))
        if prompt == "respawn facing":
            # the most open facing; the least wanted option if one must go
            return max(
                legal,
                key=lambda a: (
                    self.open_ahead(v, DIRS.index(a["facing"])),
                    a.get("discard") not in WANTED,
                ),
            )
        if prompt == "trade":
            return max(legal, key=lambda a: trade_value(a, self.seat))
        return legal[0]

    # -- programming ------------------------------------------------------------------
    def program(self, v: dict[str, Any]) -> dict[str, Any]:
        me = v["robots"][self.seat]
        size = me["program_size"]
        power_down = me["damage"] >= 6 and not me["balls"]
        if me["sq"] < 0 or not size:
            return {"cards": [], "power_down": power_down, "pickup": True}
        f = floor(v["floor"])
        blocked = frozenset(r["sq"] for r in v["robots"] if r["sq"] >= 0 and r["seat"] != self.seat)
        wrenches = frozenset(sq for _, sq, _ in f.wrenches)
        start = Solo(
            me["sq"], DIRS.index(me["facing"]), me["balls"], tuple(v["balls"]), me["capacity"]
        )
        beams: list[tuple[Solo, tuple[int, ...]]] = [(start, ())]
        for k in range(5):
            grown = []
            for solo, used in beams:
                if solo.dead:
                    grown.append((solo, used))
                    continue
                for card in self._choices(me, used, k, size):
                    nxt = solo.copy()
                    if card:
                        run_register(f, nxt, card, k + 1, blocked, wrenches)
                    grown.append((nxt, used + ((card,) if k < size else ())))
            grown.sort(key=lambda b: -self.value(v, b[0]))
            beams, seen = [], set()
            for solo, used in grown:
                key = (solo.sq, solo.facing, solo.balls, solo.delivered, solo.picked, solo.dead)
                if key not in seen:
                    seen.add(key)
                    beams.append((solo, used))
                if len(beams) == BEAM:
                    break
        cards = list(beams[0][1])
        # a plan cut short by a fall still fills every register
        cards += [c for c in me["hand"] if c not in cards][: size - len(cards)]
        action = {"cards": cards, "power_down": power_down, "pickup": True}
        if me["damage"] >= 5 or me["balls"]:  # spend unwanted options against damage
            armour = [o for o in me["options"] if o not in WANTED]
            if armour:
                action["armour"] = armour
        return action

    @staticmethod
    def _choices(me: dict[str, Any], used: tuple[Any, ...], k: int, size: int) -> list[int]:
        if k >= size:
            return [me["registers"][k] or 0]
        best: dict[str, int] = {}
        for card in me["hand"]:
            if card not in used and card > best.get(kind(card), 0):
                best[kind(card)] = card
        return sorted(best.values())

    def value(self, v: dict[str, Any], s: Solo) -> float:
        if s.dead:
            return -1000.0
        name = v["floor"]
        here = s.sq * 4 + s.facing
        score = 100 * s.delivered + 30 * s.picked + 4 * s.wrench_phases
        if s.balls:
            score -= 8 * registers_to(name, delivery_goals(name))[here]
        elif s.loose:
            score -= 6 * registers_to(name, square_goals(s.loose))[here]
        else:
            f = floor(name)
            score -= 3 * registers_to(name, square_goals(sq for _, sq, _ in f.wrenches))[here]
        if s.sq in laser_squares(name):
            score -= 3
        return score

    # -- other decisions -------------------------------------------------------------
    def fire_value(self, v: dict[str, Any], action: dict[str, Any]) -> float:
        do = action["do"]
        if do == "laser":
            return 0.0
        target = v["robots"][action["target"]]
        me = v["robots"][self.seat]
        if do == "throw":
            power = 3 if "high powered laser" in me["options"] + v["community"] else 2
            power *= action["balls"]
            kill = target["damage"] + power >= 10 or self.pushes_into_pit(v, me, target, power)
            return (10 + target["balls"]) if kill else -1.0
        if do in ("pressor", "tractor", "howitzer"):
            if self.pushes_into_pit(v, me, target, 1, pull=do == "tractor"):
                return 5.0
            return 4.0 if do == "howitzer" and target["damage"] >= 9 else -1.0
        if do == "fire control":
            return 0.5 if action["option"] in WANTED else -1.0
        return -1.0

    def pushes_into_pit(
        self,
        v: dict[str, Any],
        me: dict[str, Any],
        target: dict[str, Any],
        squares: int,
        pull: bool = False,
    ) -> bool:
        f = floor(v["floor"])
        (ax, ay), (bx, by) = f.xy(me["sq"]), f.xy(target["sq"])
        if ax == bx:
            d = 2 if by > ay else 0
        elif ay == by:
            d = 1 if bx > ax else 3
        else:
            return False
        if pull:
            d = (d + 2) % 4
        here = target["sq"]
        for _ in range(squares):
            here = f.open_edge(here, d)
            if here is None:
                return False
            if here in f.pits:
                return True
        return False

    def open_ahead(self, v: dict[str, Any], d: int) -> int:
        me = v["robots"][self.seat]
        f = floor(v["floor"])
        flag = f.flags[me["flag"] - 1][0] if me["flag"] else 0
        here, n = flag, 0
        while n < FAR:
            here = f.open_edge(here, d)
            if here is None or here in f.pits:
                return n
            n += 1
        return n


def trade_value(action: dict[str, Any], seat: int) -> int:
    do = action["do"]
    if do in ("steal", "keep"):
        return 3 + (action["option"] in WANTED)
    if do == "replace":
        return 1 if action["community"] not in WANTED and action["option"] in WANTED else -1
    if do == "pass":
        return 0
    return -2


#: rollouts of a third of the usual depth (8 decision rounds for ``search``, about
#: a register's worth of the turn's decisions): held-out rollouts found moves 1.5
#: times as good to depth 8 as to depth 2 or 4 (docs/performance.md, issue 29).
#: The levels one step down: the default ``search`` beat ``search-1`` by far more
#: than a step (86% of 22 matches); one step down, each level beats the one below
#: it in 63% to 76% of 200 matches or more (docs/performance.md, session 46)
BOTS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    **search_bots(depth=1 / 3, budgets=ONE_STEP_DOWN),
}

"""Built-in Aimbots bots: ``random`` (uniform over legal actions) and ``greedy``.

``greedy`` reads only ``request.view`` and ``request.legal``: it rebuilds a state
from the view (unknown cores and token kinds left blank) and scores the legal
actions with the rules' own pure helpers.
"""

from __future__ import annotations

from typing import Any

from engine.decisions import Action, Decision
from engine.game import Game
from engine.games.aimbots.board import LINES_FROM, OPPOSITE, SIZE, col_row, step
from engine.games.aimbots.catalogue import BY_NAME
from engine.games.aimbots.combat import hit_chance, plated_face, profile, targets, totals, twisted
from engine.games.aimbots.dice import east_for, face, pivot
from engine.games.aimbots.draft import card_level
from engine.games.aimbots.moves import token_cores
from engine.games.aimbots.state import Bot, State, with_bot
from engine.players import RandomBot, Request, best_of
from engine.rng import Rng
from engine.search.bot import ONE_STEP_DOWN, search_bots
from engine.states import revise


def state_from_view(v: dict[str, Any]) -> State:
    """A state holding exactly what the view shows (secrets blanked)."""
    bots = tuple(
        Bot(
            b["id"],
            b["owner"],
            b["program"],
            b["top"],
            b["north"],
            b["east"],
            b["sq"],
            tuple(b["plates"]),
            b["core"] or 0,
            b["alive"],
        )
        for b in v["bots"]
    )
    return State(
        seats=v["seats"],
        target=v["target"],
        turn_limit=v["turn_limit"],
        phase=v["phase"],
        bots=bots,
        energy=v["energy"],
        attacked=v["attacked"],
        aim=v["aim"],
        active=v["active"],
        free_pivots=tuple(v["free_pivots"]),
        board_scrap=tuple((sq, -1) for sq in v["board_scrap"]),
        cores=tuple(v["cores"]),
        hands=tuple(() for _ in range(v["seats"])),
        tokens=(),
    )


def chance(state: State, attacker: Bot, target: Bot, d: str, dist: int) -> float:
    att, dfn = totals(profile(state, attacker, target, d, dist))
    return hit_chance(att, dfn) / 1296


def prize(target: Bot) -> float:
    """How much a hit on ``target`` is worth: more the closer it is to falling."""
    return 1 + 1.5 * len(target.plates)


def best_attack(state: State, seat: int) -> tuple[float, int, int]:
    best = (0.0, -1, -1)
    for bot in state.bots:
        if bot.alive and bot.owner == seat and bot.sq >= 0:
            for t, d, dist in targets(state, bot):
                value = chance(state, bot, t, d, dist) * prize(t)
                if value > best[0]:
                    best = (value, bot.id, t.id)
    return best


#: squares apart along rows and columns, for every pair of squares (evaluate asks it
#: tens of thousands of times a match)
_DISTANCE = tuple(
    tuple(abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE) for b in range(SIZE * SIZE))
    for a in range(SIZE * SIZE)
)


def _best_hit(state: State, attackers: list[Bot], defenders: list[Bot]) -> float:
    """The most a hit by one of ``attackers`` on one of ``defenders`` in reach is
    worth (chance times prize), or 0: ``targets`` narrowed to the pairs asked for."""
    best = 0.0
    for attacker in attackers:
        reach = attacker.prog.reach
        lines = LINES_FROM[attacker.sq]
        for target in defenders:
            found = lines[target.sq]
            if found is not None and found[1] <= reach:
                value = chance(state, attacker, target, found[0], found[1]) * prize(target)
                if value > best:  # (what max(best, value) keeps)
                    best = value
    return best


def evaluate(state: State, seat: int) -> float:
    """Position score for ``seat``: attack now, attack soon, threats, closeness."""
    placed = [b for b in state.bots if b.alive and b.sq >= 0]
    mine = [b for b in placed if b.owner == seat]
    foes = [b for b in placed if b.owner != seat]
    score = 0.0
    can_attack = not state.attacked and state.energy >= 2
    score += (10 if can_attack else 2) * _best_hit(state, mine, foes)
    for foe in foes:
        score -= 3 * _best_hit(state, [foe], mine)
    scrap = {sq for sq, _ in state.board_scrap}
    foe_squares = [f.sq for f in foes]
    for bot in mine:
        score -= 0.2 * min(map(_DISTANCE[bot.sq].__getitem__, foe_squares), default=0)
        if bot.sq in scrap:
            score += 1.5
    return score


def apply_move(state: State, action: dict[str, Any]) -> State:
    bot = state.bots[action["bot"]]
    if action["do"] == "pivot":
        north, east = pivot(bot.north, bot.east, action["turn"])
        cost = 0 if bot.prog.free_pivot and bot.id not in state.free_pivots else 1
        state = with_bot(state, revise(bot, north=north, east=east))
        return revise(state, energy=state.energy - cost, free_pivots=state.free_pivots + (bot.id,))
    to = bot.sq
    for _ in range(action["steps"]):
        to = step(to, action["dir"])
    return revise(with_bot(state, revise(bot, sq=to)), energy=state.energy - 1)


class GreedyBot:
    """Attacks when the odds are fair, grabs scrap, else moves to the best spot."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> Action:
        legal = request.legal
        prompt = request.decision.prompt
        if prompt == "draft":
            return self.draft(request.view, legal)
        if prompt == "load cores":
            return self.load(request.view, legal)
        if prompt == "place":
            return self.place(request.view, legal)
        if prompt == "plate":
            return min(legal, key=lambda a: a["face"])
        if prompt == "order":
            return self.order(request.view, legal)
        return self.turn(request.view, legal)

    # -- set-up ---------------------------------------------------------------------
    def draft(self, v: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        def worth(action: dict[str, Any]) -> tuple[Any, ...]:
            if action["do"] == "wild":
                return (0, -v["rolls"][self.seat][action["die"]])
            prog = BY_NAME[v["market"][action["card"]]]
            rolled = v["rolls"][self.seat][action["die"]]
            wasted = 3 if rolled == 6 and card_level(action["card"]) < 5 else 0
            return (1, prog.level + 3 * (prog.reach > 1) - wasted)

        return best_of(legal, worth, self.rng)

    def load(self, v: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        mine = [b for b in v["bots"] if b["owner"] == self.seat]
        want = sorted(range(len(mine)), key=lambda i: -mine[i]["top"])
        cores = sorted(legal[0]["cores"], reverse=True)
        plan = [0] * len(mine)
        for i, core in zip(want, cores):
            plan[i] = core
        choice = {"do": "load", "cores": plan}
        return choice if choice in legal else legal[0]

    def place(self, v: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        forward = OPPOSITE[v["edges"][self.seat]]
        bot = v["bots"][legal[0]["bot"]]

        def worth(action: dict[str, Any]) -> tuple[Any, ...]:
            east = east_for(bot["top"], action["north"])
            c, r = col_row(action["sq"])
            return (face(action["north"], east, forward), -abs(c - 3) - abs(r - 3))

        return best_of(legal, worth, self.rng)

    def order(self, v: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Put the plate where it costs the defender most: its highest side face
        (a plate the defender chooses lands on its lowest)."""
        target = state_from_view(v).bots[v["order_bot"]]
        lowest = min(
            f
            for f in range(1, 7)
            if f not in (target.top, 7 - target.top) and f not in target.plates
        )

        def worth(action: dict[str, Any]) -> int:
            hit = target if action["first"] == "plate" else twisted(target)
            plated = plated_face(hit, v["order_dir"])
            return lowest if plated is None else plated

        return best_of(legal, worth, self.rng)

    # -- play -------------------------------------------------------------------------
    def turn(self, v: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        state = state_from_view(v)
        hand = {h["token"]: h["kind"] for h in v["hands"][self.seat]}
        uses = [a for a in legal if a["do"] == "use"]
        attacks = [a for a in legal if a["do"] == "attack"]
        for action in uses:
            kind = hand[action["token"]]
            if kind != "targeting" or attacks:
                return action
        if attacks:
            value, bot, target = best_attack(state, self.seat)
            if value > 0.25:
                return {"do": "attack", "bot": bot, "target": target}
        pickups = [a for a in legal if a["do"] == "pickup"]
        if pickups:
            return pickups[0]
        return self.move(state, legal)

    def move(self, state: State, legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The pivot or boost that most improves the position (ending the turn
        unless one beats standing still by a margin)."""
        scored = [({"do": "end"}, evaluate(state, self.seat) + 0.05)]
        for action in legal:
            if action["do"] in ("pivot", "boost"):
                scored.append((action, evaluate(apply_move(state, action), self.seat)))
        # scores from floats: equal up to rounding noise counts as a tie
        return best_of(scored, lambda pair: round(pair[1], 9), self.rng)[0]


# -- the search's hooks ---------------------------------------------------------------
#: how much of a robot's core its foes have as good as won, by its plates: a
#: third plate destroys it, so two plates are most of the way there
CLAIM = (0.0, 0.3, 0.6)


def standing(state: State) -> tuple[float, ...]:
    """Each seat's cores (captured, used or held) plus its claim on the cores of
    the foes' damaged robots: a cut rollout's value. The raw score moves only
    when a robot falls or a token is used, so a few decisions of play after a
    move would otherwise leave almost every move at a tie."""
    claims = [0.0] * state.seats
    for bot in state.bots:
        if bot.alive and bot.plates:
            claim = bot.core * CLAIM[min(len(bot.plates), 2)]
            for seat in range(state.seats):
                if seat != bot.owner:
                    claims[seat] += claim
    return tuple(state.cores[s] + token_cores(state, s) + claims[s] for s in range(state.seats))


def ranked_turn(game: Game, state: State, decision: Decision, rng: Rng) -> list[Action]:
    """The turn's actions worth searching, best first: attacks by odds times
    prize, pick-ups, then the pivots, boosts and end by greedy's position score
    (a search's other candidates, where random legal ones are mostly idle
    steps). Other decisions offer none. (The ranking needs neither the game nor
    a draw: ties keep the legal list's order.)"""
    if decision.prompt != "turn" or not decision.legal:
        return []
    seat, legal = decision.seat, decision.legal
    bots = state.bots
    attacks = [a for a in legal if a["do"] == "attack"]
    attacks.sort(key=lambda a: -_attack_worth(state, bots[a["bot"]], bots[a["target"]]))
    moves = [a for a in legal if a["do"] in ("pivot", "boost", "end")]
    moves.sort(key=lambda a: -evaluate(state if a["do"] == "end" else apply_move(state, a), seat))
    return attacks + [a for a in legal if a["do"] == "pickup"] + moves


def _attack_worth(state: State, attacker: Bot, target: Bot) -> float:
    found = LINES_FROM[attacker.sq][target.sq]
    return 0.0 if found is None else chance(state, attacker, target, *found) * prize(target)


#: the levels one step down: the default ``search`` beat ``search-1`` by more than
#: a step (0.75) and ``search-3`` did not beat it (0.40 of 10); one step down, each
#: level beats the one below it in 61% to 64% of 200 matches (docs/performance.md,
#: "The ladder in budgets")
BOTS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    **search_bots(depth=0.25, value=standing, propose=ranked_turn, budgets=ONE_STEP_DOWN),
}

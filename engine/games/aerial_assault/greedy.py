"""The ``greedy`` Aerial Assault bot: one card play ahead, a sparring partner.

It builds one of the best-valued robots (a different one from match to match),
drafts the strongest cards, and for each robot plays the card play with the best
heuristic value: shoot when in range (worth more when the ball carries assists),
pass to a teammate that has not held the ball yet (an assist) when that helps,
truss from the far half with a catcher waiting, carry the ball home, pick up
loose balls, go and receive the inbound (already while a teammate carries the
ball that will come back by it), block ball carriers. A step that cannot
succeed as things stand (a pick-up with no ball there, a catch with no truss
coming, a shot with no ball) is never played: a card face down is better. A seat
driving two robots hands the ball from one to the other within a card play (a
kiss pass, or a pass and a pick-up) when the assist is worth it and no opponent
could block the hand-off.

Values are in "units" where a sure 10-point goal is worth 18 (3 per sixth of
chance), so an assist (10 points) is worth 18 too, times its chance.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.game import Game
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
from engine.games.aerial_assault.greedy_values import (
    HOPELESS,
    POINTS,
    card_value,
    chance,
    floor_here,
    good_builds,
    in_range,
    pickup_need,
)
from engine.games.aerial_assault.plays import block_targets, part, play_options
from engine.players import Request, best_of
from engine.rng import Rng


class GreedyBot:
    """One card play ahead for each of its robots; see the module docstring."""

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng
        #: what this seat's robots chosen so far in a decision will take: floor
        #: balls by zone, and "catch" for the one catch a truss allows
        self.claimed: Counter[str | int] = Counter()

    def decide(self, request: Request) -> Any:
        view = request.view
        phase = view["phase"]
        if phase == "draft":
            return max(request.legal, key=lambda c: (card_value(c), c))
        if phase == "block":
            return best_of(request.legal, lambda a: self._block_worth(view, a["target"]), self.rng)
        out = []
        self.claimed = Counter()
        for r in view["my_robots"]:  # in robot order, the order allies resolve in
            robot = view["robots"][r]
            if phase == "build":
                out.append(self.rng.choice(good_builds(robot["budget"])))
            elif phase == "auto":
                out.append(self._program(view, r))
            else:
                play = self._best(
                    view, r, robot["hand"], robot["zone"], False, bool(robot["balls"])
                )[0]
                self._claim(robot["zone"], play)
                out.append(play)
        if phase == "play":
            out = self._handoff(view, out)
        return out

    def _claim(self, zone: int, play: dict[str, Any]) -> None:
        """Note the floor ball or the catch ``play`` will take, so this seat's next
        robot does not reach for the same one (it would find nothing left)."""
        for step in play.get("steps") or []:
            if step is None:
                continue
            if step["act"] == "move":
                zone += step["dir"] * step["dist"]
            elif step["act"] == "pickup":
                self.claimed[zone] += 1
            elif step["act"] == "catch":
                self.claimed["catch"] += 1

    # -- whole plays ------------------------------------------------------------------
    def _program(self, view: dict[str, Any], r: int) -> list[Any]:
        robot = view["robots"][r]
        hand, zone, holding, program = list(robot["hand"]), robot["zone"], True, []
        for _ in range(3):
            play, zone, holding = self._best(view, r, hand, zone, True, holding)
            hand.remove(play["card"])
            program.append(play)
        return program

    def _best(
        self, view: dict[str, Any], r: int, hand: list[Any], zone: int, auto: bool, holding: bool
    ) -> tuple[Any, ...]:
        """The best (play, end zone, still holding) of robot ``r``."""
        scored = self.scored_plays(view, r, hand, zone, auto, holding)
        return best_of(scored, lambda pair: pair[1], self.rng)[0]

    def scored_plays(
        self, view: dict[str, Any], r: int, hand: list[Any], zone: int, auto: bool, holding: bool
    ) -> list[tuple[tuple[Any, ...], int]]:
        """Every ((play, end zone, still holding), worth) of robot ``r``, in
        ``play_options``' order (what ``_best`` and the search's proposals rank)."""
        memo: dict[tuple[int, bool], Any] = {}
        scored = []
        for play, end in play_options(view, r, hand, zone, auto):
            value, still = self._value(view, r, play, zone, auto, holding, memo)
            scored.append(((play, end, still), value * 100 - card_value(play["card"])))
        return scored

    def _handoff(self, view: dict[str, Any], plays: list[Any]) -> list[Any]:
        """Two robots of this seat, one with the ball and one without that has not
        held it yet, at most two zones apart: pass it over in this very card play
        (passes resolve before pick-ups). In one zone that is a kiss pass (no roll);
        further, the ball lands on the floor and the taker's pick-up rolls. Played
        when the assist it sets up is worth more than what the two would do alone."""
        mine = view["my_robots"]
        if len(mine) != 2 or view["phase"] != "play":
            return plays
        alone = sum(
            self._value(
                view, x, p, view["robots"][x]["zone"], False, bool(view["robots"][x]["balls"]), {}
            )[0]
            for x, p in zip(mine, plays)
        )
        for giver, taker in (tuple(mine), tuple(reversed(mine))):
            g, t = view["robots"][giver], view["robots"][taker]
            gap = t["zone"] - g["zone"]
            if (
                not g["balls"]
                or t["balls"]
                or abs(gap) > 2
                or taker in view["balls"][g["balls"][0]]["possessors"]
            ):
                continue
            if not in_range(t, t["zone"]) or any(
                o["alliance"] != g["alliance"] and o["zone"] in (g["zone"], t["zone"])
                for o in view["robots"]
            ):
                # only to a robot that can shoot next, and with no opponent at hand: a
                # block on either robot would waste both plays (measured: hand-offs
                # under threat of a block lose matches)
                continue
            kiss = gap == 0
            toss = {"act": "pass", "dir": (gap > 0) - (gap < 0), "dist": abs(gap)}
            give = self._one_slot_play(view, giver, ("shoot", "truss"), toss)
            take = self._one_slot_play(view, taker, ("pickup", "catch") if kiss else ("pickup",))
            if give is None or take is None:
                continue
            sure = 6 if kiss else chance(pickup_need(t), take[1])
            worth = (
                sure * POINTS
                + (
                    sure
                    * (
                        self._position(view, taker, t["zone"], True, False)
                        - self._position(view, giver, g["zone"], True, False)
                    )
                )
                // 6
            )
            if worth > alone:
                by_robot = {giver: give[0], taker: take[0]}
                return [by_robot[x] for x in mine]
        return plays

    def _one_slot_play(
        self,
        view: dict[str, Any],
        r: int,
        kinds: tuple[Any, ...],
        step: dict[str, Any] | None = None,
    ) -> tuple[dict[str, Any], int] | None:
        """The cheapest card side of robot ``r`` whose one action is of ``kinds``
        (and its modifier), played as ``step`` (default: that action)."""
        robot = view["robots"][r]
        if robot["forced"]:
            return None
        best = None
        for card in robot["hand"]:
            for side in ("top", "bottom"):
                slots = getattr(C.CARD_BY_ID[card], side)
                if len(slots) != 1 or slots[0][0] not in kinds:
                    continue
                if best is None or card_value(card) < card_value(best[0]["card"]):
                    best = (
                        {"card": card, "side": side, "steps": [step or {"act": slots[0][0]}]},
                        slots[0][1],
                    )
        return best

    # -- the value of one play ----------------------------------------------------------
    def _value(
        self,
        view: dict[str, Any],
        r: int,
        play: dict[str, Any],
        zone: int,
        auto: bool,
        holding: bool,
        memo: dict[tuple[int, bool], Any],
    ) -> tuple[int, bool]:
        """Heuristic worth of a play and whether the robot still holds a ball after."""
        if play["side"] == "down":
            return 0, holding
        start = zone
        slots = getattr(C.CARD_BY_ID[play["card"]], play["side"])
        value = 0
        for slot, step in zip(slots, play["steps"]):
            if step is None:
                continue
            act = step["act"]
            if act == "move":
                zone += step["dir"] * step["dist"]
                continue
            gain, holding = self._step_value(view, r, act, slot[1], step, zone, auto, holding)
            if gain <= HOPELESS:
                return HOPELESS, holding
            value += gain
        for z in (zone, start):
            if (z, holding) not in memo:
                memo[z, holding] = self._position(view, r, z, holding, auto)
        return value + memo[zone, holding] - memo[start, holding], holding

    def _step_value(
        self,
        view: dict[str, Any],
        r: int,
        act: str,
        mod: int,
        step: dict[str, Any],
        zone: int,
        auto: bool,
        holding: bool,
    ) -> tuple[int, bool]:
        robot = view["robots"][r]
        alliance = robot["alliance"]
        shooter = part(robot, "shooter")
        ball = view["balls"][robot["balls"][0]] if robot["balls"] else None
        assists = 0 if auto or ball is None else len([p for p in ball["possessors"] if p != r])
        if act == "high":
            if not holding:
                return HOPELESS, holding
            per = 4 if auto else POINTS * (1 + assists)
            return chance(shooter.shoot, mod) * per, False
        if act == "low":
            if not holding and not floor_here(view, alliance, zone):
                return HOPELESS, holding
            last = view["round"] == view["rounds"] and view["play"] == view["plays_per_round"] - 1
            return 5 * POINTS * assists + (4 if last else 1), False
        if act == "truss":
            if not holding or ball is None or ball["trussed"]:
                return HOPELESS, holding
            return chance(shooter.truss, mod) * POINTS, False
        if act == "pass":
            if not holding or ball is None:
                return HOPELESS, holding
            return self._pass_value(view, r, ball, zone, step, auto), False
        if act == "pickup":
            here = floor_here(view, alliance, zone) - self.claimed[zone]
            if here <= 0 or len(robot["balls"]) >= 2 or (holding and auto):
                return HOPELESS, holding
            return chance(pickup_need(robot), mod) * 2, True
        if act == "catch":
            coming = self._catch_expected(view, r, zone)
            if not coming or self.claimed["catch"]:
                return HOPELESS, holding
            return 14 * coming // 6, holding
        if act == "block":
            foes = [view["robots"][t] for t in block_targets(view, r, zone)]
            if not foes:
                return HOPELESS, holding
            return (9 if any(f["balls"] for f in foes) else 2), holding
        return 0, holding

    def _pass_value(
        self,
        view: dict[str, Any],
        r: int,
        ball: dict[str, Any],
        zone: int,
        step: dict[str, Any],
        auto: bool,
    ) -> int:
        """A pass played alone (not a hand-off to a robot of this seat): worth
        nothing. Measured greedy against greedy, a pass onto the floor for another
        seat's robot to pick up later loses more tempo than its assist brings."""
        return -5

    def _catch_expected(self, view: dict[str, Any], r: int, zone: int) -> int:
        """How likely a truss into this robot's white zone is this card play, in
        sixths: a teammate with a ball that may be trussed already in truss range
        (it will throw), or on the far half where a Move then Truss card reaches."""
        alliance = view["robots"][r]["alliance"]
        if zone != white_zone(alliance):
            return 0
        best = 0
        for mate in view["robots"]:
            if (
                mate["robot"] == r
                or mate["alliance"] != alliance
                or not any(not view["balls"][b]["trussed"] for b in mate["balls"])
            ):
                continue
            rng_ = truss_range(alliance, mate["zone"])
            if rng_ is not None:
                best = max(best, 6 if rng_ <= part(mate, "shooter").range else 2)
        return best

    def _block_worth(self, view: dict[str, Any], t: int) -> int:
        """How much blocking robot ``t`` (its play revealed) would stop."""
        play = next((p for p in view["staged"] if p["robot"] == t), None)
        if play is None or play["side"] == "down":
            return 0
        acts = {s["act"] for s in play["steps"] if s is not None}
        carrying = bool(view["robots"][t]["balls"])
        if acts & {"high", "low", "truss", "pass"} and carrying:
            return 10
        if "block" in acts:
            return 8  # a block on a block: it would stop one of ours
        if acts & {"pickup", "catch"}:
            return 6
        return 2

    # -- where to stand -----------------------------------------------------------------
    def _position(self, view: dict[str, Any], r: int, zone: int, holding: bool, auto: bool) -> int:
        """How good it is to stand in ``zone``."""
        robot = view["robots"][r]
        alliance = robot["alliance"]
        reach = part(robot, "shooter").range
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
            return 8 - 2 * min(abs(zone - int(z)) for z in floor)
        carriers = [
            view["robots"][b["robot"]] for b in mine if b["where"] == "held" and b["robot"] != r
        ]
        if carriers:
            c = carriers[0]
            if side_of(c["zone"]) != alliance:
                return 6 - 2 * abs(zone - white_zone(alliance))
            if not auto and view["score"][alliance]["scored"] >= view["removed_first"]:
                # the ball the carrier scores comes back by an inbound at the far
                # end: be there first (measured, this alone won 60% against the old)
                return 6 - abs(zone - inbound_zone(alliance))
            return 6 - abs(zone - self._receiving_zone(alliance, reach, c["zone"]))
        foes = [o["zone"] for o in view["robots"] if o["alliance"] != alliance and o["balls"]]
        if foes:
            return 4 - min(abs(zone - int(z)) for z in foes)
        return 3 - abs(zone - white_zone(alliance))

    @staticmethod
    def _receiving_zone(alliance: str, reach: int, carrier: int) -> int:
        """Where to wait for a pass from a teammate carrying the ball on our half:
        the zone in this robot's shooting range nearest the carrier, within a pass."""
        spots = [
            z
            for z in range(ZONES)
            if (shot := shoot_range(alliance, z)) is not None
            and shot <= reach
            and abs(z - carrier) <= 2
        ]
        if not spots:
            return carrier
        return min(spots, key=lambda z: (abs(z - carrier), shoot_range(alliance, z)))

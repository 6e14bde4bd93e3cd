"""Aerial Assault as a Scrimmage game: build season, driver training, the match.

Phases (``State.phase``): ``build`` (every seat secretly builds its robots),
``draft`` (the open draft of special cards, one pick per decision), ``auto`` (the
secret three-card autonomous programs), ``play`` (five rounds of five secret,
simultaneous card plays) and ``over``.

A seat drives one robot, or two when two or three seats play. Such a seat answers
one decision for both of its robots: its action is a list with one entry per
robot it drives, in robot order. RULES.md explains the actions' shape.

``resolve`` works by emitting fine-grained events and folding each one into a
local copy of the state with ``evolve`` as it goes, so the state only ever changes
through ``evolve`` and the log holds every outcome of chance.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from engine.events import EVERYONE, Event
from engine.game import Decision, Game, Header, Option, Outcome, RulesError
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.field import (ALLIANCES, ZONES, inbound_zone, other,
                                               shoot_range, shoot_zone_1, side_of,
                                               truss_range, white_zone)
from engine.rng import Rng

ROUNDS = 5
PLAYS = 5
AUTO_CARDS = 3
ROW_SIZE = 8
MAX_HELD = 2
DEFAULT_BUILD = ["kitbot_drive", "catapult", "spinning_stick"]  # 4 weeks: fits any budget

MISSED_SHOT = {1: "out", 2: "out", 3: "under", 4: "under", 5: "zone2", 6: "white"}
MISSED_TRUSS = {1: "out", 2: "out", 3: "zone2_far", 4: "zone2_far", 5: "zone2_near",
                6: "zone2_near"}
TIED_BLOCK = {1: ("defender", "panic"), 2: ("defender", "stay"), 3: (None, ""),
              4: (None, ""), 5: ("attacker", "stay"), 6: ("attacker", "panic")}


@dataclass(frozen=True, slots=True)
class Robot:
    seat: int
    budget: int
    parts: tuple[str, ...] = ()
    specials: tuple[str, ...] = ()
    alliance: str = ""
    zone: int = -1
    played: tuple[str, ...] = ()  # this round's discard pile
    rerolls: tuple[str, ...] = ()  # re-roll cards already spent
    last_block: int = -1  # the robot it blocked successfully in the last card play
    forced: str = ""  # "" | "stay" | "panic" (card not drawn yet) | "card:<id>"

    @property
    def hand(self) -> tuple[str, ...]:
        return tuple(c for c in C.BASIC_IDS + self.specials if c not in self.played)

    @property
    def weeks(self) -> int:
        return sum(C.PART_BY_ID[p].weeks for p in self.parts)

    def part(self, kind: str) -> C.Part | None:
        for p in self.parts:
            if C.PART_BY_ID[p].kind == kind:
                return C.PART_BY_ID[p]
        return None

    @property
    def pickup_need(self) -> int:
        needs = [C.PART_BY_ID[p].pickup for p in self.parts if C.PART_BY_ID[p].pickup]
        return min(needs) if needs else 7

    @property
    def catch_mod(self) -> int:
        part = self.part("catching")
        return part.catch if part else 0


@dataclass(frozen=True, slots=True)
class Ball:
    id: int
    color: str
    where: str  # held | floor | waiting | removed
    robot: int = -1
    zone: int = -1
    trussed: bool = False
    possessors: tuple[int, ...] = ()  # robots that held it since it entered play


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    iri: bool
    missed_shots: bool
    tied_blocks: bool
    rookie: tuple[int, ...]
    version: int = 2  # the rules version of the log being folded
    phase: str = "setup"  # setup | build | draft | auto | play | block | over
    controllers: tuple[int, ...] = ()  # the seat driving each robot
    robots: tuple[Robot, ...] = ()
    deck: tuple[str, ...] = ()  # face-down special cards, sorted (draws are random)
    row: tuple[str, ...] = ()
    pick_order: tuple[int, ...] = ()  # robots, one per pick
    pick_index: int = 0
    balls: tuple[Ball, ...] = ()
    round: int = 0  # 0 is the autonomous round
    play: int = 0  # card plays finished in this round
    points: tuple[int, int] = (0, 0)  # red, blue
    assists: tuple[int, int] = (0, 0)
    catches: tuple[int, int] = (0, 0)
    trusses: tuple[int, int] = (0, 0)
    scored: tuple[int, int] = (0, 0)  # balls scored
    revealed: tuple[tuple[int, str, str, str], ...] = ()  # (robot, card, side, label)
    blocked: tuple[int, ...] = ()  # robots blocked in the last revealed play
    staged: tuple[dict, ...] = ()  # revealed plays waiting for their block targets
    naming: tuple[int, ...] = ()  # blocking robots still to name a target, in order
    targets: tuple[tuple[int, int], ...] = ()  # (blocker, target) named so far
    result: str = ""

    @property
    def removed_first(self) -> int:
        """How many of each alliance's first scored balls leave the game."""
        return 2 if len(self.robots) == 6 else 1


def _set(items: tuple, i: int, value: Any) -> tuple:
    return items[:i] + (value,) + items[i + 1:]


def _add(pair: tuple[int, int], alliance: str, n: int) -> tuple[int, int]:
    i = ALLIANCES.index(alliance)
    return _set(pair, i, pair[i] + n)


def robots_of(state: State, seat: int) -> list[int]:
    return [r for r, s in enumerate(state.controllers) if s == seat]


def seat_alliance(state: State, seat: int) -> str:
    robots = robots_of(state, seat)
    return state.robots[robots[0]].alliance if robots else ""


def held_by(state: State, robot: int) -> list[Ball]:
    return [b for b in state.balls if b.where == "held" and b.robot == robot]


def floor_balls(state: State, color: str, zone: int) -> list[Ball]:
    return [b for b in state.balls if b.where == "floor" and b.color == color and b.zone == zone]


def in_play(state: State, color: str) -> list[Ball]:
    return [b for b in state.balls if b.color == color and b.where in ("held", "floor")]


def parse_rookie(text: str, seats: int) -> tuple[int, ...]:
    text = text.strip().lower()
    if not text:
        return ()
    if text == "all":
        return tuple(range(seats))
    try:
        chosen = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise RulesError(f"option rookie takes '', 'all' or seat numbers like '0,2', not {text!r}")
    if any(s < 0 or s >= seats for s in chosen):
        raise RulesError(f"option rookie names a seat outside 0..{seats - 1}")
    return tuple(chosen)


# -- checking actions ---------------------------------------------------------------


def max_move(robot: Robot, kind: str) -> int:
    if kind == "move2":
        return 2
    drive = robot.part("drive")
    return 2 if drive.move >= 2 or drive.fast_need else drive.move


def _step_problem(state: State, r: int, slot: tuple, step: Any, zone: int,
                  auto: bool, move_ok: bool) -> tuple[str | None, int]:
    """Why ``step`` cannot fill ``slot`` for robot ``r`` standing in ``zone`` (and
    the zone it would then stand in)."""
    robot = state.robots[r]
    kind = slot[0]
    if step is None:
        return None, zone
    if type(step) is not dict or type(step.get("act")) is not str:
        return "a step is null or an object with an 'act'", zone
    act = step["act"]
    allowed = {"move": ("move", "low"), "move2": ("move", "low"),
               "shoot": ("high", "low", "pass"), "truss": ("truss", "low", "pass"),
               "catch": ("catch",), "pickup": ("pickup",), "block": ("block",)}[kind]
    if act not in allowed:
        return f"a {kind} action cannot be used to {act}", zone
    keys = {"move": {"act", "dir", "dist"}, "pass": {"act", "dir", "dist"}}.get(act, {"act"})
    if act == "block" and "target" in step:
        return ("a block step is {\"act\": \"block\"}: its target is named after the "
                "cards are revealed"), zone
    if set(step) != keys:
        return f"a {act} step has exactly the keys {sorted(keys)}", zone
    alliance = robot.alliance
    if act == "move":
        if not move_ok:
            return "a panicking robot's move actions are stays", zone
        d, n = step["dir"], step["dist"]
        if d not in (-1, 1) or type(d) is not int or type(n) is not int or n < 1:
            return "a move has dir -1 or 1 and dist 1 or more", zone
        if n > max_move(robot, kind):
            return f"this move goes at most {max_move(robot, kind)} zone(s)", zone
        to = zone + d * n
        if not 0 <= to < ZONES:
            return "that move leaves the field", zone
        if auto and side_of(to) != alliance:
            return "no crossing the truss in the autonomous round", zone
        return None, to
    if act == "low":
        if auto:
            return "only high goals in the autonomous round", zone
        if zone != shoot_zone_1(alliance):
            return "low goals only from your own Shoot Zone 1", zone
        return None, zone
    if act == "high":
        rng_ = shoot_range(alliance, zone)
        if rng_ is None or rng_ > robot.part("shooter").range:
            return "the goals are out of this shooter's range from here", zone
        return None, zone
    if act == "truss":
        rng_ = truss_range(alliance, zone)
        if rng_ is None:
            return "trusses are thrown from the opposing half only", zone
        if rng_ > robot.part("shooter").range:
            return "the truss is out of this shooter's range from here", zone
        return None, zone
    if act == "pass":
        d, n = step["dir"], step["dist"]
        if type(d) is not int or type(n) is not int or n not in (0, 1, 2) or \
                (n == 0) != (d == 0) or d not in (-1, 0, 1):
            return "a pass has dist 0 (dir 0) or dist 1-2 (dir -1 or 1)", zone
        if not 0 <= zone + d * n < ZONES:
            return "that pass leaves the field", zone
        return None, zone
    return None, zone


def block_candidates(state: State, play: dict) -> list[int]:
    """The robots a revealed ``play`` may name as its block's target: opposing
    robots in the zone where the block happens (after an earlier move of the same
    card), except the one this robot blocked successfully in the last card play."""
    if play["side"] == "down":
        return []
    r = play["robot"]
    robot = state.robots[r]
    zone = robot.zone
    for step in play["steps"]:
        if step is None:
            continue
        if step["act"] == "move":
            zone = max(0, min(ZONES - 1, zone + step["dir"] * step["dist"]))
        elif step["act"] == "block":
            return [t for t, o in enumerate(state.robots)
                    if o.alliance != robot.alliance and o.zone == zone and t != robot.last_block]
    return []


def staged_play(state: State, r: int) -> dict:
    return next(p for p in state.staged if p["robot"] == r)


def play_problem(state: State, r: int, play: Any, hand: tuple[str, ...], zone: int,
                 auto: bool) -> tuple[str | None, int]:
    """Why ``play`` is not a legal card play for robot ``r`` (and its end zone)."""
    if type(play) is not dict:
        return "a play is an object", zone
    extra = set(play) - {"card", "side", "steps", "order"}
    if extra:
        return f"unknown key {sorted(extra)[0]!r} in a play", zone
    card, side = play.get("card"), play.get("side")
    if card not in hand:
        return f"card {card!r} is not in the hand", zone
    order = play.get("order", 0)
    if type(order) is not int or not 0 <= order <= 9:
        return "order is an integer 0-9", zone
    forced = state.robots[r].forced
    if forced.startswith("card:") and card != forced[5:]:
        return f"driver panic: this play must use card {forced[5:]}", zone
    steps = play.get("steps", [])
    if side == "down":
        if steps not in ([], None):
            return "a face-down card has no steps", zone
        return None, zone
    if side not in ("top", "bottom"):
        return "side is 'top', 'bottom' or 'down'", zone
    if forced == "stay":
        return "minor breakdown: this play must be face down", zone
    slots = getattr(C.CARD_BY_ID[card], side)
    if type(steps) is not list or len(steps) != len(slots):
        return f"this side takes a list of {len(slots)} step(s)", zone
    for slot, step in zip(slots, steps):
        problem, zone = _step_problem(state, r, slot, step, zone, auto,
                                      not forced.startswith("card:"))
        if problem:
            return problem, zone
    return None, zone


def seat_action_problem(state: State, seat: int, action: Any) -> str | None:
    robots = robots_of(state, seat)
    if type(action) is not list or len(action) != len(robots):
        return f"the action is a list of {len(robots)} entr(y/ies), one per robot in robot order"
    for r, entry in zip(robots, action):
        robot = state.robots[r]
        if state.phase == "build":
            problem = C.build_problem(entry, robot.budget)
            if problem:
                return f"robot {r}: {problem}"
            continue
        if state.phase == "auto":
            if type(entry) is not list or len(entry) != AUTO_CARDS:
                return f"robot {r}: an autonomous program is a list of {AUTO_CARDS} plays"
            hand, zone = robot.hand, robot.zone
            for play in entry:
                problem, zone = play_problem(state, r, play, hand, zone, True)
                if problem:
                    return f"robot {r}: {problem}"
                hand = tuple(c for c in hand if c != play["card"])
            continue
        problem, _ = play_problem(state, r, entry, robot.hand, robot.zone, False)
        if problem:
            return f"robot {r}: {problem}"
    return None


def default_play(robot: Robot) -> dict:
    card = robot.forced[5:] if robot.forced.startswith("card:") else robot.hand[0]
    return {"card": card, "side": "down"}


# -- the game ----------------------------------------------------------------------


class AerialAssault(Game):
    name = "aerial_assault"
    title = "Aerial Assault"
    rules_version = 2
    #: v1 logs fold: the v2 changes are new events or fold alike, except that v1
    #: cleared a trussed mark out of bounds (the fold asks the log's version)
    folds_versions = (1,)
    seat_counts = (2, 3, 4, 5, 6)
    options = {
        "iri": Option(False, "IRI / Einstein robots: 7 build weeks and one more special card"),
        "rookie": Option("", "rookie teams with 5 build weeks: '', 'all' or seats like '0,2'"),
        "missed_shots": Option(False, "optional rule: a natural 1 on a shot or truss rolls "
                                      "where the ball lands"),
        "tied_blocks": Option(False, "optional rule: a tied block rolls on the tied-blocks table"),
    }

    # -- start ------------------------------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        n = len(header.seats)
        parse_rookie(header.options.get("rookie", ""), n)
        if n == 2:
            first = rng.below(2)
            second = 1 - first
            controllers = [first, second, second, first]
            data = {"controllers": controllers, "card_1": first}
        elif n == 3:
            solo = rng.below(3)
            others = [s for s in range(3) if s != solo]
            controllers = [solo, others[0], others[1], solo]
            data = {"controllers": controllers, "solo": solo}
        elif n == 5:
            double = rng.below(5)
            others = [s for s in range(5) if s != double]
            controllers = [double] + others + [double]
            data = {"controllers": controllers, "double": double}
        else:
            data = {"controllers": list(range(n))}
        return [Event("TeamsAssigned", data)]

    # -- evolve -----------------------------------------------------------------------
    def evolve(self, state: State | None, event: Event) -> State:
        t, d = event.type, event.data
        if t == "MatchStarted":
            o = d["options"]
            n = len(d["seats"])
            return State(n, o.get("iri", False), o.get("missed_shots", False),
                         o.get("tied_blocks", False), parse_rookie(o.get("rookie", ""), n),
                         version=d.get("rules_version", self.rules_version))
        handler = _EVOLVE.get(t)
        return handler(state, d) if handler else state

    # -- decisions ----------------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        phase = state.phase
        if phase == "draft":
            robot = state.pick_order[state.pick_index]
            seat = state.controllers[robot]
            return [Decision(seat, state.row[0], list(state.row),
                             prompt=f"draft a special card for robot {robot}")]
        if phase == "block":
            r = state.naming[0]
            legal = [{"target": t} for t in block_candidates(state, staged_play(state, r))]
            return [Decision(state.controllers[r], legal[0], legal,
                             prompt=f"robot {r}: name the robot its block targets")]
        if phase not in ("build", "auto", "play"):
            return []
        out = []
        for seat in range(state.seats):
            robots = robots_of(state, seat)
            if phase == "build":
                default = [list(DEFAULT_BUILD) for _ in robots]
                prompt = "build your robot(s)"
            elif phase == "auto":
                default = [[{"card": c, "side": "down"} for c in state.robots[r].hand[:AUTO_CARDS]]
                           for r in robots]
                prompt = "program the autonomous round"
            else:
                default = [default_play(state.robots[r]) for r in robots]
                prompt = f"round {state.round}, card play {state.play + 1}"
            out.append(Decision(seat, default, check=_checker(state, seat), secret=True,
                                prompt=prompt))
        return out

    # -- views ------------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict:
        return _view(state, seat, False)

    def state_json(self, state: State) -> dict:
        """The omniscient view (every hand, the face-down pile, the draft schedule):
        the same shape as a view, so ``render`` draws either."""
        out = _view(state, None, True)
        out.update({"deck": list(state.deck), "pick_order": list(state.pick_order),
                    "pick_index": state.pick_index, "controllers": list(state.controllers),
                    "rookie": list(state.rookie)})
        return out

    # -- resolve ------------------------------------------------------------------------
    def resolve(self, state: State, actions: dict, rng: Rng) -> list[Event]:
        ctx = _Ctx(self, state, rng)
        if state.phase == "build":
            _resolve_build(ctx, actions)
        elif state.phase == "draft":
            _resolve_pick(ctx, actions)
        elif state.phase == "auto":
            _resolve_auto(ctx, actions)
        elif state.phase == "play":
            _resolve_driver(ctx, actions)
        elif state.phase == "block":
            _resolve_naming(ctx, actions)
        return ctx.events

    # -- the end ------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        keys = [(state.points[i], state.assists[i], state.catches[i], state.trusses[i])
                for i in range(2)]
        alliance_rank = [1 + sum(1 for k in keys if k > keys[i]) for i in range(2)]
        ranks, scores = [], []
        for seat in range(state.seats):
            i = ALLIANCES.index(seat_alliance(state, seat))
            ranks.append(alliance_rank[i])
            scores.append(state.points[i])
        return Outcome(tuple(ranks), tuple(scores), state.result)

    def scores(self, state: State) -> tuple[int, ...]:
        if state is None:
            return ()
        out = []
        for seat in range(state.seats):
            a = seat_alliance(state, seat)
            out.append(state.points[ALLIANCES.index(a)] if a else 0)
        return tuple(out)



def _view(state: State, seat: int | None, everything: bool) -> dict:
    mine = robots_of(state, seat) if seat is not None else []
    robots = []
    for r, robot in enumerate(state.robots):
        entry = {"robot": r, "seat": robot.seat, "alliance": robot.alliance,
                 "zone": robot.zone, "parts": list(robot.parts), "weeks": robot.weeks,
                 "budget": robot.budget, "hand_size": len(robot.hand),
                 "played": list(robot.played), "rerolls_used": list(robot.rerolls),
                 "last_block": robot.last_block,
                 "forced": _forced_seen(state, robot, seat, everything),
                 "balls": [b.id for b in held_by(state, r)]}
        if everything or r in mine:
            entry["hand"] = list(robot.hand)
            entry["specials"] = list(robot.specials)
        robots.append(entry)
    balls = []
    for b in state.balls:
        zone = state.robots[b.robot].zone if b.where == "held" else b.zone
        balls.append({"id": b.id, "color": b.color, "where": b.where, "robot": b.robot,
                      "zone": zone, "trussed": b.trussed, "possessors": list(b.possessors)})
    score = {a: {"points": state.points[i], "assists": state.assists[i],
                 "catches": state.catches[i], "trusses": state.trusses[i],
                 "scored": state.scored[i]} for i, a in enumerate(ALLIANCES)}
    picking = (state.pick_order[state.pick_index]
               if state.phase == "draft" and state.pick_index < len(state.pick_order)
               else None)
    return {"phase": state.phase, "you": seat, "my_robots": mine,
            "alliance": seat_alliance(state, seat) if seat is not None else "",
            "round": state.round, "play": state.play, "rounds": ROUNDS,
            "plays_per_round": PLAYS, "robots": robots, "balls": balls, "score": score,
            "row": list(state.row), "deck_size": len(state.deck),
            "picking_robot": picking,
            "picks_left": len(state.pick_order) - state.pick_index,
            "revealed": [{"robot": r, "card": c, "side": s, "label": lab,
                          "blocked": r in state.blocked}
                         for r, c, s, lab in state.revealed],
            "staged": [dict(p) for p in state.staged], "naming": list(state.naming),
            "block_targets": [list(pair) for pair in state.targets],
            "removed_first": state.removed_first, "result": state.result,
            "options": {"iri": state.iri, "missed_shots": state.missed_shots,
                        "tied_blocks": state.tied_blocks}}


def _forced_seen(state: State, robot: Robot, seat: int | None, everything: bool) -> str:
    """A panicking robot's drawn card is secret from the other alliance (and
    spectators) until it is played: they see only that it panics."""
    if not robot.forced.startswith("card:") or everything:
        return robot.forced
    if seat is not None and seat_alliance(state, seat) == robot.alliance:
        return robot.forced
    return "panic"


def alliance_seats(state: State, alliance: str) -> tuple[int, ...]:
    return tuple(sorted({state.controllers[r] for r, robot in enumerate(state.robots)
                         if robot.alliance == alliance}))


def _checker(state: State, seat: int) -> Callable[[Any], str | None]:
    return lambda action: seat_action_problem(state, seat, action)


# -- evolve handlers -------------------------------------------------------------------


def _teams(state: State, d: dict) -> State:
    controllers = tuple(d["controllers"])
    base = 7 if state.iri else 6
    robots = tuple(Robot(seat=s, budget=5 if s in state.rookie else base) for s in controllers)
    deck = tuple(c.id for c in C.SPECIAL if len(controllers) == 6 or not c.deluxe)
    return replace(state, phase="build", controllers=controllers, robots=robots, deck=deck)


def _built(state: State, d: dict) -> State:
    robots = tuple(replace(r, parts=tuple(p)) for r, p in zip(state.robots, d["parts"]))
    return replace(state, robots=robots)


def _order(state: State, d: dict) -> State:
    return replace(state, phase="draft", pick_order=tuple(d["order"]), pick_index=0)


def _row(state: State, d: dict) -> State:
    cards = tuple(d["cards"])
    return replace(state, row=state.row + cards,
                   deck=tuple(c for c in state.deck if c not in cards))


def _picked(state: State, d: dict) -> State:
    r = d["robot"]
    robot = state.robots[r]
    robots = _set(state.robots, r, replace(robot, specials=robot.specials + (d["card"],)))
    return replace(state, robots=robots, row=tuple(c for c in state.row if c != d["card"]),
                   pick_index=state.pick_index + 1)


def _alliances(state: State, d: dict) -> State:
    robots = tuple(replace(r, alliance=a, zone=white_zone(a))
                   for r, a in zip(state.robots, d["alliances"]))
    balls = tuple(Ball(i, a, "held", robot=i, possessors=(i,))
                  for i, a in enumerate(d["alliances"]))
    return replace(state, phase="auto", robots=robots, balls=balls, round=0, play=0,
                   row=(), pick_order=(), pick_index=0)


def _revealed(state: State, d: dict) -> State:
    robots = list(state.robots)
    shown = []
    for p in d["plays"]:
        r = p["robot"]
        robots[r] = replace(robots[r], played=robots[r].played + (p["card"],), forced="")
        card = C.CARD_BY_ID[p["card"]]
        label = "face down" if p["side"] == "down" else C.side_label(getattr(card, p["side"]))
        shown.append((r, p["card"], p["side"], label))
    return replace(state, robots=tuple(robots), revealed=tuple(shown), blocked=(),
                   staged=tuple(d["plays"]), naming=(), targets=())


def _to_name(state: State, d: dict) -> State:
    return replace(state, phase="block", naming=tuple(d["robots"]), targets=())


def _named(state: State, d: dict) -> State:
    naming = state.naming[1:]
    return replace(state, naming=naming, targets=state.targets + ((d["robot"], d["target"]),),
                   phase="block" if naming else "play")


def _robot(state: State, r: int, **changes: Any) -> State:
    return replace(state, robots=_set(state.robots, r, replace(state.robots[r], **changes)))


def _ball(state: State, i: int, **changes: Any) -> State:
    return replace(state, balls=_set(state.balls, i, replace(state.balls[i], **changes)))


def _gain(state: State, i: int, r: int) -> State:
    ball = state.balls[i]
    poss = ball.possessors if r in ball.possessors else ball.possessors + (r,)
    return _ball(state, i, where="held", robot=r, zone=-1, possessors=poss)


def _moved(state: State, d: dict) -> State:
    return _robot(state, d["robot"], zone=d["to"])


def _rerolled(state: State, d: dict) -> State:
    robot = state.robots[d["robot"]]
    return _robot(state, d["robot"], rerolls=robot.rerolls + (d["card"],))


def _blocked(state: State, d: dict) -> State:
    return replace(state, blocked=state.blocked + (d["robot"],))


def _scored(state: State, d: dict) -> State:
    a = d["alliance"]
    where = "removed" if d["removed"] else "waiting"
    state = _ball(state, d["ball"], where=where, robot=-1, zone=-1, trussed=False, possessors=())
    return replace(state, points=_add(state.points, a, d["points"] + d["assist_points"]),
                   assists=_add(state.assists, a, d["assist_points"]),
                   scored=_add(state.scored, a, 1))


def _dropped(state: State, d: dict) -> State:
    return _ball(state, d["ball"], where="floor", robot=-1, zone=d["zone"])


def _held(state: State, d: dict) -> State:
    return _gain(state, d["ball"], d["robot"])


def _passed(state: State, d: dict) -> State:
    if "to" in d:
        return _gain(state, d["ball"], d["to"])
    return _ball(state, d["ball"], where="floor", robot=-1, zone=d["zone"])


def _kept_truss(state: State, i: int) -> bool:
    """A trussed ball keeps its mark until it scores (v1 dropped it out of bounds)."""
    return state.balls[i].trussed and state.version >= 2


def _out(state: State, d: dict) -> State:
    return _ball(state, d["ball"], where="waiting", robot=-1, zone=-1,
                 trussed=_kept_truss(state, d["ball"]), possessors=())


def _trussed(state: State, d: dict) -> State:
    a = state.balls[d["ball"]].color
    state = _ball(state, d["ball"], trussed=True)
    return replace(state, points=_add(state.points, a, d["points"]),
                   trusses=_add(state.trusses, a, d["points"]))


def _caught(state: State, d: dict) -> State:
    a = state.balls[d["ball"]].color
    state = _gain(state, d["ball"], d["robot"])
    return replace(state, points=_add(state.points, a, d["points"]),
                   catches=_add(state.catches, a, d["points"]))


def _inbounded(state: State, d: dict) -> State:
    i, r = d["ball"], d["robot"]
    trussed = _kept_truss(state, i)
    if d["caught"]:
        return _ball(state, i, where="held", robot=r, zone=-1, trussed=trussed,
                     possessors=(r,))
    return _ball(state, i, where="floor", robot=-1, zone=state.robots[r].zone,
                 trussed=trussed, possessors=())


def _tied(state: State, d: dict) -> State:
    if d["robot"] is None:
        return state
    return _robot(state, d["robot"], forced=d["effect"])


def _panicked(state: State, d: dict) -> State:
    return _robot(state, d["robot"], forced="card:" + d["card"])


def _play_ended(state: State, d: dict) -> State:
    blocks = {b: t for b, t in d["blocks"]}
    robots = tuple(replace(r, last_block=blocks.get(i, -1)) for i, r in enumerate(state.robots))
    return replace(state, robots=robots, play=state.play + 1, staged=(), targets=())


def _auto_ended(state: State, d: dict) -> State:
    robots = tuple(replace(r, played=()) for r in state.robots)
    return replace(state, robots=robots, phase="play", round=1, play=0, staged=())


def _round_ended(state: State, d: dict) -> State:
    robots = tuple(replace(r, played=()) for r in state.robots)
    return replace(state, robots=robots, round=state.round + 1, play=0)


def _over(state: State, d: dict) -> State:
    return replace(state, phase="over", result=d["reason"])


_EVOLVE = {
    "TeamsAssigned": _teams, "RobotsBuilt": _built, "DraftOrderSet": _order,
    "RowDealt": _row, "CardDrawn": _row, "CardPicked": _picked,
    "AlliancesDealt": _alliances, "CardsRevealed": _revealed, "RobotMoved": _moved,
    "Rerolled": _rerolled, "ActionBlocked": _blocked, "BallScored": _scored,
    "BallDropped": _dropped, "BallPickedUp": _held, "BallPassed": _passed,
    "BallOut": _out, "Trussed": _trussed, "Caught": _caught, "Inbounded": _inbounded,
    "TiedBlock": _tied, "DriverPanicked": _panicked, "BlocksToName": _to_name,
    "BlockTargetNamed": _named, "PlayEnded": _play_ended,
    "AutonomousEnded": _auto_ended, "RoundEnded": _round_ended, "MatchOver": _over,
}


# -- resolving ---------------------------------------------------------------------


class _Ctx:
    """Events being emitted, and the state folded so far."""

    def __init__(self, game: AerialAssault, state: State, rng: Rng) -> None:
        self.game, self.state, self.rng = game, state, rng
        self.events: list[Event] = []

    def emit(self, type_: str, data: dict, to: Any = EVERYONE, public: dict | None = None) -> None:
        event = Event(type_, data, to, public)
        self.events.append(event)
        self.state = self.game.evolve(self.state, event)


def _resolve_build(ctx: _Ctx, actions: dict) -> None:
    state = ctx.state
    parts = [None] * len(state.robots)
    for seat in range(state.seats):
        for r, entry in zip(robots_of(state, seat), actions[seat]):
            parts[r] = list(entry)
    ctx.emit("RobotsBuilt", {"parts": parts})
    state, rng = ctx.state, ctx.rng
    n = len(state.robots)
    if state.seats in (2, 3, 5):
        # robots 0 and the last belong to the seat driving two: it picks first and last
        order = list(range(n))
    else:
        tied, rounds = list(range(state.seats)), []
        while len(tied) > 1:
            rolls = [[s, rng.die(), rng.die()] for s in tied]
            rounds.append(rolls)
            best = max(a + b for _, a, b in rolls)
            tied = [s for s, a, b in rolls if a + b == best]
        starter = tied[0]
        ctx.emit("StartingPlayerRolled", {"rolls": rounds, "starter": starter})
        order = [(starter + k) % n for k in range(n)]
    main = 4 if state.iri else 3
    schedule = order * main
    extra = [r for r in order if state.robots[r].weeks < state.robots[r].budget]
    schedule += extra * 2
    ctx.emit("DraftOrderSet", {"order": schedule})
    ctx.emit("RowDealt", {"cards": _draw(ctx, ROW_SIZE)})
    if not ctx.state.pick_order or not ctx.state.row:
        _end_draft(ctx)


def _draw(ctx: _Ctx, count: int) -> list[str]:
    deck, out = list(ctx.state.deck), []
    for _ in range(min(count, len(deck))):
        out.append(deck.pop(ctx.rng.below(len(deck))))
    return out


def _resolve_pick(ctx: _Ctx, actions: dict) -> None:
    state = ctx.state
    robot = state.pick_order[state.pick_index]
    ctx.emit("CardPicked", {"robot": robot, "card": actions[state.controllers[robot]]})
    drawn = _draw(ctx, 1)
    if drawn:
        ctx.emit("CardDrawn", {"cards": drawn})
    if ctx.state.pick_index >= len(ctx.state.pick_order) or not ctx.state.row:
        _end_draft(ctx)


def _end_draft(ctx: _Ctx) -> None:
    n = len(ctx.state.robots)
    ctx.emit("DraftEnded", {"skipped": len(ctx.state.pick_order) - ctx.state.pick_index})
    state = ctx.state
    if state.seats in (2, 3):
        red_first = ctx.rng.below(2) == 0
        team_a = "red" if red_first else "blue"
        alliances = [team_a, other(team_a), other(team_a), team_a]
    elif state.seats == 5:
        # the seat driving robots 0 and 5 and one partner dealt from the other four
        team_a = "red" if ctx.rng.below(2) == 0 else "blue"
        partner = 1 + ctx.rng.below(4)
        alliances = [team_a if r in (0, partner, 5) else other(team_a) for r in range(n)]
    else:
        alliances = ctx.rng.shuffled(["red"] * (n // 2) + ["blue"] * (n // 2))
    ctx.emit("AlliancesDealt", {"alliances": alliances})


def _plays_of(state: State, actions: dict) -> dict[int, dict]:
    plays = {}
    for seat in range(state.seats):
        for r, entry in zip(robots_of(state, seat), actions[seat]):
            plays[r] = entry
    return plays


def _reveal_data(r: int, play: dict) -> dict:
    side = play["side"]
    return {"robot": r, "card": play["card"], "side": side,
            "steps": [] if side == "down" else list(play.get("steps") or []),
            "order": play.get("order", 0)}


def _resolve_auto(ctx: _Ctx, actions: dict) -> None:
    programs = _plays_of(ctx.state, actions)
    for step in range(AUTO_CARDS):
        plays = {r: programs[r][step] for r in sorted(programs)}
        ctx.emit("CardsRevealed", {"round": 0, "step": step,
                                   "plays": [_reveal_data(r, p) for r, p in plays.items()]})
        _resolve_play(ctx, plays, auto=True)
    ctx.emit("AutonomousEnded", {})
    _inbound(ctx)


def _resolve_driver(ctx: _Ctx, actions: dict) -> None:
    plays = _plays_of(ctx.state, actions)
    revealed = [_reveal_data(r, plays[r]) for r in sorted(plays)]
    ctx.emit("CardsRevealed", {"round": ctx.state.round, "step": ctx.state.play,
                               "plays": revealed})
    blockers = [p["robot"] for p in revealed if block_candidates(ctx.state, p)]
    if blockers:  # their targets are named now, with every play in view
        ctx.emit("BlocksToName", {"robots": blockers})
        return
    _finish_play(ctx)


def _resolve_naming(ctx: _Ctx, actions: dict) -> None:
    r = ctx.state.naming[0]
    target = actions[ctx.state.controllers[r]]["target"]
    ctx.emit("BlockTargetNamed", {"robot": r, "target": target})
    if not ctx.state.naming:
        _finish_play(ctx)


def _finish_play(ctx: _Ctx) -> None:
    """Resolve the revealed card play (block targets named), then end it."""
    named = dict(ctx.state.targets)
    plays = {p["robot"]: _aimed(p, named.get(p["robot"])) for p in ctx.state.staged}
    blocks = _resolve_play(ctx, plays, auto=False)
    ctx.emit("PlayEnded", {"blocks": blocks})
    if ctx.state.play >= PLAYS:
        ctx.emit("RoundEnded", {"round": ctx.state.round})
        if ctx.state.round > ROUNDS:
            _finish(ctx)
            return
    for r, robot in enumerate(ctx.state.robots):
        if robot.forced == "panic":
            ctx.emit("DriverPanicked", {"robot": r, "card": ctx.rng.choice(robot.hand)},
                     alliance_seats(ctx.state, robot.alliance), {"robot": r})
    _inbound(ctx)


def _aimed(play: dict, target: int | None) -> dict:
    """``play`` with its block step aimed at ``target`` (when one was named)."""
    if target is None:
        return play
    steps = [{"act": "block", "target": target} if s is not None and s["act"] == "block"
             else s for s in play["steps"]]
    return {**play, "steps": steps}


def _finish(ctx: _Ctx) -> None:
    s = ctx.state
    keys = {a: (s.points[i], s.assists[i], s.catches[i], s.trusses[i])
            for i, a in enumerate(ALLIANCES)}
    if keys["red"] == keys["blue"]:
        winner, reason = None, "a draw: points, assists, catches and trusses all tied"
    else:
        winner = "red" if keys["red"] > keys["blue"] else "blue"
        loser = other(winner)
        names = ("points", "assist points", "catch points", "truss points")
        by = next(i for i in range(4) if keys[winner][i] != keys[loser][i])
        reason = (f"{winner} wins on {names[by]} ({keys[winner][by]} to {keys[loser][by]})")
    ctx.emit("MatchOver", {"winner": winner, "reason": reason,
                           "points": list(s.points), "assists": list(s.assists),
                           "catches": list(s.catches), "trusses": list(s.trusses)})


def _inbound(ctx: _Ctx) -> None:
    """Before every driver-controlled card play: inbound any alliance's ball that
    is out of play, to a robot of that alliance in the opposing Shoot Zone 1."""
    for alliance in ALLIANCES:
        s = ctx.state
        if in_play(s, alliance):
            continue
        waiting = [b for b in s.balls if b.color == alliance and b.where == "waiting"]
        zone = inbound_zone(alliance)
        receivers = [r for r, robot in enumerate(s.robots)
                     if robot.alliance == alliance and robot.zone == zone
                     and len(held_by(s, r)) < MAX_HELD]
        if not waiting or not receivers:
            continue
        sure = [r for r in receivers if s.robots[r].catch_mod]
        r = (sure or receivers)[0]
        data = {"ball": waiting[0].id, "robot": r}
        if sure:
            data.update({"die": None, "caught": True})
        else:
            die = ctx.rng.die()
            data.update({"die": die, "caught": die >= C.INBOUND_NEED})
        ctx.emit("Inbounded", data)


class _Play:
    """One robot's revealed play while it resolves."""

    __slots__ = ("robot", "card", "slots", "steps", "order", "phase", "cancelled", "used")

    def __init__(self, robot: int, play: dict) -> None:
        self.robot = robot
        self.card = play["card"]
        side = play["side"]
        self.slots = () if side == "down" else getattr(C.CARD_BY_ID[self.card], side)
        self.steps = list(play.get("steps") or []) if side != "down" else []
        self.order = play.get("order", 0)
        self.phase = C.side_phase(self.slots) if self.slots else 0
        self.cancelled = False
        self.used = False  # a catch or pick-up spent on a kiss pass or a truss

    def wants(self, *acts: str) -> bool:
        return (not self.cancelled and not self.used and
                any(s is not None and s["act"] in acts for s in self.steps))

    def block_target(self) -> int | None:
        for s in self.steps:
            if s is not None and s["act"] == "block":
                return s.get("target")
        return None


def _resolve_play(ctx: _Ctx, raw: dict[int, dict], auto: bool) -> list[list[int]]:
    """Resolve one card play of every robot; returns the successful blocks."""
    plays = {r: _Play(r, p) for r, p in raw.items()}
    blocks: list[list[int]] = []
    blockers = [p for p in plays.values() if p.phase == 1]
    def is_block_on_block(p: _Play) -> bool:
        t = p.block_target()
        return t is not None and plays[t].block_target() is not None
    first = [p for p in blockers if is_block_on_block(p)]
    rest = [p for p in blockers if not is_block_on_block(p)]
    for p in first + rest:
        if not p.cancelled:
            _run_steps(ctx, p, plays, auto, blocks)
    for phase in (2, 3):
        group = sorted((p for p in plays.values() if p.phase == phase),
                       key=lambda p: (p.order, p.robot))
        for p in group:
            if not p.cancelled and not p.used:
                _run_steps(ctx, p, plays, auto, blocks)
    return blocks


def _fail(ctx: _Ctx, r: int, act: str, reason: str) -> None:
    ctx.emit("StepFailed", {"robot": r, "act": act, "reason": reason})


def _roll(ctx: _Ctx, p: _Play, slot: tuple, what: str, mod: int, need: int,
          one_misses: bool = False) -> tuple[int, bool]:
    """Roll for a step; a re-roll card not yet spent re-rolls a failure. Returns
    the natural die kept and whether the step succeeded. ``one_misses``: a
    natural 1 fails whatever the modifiers (the missed-shots rule)."""
    def succeeds(die: int) -> bool:
        return die + mod >= need and not (one_misses and die == 1)
    die = ctx.rng.die()
    ok = succeeds(die)
    ctx.emit("DiceRolled", {"robot": p.robot, "for": what, "die": die, "mod": mod,
                            "need": need, "success": ok})
    if not ok and slot[2] and p.card not in ctx.state.robots[p.robot].rerolls:
        die = ctx.rng.die()
        ok = succeeds(die)
        ctx.emit("Rerolled", {"robot": p.robot, "card": p.card, "for": what, "die": die,
                              "mod": mod, "need": need, "success": ok})
    return die, ok


def _run_steps(ctx: _Ctx, p: _Play, plays: dict, auto: bool, blocks: list) -> None:
    for slot, step in zip(p.slots, p.steps):
        if p.cancelled:
            return
        if step is None:
            continue
        act = step["act"]
        if act == "move":
            _do_move(ctx, p, slot, step, auto)
        elif act == "block":
            _do_block(ctx, p, slot, step, plays, blocks)
        elif act == "high":
            _do_high(ctx, p, slot, auto)
        elif act == "low":
            _do_low(ctx, p)
        elif act == "truss":
            _do_truss(ctx, p, slot, plays)
        elif act == "pass":
            _do_pass(ctx, p, step, plays)
        elif act == "pickup":
            _do_pickup(ctx, p, slot)
        elif act == "catch":
            _fail(ctx, p.robot, "catch", "no ball was trussed to this robot")


def _do_move(ctx: _Ctx, p: _Play, slot: tuple, step: dict, auto: bool) -> None:
    robot = ctx.state.robots[p.robot]
    dist = step["dist"]
    drive = robot.part("drive")
    if dist == 2 and slot[0] == "move" and drive.move < 2:
        _, ok = _roll(ctx, p, slot, "fast drive", 0, drive.fast_need)
        dist = 2 if ok else 1
    to = max(0, min(ZONES - 1, robot.zone + step["dir"] * dist))
    if auto:  # a clamped autonomous move stops at the truss
        to = max(0, min(2, to)) if robot.alliance == "red" else max(3, min(5, to))
    if to != robot.zone:
        ctx.emit("RobotMoved", {"robot": p.robot, "from": robot.zone, "to": to})


def _do_block(ctx: _Ctx, p: _Play, slot: tuple, step: dict, plays: dict, blocks: list) -> None:
    s = ctx.state
    t = step.get("target")
    if t is None:
        _fail(ctx, p.robot, "block", "no opposing robot to block in this zone")
        return
    target = plays.get(t)
    if s.robots[t].zone != s.robots[p.robot].zone:
        _fail(ctx, p.robot, "block", "the target is not in this zone")
        return
    if target is None or target.cancelled or not target.slots:
        _fail(ctx, p.robot, "block", "the target has no action to block")
        return
    attack_mod = s.robots[p.robot].part("drive").block + slot[1]
    defend_mod = s.robots[t].part("drive").block
    a = ctx.rng.die()
    dd = ctx.rng.die()
    rerolled = False
    if a + attack_mod <= dd + defend_mod and slot[2] and p.card not in s.robots[p.robot].rerolls:
        ctx.emit("Rerolled", {"robot": p.robot, "card": p.card, "for": "block", "die": a})
        a = ctx.rng.die()
        rerolled = True
    total_a, total_d = a + attack_mod, dd + defend_mod
    result = "blocked" if total_a > total_d else ("tie" if total_a == total_d else "held")
    ctx.emit("BlockRolled", {"blocker": p.robot, "target": t, "die": a, "mod": attack_mod,
                             "target_die": dd, "target_mod": defend_mod, "result": result,
                             "rerolled": rerolled})
    if result == "blocked":
        target.cancelled = True
        blocks.append([p.robot, t])
        ctx.emit("ActionBlocked", {"robot": t, "by": p.robot})
    elif result == "tie" and s.tied_blocks:
        die = ctx.rng.die()
        who, effect = TIED_BLOCK[die]
        robot = None if who is None else (t if who == "defender" else p.robot)
        ctx.emit("TiedBlock", {"attacker": p.robot, "defender": t, "die": die,
                               "robot": robot, "effect": effect})


def _score(ctx: _Ctx, p: _Play, ball: Ball, goal: str, auto: bool) -> None:
    s = ctx.state
    alliance = ball.color
    points = (20 if auto else 10) if goal == "high" else 0
    assists = [] if auto else [r for r in ball.possessors if r != p.robot]
    removed = s.scored[ALLIANCES.index(alliance)] < s.removed_first
    ctx.emit("BallScored", {"ball": ball.id, "alliance": alliance, "goal": goal,
                            "shooter": p.robot, "points": points, "assist_robots": assists,
                            "assist_points": 10 * len(assists), "removed": removed})


def _missed(ctx: _Ctx, p: _Play, ball: Ball, table: dict, fallback_zone: int) -> None:
    """The optional missed-shots table after a natural 1."""
    robot = ctx.state.robots[p.robot]
    a = robot.alliance
    die = ctx.rng.die()
    where = table[die]
    zone = {"under": white_zone(other(a)), "zone2": 1 if a == "red" else 4,
            "white": white_zone(a), "zone2_far": 1 if a == "red" else 4,
            "zone2_near": 4 if a == "red" else 1}.get(where, fallback_zone)
    ctx.emit("MissedShot", {"robot": p.robot, "ball": ball.id, "die": die, "result": where})
    if where == "out":
        ctx.emit("BallOut", {"ball": ball.id})
    else:
        ctx.emit("BallDropped", {"ball": ball.id, "zone": zone})


def _do_high(ctx: _Ctx, p: _Play, slot: tuple, auto: bool) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    held = held_by(s, p.robot)
    rng_ = shoot_range(robot.alliance, robot.zone)
    shooter = robot.part("shooter")
    if not held:
        return _fail(ctx, p.robot, "high", "the robot holds no ball")
    if rng_ is None or rng_ > shooter.range:
        return _fail(ctx, p.robot, "high", "the goals are out of range")
    ball = held[0]
    die, ok = _roll(ctx, p, slot, "high goal", slot[1], shooter.shoot, s.missed_shots)
    if ok:
        _score(ctx, p, ball, "high", auto)
    elif s.missed_shots and die == 1:
        _missed(ctx, p, ball, MISSED_SHOT, robot.zone)
    else:
        ctx.emit("BallDropped", {"ball": ball.id, "zone": robot.zone})


def _do_low(ctx: _Ctx, p: _Play) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    if robot.zone != shoot_zone_1(robot.alliance):
        return _fail(ctx, p.robot, "low", "low goals only from Shoot Zone 1")
    balls = held_by(s, p.robot) or floor_balls(s, robot.alliance, robot.zone)
    if not balls:
        return _fail(ctx, p.robot, "low", "no ball held or on the floor here")
    ball = balls[0]
    die = ctx.rng.die()
    ok = die >= C.LOW_NEED
    ctx.emit("DiceRolled", {"robot": p.robot, "for": "low goal", "die": die, "mod": 0,
                            "need": C.LOW_NEED, "success": ok})
    if ok:
        _score(ctx, p, ball, "low", False)
    elif ball.where == "held":
        ctx.emit("BallDropped", {"ball": ball.id, "zone": robot.zone})


def _do_truss(ctx: _Ctx, p: _Play, slot: tuple, plays: dict) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    a = robot.alliance
    held = [b for b in held_by(s, p.robot) if not b.trussed]
    rng_ = truss_range(a, robot.zone)
    shooter = robot.part("shooter")
    if not held:
        return _fail(ctx, p.robot, "truss", "the robot holds no ball that may be trussed")
    if rng_ is None or rng_ > shooter.range:
        return _fail(ctx, p.robot, "truss", "the truss is out of range")
    ball = held[0]
    die, ok = _roll(ctx, p, slot, "truss", slot[1], shooter.truss, s.missed_shots)
    if not ok:
        if s.missed_shots and die == 1:
            return _missed(ctx, p, ball, MISSED_TRUSS, white_zone(other(a)))
        return ctx.emit("BallDropped", {"ball": ball.id, "zone": white_zone(other(a))})
    ctx.emit("Trussed", {"ball": ball.id, "robot": p.robot, "points": 10})
    home = white_zone(a)
    catchers = sorted((q for q in plays.values()
                       if q.robot != p.robot and ctx.state.robots[q.robot].alliance == a
                       and ctx.state.robots[q.robot].zone == home and q.wants("catch")
                       and len(held_by(ctx.state, q.robot)) < MAX_HELD),
                      key=lambda q: (q.order, q.robot))
    if not catchers:
        return ctx.emit("BallDropped", {"ball": ball.id, "zone": home})
    q = catchers[0]
    q.used = True
    cslot = next(sl for sl, st in zip(q.slots, q.steps) if st is not None and st["act"] == "catch")
    mod = ctx.state.robots[q.robot].catch_mod + cslot[1]
    _, caught = _roll(ctx, q, cslot, "catch", mod, C.CATCH_NEED)
    if caught:
        ctx.emit("Caught", {"ball": ball.id, "robot": q.robot, "points": 10})
    else:
        ctx.emit("BallDropped", {"ball": ball.id, "zone": home})


def _do_pass(ctx: _Ctx, p: _Play, step: dict, plays: dict) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    held = held_by(s, p.robot)
    if not held:
        return _fail(ctx, p.robot, "pass", "the robot holds no ball")
    ball = held[0]
    if step["dist"] == 0:
        mates = sorted((q for q in plays.values()
                        if q.robot != p.robot and s.robots[q.robot].alliance == robot.alliance
                        and s.robots[q.robot].zone == robot.zone
                        and q.wants("catch", "pickup")
                        and not held_by(s, q.robot)),
                       key=lambda q: (q.order, q.robot))
        if mates:
            mates[0].used = True
            return ctx.emit("BallPassed", {"ball": ball.id, "robot": p.robot,
                                           "to": mates[0].robot, "kiss": True})
    zone = robot.zone + step["dir"] * step["dist"]
    ctx.emit("BallPassed", {"ball": ball.id, "robot": p.robot, "zone": zone})


def _do_pickup(ctx: _Ctx, p: _Play, slot: tuple) -> None:
    s = ctx.state
    robot = s.robots[p.robot]
    balls = floor_balls(s, robot.alliance, robot.zone)
    if not balls:
        return _fail(ctx, p.robot, "pickup", "no ball of the alliance on the floor here")
    if len(held_by(s, p.robot)) >= MAX_HELD:
        return _fail(ctx, p.robot, "pickup", "the robot already carries two balls")
    _, ok = _roll(ctx, p, slot, "floor pick up", slot[1], robot.pickup_need)
    if ok:
        ctx.emit("BallPickedUp", {"ball": balls[0].id, "robot": p.robot})

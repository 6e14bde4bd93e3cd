"""Dogfight as a Scrimmage game plugin: start, pending, resolve, view, outcome.

Every state change is an event folded by ``fold.evolve``; ``resolve`` turns the
submitted actions into events (chance from the rng it is given), then
``advance`` adds the events no one decides (a team of one taking its turn, a
plane with nothing to shoot at, the next stage or round) up to the next decision;
the state they fold into goes back to the runner with them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from itertools import permutations
from typing import Any

from engine.events import Event
from engine.game import (
    Decision,
    Game,
    Header,
    Option,
    Outcome,
    Resolved,
    RulesError,
    ranks_from_scores,
)
from engine.games.dogfight import fold
from engine.games.dogfight.combat import (
    altitude_spent,
    attack_actions,
    damage_events,
    free_rerolls,
    most_rerolls,
    reroll_actions,
    targets,
)
from engine.games.dogfight.events import (
    ATTACK_DECLARED,
    DICE_REROLLED,
    DICE_ROLLED,
    HOLDS_FIRE,
    PLANE_DESTROYED,
    PLANE_FLEW,
    PLANE_PLACED,
    ROUND_LIMIT_REACHED,
    ROUND_STARTED,
    STAGE_STARTED,
    TEAM_UP,
)
from engine.games.dogfight.geometry import COST, section
from engine.games.dogfight.plans import CLIMB_COST, path, plans
from engine.games.dogfight.setup import (
    STAT_CHOICES,
    accepts_placement,
    first_placement,
    first_player_events,
    placements,
    smallest_side_mm,
    stats_event,
)
from engine.games.dogfight.state import State, in_combat, living, living_teams
from engine.games.dogfight.view import view
from engine.rng import Rng

NO_REROLL: dict[str, list[int]] = {"reroll": []}


class Dogfight(Game):
    name = "dogfight"
    title = "Dogfight"
    rules_version = 2
    #: v1 logs fold: v1's held fire is a ``HoldsFire`` event and its table size an
    #: option the fold reads with the log's version
    folds_versions = (1,)
    seat_counts = (2, 3, 4, 5, 6, 7, 8)
    options = {
        "teams": Option(
            "none",
            "team game: none, 2v2, 3v3 or 4v4 (teammates sit together)",
            choices=("none", "2v2", "3v3", "4v4"),
        ),
        "quick": Option(False, "quick game: Health at most 2, a smaller table, free climbing"),
        "area": Option(
            0,
            "table side in mm, 360-1440 (0: 720, or 480 in a quick game, larger for 6+ planes)",
            minimum=0,
            maximum=1440,
        ),
        "ace": Option(False, "use the Ace Bonus die: shooting a plane down earns it"),
        "rounds": Option(
            20, "rounds before the match is decided on health left", minimum=1, maximum=200
        ),
    }

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        options = super().resolve_options(given)
        if 0 < options["area"] < 360:
            raise RulesError("option area must be 0 (the default size) or 360-1440 mm")
        return options

    def check_setup(self, seat_count: int, options: Mapping[str, Any]) -> None:
        teams = options.get("teams", "none")
        size = fold.team_size(teams)
        if size > 1 and seat_count != 2 * size:
            raise RulesError(f"a {teams} team game needs {2 * size} seats, not {seat_count}")
        area, least = options.get("area", 0), smallest_side_mm(seat_count)
        if area and area < least:
            raise RulesError(
                f"option area: {seat_count} planes need a table of at least {least} mm, "
                f"so that each can be placed a ruler from every other (not {area})"
            )

    def alliances(self, seat_count: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The `teams` option's two teams of seats in a row; none without it."""
        size = fold.team_size(options.get("teams", "none"))
        return ((size, size),) if size > 1 else ()

    # -- set-up ------------------------------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        return []  # the pilots first choose their stats, in secret

    evolve = staticmethod(fold.evolve)

    # -- decisions -----------------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        if state.phase == "stats":
            return [
                Decision(s, STAT_CHOICES[0], STAT_CHOICES, secret=True, prompt="stats")
                for s in range(state.seats)
            ]
        kind, seat = due(state)
        if kind == "":
            return []
        legal = legal_actions(state, kind, seat)
        default = NO_REROLL if kind == "reroll" else legal[0]
        return [Decision(seat, default, legal, prompt=kind)]

    def pending_unlisted(self, state: State) -> list[Decision]:
        """A placement checked against the points (``accepts_placement``), not
        chosen from up to 512 listed ones."""
        if state.phase == "place":
            kind, seat = due(state)
            if kind == "place":
                check = partial(accepts_placement, state)
                return [Decision(seat, first_placement(state), accepts=check, prompt=kind)]
        return self.pending(state)

    def resolve(self, state: State, actions: dict[int, Any], rng: Rng) -> Resolved:
        if state.phase == "stats":
            events = [stats_event(state, actions)]
            state = fold.fold(state, events)
            more = first_player_events(state, rng)
        else:
            ((seat, action),) = actions.items()
            kind, _ = due(state)
            events, more = [], ACTION_EVENTS[kind](state, seat, action, rng)
        events += more
        more, state = advance(fold.fold(state, more))
        return Resolved(events + more, state)

    # -- views and results -------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def state_json(self, state: State) -> dict[str, Any]:
        return view(state, None)  # nothing in the state is secret

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        keys = [team_key(state, state.planes[s].team) for s in range(state.seats)]
        return Outcome(ranks_from_scores(keys), self.scores(state), state.reason)

    def scores(self, state: State) -> tuple[int, ...]:
        """Damage dealt, plus Health left while still flying."""
        return tuple(p.dealt + (p.health if p.alive else 0) for p in state.planes)


# -- whose decision, and its legal actions -------------------------------------------
def due(state: State) -> tuple[str, int]:
    """The kind of decision due now and the seat making it (``("", -1)``: none)."""
    combat = state.combat
    if state.phase == "place" and state.placing < state.seats:
        return "place", state.place_order[state.placing]
    if state.phase != "play":
        return "", -1
    if combat is not None:
        if combat.attack_rerolls:
            return "reroll", combat.attacker
        return "reroll", combat.target
    if state.seat_queue:
        return ("fly" if state.stage == "move" else "attack"), state.seat_queue[0]
    if not state.team_queue:
        return "", -1
    return "team order", living(state, state.team_queue[0])[0]


def legal_actions(state: State, kind: str, seat: int) -> list[Any]:
    if kind == "place":
        return placements(state)
    if kind == "fly":
        return plans(state.planes[seat], state.quick)
    if kind == "attack":
        return attack_actions(state, seat)
    if kind == "reroll":
        combat = in_combat(state)
        if seat == combat.attacker and combat.attack_rerolls:
            return reroll_actions(len(combat.attack_dice), combat.attack_rerolls)
        return reroll_actions(len(combat.defense_dice), combat.defense_rerolls)
    return [list(p) for p in permutations(living(state, state.team_queue[0]))]


# -- events of each decision ------------------------------------------------------------
def place_events(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    return [Event(PLANE_PLACED, {"seat": seat, **action})]


def team_events(state: State, seat: int, action: list[Any], rng: Rng) -> list[Event]:
    return [Event(TEAM_UP, {"team": state.planes[seat].team, "seats": list(action)})]


def fly_events(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    plane = state.planes[seat]
    stops, crashed = path(plane.pose, action["plan"], state.area)
    climb = 0 if crashed else action["climb"]
    cost = sum(COST[name] for name in action["plan"]) + action["climb"] * CLIMB_COST
    events = [
        Event(
            PLANE_FLEW,
            {
                "seat": seat,
                "plan": list(action["plan"]),
                "climb": climb,
                "cost": cost,
                "path": stops,
                "altitude": plane.altitude + climb,
            },
        )
    ]
    if crashed:
        events.append(
            Event(PLANE_DESTROYED, {"seat": seat, "by": None, "reason": "flew off the table"})
        )
    return events


def attack_events(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    attacker, target = state.planes[seat], state.planes[action["target"]]
    where = section(attacker.pose, target.pose)
    if where is None:  # the legal targets offered were all in range
        raise RulesError(f"plane {target.seat} is out of plane {seat}'s range")
    attack_free, defense_free = free_rerolls(where)
    attack_dice = [rng.die() for _ in range(attacker.attack + action["ace"])]
    defense_dice = [rng.die() for _ in range(target.defense)]
    return [
        Event(
            ATTACK_DECLARED,
            {
                "attacker": seat,
                "target": target.seat,
                "section": where,
                "ace": action["ace"],
                "attack_free": attack_free,
                "attack_rerolls": most_rerolls(attacker, attack_free),
                "defense_free": defense_free,
                "defense_rerolls": most_rerolls(target, defense_free),
            },
        ),
        Event(DICE_ROLLED, {"purpose": "attack", "seat": seat, "dice": attack_dice}),
        Event(DICE_ROLLED, {"purpose": "defense", "seat": target.seat, "dice": defense_dice}),
    ]


def reroll_events(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    combat = in_combat(state)
    attacking = seat == combat.attacker and combat.attack_rerolls > 0
    dice = list(combat.attack_dice if attacking else combat.defense_dice)
    free = combat.attack_free if attacking else combat.defense_free
    was = [dice[i] for i in action["reroll"]]
    for i in action["reroll"]:
        dice[i] = rng.die()
    return [
        Event(
            DICE_REROLLED,
            {
                "purpose": "attack" if attacking else "defense",
                "seat": seat,
                "indices": list(action["reroll"]),
                "was": was,
                "dice": dice,
                "altitude_spent": altitude_spent(len(was), free),
            },
        )
    ]


# each takes the acting seat's action: a dict, or a list (the team order)
ACTION_EVENTS: dict[str, Callable[[State, int, Any, Rng], list[Event]]] = {
    "place": place_events,
    "team order": team_events,
    "fly": fly_events,
    "attack": attack_events,
    "reroll": reroll_events,
}


# -- what follows by itself ---------------------------------------------------------------
def advance(state: State) -> tuple[list[Event], State]:
    """The events no one decides, up to the next decision or the end, and the
    state they lead to."""
    events: list[Event] = []
    while True:
        more = automatic(state)
        if not more:
            return events, state
        events += more
        state = fold.fold(state, more)


def automatic(state: State) -> list[Event]:
    if state.phase == "place":
        if state.placing < len(state.place_order):
            return []
        return [Event(ROUND_STARTED, {"round": 1, "order": list(state.order)})]
    if state.phase != "play":
        return []
    combat = state.combat
    if combat is not None:
        if combat.attack_rerolls or combat.defense_rerolls:
            return []
        return damage_events(state)
    if state.seat_queue:
        seat = state.seat_queue[0]
        if state.stage == "attack" and not targets(state, seat):
            return [Event(HOLDS_FIRE, {"seat": seat, "reason": "no target"})]
        return []
    if state.team_queue:
        members = living(state, state.team_queue[0])
        if len(members) > 1:
            return []
        return [Event(TEAM_UP, {"team": state.team_queue[0], "seats": list(members)})]
    flying = [t for t in state.order if living(state, t)]
    if state.stage == "move":
        return [Event(STAGE_STARTED, {"stage": "attack", "order": flying})]
    if state.round >= state.round_limit:
        return [
            Event(ROUND_LIMIT_REACHED, {"rounds": state.round_limit, "winner": best_team(state)})
        ]
    # whoever went second goes first: the round's order turned by one
    turned = state.order[1:] + state.order[:1]
    return [
        Event(
            ROUND_STARTED,
            {"round": state.round + 1, "order": [t for t in turned if living(state, t)]},
        )
    ]


# -- ranking ---------------------------------------------------------------------------------
def team_key(state: State, team: int) -> tuple[Any, ...]:
    """Flying teams first, by Health left then damage dealt; fallen teams after,
    the later a team's last plane fell the better."""
    planes = [state.planes[s] for s in state.teams[team]]
    if any(p.alive for p in planes):
        return (1, sum(p.health for p in planes if p.alive), sum(p.dealt for p in planes), 0)
    return (0, 0, 0, max(p.fell for p in planes))


def best_team(state: State) -> int:
    """The one flying team ahead of every other, or -1 on a tie."""
    keys = sorted((team_key(state, t), t) for t in living_teams(state))
    if len(keys) > 1 and keys[-1][0] == keys[-2][0]:
        return -1
    return keys[-1][1]


__all__ = ["Dogfight"]

"""Cascade Effect (the Borg game) as a Scrimmage game: start, pending, resolve.

A turn is two decisions at most: the declaration (what the robot rolls for),
then, when the roll is to move or the declared action missed, the move (a square
and a facing the die can reach). ``resolve`` emits the events of the roll and
folds each one at once (``turns.Emitter``), drawing all chance from its rng, and
hands back the state it reached.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from engine.events import Event
from engine.game import Decision, Game, Header, Outcome, Resolved, ranks_from_scores
from engine.games.cascade_effect import fold
from engine.games.cascade_effect.board import BLUE, PARK, RAMP, RED
from engine.games.cascade_effect.cards import DECK
from engine.games.cascade_effect.events import (
    ACTION_FAILED,
    ALIGNED,
    ATTACHED,
    CENTRE_ROLL,
    CENTRE_SCORED,
    CLIMBED,
    DECLARED,
    DETACHED,
    KICKSTAND_FELL,
    MOVED,
    PARKED,
    ROBOT_PLACED,
    ROLLED,
    SCORED,
    TURN_ORDER,
)
from engine.games.cascade_effect.moves import (
    accepts_move,
    centre_room,
    declarations,
    move_actions,
    room,
    succeeds,
    target_of,
)
from engine.games.cascade_effect.scoring import total
from engine.games.cascade_effect.state import PLACERS, State, alliance_of_seat, robot_at
from engine.games.cascade_effect.turns import (
    Emitter,
    deck_shuffled,
    draw_card,
    end_turn,
    next_turn,
    opponent_zone,
)
from engine.games.cascade_effect.view import view
from engine.rng import Rng

#: the robot a card from the structure's set-up roll is drawn for: B1, since red
#: moves first (rule 3) and so the set-up chore goes to blue
SETUP_ROLLER = 1


class CascadeEffect(Game):
    name = "cascade_effect"
    title = "Cascade Effect (the Borg game)"
    rules_version = 2
    #: v1 logs fold: v1's detach (straight ahead only), its sixes (none drew a
    #: card at set-up or in the 2-player jump) and its Overdrive (an extra turn,
    #: ``ExtraTurnGiven``) are all events the fold still reads
    folds_versions = (1,)
    seat_counts = (2, 3, 4)

    def alliances(self, seat_count: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """Red holds the first half of the seats (rounded down), blue the rest."""
        red = seat_count // 2
        return ((red, seat_count - red),)

    # -- set-up: the deck and rule 1 ------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        em = Emitter(fold.initial({"seats": header.seats}))
        em.add(deck_shuffled(DECK, rng))  # first: a 6 of the set-up roll draws a card
        while True:  # rule 1: roll until a 1, 2 or 3
            die = rng.die()
            em.emit(CENTRE_ROLL, {"die": die})
            if die == 6:  # [reconstructed] the blue player rolls; the card is B1's
                draw_card(em, SETUP_ROLLER, "six", rng)
            if die <= 3:
                return em.events

    evolve = staticmethod(fold.evolve)

    # -- decisions --------------------------------------------------------------------
    def pending(self, state: State) -> list[Decision]:
        if state.phase == "place":
            legal = placements(state)
            return [Decision(PLACERS[state.seats][state.placing], legal[0], legal, prompt="place")]
        if state.phase != "play":
            return []
        robot = state.active
        if state.step == "declare":
            legal = declarations(state)
            return [Decision(robot.seat, legal[0], legal, prompt="declare")]
        stay = {"do": "move", "to": robot.sq, "facing": robot.facing}
        return [Decision(robot.seat, stay, move_actions(state), prompt="move")]

    def pending_unlisted(self, state: State) -> list[Decision]:
        """A move is checked against the reachable poses (``accepts_move``), not
        listed."""
        if state.phase != "play" or state.step == "declare":
            return self.pending(state)
        robot = state.active
        stay = {"do": "move", "to": robot.sq, "facing": robot.facing}
        check = partial(accepts_move, state)
        return [Decision(robot.seat, stay, accepts=check, prompt="move")]

    def resolve(self, state: State, actions: dict[int, Any], rng: Rng) -> list[Event]:
        ((_, action),) = actions.items()
        em = Emitter(state)
        if state.phase == "place":
            place(em, action, rng)
        elif state.step == "declare":
            declare(em, action, rng)
        else:
            move(em, action, rng)
        return Resolved(em.events, em.state)

    # -- views and results ------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        totals = (total(state, RED), total(state, BLUE))
        ranks = ranks_from_scores(totals)  # rule 12: per alliance, 1 or 2, a draw both 1
        seats = range(state.seats)
        reason = "a draw" if state.result == "draw" else f"{state.result} alliance wins"
        return Outcome(
            tuple(ranks[alliance_of_seat(state, s)] for s in seats), self.scores(state), reason
        )

    def scores(self, state: State | None) -> tuple[int, ...]:
        """Each seat scores its alliance's total (rule 11) as the field stands."""
        if state is None:
            return ()
        totals = (total(state, RED), total(state, BLUE))
        return tuple(totals[alliance_of_seat(state, s)] for s in range(state.seats))

    def state_json(self, state: State) -> dict[str, Any]:
        return view(state, None, omniscient=True)


# -- rule 2: placing the robots -------------------------------------------------------------
def placements(state: State) -> list[dict[str, Any]]:
    robot = state.robots[state.placing]
    a = robot.alliance
    return [
        {"do": "place", "sq": sq, "facing": f}
        for sq in sorted(RAMP[a] + PARK[a])
        if robot_at(state, sq) is None
        for f in range(4)
    ]


def place(em: Emitter, action: dict[str, Any], rng: Rng) -> None:
    state = em.state
    robot = state.robots[state.placing]
    em.emit(
        ROBOT_PLACED,
        {
            "robot": robot.id,
            "seat": PLACERS[state.seats][robot.id],
            "sq": action["sq"],
            "facing": action["facing"],
        },
    )
    if em.state.placing < len(em.state.robots):
        return
    em.emit(TURN_ORDER, {"order": turn_order(em.state)})
    next_turn(em, rng)


def turn_order(state: State) -> list[int]:
    """Rule 3: the red robot on its bridge goes first, then the alliances alternate;
    [reconstructed] within an alliance the robot on its bridge goes first, else
    the lower id."""

    def first_of(alliance: int) -> list[int]:
        mine = [r for r in state.robots if r.alliance == alliance and r.seat >= 0]
        on_bridge = [r for r in mine if r.sq in RAMP[alliance]]
        if len(on_bridge) == 1:
            mine.sort(key=lambda r: r.id != on_bridge[0].id)
        return [r.id for r in mine]

    red, blue = first_of(RED), first_of(BLUE)
    return [r for pair in zip(red, blue) for r in pair]


# -- a turn -----------------------------------------------------------------------------------
def declare(em: Emitter, action: dict[str, Any], rng: Rng) -> None:
    robot = em.state.active
    do = action["do"]
    if do == "detach":  # no roll, and the turn goes on (rulebook: just announce it)
        em.emit(DETACHED, {"robot": robot.id, "goal": robot.goal, "sq": action["to"]})
        return
    target = target_of(action)
    em.emit(DECLARED, {"robot": robot.id, "do": do, "target": target})
    die = rng.die()
    em.emit(ROLLED, {"robot": robot.id, "die": die})
    if die == 6:  # whatever was declared: a Cascade Card and no turn
        draw_card(em, robot.id, "six", rng)
        end_turn(em, rng)
        return
    if do == "move":
        return
    if not succeeds(em.state, robot, do, target, die):
        em.emit(ACTION_FAILED, {"robot": robot.id, "do": do, "die": die})
        return
    act(em, robot.id, do, target, die)
    end_turn(em, rng, scored=do in ("score", "centre"), primed=do == "align")


def act(em: Emitter, robot_id: int, do: str, target: int, die: int) -> None:
    """The declared action, rolled well enough: it replaces the move."""
    state = em.state
    robot = state.robots[robot_id]
    if do == "attach":
        em.emit(ATTACHED, {"robot": robot_id, "goal": target})
    elif do == "kickstand":
        em.emit(KICKSTAND_FELL, {"stand": target, "robot": robot_id, "by": "roll"})
    elif do == "score":
        em.emit(
            SCORED,
            {
                "robot": robot_id,
                "goal": robot.goal,
                "cm": min(die, room(state, robot.goal)),
                "die": die,
                "bonus": False,
            },
        )
    elif do == "climb":
        em.emit(CLIMBED, {"robot": robot_id, "to": target})
    elif do == "park":
        em.emit(PARKED, {"robot": robot_id, "to": target})
    elif do == "align":
        em.emit(ALIGNED, {"robot": robot_id, "sq": robot.sq})
    else:  # centre
        a = robot.alliance
        cm = min(die, centre_room(state, a))
        em.emit(CENTRE_SCORED, {"robot": robot_id, "alliance": a, "cm": cm, "die": die})


def move(em: Emitter, action: dict[str, Any], rng: Rng) -> None:
    robot = em.state.active
    em.emit(
        MOVED,
        {
            "robot": robot.id,
            "from": robot.sq,
            "to": action["to"],
            "facing": action["facing"],
            "die": em.state.die,
        },
    )
    if opponent_zone(robot, action["to"]):
        draw_card(em, robot.id, "zone", rng)
    end_turn(em, rng)


__all__ = ["CascadeEffect"]

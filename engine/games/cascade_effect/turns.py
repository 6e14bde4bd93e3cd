"""The flow between decisions: Cascade Cards and their effects, the end of a
turn, the next robot's turn (the 2-player jump, lost turns), the end game and
the final score. Every step emits an event and folds it at once, so the
state only changes through ``evolve`` and each chance draw is in the log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.events import Event
from engine.games.cascade_effect import fold
from engine.games.cascade_effect.board import BLUE, RED, ZONE_OF, square, structure
from engine.games.cascade_effect.cards import BONUS_CM, OVERDRIVE_MOVES, PENALTY_POINTS
from engine.games.cascade_effect.events import (
    BOOSTED,
    CARD_DRAWN,
    DECK_SHUFFLED,
    END_GAME_BEGAN,
    KICKSTAND_FELL,
    MATCH_SCORED,
    PENALISED,
    PIECE_JUMPED,
    SCORED,
    TURN_ENDED,
    TURN_LOSS_GIVEN,
    TURN_LOST,
    TURN_STARTED,
    TURNED,
)
from engine.games.cascade_effect.moves import room
from engine.games.cascade_effect.scoring import breakdown
from engine.games.cascade_effect.state import (
    JUMP_EVERY,
    ROUNDS,
    TELEOP_ROLLS,
    Robot,
    State,
    loose_goal_at,
    robot_at,
)
from engine.rng import Rng


class Emitter:
    """Events so far and the state they fold into."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, kind: str, data: dict[str, Any]) -> None:
        event = Event(kind, data)
        self.events.append(event)
        self.state = fold.evolve(self.state, event)

    def add(self, event: Event) -> None:
        self.events.append(event)
        self.state = fold.evolve(self.state, event)


# -- Cascade Cards ----------------------------------------------------------------------
def deck_shuffled(cards: Iterable[str], rng: Rng) -> Event:
    """A new face-down order: known to no seat, only its size is public."""
    order = rng.shuffled(list(cards))
    return Event(DECK_SHUFFLED, {"order": order}, (), {"cards": len(order)})


def draw_card(em: Emitter, robot_id: int, cause: str, rng: Rng) -> None:
    if not em.state.deck:
        em.add(deck_shuffled(em.state.discard, rng))
    robot = em.state.robots[robot_id]
    card = em.state.deck[0]
    em.emit(
        CARD_DRAWN, {"robot": robot_id, "alliance": robot.alliance, "card": card, "cause": cause}
    )
    card_effect(em, robot, card, rng)


def card_effect(em: Emitter, robot: Robot, card: str, rng: Rng) -> None:
    state = em.state
    takes_turns = robot.seat >= 0  # not an unused piece of the 2-player game
    if card in PENALTY_POINTS:
        em.emit(
            PENALISED, {"alliance": robot.alliance, "points": PENALTY_POINTS[card], "card": card}
        )
    elif card == "dead_battery" and takes_turns:
        em.emit(TURN_LOSS_GIVEN, {"robot": robot.id, "card": card})
    elif card == "interference":
        victim = next_opponent(state, robot.alliance)
        if victim is not None:
            em.emit(TURN_LOSS_GIVEN, {"robot": victim, "card": card})
    elif card == "overdrive" and takes_turns:
        em.emit(BOOSTED, {"robot": robot.id, "moves": OVERDRIVE_MOVES})
    elif card == "bonus_balls" and robot.goal >= 0 and any(state.fallen):
        cm = min(BONUS_CM, room(state, robot.goal))
        if cm:
            em.emit(
                SCORED, {"robot": robot.id, "goal": robot.goal, "cm": cm, "die": 0, "bonus": True}
            )
    elif card == "kickstand_bump" and not all(state.fallen):
        em.emit(
            KICKSTAND_FELL, {"stand": state.fallen.index(False), "robot": robot.id, "by": "card"}
        )
    elif card == "spin_out" and robot.sq >= 0:
        em.emit(TURNED, {"robot": robot.id, "facing": rng.below(4), "by": "card"})


def next_opponent(state: State, alliance: int) -> int | None:
    """The next robot of the other alliance to take a turn after the current one;
    [reconstructed] before the turn order exists (a card of the set-up roll), the
    other alliance's robot 1."""
    if not state.order:
        return 1 - alliance
    n = len(state.order)
    for k in range(1, n + 1):
        robot = state.order[(state.index + k) % n]
        if robot % 2 != alliance:
            return robot
    return None


def opponent_zone(robot: Robot, sq: int) -> bool:
    zone = ZONE_OF[sq]
    return zone is not None and zone[1] != robot.alliance


# -- turn after turn --------------------------------------------------------------------
def end_turn(em: Emitter, rng: Rng, scored: bool = False, primed: bool = False) -> None:
    em.emit(TURN_ENDED, {"robot": em.state.active.id, "scored": scored, "primed": primed})
    next_turn(em, rng)


def next_turn(em: Emitter, rng: Rng) -> None:
    """Start the next turn that is really played (lost turns pass by), or score
    the match after the last one."""
    while True:
        state = em.state
        index, round_ = state.index + 1, state.round
        if index == len(state.order):
            index, round_ = 0, round_ + 1
        if round_ > ROUNDS:
            final_score(em)
            return
        if round_ == TELEOP_ROLLS + 1 and index == 0:
            em.emit(END_GAME_BEGAN, {"round": round_})
        robot = state.robots[state.order[index]]
        em.emit(
            TURN_STARTED,
            {
                "robot": robot.id,
                "seat": robot.seat,
                "round": round_,
                "endgame": round_ > TELEOP_ROLLS,
                "extra": False,
            },
        )
        if state.seats == 2 and em.state.robots[robot.id].turns % JUMP_EVERY == 0:
            jump(em, robot.id + 2, rng)
        if em.state.robots[robot.id].skips == 0:
            return
        em.emit(TURN_LOST, {"robot": robot.id})


def jump(em: Emitter, piece_id: int, rng: Rng) -> None:
    """2-player rule: the unused piece goes to the square two dice name (column,
    row); [reconstructed] a blocked square leaves it where it is. Each die that
    shows a 6 draws a card for the piece, and, as a 6 does on every roll, takes
    the place of the action: the piece stays."""
    col, row = rng.die(), rng.die()
    to = square(col - 1, row - 1)
    state = em.state
    sixes = [col, row].count(6)
    moved = (
        not sixes
        and to not in structure(state.position)
        and robot_at(state, to) is None
        and loose_goal_at(state, to) is None
    )
    em.emit(PIECE_JUMPED, {"robot": piece_id, "dice": [col, row], "to": to, "moved": moved})
    for _ in range(sixes):
        draw_card(em, piece_id, "six", rng)
    piece = em.state.robots[piece_id]
    if moved and opponent_zone(piece, to):
        draw_card(em, piece_id, "zone", rng)


def final_score(em: Emitter) -> None:
    red, blue = breakdown(em.state, RED), breakdown(em.state, BLUE)
    if red["total"] == blue["total"]:
        winner = "draw"
    else:
        winner = "red" if red["total"] > blue["total"] else "blue"
    em.emit(MATCH_SCORED, {"red": red, "blue": blue, "winner": winner})

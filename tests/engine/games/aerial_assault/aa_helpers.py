"""Helpers for the Aerial Assault tests: hand-made scenes and loaded dice."""

from __future__ import annotations

from engine.game import Seat
from engine.games.aerial_assault import GAME
from engine.games.aerial_assault.checks import default_play
from engine.games.aerial_assault.state import Ball, Robot, State
from engine.players import BotPlayer
from engine.runner import run_match
from tests.engine.games.loaded_dice import LoadedDice

TANK_CATAPULT = ("tank_drive", "catapult", "spinning_stick")
MECANUM_CATAPULT = ("mecanum_drive", "catapult", "spinning_stick")
WITH_CATCHING = ("tank_drive", "catapult", "spinning_stick", "active_catching")
FAST_CATAPULT = ("fast_tank_drive", "catapult", "spinning_stick")

RED_SZ1, RED_SZ2, RED_WHITE, BLUE_WHITE, BLUE_SZ2, BLUE_SZ1 = range(6)
#: the basic cards' plays of one step
TRUSS = {"card": "B3", "side": "top", "steps": [{"act": "truss"}]}
CATCH = {"card": "B4", "side": "top", "steps": [{"act": "catch"}]}
PICKUP = {"card": "B3", "side": "bottom", "steps": [{"act": "pickup"}]}
SHOOT = {"card": "B1", "side": "bottom", "steps": [{"act": "high"}]}


def scene(robots, balls=(), round_=1, play=0, **options) -> State:
    """A driver-controlled state: ``robots`` as (alliance, zone, parts[, specials]);
    ``balls`` as Ball values. Four seats, seat n drives robot n."""
    made = []
    for i, spec in enumerate(robots):
        alliance, zone, parts = spec[:3]
        specials = tuple(spec[3]) if len(spec) > 3 else ()
        made.append(
            Robot(
                seat=i,
                budget=6,
                parts=tuple(parts),
                specials=specials,
                alliance=alliance,
                zone=zone,
            )
        )
    by_id = {b.id: b for b in balls}
    size = max([len(made) - 1] + list(by_id)) + 1
    filled = tuple(
        by_id.get(i) or Ball(i, made[i % len(made)].alliance, "removed") for i in range(size)
    )
    return State(
        seats=len(made),
        iri=False,
        missed_shots=options.get("missed_shots", False),
        tied_blocks=options.get("tied_blocks", False),
        rookie=(),
        phase="play",
        controllers=tuple(range(len(made))),
        robots=tuple(made),
        balls=filled,
        round=round_,
        play=play,
    )


def held(ball_id: int, color: str, robot: int, possessors=None) -> Ball:
    return Ball(
        ball_id,
        color,
        "held",
        robot=robot,
        possessors=tuple(possessors) if possessors is not None else (robot,),
    )


def floor(ball_id: int, color: str, zone: int, possessors=()) -> Ball:
    return Ball(ball_id, color, "floor", zone=zone, possessors=tuple(possessors))


def stay(card: str = "B2") -> dict:
    return {"card": card, "side": "down"}


def play_once(state: State, plays: dict, dice: LoadedDice, names: dict | None = None):
    """Check and resolve one card play (``plays``: robot -> play); blocking robots
    then name their targets (``names``: robot -> target) as the rules ask. Returns
    the events and the state after them."""
    actions = {}
    for d in GAME.pending(state):
        action = [plays.get(d.seat, default_play(state.robots[d.seat]))]
        reason = d.reject_reason(action)
        assert reason is None, reason
        actions[d.seat] = action
    events = GAME.resolve(state, actions, dice)
    for e in events:
        state = GAME.evolve(state, e)
    while state.phase == "block":
        (decision,) = GAME.pending(state)
        robot = state.naming[0]
        assert names and robot in names, f"robot {robot} must name a block target"
        action = {"target": names[robot]}
        reason = decision.reject_reason(action)
        assert reason is None, reason
        more = GAME.resolve(state, {decision.seat: action}, dice)
        assert more, f"robot {robot}'s block target named, and nothing happened"
        for e in more:
            state = GAME.evolve(state, e)
        events += more
    assert not dice.dice, f"unused dice {dice.dice}"
    return events, state


def types(events) -> list[str]:
    return [e.type for e in events]


def of(events, type_: str) -> list[dict]:
    return [e.data for e in events if e.type == type_]


def failed(events) -> list[tuple[int, str, str]]:
    """Each step that could not happen, as (robot, act, reason)."""
    return [(d["robot"], d["act"], d["reason"]) for d in of(events, "StepFailed")]


def match(bots, seed, options=None):
    seats = [Seat(b) for b in bots]
    players = [BotPlayer(GAME, GAME.bots[b]) for b in bots]
    return run_match(GAME, players, seats, seed, options or {})

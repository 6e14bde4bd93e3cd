"""evolve: how each event changes the state. Nothing here draws chance."""

from __future__ import annotations

from typing import Any

from engine.events import MATCH_STARTED, Event
from engine.game import RulesError, unchanged
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.events import (
    ACTION_BLOCKED,
    ALLIANCES_DEALT,
    AUTONOMOUS_ENDED,
    BALL_DROPPED,
    BALL_OUT,
    BALL_PASSED,
    BALL_PICKED_UP,
    BALL_SCORED,
    BLOCK_ROLLED,
    BLOCK_TARGET_NAMED,
    BLOCKS_TO_NAME,
    CARD_DRAWN,
    CARD_PICKED,
    CARDS_REVEALED,
    CAUGHT,
    DICE_ROLLED,
    DRAFT_ENDED,
    DRAFT_ORDER_SET,
    DRIVER_PANICKED,
    INBOUNDED,
    MATCH_OVER,
    MISSED_SHOT,
    PLAY_ENDED,
    REROLLED,
    ROBOT_MOVED,
    ROBOTS_BUILT,
    ROUND_ENDED,
    ROW_DEALT,
    STARTING_PLAYER_ROLLED,
    STEP_FAILED,
    TEAMS_ASSIGNED,
    TIED_BLOCK,
    TRUSSED,
)
from engine.games.aerial_assault.field import white_zone
from engine.games.aerial_assault.state import Ball, Robot, State, add_to, parse_rookie, set_item
from engine.states import revise


def _teams(state: State, d: dict[str, Any]) -> State:
    controllers = tuple(d["controllers"])
    base = 7 if state.iri else 6
    robots = tuple(Robot(seat=s, budget=5 if s in state.rookie else base) for s in controllers)
    deck = tuple(c.id for c in C.SPECIAL if len(controllers) == 6 or not c.deluxe)
    return revise(
        state,
        phase="build",
        controllers=controllers,
        robots=robots,
        deck=deck,
        seat_teams=tuple(d.get("teams", ())),
    )


def _built(state: State, d: dict[str, Any]) -> State:
    robots = tuple(revise(r, parts=tuple(p)) for r, p in zip(state.robots, d["parts"]))
    return revise(state, robots=robots)


def _order(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="draft", pick_order=tuple(d["order"]), pick_index=0)


def _row(state: State, d: dict[str, Any]) -> State:
    cards = tuple(d["cards"])
    return revise(state, row=state.row + cards, deck=tuple(c for c in state.deck if c not in cards))


def _picked(state: State, d: dict[str, Any]) -> State:
    r = d["robot"]
    robot = state.robots[r]
    robots = set_item(state.robots, r, revise(robot, specials=robot.specials + (d["card"],)))
    return revise(
        state,
        robots=robots,
        row=tuple(c for c in state.row if c != d["card"]),
        pick_index=state.pick_index + 1,
    )


def _alliances(state: State, d: dict[str, Any]) -> State:
    robots = tuple(
        revise(r, alliance=a, zone=white_zone(a)) for r, a in zip(state.robots, d["alliances"])
    )
    balls = tuple(
        Ball(i, a, "held", robot=i, possessors=(i,)) for i, a in enumerate(d["alliances"])
    )
    return revise(
        state,
        phase="auto",
        robots=robots,
        balls=balls,
        round=0,
        play=0,
        row=(),
        pick_order=(),
        pick_index=0,
    )


def _revealed(state: State, d: dict[str, Any]) -> State:
    robots = list(state.robots)
    shown = []
    for p in d["plays"]:
        r = p["robot"]
        robots[r] = revise(robots[r], played=robots[r].played + (p["card"],), forced="")
        shown.append((r, p["card"], p["side"], C.SIDE_LABELS[p["card"], p["side"]]))
    return revise(
        state,
        robots=tuple(robots),
        revealed=tuple(shown),
        blocked=(),
        staged=tuple(d["plays"]),
        naming=(),
        targets=(),
    )


def _to_name(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="block", naming=tuple(d["robots"]), targets=())


def _named(state: State, d: dict[str, Any]) -> State:
    naming = state.naming[1:]
    return revise(
        state,
        naming=naming,
        targets=state.targets + ((d["robot"], d["target"]),),
        phase="block" if naming else "play",
    )


def _robot(state: State, r: int, **changes: Any) -> State:
    return revise(state, robots=set_item(state.robots, r, revise(state.robots[r], **changes)))


def _ball(state: State, i: int, **changes: Any) -> State:
    return revise(state, balls=set_item(state.balls, i, revise(state.balls[i], **changes)))


def _gain(state: State, i: int, r: int) -> State:
    ball = state.balls[i]
    poss = ball.possessors if r in ball.possessors else ball.possessors + (r,)
    return _ball(state, i, where="held", robot=r, zone=-1, possessors=poss)


def _moved(state: State, d: dict[str, Any]) -> State:
    return _robot(state, d["robot"], zone=d["to"])


def _rerolled(state: State, d: dict[str, Any]) -> State:
    robot = state.robots[d["robot"]]
    return _robot(state, d["robot"], rerolls=robot.rerolls + (d["card"],))


def _blocked(state: State, d: dict[str, Any]) -> State:
    return revise(state, blocked=state.blocked + (d["robot"],))


def _scored(state: State, d: dict[str, Any]) -> State:
    a = d["alliance"]
    where = "removed" if d["removed"] else "waiting"
    state = _ball(state, d["ball"], where=where, robot=-1, zone=-1, trussed=False, possessors=())
    return revise(
        state,
        points=add_to(state.points, a, d["points"] + d["assist_points"]),
        assists=add_to(state.assists, a, d["assist_points"]),
        scored=add_to(state.scored, a, 1),
    )


def _dropped(state: State, d: dict[str, Any]) -> State:
    return _ball(state, d["ball"], where="floor", robot=-1, zone=d["zone"])


def _held(state: State, d: dict[str, Any]) -> State:
    return _gain(state, d["ball"], d["robot"])


def _passed(state: State, d: dict[str, Any]) -> State:
    if "to" in d:
        return _gain(state, d["ball"], d["to"])
    return _ball(state, d["ball"], where="floor", robot=-1, zone=d["zone"])


def _kept_truss(state: State, i: int) -> bool:
    """A trussed ball keeps its mark until it scores (v1 dropped it out of bounds)."""
    return state.balls[i].trussed and state.version >= 2


def _out(state: State, d: dict[str, Any]) -> State:
    return _ball(
        state,
        d["ball"],
        where="waiting",
        robot=-1,
        zone=-1,
        trussed=_kept_truss(state, d["ball"]),
        possessors=(),
    )


def _trussed(state: State, d: dict[str, Any]) -> State:
    a = state.balls[d["ball"]].color
    state = _ball(state, d["ball"], trussed=True)
    return revise(
        state,
        points=add_to(state.points, a, d["points"]),
        trusses=add_to(state.trusses, a, d["points"]),
    )


def _caught(state: State, d: dict[str, Any]) -> State:
    a = state.balls[d["ball"]].color
    state = _gain(state, d["ball"], d["robot"])
    return revise(
        state,
        points=add_to(state.points, a, d["points"]),
        catches=add_to(state.catches, a, d["points"]),
    )


def _inbounded(state: State, d: dict[str, Any]) -> State:
    i, r = d["ball"], d["robot"]
    trussed = _kept_truss(state, i)
    if d["caught"]:
        return _ball(state, i, where="held", robot=r, zone=-1, trussed=trussed, possessors=(r,))
    return _ball(
        state, i, where="floor", robot=-1, zone=state.robots[r].zone, trussed=trussed, possessors=()
    )


def _tied(state: State, d: dict[str, Any]) -> State:
    if d["robot"] is None:
        return state
    return _robot(state, d["robot"], forced=d["effect"])


def _panicked(state: State, d: dict[str, Any]) -> State:
    return _robot(state, d["robot"], forced="card:" + d["card"])


def _play_ended(state: State, d: dict[str, Any]) -> State:
    blocks = {b: t for b, t in d["blocks"]}
    # a robot whose last block stays what it was is kept, not copied
    robots = tuple(
        r if r.last_block == blocks.get(i, -1) else revise(r, last_block=blocks.get(i, -1))
        for i, r in enumerate(state.robots)
    )
    return revise(state, robots=robots, play=state.play + 1, staged=(), targets=())


def _auto_ended(state: State, d: dict[str, Any]) -> State:
    robots = tuple(revise(r, played=()) for r in state.robots)
    return revise(state, robots=robots, phase="play", round=1, play=0, staged=())


def _round_ended(state: State, d: dict[str, Any]) -> State:
    robots = tuple(revise(r, played=()) for r in state.robots)
    return revise(state, robots=robots, round=state.round + 1, play=0)


def _over(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="over", result=d["reason"])


HANDLERS = {
    TEAMS_ASSIGNED: _teams,
    ROBOTS_BUILT: _built,
    DRAFT_ORDER_SET: _order,
    ROW_DEALT: _row,
    CARD_DRAWN: _row,
    CARD_PICKED: _picked,
    ALLIANCES_DEALT: _alliances,
    CARDS_REVEALED: _revealed,
    ROBOT_MOVED: _moved,
    REROLLED: _rerolled,
    ACTION_BLOCKED: _blocked,
    BALL_SCORED: _scored,
    BALL_DROPPED: _dropped,
    BALL_PICKED_UP: _held,
    BALL_PASSED: _passed,
    BALL_OUT: _out,
    TRUSSED: _trussed,
    CAUGHT: _caught,
    INBOUNDED: _inbounded,
    TIED_BLOCK: _tied,
    DRIVER_PANICKED: _panicked,
    BLOCKS_TO_NAME: _to_name,
    BLOCK_TARGET_NAMED: _named,
    PLAY_ENDED: _play_ended,
    AUTONOMOUS_ENDED: _auto_ended,
    ROUND_ENDED: _round_ended,
    MATCH_OVER: _over,
    # events that change nothing the state keeps
    DRAFT_ENDED: unchanged,
    DICE_ROLLED: unchanged,
    STEP_FAILED: unchanged,
    BLOCK_ROLLED: unchanged,
    STARTING_PLAYER_ROLLED: unchanged,
    MISSED_SHOT: unchanged,
}


def evolve(state: State | None, event: Event, rules_version: int) -> State:
    """The state after ``event``; ``rules_version``: the version a log without
    one in its ``MatchStarted`` is taken to be."""
    d = event.data
    if event.type == MATCH_STARTED:
        o = d["options"]
        n = len(d["seats"])
        return State(
            n,
            o.get("iri", False),
            o.get("missed_shots", False),
            o.get("tied_blocks", False),
            parse_rookie(o.get("rookie", ""), n),
            version=d.get("rules_version", rules_version),
        )
    if state is None:
        raise RulesError(f"a log starts with {MATCH_STARTED}, not {event.type}")
    handler = HANDLERS.get(event.type)
    return handler(state, d) if handler else state

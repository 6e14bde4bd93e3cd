"""evolve: how each event changes the state. Nothing here draws chance."""

from __future__ import annotations

from typing import Any

from engine.game import handler_evolve, unchanged
from engine.games.cascade_effect.board import GOALS
from engine.games.cascade_effect.events import (
    ACTION_FAILED,
    ALIGNED,
    ATTACHED,
    BOOSTED,
    CARD_DRAWN,
    CENTRE_ROLL,
    CENTRE_SCORED,
    CLIMBED,
    DECK_SHUFFLED,
    DECLARED,
    DETACHED,
    END_GAME_BEGAN,
    EXTRA_TURN_GIVEN,
    KICKSTAND_FELL,
    MATCH_SCORED,
    MOVED,
    PARKED,
    PENALISED,
    PIECE_JUMPED,
    ROBOT_PLACED,
    ROLLED,
    SCORED,
    TURN_ENDED,
    TURN_LOSS_GIVEN,
    TURN_LOST,
    TURN_ORDER,
    TURN_STARTED,
    TURNED,
)
from engine.games.cascade_effect.state import (
    CONTROLLERS,
    ROBOTS,
    Goal,
    Robot,
    State,
    set_item,
    with_goal,
    with_robot,
)
from engine.states import revise


def initial(data: dict[str, Any]) -> State:
    seats = len(data["seats"])
    robots = tuple(Robot(r, CONTROLLERS[seats][r]) for r in range(ROBOTS))
    goals = tuple(Goal(i, a, size, sq) for i, (a, size, sq) in enumerate(GOALS))
    return State(seats=seats, phase="place", robots=robots, goals=goals)


def _centre_roll(state: State, d: dict[str, Any]) -> State:
    return revise(state, position=d["die"]) if d["die"] <= 3 else state


def _shuffled(state: State, d: dict[str, Any]) -> State:
    return revise(state, deck=tuple(d["order"]), discard=())


def _placed(state: State, d: dict[str, Any]) -> State:
    robot = revise(state.robots[d["robot"]], sq=d["sq"], facing=d["facing"])
    return revise(state, robots=set_item(state.robots, robot.id, robot), placing=state.placing + 1)


def _order(state: State, d: dict[str, Any]) -> State:
    order = tuple(d["order"])
    return revise(state, phase="play", order=order, index=len(order) - 1, round=0)


def _turn(state: State, d: dict[str, Any]) -> State:
    robot = state.robots[d["robot"]]
    bonus = robot.boost  # an Overdrive card's moves are spent on this turn
    if d["extra"]:
        robot = revise(robot, extra=False)
    else:
        robot = revise(robot, turns=robot.turns + 1, boost=0)
    return revise(
        state,
        robots=set_item(state.robots, robot.id, robot),
        index=state.order.index(robot.id),
        round=d["round"],
        step="declare",
        declared="",
        target=-1,
        die=0,
        extra_turn=d["extra"],
        bonus_moves=bonus,
    )


def _jumped(state: State, d: dict[str, Any]) -> State:
    if not d["moved"]:
        return state
    return with_robot(state, revise(state.robots[d["robot"]], sq=d["to"]))


def _lost(state: State, d: dict[str, Any]) -> State:
    robot = state.robots[d["robot"]]
    robot = revise(robot, skips=robot.skips - 1, scored_last=False, primed=False)
    return revise(state, robots=set_item(state.robots, robot.id, robot), step="")


def _declared(state: State, d: dict[str, Any]) -> State:
    return revise(state, declared=d["do"], target=d["target"], step="roll")


def _rolled(state: State, d: dict[str, Any]) -> State:
    moving = state.declared == "move" and d["die"] != 6
    return revise(state, die=d["die"], step="move" if moving else "")


def _failed(state: State, d: dict[str, Any]) -> State:
    return revise(state, step="move")


def _drawn(state: State, d: dict[str, Any]) -> State:
    return revise(
        state, deck=state.deck[1:], discard=state.discard + (d["card"],), last_card=d["card"]
    )


def _penalised(state: State, d: dict[str, Any]) -> State:
    a = d["alliance"]
    return revise(state, penalties=set_item(state.penalties, a, state.penalties[a] + d["points"]))


def _loss_given(state: State, d: dict[str, Any]) -> State:
    robot = state.robots[d["robot"]]
    return with_robot(state, revise(robot, skips=robot.skips + 1))


def _extra_given(state: State, d: dict[str, Any]) -> State:
    """Rules v1's Overdrive: an extra turn (v2 logs hold ``Boosted`` instead)."""
    return with_robot(state, revise(state.robots[d["robot"]], extra=True))


def _boosted(state: State, d: dict[str, Any]) -> State:
    robot = state.robots[d["robot"]]
    return with_robot(state, revise(robot, boost=robot.boost + d["moves"]))


def _scored(state: State, d: dict[str, Any]) -> State:
    goal = state.goals[d["goal"]]
    return with_goal(state, revise(goal, cm=goal.cm + d["cm"]))


def _centre_scored(state: State, d: dict[str, Any]) -> State:
    a = d["alliance"]
    return revise(state, centre_cm=set_item(state.centre_cm, a, state.centre_cm[a] + d["cm"]))


def _fell(state: State, d: dict[str, Any]) -> State:
    return revise(state, fallen=set_item(state.fallen, d["stand"], True))


def _turned(state: State, d: dict[str, Any]) -> State:
    return with_robot(state, revise(state.robots[d["robot"]], facing=d["facing"]))


def _robot_and_goal(state: State, robot: Robot, goal: Goal | None) -> State:
    robots = set_item(state.robots, robot.id, robot)
    if goal is None:
        return revise(state, robots=robots)
    return revise(state, robots=robots, goals=set_item(state.goals, goal.id, goal))


def _attached(state: State, d: dict[str, Any]) -> State:
    robot = revise(state.robots[d["robot"]], goal=d["goal"])
    return _robot_and_goal(
        state, robot, revise(state.goals[d["goal"]], robot=robot.id, sq=robot.sq)
    )


def _detached(state: State, d: dict[str, Any]) -> State:
    robot = revise(state.robots[d["robot"]], goal=-1)
    return _robot_and_goal(state, robot, revise(state.goals[d["goal"]], robot=-1, sq=d["sq"]))


def _moved(state: State, d: dict[str, Any]) -> State:
    """Moved, Climbed and Parked: the robot, and its goal with it."""
    robot = state.robots[d["robot"]]
    robot = revise(robot, sq=d["to"], facing=d.get("facing", robot.facing))
    goal = revise(state.goals[robot.goal], sq=robot.sq) if robot.goal >= 0 else None
    return _robot_and_goal(state, robot, goal)


def _ended(state: State, d: dict[str, Any]) -> State:
    robot = revise(state.robots[d["robot"]], scored_last=d["scored"], primed=d["primed"])
    return revise(state, robots=set_item(state.robots, robot.id, robot), step="")


def _match_scored(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="over", step="", result=d["winner"])


HANDLERS = {
    CENTRE_ROLL: _centre_roll,
    DECK_SHUFFLED: _shuffled,
    ROBOT_PLACED: _placed,
    TURN_ORDER: _order,
    TURN_STARTED: _turn,
    PIECE_JUMPED: _jumped,
    TURN_LOST: _lost,
    DECLARED: _declared,
    ROLLED: _rolled,
    ACTION_FAILED: _failed,
    CARD_DRAWN: _drawn,
    PENALISED: _penalised,
    TURN_LOSS_GIVEN: _loss_given,
    EXTRA_TURN_GIVEN: _extra_given,
    BOOSTED: _boosted,
    SCORED: _scored,
    CENTRE_SCORED: _centre_scored,
    KICKSTAND_FELL: _fell,
    TURNED: _turned,
    ATTACHED: _attached,
    DETACHED: _detached,
    MOVED: _moved,
    CLIMBED: _moved,
    PARKED: _moved,
    TURN_ENDED: _ended,
    MATCH_SCORED: _match_scored,
    # events that change nothing the state keeps
    END_GAME_BEGAN: unchanged,
    ALIGNED: unchanged,
}


evolve = handler_evolve(initial, HANDLERS)


__all__ = ["HANDLERS", "evolve", "initial"]

"""What Aerial Assault's search tries besides ``greedy``'s card play: greedy's
own runners-up (``propose``, the search's ``Hooks.propose``), and its standing
of a rollout cut short (``project``, the search's ``Hooks.value``).

A seat's card play is one action for both its robots, each play a card, a side
and its steps: a few hundred legal plays a robot, tens of thousands a seat. A
random proposal (the search's generic candidates) is almost never a play worth
making, so the search kept greedy's. Here every candidate is greedy's play with
one robot's play swapped for that robot's next best by greedy's own values
(a play that does something else, not the same steps from another card), the
two robots in turn: the moves greedy nearly chose, which rollouts can then
tell apart. Only the card plays of the match are ranked; the build, the draft
and the naming of block targets keep the generic candidates.
"""

from __future__ import annotations

import json
from typing import Any

from engine.decisions import Decision
from engine.game import Game
from engine.games.aerial_assault.field import ALLIANCES, shoot_range
from engine.games.aerial_assault.greedy import GreedyBot
from engine.games.aerial_assault.greedy_values import HOPELESS, chance
from engine.games.aerial_assault.state import State, seat_alliance
from engine.rng import Rng
from engine.search.proposals import sim_request

#: runners-up tried per robot (the search's width caps the candidates anyway)
RUNNERS_UP = 4


def propose(game: Game, state: State, decision: Decision, rng: Rng) -> list[Any]:
    """Ranked candidates for a card play: greedy's play with one robot's play
    replaced by its first, then second... runner-up, robots alternating."""
    request = sim_request(game, state, decision)  # what greedy reads: the seat's view
    view = request.view
    if view["phase"] != "play":
        return []
    bot = GreedyBot(game, decision.seat, rng)
    base = bot.decide(request)
    mine = view["my_robots"]
    ranked = [runners_up(bot, view, r, base[i]) for i, r in enumerate(mine)]
    out = []
    for k in range(RUNNERS_UP):
        for i, plays in enumerate(ranked):
            if k < len(plays):
                out.append([plays[k] if j == i else p for j, p in enumerate(base)])
    return out


def runners_up(bot: GreedyBot, view: dict[str, Any], r: int, chosen: Any) -> list[Any]:
    """Robot ``r``'s plays by greedy's worth, best first, one a distinct
    effect (its steps), leaving out ``chosen``'s and the hopeless."""
    robot = view["robots"][r]
    bot.claimed.clear()
    scored = bot.scored_plays(view, r, robot["hand"], robot["zone"], False, bool(robot["balls"]))
    scored.sort(key=lambda pair: -pair[1])  # stable: play_options' order breaks ties
    seen = {effect(chosen)}
    out = []
    for (play, _end, _still), worth in scored:
        if worth <= HOPELESS * 50 or effect(play) in seen:
            continue
        seen.add(effect(play))
        out.append(play)
        if len(out) == RUNNERS_UP:
            break
    return out


def effect(play: dict[str, Any]) -> str:
    """What a play does, whatever card it is played from."""
    return json.dumps([s for s in play.get("steps") or [] if s is not None], sort_keys=True)


def project(state: State) -> tuple[float, ...]:
    """Each seat's alliance points plus what the balls its alliance holds are
    likely to bring: a ball's goal (10 points and 10 an assist) at the shooter's
    odds, in full when its robot stands in range, half when it must still get
    there. A rollout cut a few card plays in then tells a play that brings a ball
    into range from one that drops it, which the points alone cannot."""
    pending = {alliance: 0.0 for alliance in ALLIANCES}
    for ball in state.balls:
        if ball.where != "held":
            continue
        robot = state.robots[ball.robot]
        shooter = robot.part("shooter")
        goal = 10 * len(set(ball.possessors) | {ball.robot}) * chance(shooter.shoot, 0) / 6
        reach = shoot_range(robot.alliance, robot.zone)
        pending[robot.alliance] += (
            goal if reach is not None and reach <= shooter.range else goal / 2
        )
    return tuple(
        state.points[ALLIANCES.index(a)] + pending[a] if a else 0.0
        for a in (seat_alliance(state, seat) for seat in range(state.seats))
    )

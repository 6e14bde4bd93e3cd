"""Legal actions of the seat whose turn it is, and their energy costs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import listed
from engine.games.aimbots.board import DIRS, OPPOSITE, step
from engine.games.aimbots.combat import targets
from engine.games.aimbots.dice import effective, face
from engine.games.aimbots.scrap import core_value
from engine.games.aimbots.state import Bot, State, occupied

END = {"do": "end"}
BOOST_COST = 1
ATTACK_COST = 2


def pivot_cost(state: State, bot: Bot) -> int:
    return 0 if bot.prog.free_pivot and bot.id not in state.free_pivots else 1


def booster(bot: Bot, d: str) -> int:
    """How far a boost in direction ``d`` may go: the opposite face (1 if plated),
    plus the program's bonus, within its cap."""
    value = effective(face(bot.north, bot.east, OPPOSITE[d]), bot.plates)
    value += bot.prog.boost_bonus
    return min(value, bot.prog.boost_cap) if bot.prog.boost_cap else value


def reachable(state: State, bot: Bot, d: str, taken: dict[int, Bot] | None = None) -> int:
    """Spaces the bot can actually move in ``d``: no leaving the board, no passing bots."""
    taken = occupied(state) if taken is None else taken
    here, n = bot.sq, 0
    for _ in range(booster(bot, d)):
        ahead = step(here, d)
        if ahead is None or ahead in taken:
            break
        here = ahead
        n += 1
    return n


def pivot_actions(state: State, bot: Bot) -> list[dict[str, Any]]:
    if state.energy < pivot_cost(state, bot):
        return []
    turns = ("cw", "ccw", "half") if bot.prog.half_pivot else ("cw", "ccw")
    return [{"do": "pivot", "bot": bot.id, "turn": t} for t in turns]


def boost_actions(state: State, bot: Bot, taken: dict[int, Bot]) -> list[dict[str, Any]]:
    if state.energy < BOOST_COST:
        return []
    return [
        {"do": "boost", "bot": bot.id, "dir": d, "steps": k}
        for d in DIRS
        for k in range(1, reachable(state, bot, d, taken) + 1)
    ]


def attack_actions(state: State, bot: Bot) -> list[dict[str, Any]]:
    if state.attacked or state.energy < ATTACK_COST:
        return []
    return [{"do": "attack", "bot": bot.id, "target": t.id} for t, _, _ in targets(state, bot)]


def pickup_actions(state: State, bot: Bot) -> list[dict[str, Any]]:
    if state.energy < bot.prog.pickup_cost:
        return []
    if any(square == bot.sq for square, _ in state.board_scrap):
        return [{"do": "pickup", "bot": bot.id}]
    return []


def use_actions(state: State, seat: int) -> list[dict[str, Any]]:
    out = []
    for token in state.hands[seat]:
        kind = state.tokens[token]
        if kind == "repair":
            out += [
                {"do": "use", "token": token, "bot": b.id, "face": f}
                for b in state.bots
                if b.alive and b.owner == seat
                for f in b.plates
            ]
        elif kind != "targeting" or not state.attacked:
            out.append({"do": "use", "token": token})
    return out


#: each kind of a bot's action -> the legal ones of that kind for one bot
_BOT_ACTIONS: dict[str, Callable[[State, Bot], list[dict[str, Any]]]] = {
    "attack": attack_actions,
    "pickup": pickup_actions,
    "pivot": pivot_actions,
    "boost": lambda state, bot: boost_actions(state, bot, occupied(state)),
}


def play_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of the active seat, ``end`` last."""
    seat, taken = state.active, occupied(state)
    out = use_actions(state, seat)
    for bot in state.bots:
        if bot.alive and bot.owner == seat and bot.sq >= 0:
            out += attack_actions(state, bot) + pickup_actions(state, bot)
            out += pivot_actions(state, bot) + boost_actions(state, bot, taken)
    out.append(END)
    return out


def accepts_play(state: State, action: object) -> bool:
    """Is ``action`` one of ``play_actions(state)``? Only the actions of its kind
    (and its bot) are built: a turn's moves, attacks and boosts cost far more to
    list than one of them to check (``Game.pending_unlisted``)."""
    if type(action) is not dict:
        return False  # every legal action is a dict
    kind = action.get("do")
    if kind == "end":
        return listed(action, [END])
    if kind == "use":
        return listed(action, use_actions(state, state.active))
    actions = _BOT_ACTIONS.get(kind) if type(kind) is str else None
    if actions is None:
        return False
    seat, which = state.active, action.get("bot")
    if kind == "boost":  # the commonest, and the dearest to list: four reaches
        return any(
            _accepts_boost(state, bot, action)
            for bot in state.bots
            if bot.alive and bot.owner == seat and bot.sq >= 0 and bot.id == which
        )
    return any(
        listed(action, actions(state, bot))
        for bot in state.bots
        if bot.alive and bot.owner == seat and bot.sq >= 0 and bot.id == which
    )


def _accepts_boost(state: State, bot: Bot, action: dict[str, Any]) -> bool:
    """``listed(action, boost_actions(state, bot, ...))`` for an ``action`` whose
    ``do`` is ``boost`` and whose ``bot`` equals ``bot.id``, reaching only in its
    own direction. Types are exact: JSON's ``true`` is not the id or step ``1``."""
    d, k = action.get("dir"), action.get("steps")
    return (
        len(action) == 4
        and type(action["bot"]) is int
        and type(d) is str
        and d in DIRS
        and type(k) is int
        and state.energy >= BOOST_COST
        and 1 <= k <= reachable(state, bot, d)
    )


def can_act(state: State) -> bool:
    """Has the active seat an action besides ``end``? The same answer as
    ``play_actions(state) != [END]``, found without building the list: a pivot
    costs at most 1 and every other action of a bot at least 1, so a seat whose
    bots can do anything can pivot; else only its scrap is left to play."""
    seat = state.active
    mine = [b for b in state.bots if b.alive and b.owner == seat and b.sq >= 0]
    return any(pivot_actions(state, b) for b in mine) or bool(use_actions(state, seat))


def token_cores(state: State, seat: int) -> int:
    """Cores held face down (they count only at the end or when used)."""
    return sum(core_value(state.tokens[t]) for t in state.hands[seat])

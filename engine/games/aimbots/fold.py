"""evolve: how each event changes the state. Nothing here draws chance."""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.game import fold_events, handler_evolve, unchanged
from engine.games.aimbots.catalogue import BY_NAME
from engine.games.aimbots.draft import ORDERS, card_level
from engine.games.aimbots.events import (
    ATTACK_RESOLVED,
    BOOSTED,
    BOT_DESTROYED,
    BOT_PLACED,
    BOT_PUSHED,
    BOT_TURNED,
    CORES_LOADED,
    DICE_ROLLED,
    DIE_PLACED,
    DIE_WILDED,
    EFFECTS_ORDERED,
    EFFECTS_TO_ORDER,
    FIRST_PLAYER,
    LINEUPS_DEALT,
    MARKET_DEALT,
    PICKED_UP,
    PIVOTED,
    PLATE_ADDED,
    PLATE_CHOICE,
    SCRAP_DROPPED,
    SCRAP_PLACED,
    SCRAP_USED,
    TIME_UP,
    TURN_ENDED,
    TURN_STARTED,
)
from engine.games.aimbots.scrap import core_value
from engine.games.aimbots.state import Bot, State, living_seats, set_item, with_bot
from engine.states import revise


def initial(data: dict[str, Any]) -> State:
    seats = len(data["seats"])
    options = data.get("options", {})
    return State(
        seats=seats,
        target=7 if seats == 2 else 5,
        turn_limit=options.get("turn_limit", 40),
        rolls=((),) * seats,
        spent=((),) * seats,
        loaded=(False,) * seats,
        hands=((),) * seats,
        cores=(0,) * seats,
    )


def _dice(state: State, d: dict[str, Any]) -> State:
    if d["purpose"] != "draft":
        return state
    seat = d["seat"]
    return revise(
        state,
        rolls=set_item(state.rolls, seat, tuple(d["dice"])),
        spent=set_item(state.spent, seat, (False,) * len(d["dice"])),
    )


def _first(state: State, d: dict[str, Any]) -> State:
    n = state.seats
    return revise(state, order=tuple((d["seat"] + k) % n for k in range(n)))


def _market(state: State, d: dict[str, Any]) -> State:
    return revise(
        state,
        market=tuple(d["cards"]),
        claims=(-1,) * len(d["cards"]),
        draft_left=ORDERS[state.seats][0][1],
    )


def _lineups(state: State, d: dict[str, Any]) -> State:
    bots = tuple(
        Bot(i, seat, name, BY_NAME[name].level) for i, (seat, name) in enumerate(d["bots"])
    )
    return revise(state, bots=bots, phase="load")


def _wild(state: State, d: dict[str, Any]) -> State:
    seat = d["seat"]
    return revise(
        state, rolls=set_item(state.rolls, seat, set_item(state.rolls[seat], d["die"], 6))
    )


def _placed_die(state: State, d: dict[str, Any]) -> State:
    seat, card = d["seat"], d["card"]
    bot = Bot(len(state.bots), seat, state.market[card], card_level(card))
    state = revise(
        state,
        spent=set_item(state.spent, seat, set_item(state.spent[seat], d["die"], True)),
        claims=set_item(state.claims, card, seat),
        bots=state.bots + (bot,),
        draft_left=state.draft_left - 1,
    )
    if state.draft_left > 0:
        return state
    order = ORDERS[state.seats]
    step = state.draft_step + 1
    if step == len(order):
        return revise(state, draft_step=step, phase="load")
    return revise(state, draft_step=step, draft_left=order[step][1])


def _cores(state: State, d: dict[str, Any]) -> State:
    seat, cores = d["seat"], list(d["cores"])
    bots = tuple(revise(b, core=cores.pop(0)) if b.owner == seat else b for b in state.bots)
    loaded = set_item(state.loaded, seat, True)
    return revise(state, bots=bots, loaded=loaded, phase="place" if all(loaded) else state.phase)


def _bot_placed(state: State, d: dict[str, Any]) -> State:
    bot = state.bots[d["bot"]]
    state = with_bot(state, revise(bot, sq=d["sq"], north=d["north"], east=d["east"]))
    seat = state.order[state.placing]
    if all(b.sq >= 0 for b in state.bots if b.owner == seat):
        state = revise(state, placing=state.placing + 1)
    return state


def _scrap_placed(state: State, d: dict[str, Any]) -> State:
    return revise(
        state,
        tokens=tuple(d["tokens"]),
        board_scrap=tuple((sq, t) for sq, t in d["board"]),
        pile=tuple(d["pile"]),
    )


def _turn(state: State, d: dict[str, Any]) -> State:
    return revise(
        state,
        phase="play",
        active=d["seat"],
        round=d["round"],
        energy=d["energy"],
        attacked=False,
        aim=0,
        free_pivots=(),
        turns=state.turns + 1,
    )


def _pivoted(state: State, d: dict[str, Any]) -> State:
    bot = state.bots[d["bot"]]
    state = with_bot(state, revise(bot, north=d["north"], east=d["east"]))
    free = state.free_pivots + ((bot.id,) if bot.prog.free_pivot and d["cost"] == 0 else ())
    return revise(state, energy=state.energy - d["cost"], free_pivots=free)


def _boosted(state: State, d: dict[str, Any]) -> State:
    state = with_bot(state, revise(state.bots[d["bot"]], sq=d["to"]))
    return revise(state, energy=state.energy - d["cost"])


def _picked(state: State, d: dict[str, Any]) -> State:
    board = list(state.board_scrap)
    index = next(i for i, (sq, _) in enumerate(board) if sq == d["sq"])
    _, token = board.pop(index)
    seat = d["seat"]
    return revise(
        state,
        board_scrap=tuple(board),
        energy=state.energy - d["cost"],
        hands=set_item(state.hands, seat, state.hands[seat] + (token,)),
    )


def _used(state: State, d: dict[str, Any]) -> State:
    seat, token, kind = d["seat"], d["token"], d["kind"]
    state = revise(
        state, hands=set_item(state.hands, seat, tuple(t for t in state.hands[seat] if t != token))
    )
    if kind == "overcharge":
        return revise(state, energy=state.energy + 2)
    if kind == "targeting":
        return revise(state, aim=state.aim + 2)
    if kind == "repair":
        bot = state.bots[d["bot"]]
        return with_bot(state, revise(bot, plates=tuple(f for f in bot.plates if f != d["face"])))
    return _gain(state, seat, core_value(kind))


def _gain(state: State, seat: int, cores: int) -> State:
    state = revise(state, cores=set_item(state.cores, seat, state.cores[seat] + cores))
    if state.cores[seat] >= state.target:
        return revise(
            state,
            phase="over",
            winner=seat,
            reason=f"seat {seat} collected {state.cores[seat]} power cores",
        )
    return state


def _attacked(state: State, d: dict[str, Any]) -> State:
    return revise(state, energy=state.energy - d["cost"], attacked=True, aim=0)


def _turned(state: State, d: dict[str, Any]) -> State:
    return with_bot(state, revise(state.bots[d["bot"]], north=d["north"], east=d["east"]))


def _pushed(state: State, d: dict[str, Any]) -> State:
    return with_bot(state, revise(state.bots[d["bot"]], sq=d["to"]))


def _plate(state: State, d: dict[str, Any]) -> State:
    bot = state.bots[d["bot"]]
    state = with_bot(state, revise(bot, plates=bot.plates + (d["face"],)))
    # a plate comes in play, or ends the defender's choice of face
    return revise(state, phase="play", plate_bot=-1)


def _plate_choice(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="plate", plate_bot=d["bot"])


def _to_order(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="order", order_bot=d["bot"], order_dir=d["dir"])


def _ordered(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="play", order_bot=-1, order_dir="")


def _destroyed(state: State, d: dict[str, Any]) -> State:
    bot = state.bots[d["bot"]]
    state = with_bot(state, revise(bot, alive=False, sq=-1))
    state = _gain(state, d["by"], d["core"])
    alive = living_seats(state)  # the attacking seat's robot is on the board
    if len(alive) < 2 and state.phase != "over":
        return revise(
            state,
            phase="over",
            winner=alive[0],
            reason="only one team has bots left",
        )
    return state


def _dropped(state: State, d: dict[str, Any]) -> State:
    return revise(
        state, board_scrap=state.board_scrap + ((d["sq"], d["token"]),), pile=state.pile[1:]
    )


def _time_up(state: State, d: dict[str, Any]) -> State:
    return revise(state, phase="over", reason=f"turn limit of {d['rounds']} rounds reached")


HANDLERS = {
    DICE_ROLLED: _dice,
    FIRST_PLAYER: _first,
    MARKET_DEALT: _market,
    LINEUPS_DEALT: _lineups,
    DIE_WILDED: _wild,
    DIE_PLACED: _placed_die,
    CORES_LOADED: _cores,
    BOT_PLACED: _bot_placed,
    SCRAP_PLACED: _scrap_placed,
    TURN_STARTED: _turn,
    PIVOTED: _pivoted,
    BOOSTED: _boosted,
    PICKED_UP: _picked,
    SCRAP_USED: _used,
    ATTACK_RESOLVED: _attacked,
    BOT_TURNED: _turned,
    BOT_PUSHED: _pushed,
    PLATE_ADDED: _plate,
    PLATE_CHOICE: _plate_choice,
    EFFECTS_TO_ORDER: _to_order,
    EFFECTS_ORDERED: _ordered,
    BOT_DESTROYED: _destroyed,
    SCRAP_DROPPED: _dropped,
    TIME_UP: _time_up,
    # events that change nothing the state keeps
    TURN_ENDED: unchanged,
}


evolve = handler_evolve(initial, HANDLERS)
fold = partial(fold_events, evolve)


__all__ = ["evolve", "fold", "initial"]

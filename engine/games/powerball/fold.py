"""evolve: how each event changes the state. Nothing here draws chance.

Each handler writes the state with ``w`` (``engine.states.Writes``): ``COPIES`` in
``evolve``, where every event makes a new state (a replay keeps them), and a
table's ``Draft`` while the rules emit, which writes into a working copy. So a
handler reads the state it was given only before writing it, or the state a
write returned: under a draft, a robot read before its own change has changed
with it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.game import handler_evolve
from engine.games.powerball import fold_options as O
from engine.games.powerball.cards import OPTIONS, V1_OPTIONS
from engine.games.powerball.events import (
    BALLS_DROPPED,
    BOMB_ARMED,
    BOMB_GONE,
    BOMB_MOVED,
    BOMB_PLACED,
    CARD_CHANGED,
    DAMAGE_SHIELDED,
    DAMAGED,
    DELIVERED,
    DESTROYED,
    EVENT_ROLLED,
    FLAG_ROLLED,
    GAME_OVER,
    HAND_DEALT,
    HEALED,
    METEOR_FELL,
    MOVED,
    OPTION_CHARGED,
    OPTION_DRAWN,
    OPTION_MOVED,
    OPTIONS_DEALT,
    OPTIONS_OFFERED,
    PHASE_STARTED,
    PICKED,
    PROGRAM_SET,
    QUAKE_ROLLED,
    RADIO_CONTROLLED,
    REGISTERS_KEPT,
    ROBOT_PLACED,
    SCRAMBLED,
    SEATS_ORDERED,
    SPAWNED,
    THROWN,
    TRADING,
    TURN_ENDING,
    TURN_STARTED,
    TURRETS_SET,
    WAITING,
)
from engine.games.powerball.state import (
    COPIES,
    EMPTY,
    REGISTERS,
    Bomb,
    Robot,
    State,
    set_item,
)
from engine.states import Writes, revise

NO_CARDS = (EMPTY,) * REGISTERS


def initial(data: dict[str, Any]) -> State:
    seats = len(data["seats"])
    options = data.get("options", {})
    return State(
        seats=seats,
        rounds=options.get("rounds", 30),
        floor=options.get("floor", "arena"),
        pool=options.get("balls", 8),
        robots=tuple(Robot(s) for s in range(seats)),
        option_deck=OPTIONS if data.get("rules_version", 2) >= 2 else V1_OPTIONS,
    )


def _add_balls(balls: tuple[int, ...], squares: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(balls + tuple(squares)))


def _take_ball(balls: tuple[Any, ...], sq: int) -> tuple[Any, ...]:
    i = balls.index(sq)
    return balls[:i] + balls[i + 1 :]


def _ordered(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    for i, seat in enumerate(d["order"], 1):
        state = w.change(state, seat, died=i)
    return w.revise(state, deaths=len(d["order"]))


def _flag_rolled(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.change(state, d["robot"], flag=d["flag"])


def _waiting(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, stage=d["stage"], waiting=tuple(d["seats"]), step=d["step"])


def _placed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    # since rules v2 a respawned robot keeps its program (it does not run it): a
    # robot it radio-controls runs on; v1 wiped it
    robot = state.robots[d["robot"]]
    keeps = d.get("keeps_program", False)
    return w.change(
        state,
        d["robot"],
        sq=d["sq"],
        facing=d["facing"],
        flag=0,
        died=0,
        damage=0,
        balls=0,
        hand=(),
        registers=robot.registers if keeps else NO_CARDS,
        paired=robot.paired if keeps else NO_CARDS,
        respawned=state.round > 0,
        hit_by=-1,
        radio_by=-1,
        scrambled_by=-1,
    )


def _moved(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    by = d.get("by", -1)
    if by >= 0:
        return w.change(
            state, d["robot"], sq=d["sq"], facing=d["facing"], hit_by=by, hit_clock=state.clock
        )
    return w.change(state, d["robot"], sq=d["sq"], facing=d["facing"])


def _picked(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    robot = state.robots[d["robot"]]
    state = w.revise(state, balls=_take_ball(state.balls, d["sq"]))
    return w.change(state, robot.seat, balls=robot.balls + 1)


def _delivered(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    robot = state.robots[d["robot"]]
    state = w.revise(state, pool=state.pool + 1)
    return w.change(
        state,
        robot.seat,
        balls=robot.balls - 1,
        vp=robot.vp + 1,
        delivered=robot.delivered + 1,
        delivered_clock=state.clock,
    )


def _damaged(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    if d["by"] >= 0:
        return w.change(
            state, d["robot"], damage=d["damage"], hit_by=d["by"], hit_clock=state.clock
        )
    return w.change(state, d["robot"], damage=d["damage"])


def _healed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.change(state, d["robot"], damage=d["damage"])


def _destroyed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    robot = state.robots[d["robot"]]
    state = w.revise(
        state,
        deaths=state.deaths + 1,
        pool=state.pool + d["returned"],
        balls=_add_balls(state.balls, d["drops"]),
    )
    state = w.change(
        state,
        robot.seat,
        sq=-1,
        balls=0,
        died=state.deaths,
        deaths=robot.deaths + 1,
        turret=0,
        owes=d.get("owes", False),
    )
    credit = d["credit"]
    if credit >= 0:
        killer = state.robots[credit]
        state = w.change(state, credit, vp=killer.vp + d["vp"], kills=killer.kills + 1)
    return state


def _dropped(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    state = w.revise(state, balls=_add_balls(state.balls, [d["sq"]] * d["count"]))
    return w.change(state, d["robot"], balls=0)


def _spawned(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, pool=state.pool - 1, balls=_add_balls(state.balls, [d["sq"]]))


def _thrown(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    robot = state.robots[d["robot"]]
    state = w.revise(
        state, balls=_add_balls(state.balls, d["land"]), pool=state.pool + d["returned"]
    )
    return w.change(state, robot.seat, balls=robot.balls - d["count"])


def _radio(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.change(state, d["target"], radio_by=d["robot"])


def _scrambled(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    target = state.robots[d["target"]]
    i = d["register"] - 1
    return w.change(
        state,
        target.seat,
        registers=set_item(target.registers, i, d["card"]),
        paired=set_item(target.paired, i, EMPTY),
        scrambled_by=d["robot"],
        scrambled_clock=state.round * 10 + d["register"],
    )


def _dealt(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.change(state, d["seat"], hand=tuple(d["cards"]), stored=EMPTY)


def _programmed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.change(
        state,
        d["seat"],
        registers=tuple(d["registers"]),
        programmed=True,
        pickup=d["pickup"],
        announced=d["power_down"],
        hand=(),
        armour=tuple(d.get("armour", ())),
        brakes=tuple(d.get("brakes", ())),
        stored=d.get("stored", EMPTY),
        paired=tuple(d.get("paired", NO_CARDS)),
        parked=d.get("parked", EMPTY),
    )


def _turn(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    down = set(d["down"])
    robots = tuple(
        revise(
            r,
            down=r.seat in down,
            announced=False,
            respawned=False,
            radio_by=-1,
            armour=(),
            brakes=(),
            parked=EMPTY,
            programmed=False,
            hand=(),
            damage=0 if r.seat in down else r.damage,
            registers=NO_CARDS if r.seat in down else r.registers,
            paired=NO_CARDS if r.seat in down else r.paired,
        )
        for r in state.robots
    )
    return w.revise(state, round=d["round"], phase=0, ending=False, robots=robots)


def _turn_ending(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, ending=True)


def _phase(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, phase=d["phase"], step="move", stage="phase", waiting=())


def _kept(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.change(
        state,
        d["robot"],
        registers=tuple(d["registers"]),
        paired=tuple(d.get("paired", NO_CARDS)),
    )


def _card_changed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    """A register's card replaced before it runs: a Conditional Program swap (the
    parked card goes in) or an Abort Switch (a deck card goes in)."""
    robot = state.robots[d["robot"]]
    i = d["register"] - 1
    fields: dict[str, Any] = {
        "registers": set_item(robot.registers, i, d["card"]),
        "paired": set_item(robot.paired, i, EMPTY),
    }
    if d["why"] == "swap":
        fields["parked"] = EMPTY
    else:
        fields["aborted"] = state.round
    return w.change(state, robot.seat, **fields)


def _shielded(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    robot = state.robots[d["robot"]]
    sides = robot.shield_sides if robot.shield_clock == state.clock else ()
    return w.change(state, robot.seat, shield_clock=state.clock, shield_sides=sides + (d["side"],))


def _turrets(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    for seat in d["robots"]:
        state = w.change(state, seat, turret=d["round"])
    return state


def _bomb_placed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, bombs=state.bombs + (Bomb(d["owner"], d["sq"]),))


def _bomb_armed(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    bomb = state.bombs[d["bomb"]]
    return w.revise(
        state,
        bombs=set_item(state.bombs, d["bomb"], revise(bomb, cards=tuple(d["cards"]), armed=True)),
    )


def _bomb_moved(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    bomb = state.bombs[d["bomb"]]
    return w.revise(state, bombs=set_item(state.bombs, d["bomb"], revise(bomb, sq=d["sq"])))


def _bomb_gone(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    i = d["bomb"]
    return w.revise(state, bombs=state.bombs[:i] + state.bombs[i + 1 :])


def _over(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    return w.revise(state, stage="over", waiting=(), reason=d["reason"])


def _unchanged(state: State, d: dict[str, Any], w: Writes[State]) -> State:
    """``engine.game.unchanged``, taking ``w``: an event the state keeps nothing of."""
    return state


#: a handler: the state after an event of its type, written with ``w``
Handler = Callable[[State, dict[str, Any], Writes[State]], State]


HANDLERS: dict[str, Handler] = {
    SEATS_ORDERED: _ordered,
    OPTIONS_DEALT: O.options_dealt,
    FLAG_ROLLED: _flag_rolled,
    WAITING: _waiting,
    ROBOT_PLACED: _placed,
    MOVED: _moved,
    PICKED: _picked,
    DELIVERED: _delivered,
    DAMAGED: _damaged,
    HEALED: _healed,
    DESTROYED: _destroyed,
    SPAWNED: _spawned,
    THROWN: _thrown,
    RADIO_CONTROLLED: _radio,
    SCRAMBLED: _scrambled,
    HAND_DEALT: _dealt,
    PROGRAM_SET: _programmed,
    TURN_STARTED: _turn,
    PHASE_STARTED: _phase,
    TURN_ENDING: _turn_ending,
    REGISTERS_KEPT: _kept,
    CARD_CHANGED: _card_changed,
    OPTION_DRAWN: O.option_drawn,
    OPTION_MOVED: O.option_moved,
    OPTIONS_OFFERED: O.offered,
    OPTION_CHARGED: O.charged,
    DAMAGE_SHIELDED: _shielded,
    TRADING: O.trading,
    TURRETS_SET: _turrets,
    BOMB_PLACED: _bomb_placed,
    BOMB_ARMED: _bomb_armed,
    BOMB_MOVED: _bomb_moved,
    BOMB_GONE: _bomb_gone,
    BALLS_DROPPED: _dropped,
    GAME_OVER: _over,
    # events that change nothing the state keeps
    EVENT_ROLLED: _unchanged,
    METEOR_FELL: _unchanged,
    QUAKE_ROLLED: _unchanged,
}


evolve = handler_evolve(initial, HANDLERS, COPIES)

"""The end of a turn (wrenches, flags, the d6 events), cleanup and the next deal."""

from __future__ import annotations

from engine.games.powerball import bombs
from engine.games.powerball.cards import CIRCUIT, RECOMPILE
from engine.games.powerball.events import (
    BALLS_DROPPED,
    BOMB_ARMED,
    EVENT_ROLLED,
    GAME_OVER,
    HAND_DEALT,
    HEALED,
    METEOR_FELL,
    OPTION_DRAWN,
    OPTIONS_OFFERED,
    QUAKE_ROLLED,
    REGISTERS_KEPT,
    TRADING,
    TURN_STARTED,
    TURRETS_SET,
)
from engine.games.powerball.harm import damage
from engine.games.powerball.motion import place
from engine.games.powerball.state import (
    EMPTY,
    REGISTERS,
    Robot,
    State,
    can_hold,
    hand_size,
    has,
    is_turret,
    locked_from,
    robot_at,
    spare_cards,
)
from engine.games.powerball.table import Actions, Table

EVENTS = ("earthquake", "power heal", "buzz bomb", "turrets", "meteor shower", "option shuffle")
METEOR = (8, 4, 2, 1)  # damage at the point of impact, then 1, 2, 3 squares away
POWER_HEAL = 3
BOMB_CARDS = 5
CIRCUIT_DAMAGE = 3


def heal(t: Table, seat: int, amount: int) -> None:
    robot = t.state.robots[seat]
    if robot.alive and robot.damage and amount > 0:
        healed = min(amount, robot.damage)
        t.emit(HEALED, {"robot": seat, "amount": healed, "damage": robot.damage - healed})


def draw_option(t: Table, seat: int) -> None:
    state = t.state
    if can_hold(state.robots[seat]) and state.option_deck:
        t.emit(OPTION_DRAWN, {"seat": seat, "option": t.rng.choice(state.option_deck)})


def on_flags(t: Table) -> list[int]:
    """Seats of the robots standing on flags, in flag order."""
    out = []
    for sq, _ in t.floor.flags:
        robot = robot_at(t.state, sq)
        if robot is not None:
            out.append(robot.seat)
    return out


# -- the steps ------------------------------------------------------------------------
def payout(t: Table, actions: Actions) -> bool:
    for _, sq, double in t.floor.wrenches:
        robot = robot_at(t.state, sq)
        if robot is not None:
            heal(t, robot.seat, 1)
            if double:
                draw_option(t, robot.seat)
    flagged = on_flags(t)
    if len(flagged) == 1:
        heal(t, flagged[0], 1)
        draw_option(t, flagged[0])
    elif len(flagged) == 2:
        for seat in flagged:
            heal(t, seat, 1)
        return start_trades(t, "flag", flagged, "event")
    return True


def start_trades(t: Table, trade: str, seats: list[int], then: str) -> bool:
    t.emit(TRADING, {"trade": trade, "queue": seats})
    return next_trader(t, then)


def next_trader(t: Table, then: str) -> bool:
    """Ask the next seat in the queue (Option Shuffle first turns two discards up
    for it); ``True`` when nobody is left to ask."""
    state = t.state
    while state.queue:
        seat = state.queue[0]
        if state.trade == "shuffle" and not state.offered:
            offer = list(state.discards[-2:])[::-1]  # the top of the pile first
            if offer:
                t.emit(OPTIONS_OFFERED, {"seat": seat, "options": offer})
        state = t.state
        if state.trade == "flag" or state.offered:
            return t.wait("trade", [seat], then)
        t.emit(TRADING, {"trade": state.trade, "queue": list(state.queue[1:])})
        state = t.state
    return True


def flag_event(t: Table, actions: Actions) -> bool:
    flagged = on_flags(t)
    if len(flagged) < 3:
        return True
    roll = t.rng.die(6)
    t.emit(EVENT_ROLLED, {"robot": flagged[0], "roll": roll, "event": EVENTS[roll - 1]})
    if roll == 1:
        earthquake(t)
    elif roll == 2:
        for seat in flagged:
            heal(t, seat, POWER_HEAL)
    elif roll == 3:
        seats = [s for s in flagged if bombs.free_squares_beside(t, t.state.robots[s].sq)]
        if seats:
            return t.wait("bomb", seats, "end-respawn")
    elif roll == 4:
        for seat in flagged:
            heal(t, seat, 10)
        t.emit(TURRETS_SET, {"robots": flagged, "round": t.state.round + 1})
    elif roll == 5:
        meteors(t, flagged)
    else:
        return start_trades(t, "shuffle", flagged, "end-respawn")
    return True


def earthquake(t: Table) -> None:
    """Every robot on the board slides two squares the rolled way (a d4: north,
    east, south, west), front robots first, dropping the balls it held where it
    stood; walls and robots stop it, pits destroy it."""
    roll = t.rng.die(4)
    d = roll - 1
    t.emit(QUAKE_ROLLED, {"roll": roll, "dir": "NESW"[d]})
    f = t.floor

    def front(robot: Robot) -> int:
        x, y = f.xy(robot.sq)
        return (-y, x, y, -x)[d]  # the farthest the way it slides (v2 swapped S and W)

    for robot in sorted((r for r in t.state.robots if r.alive), key=front, reverse=True):
        if is_turret(t.state, robot):
            continue
        if robot.balls:
            t.emit(BALLS_DROPPED, {"robot": robot.seat, "sq": robot.sq, "count": robot.balls})
        for _ in range(2):
            robot = t.state.robots[robot.seat]
            ahead = f.open_edge(robot.sq, d)
            if not robot.alive or ahead is None or robot_at(t.state, ahead) is not None:
                break
            place(t, robot.seat, ahead, robot.facing, "quake")


def meteors(t: Table, flagged: list[int]) -> None:
    for seat in flagged:
        if not t.state.robots[seat].alive:
            continue  # destroyed before its roll: no meteor
        dice = [t.rng.die(6) for _ in range(4)]
        x, y = dice[0] + dice[1] - 1, dice[2] + dice[3] - 1
        size = t.floor.size
        t.emit(METEOR_FELL, {"robot": seat, "dice": dice, "sq": y * size + x})
        for robot in t.state.robots:
            if robot.alive:
                rx, ry = t.floor.xy(robot.sq)
                distance = max(abs(rx - x), abs(ry - y))
                if distance < len(METEOR):
                    damage(t, robot.seat, METEOR[distance], -1, "meteor")


def tripped(state: State, robot: Robot) -> bool:
    """Circuit Breaker: a robot ending a turn with 3 or more damage powers down."""
    return robot.damage >= CIRCUIT_DAMAGE and has(state, robot, CIRCUIT)


def cleanup(t: Table, actions: Actions) -> bool:
    """Unlocked registers are wiped; locked ones keep their cards (a paired card
    with its register)."""
    for robot in t.state.robots:
        first = locked_from(robot.damage) if robot.alive else REGISTERS
        kept = [EMPTY] * first + list(robot.registers[first:])
        pairs = [EMPTY] * first + list(robot.paired[first:])
        if kept != list(robot.registers) or pairs != list(robot.paired):
            data = {"robot": robot.seat, "registers": kept}
            if any(pairs):
                data["paired"] = pairs
            t.emit(REGISTERS_KEPT, data)
    return True


def deal(t: Table, actions: Actions) -> bool:
    state = t.state
    if state.round >= state.rounds:
        t.emit(GAME_OVER, {"reason": f"{state.rounds} rounds played"})
        return False
    down = [r.seat for r in state.robots if r.alive and (r.announced or tripped(state, r))]
    t.emit(TURN_STARTED, {"round": state.round + 1, "down": down})
    state = t.state
    deck = t.rng.shuffled(spare_cards(state))
    for robot in state.robots:
        if robot.alive and not robot.down and not is_turret(state, robot):
            n = hand_size(state, robot)
            # a card kept on Flywheel joins the hand
            kept = (robot.stored,) if robot.stored else ()
            cards, deck = sorted(deck[:n] + list(kept)), deck[n:]
            t.emit(
                HAND_DEALT,
                {"seat": robot.seat, "cards": cards},
                (robot.seat,),
                {"seat": robot.seat, "count": len(cards)},
            )
    for i, bomb in enumerate(state.bombs):
        if not bomb.armed:
            cards, deck = deck[:BOMB_CARDS], deck[BOMB_CARDS:]
            t.emit(BOMB_ARMED, {"bomb": i, "cards": cards})
    seats = [r.seat for r in t.state.robots if r.hand and has(t.state, r, RECOMPILE)]
    if seats:
        return t.wait("recompile", seats, "program")
    return ask_program(t, actions)


def ask_program(t: Table, actions: Actions) -> bool:
    return t.wait("program", range(t.state.seats), "")


def recompile(t: Table, seat: int) -> None:
    """Recompile: the hand is thrown away and a new one as large drawn from the
    cards nobody holds; the robot takes 1 damage."""
    deck = t.rng.shuffled(spare_cards(t.state))
    robot = t.state.robots[seat]
    cards = sorted(deck[: len(robot.hand)])
    t.emit(
        HAND_DEALT,
        {"seat": seat, "cards": cards, "recompiled": True},
        (seat,),
        {"seat": seat, "count": len(cards), "recompiled": True},
    )
    damage(t, seat, 1, -1, "recompile")


__all__ = [
    "EVENTS",
    "cleanup",
    "deal",
    "draw_option",
    "flag_event",
    "next_trader",
    "on_flags",
    "payout",
    "start_trades",
]

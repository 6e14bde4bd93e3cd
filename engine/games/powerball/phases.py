"""The order of play, as a script of steps. ``proceed`` runs steps from a named
one until a step stops for decisions (it emits ``Waiting`` naming where to go on)
or the match ends. Decisions are resolved by ``rules.resolve``, which calls back
into ``proceed``.

A register phase: reveal, robots move by priority, board elements, lasers (the
fire decisions first), the powerball steps, respawns. After phase 5: the turn's
end (wrenches, flags, events), cleanup, the next deal.
"""

from __future__ import annotations

from engine.games.powerball import balls, bombs, program_changes, turn
from engine.games.powerball.events import PHASE_STARTED, TURN_ENDING
from engine.games.powerball.fire import fire_choices, lasers, specials, throws
from engine.games.powerball.motion import belts, gears, pushers, run_card
from engine.games.powerball.respawn import roll_flags
from engine.games.powerball.state import EMPTY, Robot, State, acting, is_turret
from engine.games.powerball.table import Actions, Table

TURRET_CARD = 10  # a turret makes a U-turn at the lowest priority


def order(t: Table) -> list[tuple[int, int, int]]:
    """``(seat, card, pusher)`` for this phase's moves, highest priority first. A
    radio-controlled robot runs its controller's card, right after the controller."""
    state = t.state
    k = state.phase - 1
    keyed = []
    for robot in state.robots:
        if not acting(state, robot):
            continue
        card = program_of(state, robot).registers[k]
        key = card * 2 - (1 if robot.radio_by >= 0 else 0)
        if card != EMPTY:
            keyed.append((key, robot.seat, card))
    keyed.sort(reverse=True)
    return [(seat, card, seat) for _, seat, card in keyed]


def program_of(state: State, robot: Robot) -> Robot:
    """The robot whose program this robot runs: its controller's under Radio Control."""
    return state.robots[robot.radio_by] if robot.radio_by >= 0 else robot


def firing_order(t: Table) -> list[int]:
    seats = [seat for seat, _, _ in order(t)]
    return seats + [s for s in range(t.state.seats) if s not in seats]


# -- the steps ------------------------------------------------------------------------
def _move(t: Table, actions: Actions) -> bool:
    k = t.state.phase - 1
    for seat, card, pusher in order(t):
        robot = t.state.robots[seat]
        if robot.alive:
            run_card(t, seat, card, pusher, program_of(t.state, robot).paired[k])
    for robot in t.state.robots:
        if is_turret(t.state, robot):
            run_card(t, robot.seat, TURRET_CARD, robot.seat)
    bombs.run_bombs(t)
    bombs.touches(t)
    balls.deliver(t)
    return True


def _elements(t: Table, actions: Actions) -> bool:
    belts(t, express_only=True)
    belts(t, express_only=False)
    pushers(t, t.state.phase)
    gears(t)
    bombs.touches(t)
    balls.deliver(t)
    return True


def _fire(t: Table, actions: Actions) -> bool:
    seats = [s for s in range(t.state.seats) if len(fire_choices(t, s)) > 1]
    if seats:
        return t.wait("fire", seats, "lasers")
    return _lasers(t, {})


def _lasers(t: Table, actions: Actions) -> bool:
    seats = firing_order(t)
    actions = actions or {}
    lasers(t, seats, actions)
    specials(t, seats, actions)
    throws(t, seats, actions)
    balls.deliver(t)
    return True


def _powerball(t: Table, actions: Actions) -> bool:
    balls.spawn(t)
    balls.phase_end_pickups(t)
    if t.state.phase == 5:
        bombs.explode_all(t)
    return True


def _respawn(t: Table, actions: Actions) -> bool:
    seats = roll_flags(t)
    if seats:
        return t.wait("respawn", seats, "next")
    return True


def _next(t: Table, actions: Actions) -> bool:
    if t.state.phase == 5:  # a death from here on is in no phase: credited to nobody
        t.emit(TURN_ENDING, {"round": t.state.round})
    return True


def _open(t: Table, actions: Actions) -> bool:
    """Before a register is revealed, seats with a card on Conditional Program may
    swap it in."""
    seats = program_changes.swappers(t)
    if seats:
        return t.wait("swap", seats, "reveal")
    return True


def _reveal(t: Table, actions: Actions) -> bool:
    start_phase(t, t.state.phase + 1)
    return True


def _abort(t: Table, actions: Actions) -> bool:
    """After the reveal: an Abort Switch thrown this turn replaces the card; a seat
    that may still throw it is asked."""
    program_changes.abort_later(t)
    seats = program_changes.aborters(t)
    if seats:
        return t.wait("abort", seats, "move")
    return True


def start_phase(t: Table, k: int) -> None:
    """Reveal register ``k`` of every robot that runs its own program."""
    state = t.state
    cards = [
        r.registers[k - 1] if acting(state, r) and r.radio_by < 0 else EMPTY for r in state.robots
    ]
    t.emit(PHASE_STARTED, {"phase": k, "cards": cards})


def _end_respawn(t: Table, actions: Actions) -> bool:
    seats = roll_flags(t)
    if seats:
        return t.wait("respawn", seats, "cleanup")
    return True


STEPS = {
    "open": (_open, "reveal"),
    "reveal": (_reveal, "abort"),
    "abort": (_abort, "move"),
    "move": (_move, "elements"),
    "elements": (_elements, "fire"),
    "fire": (_fire, "powerball"),
    "lasers": (_lasers, "powerball"),
    "powerball": (_powerball, "respawn"),
    "respawn": (_respawn, "next"),
    "next": (_next, None),  # back to "move", or on to the end of the turn
    "payout": (turn.payout, "event"),
    "event": (turn.flag_event, "end-respawn"),
    "end-respawn": (_end_respawn, "cleanup"),
    "cleanup": (turn.cleanup, "deal"),
    "deal": (turn.deal, None),
    "program": (turn.ask_program, None),
}


def proceed(t: Table, step: str | None, actions: Actions = None) -> None:
    """Run the script from ``step`` until a decision is due or the match is over."""
    while step is not None and t.state.stage != "over":
        run, following = STEPS[step]
        if not run(t, actions):
            return
        actions = None
        if step == "next":
            following = "payout" if t.state.ending else "open"
        step = following

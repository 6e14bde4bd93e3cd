"""The immutable state of a Powerball match. One robot per seat: robot ``i`` is
seat ``i``'s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.games.powerball.cards import MAX_HELD, MEMORY, PRIORITIES
from engine.states import Copies, Draft

REGISTERS = 5
EMPTY = 0  # a register holding no card
CARRY = 2  # balls a robot may hold
#: where an option card lies: a seat's hand, or "deck", "community", "discards", "offer"
Place = int | str


@dataclass(frozen=True)
class Robot:
    seat: int
    sq: int = -1  # -1: off the board (destroyed, or not yet placed)
    facing: int = 0
    damage: int = 0
    balls: int = 0
    vp: int = 0
    options: tuple[str, ...] = ()
    hand: tuple[int, ...] = ()  # secret to the seat
    registers: tuple[int, ...] = (EMPTY,) * REGISTERS  # secret until revealed or locked
    programmed: bool = False  # registers chosen this turn
    pickup: bool = True  # the seat's standing pick-up order for this turn
    down: bool = False  # powered down this turn
    announced: bool = False  # powers down next turn
    respawned: bool = False  # came back this turn: acts as powered down
    turret: int = 0  # the turn it is stationed on its flag as a turret (event 4)
    flag: int = 0  # the flag rolled for a pending respawn
    died: int = 0  # order of destruction, 0 while on the board
    owes: bool = False  # destroyed: its seat gives up an option of its choice when asked
    hit_by: int = -1  # last seat to push or shoot it ...
    hit_clock: int = 0  # ... in this phase (the match's phase counter)
    radio_by: int = -1  # seat running it by Radio Control this turn
    scrambled_by: int = -1  # seat whose Scrambler changed the card ...
    scrambled_clock: int = 0  # ... of this phase
    delivered_clock: int = 0  # phase of its last delivery
    armour: tuple[str, ...] = ()  # options the seat spends against damage this turn, in order
    brakes: tuple[int, ...] = ()  # registers (1-5) whose Move 1 Brakes holds to 0
    stored: int = EMPTY  # a card kept on Flywheel for the next hand (secret)
    paired: tuple[int, ...] = (EMPTY,) * REGISTERS  # a turn card beside a register's move
    parked: int = EMPTY  # a card on Conditional Program this turn (secret)
    aborted: int = 0  # the turn its Abort Switch was thrown
    shield_clock: int = 0  # the phase of ...
    shield_sides: tuple[int, ...] = ()  # ... the sides a Power-Down Shield has blocked
    kills: int = 0
    delivered: int = 0
    deaths: int = 0

    @property
    def alive(self) -> bool:
        return self.sq >= 0


@dataclass(frozen=True)
class Bomb:
    owner: int
    sq: int
    cards: tuple[int, ...] = ()  # its program for the next turn, face up
    armed: bool = False  # set on the turn it runs


@dataclass(frozen=True)
class State:
    seats: int
    rounds: int
    floor: str
    pool: int  # balls not yet spawned
    robots: tuple[Robot, ...]
    balls: tuple[int, ...] = ()  # squares of loose balls, sorted (a square may hold several)
    round: int = 0  # the turn being played, 1-based; 0 during set-up
    phase: int = 0  # register phase 1-5; 0 outside them
    ending: bool = False  # the end of the turn (after phase 5): no phase is running
    stage: str = "setup"  # setup | program | fire | respawn | trade | bomb | over
    step: str = ""  # where a phase resumes after a decision
    waiting: tuple[int, ...] = ()  # seats whose decision is due now
    community: tuple[str, ...] = ()
    option_deck: tuple[str, ...] = ()  # undrawn options; drawn at random, so no order
    discards: tuple[str, ...] = ()  # face up, oldest first
    deaths: int = 0  # destructions so far (orders respawns)
    bombs: tuple[Bomb, ...] = ()
    trade: str = ""  # what the seat in ``waiting`` trades: "flag" or "shuffle"
    offered: tuple[str, ...] = ()  # options taken from the discards (Option Shuffle)
    charges: tuple[tuple[str, int], ...] = ()  # option -> what its card holds (CHARGES)
    queue: tuple[int, ...] = ()  # seats still to trade, in flag order
    reason: str = ""

    @property
    def clock(self) -> int:
        """A number for the current phase, unique over the match (the end of a
        turn has its own: a push or shot in phase 5 is not in the same phase as a
        meteor or the earthquake)."""
        return self.round * 10 + (6 if self.ending else self.phase)


def set_item(items: tuple[Any, ...], index: int, value: object) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


#: how ``evolve`` writes a state (the fold's handlers write with ``COPIES`` or a ``draft``)
COPIES: Copies[State] = Copies(State, "robots", Robot)

#: ``change(state, seat, **fields)``: a new ``state`` with robot ``seat`` revised by
#: ``fields`` (the copying writer's, for code that builds states outside a fold)
change: Callable[..., State] = COPIES.change


def draft() -> Draft[State]:
    """How a table writes its working copy: a robot's ``sq`` changed gives the state
    a new tuple of robots, so ``occupants`` (keyed on it) sees the move."""
    return Draft(State, "robots", Robot, "sq")


def robot_at(state: State, sq: int) -> Robot | None:
    """The robot on ``sq``, a square of the board (the rules never ask off it)."""
    seat = occupants(state).get(sq)
    return None if seat is None else state.robots[seat]


#: the robots last asked about and their occupants: a tuple of robots whose squares
#: never change (a draft gives its state a new tuple when a robot moves); one pair,
#: replaced whole, so two threads never see one state's answer for another
_last_occupants: tuple[tuple[Robot, ...] | None, dict[int, int]] = (None, {})


def occupants(state: State) -> dict[int, int]:
    """Square -> seat of the robot on it, for the squares of the board. The rules
    ask "who stands here" many times of one state (a laser's line of sight, a
    push), so the answer for the last state asked is kept."""
    global _last_occupants
    last, robots = _last_occupants, state.robots
    if last[0] is robots:
        return last[1]
    found: dict[int, int] = {}
    for robot in robots:
        if robot.sq >= 0 and robot.sq not in found:
            found[robot.sq] = robot.seat
    _last_occupants = (robots, found)
    return found


def has(state: State, robot: Robot, option: str) -> bool:
    """Does the robot have ``option``, held or from the community pool?"""
    return option in robot.options or option in state.community


def capacity(state: State, robot: Robot) -> int:
    return CARRY + (1 if has(state, robot, MEMORY) else 0)


def locked_from(damage: int) -> int:
    """Index (0-based) of the first locked register: 5 with damage up to 4."""
    return min(REGISTERS, max(0, 9 - damage))


def hand_size(state: State, robot: Robot) -> int:
    return max(0, 9 - robot.damage) + (1 if has(state, robot, MEMORY) else 0)


def spare_cards(state: State) -> list[int]:
    """The program cards nobody holds, registers, hands and option cards counted."""
    taken = {c for b in state.bombs for c in b.cards}
    for r in state.robots:
        taken.update(r.registers, r.paired, r.hand, (r.stored, r.parked))
    return [c for c in PRIORITIES if c not in taken]


def charge(state: State, option: str) -> int:
    """What an option card holds now (damage soaked, shots fired)."""
    return dict(state.charges).get(option, 0)


def can_hold(robot: Robot) -> bool:
    return len(robot.options) < MAX_HELD


def is_turret(state: State, robot: Robot) -> bool:
    return robot.sq >= 0 and robot.turret > 0 and robot.turret == state.round


def acting(state: State, robot: Robot) -> bool:
    """Runs its own program and fires: on the board, not powered down, not a turret."""
    # (is_turret written out: every phase asks it of every robot, many times)
    return (
        robot.sq >= 0
        and not robot.down
        and not robot.respawned
        and not (robot.turret > 0 and robot.turret == state.round)
    )

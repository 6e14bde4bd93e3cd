"""Damage as it reaches a robot, and what may stop some of it first: a Power-Down
Shield, an Ablative Coat, and options the seat discards (one per point, as the
base game allows); options used up or given up go to the discards."""

from __future__ import annotations

from engine.games.powerball.cards import ABLATIVE, CHARGES, SHIELD
from engine.games.powerball.events import DAMAGE_SHIELDED, DAMAGED, OPTION_CHARGED, OPTION_MOVED
from engine.games.powerball.motion import destroy
from engine.games.powerball.state import Place, State, charge, has
from engine.games.powerball.table import Table

DESTROYED_AT = 10


def damage(t: Table, seat: int, amount: int, by: int, source: str, side: int | None = None) -> None:
    """Deal ``amount`` to a robot; ``side`` is the direction the damage comes from
    (``None`` for a blast, which comes from no one side)."""
    robot = t.state.robots[seat]
    if not robot.alive or amount <= 0:
        return
    amount = _shield(t, seat, amount, side, by, source)
    amount = _coat(t, seat, amount)
    amount = _armour(t, seat, amount)
    if amount <= 0:
        return
    robot = t.state.robots[seat]
    total = min(DESTROYED_AT, robot.damage + amount)
    t.emit(DAMAGED, {"robot": seat, "amount": amount, "by": by, "source": source, "damage": total})
    if total >= DESTROYED_AT:
        destroy(t, seat, "damage")


def _shield(t: Table, seat: int, amount: int, side: int | None, by: int, source: str) -> int:
    """A powered-down robot's Power-Down Shield stops 1 damage a phase from each side."""
    state = t.state
    robot = state.robots[seat]
    if side is None or not (robot.down or robot.respawned) or not has(state, robot, SHIELD):
        return amount
    if robot.shield_clock == state.clock and side in robot.shield_sides:
        return amount
    t.emit(DAMAGE_SHIELDED, {"robot": seat, "side": side, "by": by, "source": source})
    return amount - 1


def _coat(t: Table, seat: int, amount: int) -> int:
    """An Ablative Coat soaks damage onto its card; the third point uses it up."""
    state = t.state
    if not has(state, state.robots[seat], ABLATIVE):
        return amount
    held = charge(state, ABLATIVE)
    soaked = min(amount, CHARGES[ABLATIVE] - held)
    t.emit(OPTION_CHARGED, {"option": ABLATIVE, "charge": held + soaked, "robot": seat})
    if held + soaked >= CHARGES[ABLATIVE]:
        discard_option(t, holder(state, ABLATIVE), ABLATIVE, "used up")
    return amount - soaked


def _armour(t: Table, seat: int, amount: int) -> int:
    """The options the seat named with its program, each cancelling 1 damage."""
    for option in t.state.robots[seat].armour:
        if amount <= 0:
            break
        if option in t.state.robots[seat].options:
            discard_option(t, seat, option, "armour")
            amount -= 1
    return amount


def holder(state: State, option: str) -> Place:
    """Who holds ``option``: a seat, or ``"community"``."""
    for robot in state.robots:
        if option in robot.options:
            return robot.seat
    return "community"


def use_charge(t: Table, seat: int, option: str) -> None:
    """One use of a card that runs out (a Mini Howitzer's shots)."""
    used = charge(t.state, option) + 1
    t.emit(OPTION_CHARGED, {"option": option, "charge": used, "robot": seat})
    if used >= CHARGES[option]:
        discard_option(t, holder(t.state, option), option, "used up")


def discard_option(t: Table, where: Place, option: str, why: str) -> None:
    """An option goes to the discards; the community pool draws a new card, as
    there are always 2 community options."""
    t.emit(OPTION_MOVED, {"option": option, "from": where, "to": "discards", "why": why})
    if where == "community" and t.state.option_deck:
        drawn = t.rng.choice(t.state.option_deck)
        t.emit(OPTION_MOVED, {"option": drawn, "from": "deck", "to": "community"})

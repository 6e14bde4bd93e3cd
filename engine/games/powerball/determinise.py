"""The state behind a Powerball view. Secret to a seat: the other seats' hands,
their registers not yet revealed, pick-up orders and option orders, and the
cards they keep aside (Flywheel, Conditional Program). A drawn state deals the
other hands and hidden registers from the program cards the seat cannot see
(the deck is every card nobody shows), gives the hidden orders their plain
defaults, and holds as undrawn options every option no robot, pool or discard
shows. What only lasts within a phase and the view leaves out (who last hit a
robot, a shield's blocked sides) starts afresh."""

from __future__ import annotations

from typing import Any

from engine.games.powerball.board import DIRS
from engine.games.powerball.cards import OPTIONS, PRIORITIES
from engine.games.powerball.state import EMPTY, REGISTERS, Bomb, Robot, State
from engine.rng import Rng


def determinise(view: dict[str, Any], seat: int, rng: Rng) -> State:
    unseen = rng.shuffled(sorted(set(PRIORITIES) - _shown_cards(view)))
    robots = tuple(_robot(view, r, unseen) for r in view["robots"])
    shown = {o for r in view["robots"] for o in r["options"]}
    shown |= set(view["community"]) | set(view["discards"]) | set(view["offered"])
    return State(
        seats=view["seats"],
        rounds=view["rounds"],
        floor=view["floor"],
        pool=view["pool"],
        robots=robots,
        balls=tuple(view["balls"]),
        round=view["round"],
        phase=view["phase"],
        ending=view["ending"],
        stage=view["stage"],
        step=view["step"],
        waiting=tuple(view["waiting"]),
        community=tuple(view["community"]),
        option_deck=tuple(o for o in OPTIONS if o not in shown),
        discards=tuple(view["discards"]),
        deaths=view["deaths"],
        bombs=tuple(
            Bomb(b["owner"], b["sq"], tuple(b["cards"]), b["armed"]) for b in view["bombs"]
        ),
        trade=view["trade"],
        offered=tuple(view["offered"]),
        charges=tuple(view["charges"].items()),
        queue=tuple(view["queue"]),
        reason=view["reason"],
    )


def _shown_cards(view: dict[str, Any]) -> set[int]:
    shown = {c for b in view["bombs"] for c in b["cards"]}
    for r in view["robots"]:
        shown.update(c for c in r["registers"] + r["paired"] if c is not None)
        if r["hand"] is not None:
            shown.update(r["hand"])
            shown.update((r["stored"], r["parked"]))
    shown.discard(EMPTY)
    return shown


def _robot(view: dict[str, Any], r: dict[str, Any], unseen: list[int]) -> Robot:
    """The robot as its seat holds it: what the view hides drawn from ``unseen``."""
    open_ = r["hand"] is not None

    def deal() -> int:
        return unseen.pop() if unseen else EMPTY

    hand = tuple(r["hand"]) if open_ else tuple(deal() for _ in range(r["hand_count"]))
    registers = tuple(deal() if c is None else c for c in r["registers"])
    paired = tuple(EMPTY if c is None else c for c in r["paired"])
    return Robot(
        seat=r["seat"],
        sq=r["sq"],
        facing=DIRS.index(r["facing"]),
        damage=r["damage"],
        balls=r["balls"],
        vp=r["vp"],
        options=tuple(r["options"]),
        hand=hand,
        registers=registers + (EMPTY,) * (REGISTERS - len(registers)),
        programmed=r["programmed"],
        pickup=r["pickup"] if open_ else True,
        down=r["powered_down"],
        announced=r["announced"],
        respawned=r["respawned"],
        turret=view["round"] if r["turret"] else 0,
        flag=r["flag"],
        died=r["died"],
        owes=r["owes"],
        radio_by=r["radio_by"],
        armour=tuple(r["armour"]) if open_ else (),
        brakes=tuple(r["brakes"]) if open_ else (),
        stored=r["stored"] if open_ else EMPTY,
        paired=paired,
        parked=r["parked"] if open_ else EMPTY,
        aborted=view["round"] if r["aborted"] else 0,
        kills=r["kills"],
        delivered=r["delivered"],
        deaths=r["deaths"],
    )

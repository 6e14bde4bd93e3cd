"""What a card play resolves in: the events emitted so far and the state they
fold to (``Ctx``), each robot's revealed play (``Play``), and the two things every
step does - a roll (with the card's re-roll) and a failure said as an event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.events import EVERYONE, Event
from engine.games.aerial_assault import cards as C
from engine.games.aerial_assault.events import DICE_ROLLED, REROLLED, STEP_FAILED
from engine.games.aerial_assault.state import State
from engine.rng import Rng


class Ctx:
    """Events being emitted, and the state folded (with ``evolve``) so far."""

    def __init__(self, evolve: Callable[[State, Event], State], state: State, rng: Rng) -> None:
        self.evolve, self.state, self.rng = evolve, state, rng
        self.events: list[Event] = []

    def emit(
        self,
        type_: str,
        data: dict[str, Any],
        to: Any = EVERYONE,
        public: dict[str, Any] | None = None,
    ) -> None:
        event = Event(type_, data, to, public)
        self.events.append(event)
        self.state = self.evolve(self.state, event)


class Play:
    """One robot's revealed play while it resolves."""

    __slots__ = ("robot", "card", "slots", "steps", "order", "phase", "cancelled", "used")

    def __init__(self, robot: int, play: dict[str, Any]) -> None:
        self.robot = robot
        self.card = play["card"]
        side = play["side"]
        self.slots = () if side == "down" else getattr(C.CARD_BY_ID[self.card], side)
        self.steps = list(play.get("steps") or [])  # a checked face-down play has none
        self.order = play.get("order", 0)
        self.phase = C.side_phase(self.slots)  # face down: the last phase, with no steps
        self.cancelled = False
        self.used = False  # a catch or pick-up spent on a kiss pass or a truss

    def wants(self, *acts: str) -> bool:
        return (
            not self.cancelled
            and not self.used
            and any(s is not None and s["act"] in acts for s in self.steps)
        )

    def block_target(self) -> int | None:
        for s in self.steps:
            if s is not None and s["act"] == "block":
                target: int | None = s.get("target")
                return target
        return None


def fail(ctx: Ctx, r: int, act: str, reason: str) -> None:
    ctx.emit(STEP_FAILED, {"robot": r, "act": act, "reason": reason})


def roll(
    ctx: Ctx,
    p: Play,
    slot: tuple[Any, ...],
    what: str,
    mod: int,
    need: int,
    one_misses: bool = False,
) -> tuple[int, bool]:
    """Roll for a step; a re-roll card not yet spent re-rolls a failure. Returns
    the natural die kept and whether the step succeeded. ``one_misses``: a
    natural 1 fails whatever the modifiers (the missed-shots rule)."""

    def succeeds(die: int) -> bool:
        return die + mod >= need and not (one_misses and die == 1)

    die = ctx.rng.die()
    ok = succeeds(die)
    ctx.emit(
        DICE_ROLLED,
        {"robot": p.robot, "for": what, "die": die, "mod": mod, "need": need, "success": ok},
    )
    if not ok and slot[2] and p.card not in ctx.state.robots[p.robot].rerolls:
        die = ctx.rng.die()
        ok = succeeds(die)
        ctx.emit(
            REROLLED,
            {
                "robot": p.robot,
                "card": p.card,
                "for": what,
                "die": die,
                "mod": mod,
                "need": need,
                "success": ok,
            },
        )
    return die, ok

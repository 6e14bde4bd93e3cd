"""Who answers a decision: the player interface the match runner drives.

A ``Player`` is asked for one action per ``Request``. Built-in bots run in this
process; an out-of-process bot implements the same three methods and reports its
failures by raising ``PlayerFault``. The runner never lets a player's exception
escape: it becomes a fault event and the default action is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from engine.events import Event
from engine.game import Action, Decision, Header, Outcome
from engine.rng import Rng, bot_rng

if TYPE_CHECKING:
    from engine.runner import Match


class PlayerFault(Exception):
    """A player failed to give an action: ``kind`` is the fault event's type.

    ``exited``: the player's process is gone and can never answer again; its seat
    forfeits at once (the fault event says ``"exited": true``), not after
    ``max_faults`` default moves."""

    def __init__(self, kind: str, reason: str, *, exited: bool = False) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.exited = exited


class Request:
    """One decision put to one seat.

    ``view`` (what the seat may see now) and ``new_events`` (the events it may see
    since its last request) are computed on first access, so a bot that needs
    neither costs nothing.
    """

    __slots__ = ("seat", "decision", "position", "_match", "_since", "_view")

    def __init__(self, match: Match, decision: Decision, since: int) -> None:
        self.seat = decision.seat
        self.decision = decision
        self.position = len(match.log.events)
        self._match = match
        self._since = since
        self._view: dict[str, Any] | None = None

    @property
    def legal(self) -> Any:
        return self.decision.legal

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._match.game.view(self._match.state, self.seat)
        return self._view

    @property
    def new_events(self) -> list[Event]:
        seen = (e.seen_by(self.seat) for e in self._match.log.events[self._since :])
        return [e for e in seen if e is not None]


class Player(Protocol):
    """What the runner needs of a player. A player holding resources (a bot
    process) also has ``close()``, which the runner calls when a match aborts."""

    def begin(self, seat: int, header: Header) -> None: ...

    def decide(self, request: Request) -> Action: ...

    def finish(self, outcome: Outcome) -> None: ...


class BotPlayer:
    """Runs a built-in bot class in process.

    A bot class is built as ``cls(game, seat, rng)`` and answers
    ``decide(request) -> action``; its generator is seeded from the match seed, so
    the same seed gives the same match.
    """

    def __init__(self, game: Any, bot_class: type) -> None:
        self.game = game
        self.bot_class = bot_class
        self.bot: Any = None

    def begin(self, seat: int, header: Header) -> None:
        rng = bot_rng(header.known_seed, seat, hashed=header.hashed_rng)
        self.bot = self.bot_class(self.game, seat, rng)

    def decide(self, request: Request) -> Action:
        return self.bot.decide(request)

    def finish(self, outcome: Outcome) -> None:
        pass


class RandomBot:
    """Uniform over the listed legal actions (the default when none are listed)."""

    def __init__(self, game: Any, seat: int, rng: Any) -> None:
        self.rng = rng

    def decide(self, request: Request) -> Action:
        legal = request.legal
        return self.rng.choice(legal) if legal else request.decision.default


T = TypeVar("T")


def best_of(options: Sequence[T], worth: Callable[[T], Any], rng: Rng) -> T:
    """The option of highest worth, ties broken by ``rng``: a built-in bot that
    always took the first would favour one seat's geometry (square numbers,
    direction order)."""
    values = [worth(o) for o in options]
    top = max(values)
    return rng.choice([o for o, v in zip(options, values) if v == top])

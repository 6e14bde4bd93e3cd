"""The contract every game implements, and the plain values it trades in.

A game is a set of pure functions over an immutable state:

- ``start(header, rng)`` -> the set-up events after ``MatchStarted``;
- ``evolve(state, event)`` -> the next state (the only thing that changes state;
  ``evolve(None, MatchStarted)`` builds the initial one);
- ``pending(state)`` -> the decisions due now, one per seat that must act
  (``pending_unlisted``, optional: the same for a re-simulation, which reads no
  list of legal actions);
- ``view(state, seat)`` -> what that seat may see (``None``: a spectator);
- ``resolve(state, actions, rng)`` -> the events that follow the submitted
  actions of one or several seats: a plain list, or a ``Resolved`` list that also
  hands back the state the rules reached by folding them, so the runner (and a
  re-simulation) does not fold them a second time;
- ``outcome(state)`` -> ``None`` while the match goes on, else an ``Outcome``;
- ``scores(state)`` -> the scores so far.

States are frozen dataclasses (tuples, not lists) so a replay can keep snapshots
without copying; ``engine.states.revise`` copies one with fields changed, fast.
Nothing here does I/O or keeps global state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from engine.describe import describe as describe_event
from engine.events import MATCH_STARTED, Event, LogError
from engine.rng import Rng

if TYPE_CHECKING:
    from _typeshed import SupportsDunderGT

Action = Any  # plain JSON


class RulesError(ValueError):
    """A request the rules cannot serve: bad options, a bad seat count."""


class Resolved(list[Event]):
    """The events ``resolve`` returns, with the state the rules reached on the way.

    Rules that fold their own events as they emit them (to read the state each
    one leaves) already hold the state after them: ``Resolved(events, state)``
    hands it back, and the runner appends the events without folding them again.
    ``folded`` says how many of the events, from the first, ``state`` is after
    (all of them unless given); the runner folds the rest itself. ``state`` must
    be exactly what ``evolve`` gives for those events: the replay of the log
    folds them one by one and must meet the same states. A plain list is still a
    valid answer of ``resolve`` (the runner then folds every event).
    """

    __slots__ = ("state", "folded")

    def __init__(self, events: Iterable[Event], state: Any, folded: int | None = None) -> None:
        super().__init__(events)
        self.state = state
        self.folded = len(self) if folded is None else folded


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: who plays it (bot name, version) and its team."""

    bot: str
    version: str = "builtin"
    team: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "version": self.version, "team": self.team}


@dataclass(frozen=True, slots=True)
class Header:
    """What ``MatchStarted`` records: all a re-simulation needs besides the actions
    and the seed.

    ``seed`` is the host's secret while the match runs: a format-2 log records only
    ``commitment`` (``engine.seeding``) and reveals seed and salt in ``MatchEnded``.
    A header read back from a log has ``seed`` ``None`` until the reveal is applied.
    Format-1 logs (made before commit-reveal) recorded the seed itself.
    """

    game: str
    rules_version: int
    seed: int | None
    seats: tuple[Seat, ...]
    options: Mapping[str, Any]
    #: the runner's limits (``max_steps``, ``max_faults``): they shape the log too
    limits: Mapping[str, int]
    #: sha256 of seed and salt (format 2); ``None`` in a format-1 log
    commitment: str | None = None
    #: the salt of the commitment: secret like the seed until the reveal
    salt: str | None = None
    #: the log format: 1 recorded the seed, 2 commits to it
    log_format: int = 2

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "rules_version": self.rules_version,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "limits": dict(self.limits),
        }
        if self.log_format == 1:
            out["seed"] = self.seed
        else:
            out["log_format"] = self.log_format
            out["seed_commitment"] = self.commitment
        return out

    @property
    def known_seed(self) -> int:
        """The seed, to simulate with: a committed log's is known once it is revealed."""
        if self.seed is None:
            raise LogError("the seed is not revealed yet, so the match cannot be simulated")
        return self.seed

    @property
    def hashed_rng(self) -> bool:
        """Format 2 keys every random stream with a hash (``engine.rng``)."""
        return self.log_format >= 2

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Header:
        try:
            seats = tuple(
                Seat(s["bot"], s.get("version", "builtin"), s.get("team")) for s in data["seats"]
            )
            game, version = data["game"], data["rules_version"]
            options, limits = dict(data["options"]), dict(data["limits"])
            if "seed_commitment" in data:
                return cls(
                    game,
                    version,
                    None,
                    seats,
                    options,
                    limits,
                    commitment=data["seed_commitment"],
                    log_format=data["log_format"],
                )
            return cls(game, version, data["seed"], seats, options, limits, log_format=1)
        except (KeyError, TypeError) as exc:
            raise RulesError(f"MatchStarted is missing or mangles {exc}") from None


@dataclass(frozen=True, slots=True)
class Decision:
    """A seat that must act now.

    Either ``legal`` lists every legal action, or (when there are too many to list)
    ``check`` returns ``None`` for a legal action and the reason otherwise.
    ``accepts`` stands in for ``legal`` where no player reads the list (the
    decisions of ``Game.pending_unlisted``): whether an action is one of those
    ``legal`` would list, found without listing them; a refusal gives the list's
    reason. ``default`` is played when the seat fails to answer or answers
    illegally. ``secret`` keeps the action private to the seat until the rules
    reveal it.
    """

    seat: int
    default: Action
    legal: Sequence[Action] | None = None
    check: Callable[[Action], str | None] | None = None
    secret: bool = False
    prompt: str = "action"
    accepts: Callable[[Action], bool] | None = None

    def reject_reason(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal, else why not."""
        if self.legal is not None:
            return None if listed(action, self.legal) else NOT_LISTED
        if self.accepts is not None:
            return None if self.accepts(action) else NOT_LISTED
        if self.check is not None:
            return self.check(action)
        return None


#: why an action that ``legal`` does not list is refused (recorded in the log)
NOT_LISTED = "not one of the legal actions"


def listed(action: Action, legal: Sequence[Action]) -> bool:
    """Is ``action`` one of ``legal``, as JSON sees it (``true`` is not ``1``)? An
    ``accepts`` narrows the list to the few entries ``action`` could be and asks this."""
    return action in legal and (not _holds_bool(action) or _exactly_in(action, legal))


def _holds_bool(value: Any) -> bool:
    """Does ``value`` (plain JSON) contain a boolean anywhere?"""
    if type(value) is bool:
        return True
    if type(value) is dict:
        return any(_holds_bool(v) for v in value.values())
    if type(value) is list:
        return any(_holds_bool(v) for v in value)
    return False


def _exactly_in(action: Any, legal: Sequence[Any]) -> bool:
    """``action in legal`` where JSON's ``true`` is not the number 1 (Python's
    ``True == 1`` would let a bot's ``true`` pass for a legal ``1``)."""
    text = json.dumps(action, sort_keys=True)
    return any(text == json.dumps(a, sort_keys=True) for a in legal if a == action)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a match ended: a rank per seat (1 is best, ties share), scores, why."""

    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"ranks": list(self.ranks), "scores": list(self.scores), "reason": self.reason}


def team_sizes(teams: Sequence[int | None]) -> tuple[int, ...] | None:
    """Each seat's team (``Seat.team``) as team sizes in seat order: the one seat
    convention for alliances, in every game and in tournaments' ``teams``. A team
    is a run of consecutive seats: ``[0, 0, 1, 1]`` is ``(2, 2)``, seats 0-1
    against seats 2-3. ``None`` when no seat has a team; ``RulesError`` when only
    some do, or teammates do not sit together."""
    known = [t for t in teams if t is not None]
    if not known:
        return None
    if len(known) != len(teams):
        raise RulesError("either every seat has a team or none does")
    sizes: list[int] = []
    seen: list[int] = []
    for team in known:
        if seen and team == seen[-1]:
            sizes[-1] += 1
        elif team in seen:
            raise RulesError(f"teammates sit together (seats in a row), not as in {list(teams)}")
        else:
            seen.append(team)
            sizes.append(1)
    return tuple(sizes)


Score = TypeVar("Score", bound="SupportsDunderGT[Any]")


def ranks_from_scores(scores: Sequence[Score]) -> tuple[int, ...]:
    """Competition ranking, higher score better: (5, 9, 5) -> (2, 1, 2). Any
    comparable score ranks: a tuple orders by its first item, then the next."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)


@dataclass(frozen=True, slots=True)
class Pacing:
    """How a replay of the game steps and plays, declared once per game.

    ``turns``: the event types a step by turn stops at, each one the start (or
    the end) of a turn or round of play. ``pace``: events a second at 1x, chosen
    so that a typical match plays in one to two minutes.
    """

    turns: frozenset[str]
    pace: float

    def to_json(self) -> dict[str, Any]:
        return {"turns": sorted(self.turns), "pace": self.pace}


@dataclass(frozen=True, slots=True)
class Option:
    """A match option a game accepts: its default, its type and allowed values."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def parse(self, name: str, value: Any) -> Any:
        """Turn ``value`` (maybe a command-line string) into a checked option value."""
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            if kind is bool:
                if text not in ("true", "false", "1", "0", "yes", "no"):
                    raise RulesError(f"option {name} takes true or false, not {value!r}")
                value = text in ("true", "1", "yes")
            elif kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise RulesError(f"option {name} takes an integer, not {value!r}") from None
        if type(value) is not kind:
            raise RulesError(f"option {name} takes a {kind.__name__}, not {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise RulesError(f"option {name} must be one of {allowed}, not {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise RulesError(f"option {name} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise RulesError(f"option {name} must be at most {self.maximum}")
        return value


class Game:
    """Base class of a game's rules. Subclasses set the class attributes and
    implement the seven functions of the contract below (``start`` to ``scores``);
    everything else here is shared plumbing."""

    name: str = ""
    title: str = ""
    rules_version: int = 1
    seat_counts: tuple[int, ...] = (2,)
    options: Mapping[str, Option] = {}
    #: rules versions whose logs this code still folds
    folds_versions: tuple[int, ...] = ()
    #: built-in bots by name; set by the game package
    bots: Mapping[str, type] = {}
    #: draws a state (its ``state_json`` or a ``view``) as SVG; set by the game package
    render: Callable[[dict[str, Any]], str] | None = None
    #: the words beside the drawing of the same state (``engine.panel``): the viewer
    #: lays them out in HTML, where they stay legible on a phone; set by the game package
    panel: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None
    #: how a replay steps by turn and how fast 1x plays (``Pacing``); set by the game
    pacing: Pacing = Pacing(frozenset(), 1.0)
    #: says an event in words (``engine.describe.Describer``); set by the game package
    describer: Callable[..., str | None] | None = None

    # -- the contract ------------------------------------------------------------
    def start(self, header: Header, rng: Rng) -> list[Event]:
        raise NotImplementedError

    #: ``evolve(state, event)``: a method, or the fold as a plain function
    #: (``staticmethod(fold.evolve)``, ``handler_evolve``), one call less per event
    evolve: Callable[[Any, Event], Any]

    def pending(self, state: Any) -> list[Decision]:
        raise NotImplementedError

    def pending_unlisted(self, state: Any) -> list[Decision]:
        """``pending(state)`` for a runner whose players read no list of legal
        actions (``verify``, re-simulating recorded actions): a game may give a
        decision ``accepts`` in place of ``legal`` where listing every action
        costs far more than checking one. The same seats, defaults, secrecy and
        prompts as ``pending``, and ``accepts(action)`` must be
        ``listed(action, legal)`` for every action, or a log stops verifying.
        By default, ``pending`` itself."""
        return self.pending(state)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def resolve(self, state: Any, actions: dict[int, Action], rng: Rng) -> list[Event]:
        """The events that follow ``actions`` (seat -> action) in ``state``; a
        ``Resolved`` when the rules hold the state those events lead to."""
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    def scores(self, state: Any) -> tuple[int, ...]:
        """Scores so far; used to rank the seats when a match is cut short."""
        raise NotImplementedError

    # -- shared plumbing -----------------------------------------------------------
    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """All options with defaults filled in; unknown or bad values raise."""
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise RulesError(f"{self.name} has no option {unknown[0]!r} (options: {known})")
        return {
            name: spec.parse(name, given[name]) if name in given else spec.default
            for name, spec in sorted(self.options.items())
        }

    def check_seat_count(self, count: int) -> None:
        if count not in self.seat_counts:
            allowed = ", ".join(str(n) for n in self.seat_counts)
            raise RulesError(f"{self.name} is played by {allowed} seats, not {count}")

    def check_setup(self, seat_count: int, options: Mapping[str, Any]) -> None:
        """``RulesError`` when resolved ``options`` cannot be played by
        ``seat_count`` seats (a team option that needs another count). Checked
        before a match is stored or started; most games accept every pairing."""

    def alliances(self, seat_count: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The team sizes (in seat order, as ``team_sizes`` reads them) this game
        can play as its alliances at ``seat_count`` seats; empty when every seat
        plays for itself."""
        return ()

    def check_teams(
        self, seat_count: int, options: Mapping[str, Any], teams: Sequence[int] | None
    ) -> None:
        """``RulesError`` unless ``teams`` (sizes in seat order; ``None``: no teams)
        are alliances this game plays, so a team means the same in every game:
        the seats that share a rank because the rules make them allies."""
        if teams is None or all(size == 1 for size in teams):
            return  # every seat for itself
        allowed = self.alliances(seat_count, options)
        if tuple(teams) not in allowed:
            plays = " or ".join(str(list(a)) for a in allowed) or "no teams (every seat for itself)"
            raise RulesError(
                f"{self.name} with {seat_count} seats plays {plays}, not teams {list(teams)}"
            )

    def can_fold(self, version: object) -> bool:
        return version == self.rules_version or version in self.folds_versions

    def describe(self, event: Any, names: Sequence[str] | None = None) -> str:
        """One human sentence for ``event`` (an ``Event`` or a served event dict):
        the game's ``describer`` where it has one, else a generic sentence.
        ``names`` are the seats' bot names, used to say who did what."""
        return describe_event(self.describer, event, names)

    def state_json(self, state: Any) -> Any:
        """The omniscient view, for finished replays: every secret shown. ``render``
        draws it as it draws a ``view``, so a game whose views differ in shape
        from its state overrides this to return a view-shaped dict."""
        return to_plain(state)


def handler_evolve(
    initial: Callable[[dict[str, Any]], Any],
    handlers: Mapping[str, Callable[[Any, dict[str, Any]], Any]],
) -> Callable[[Any, Event], Any]:
    """The ``evolve`` of a game whose state ``initial(data)`` builds from
    ``MatchStarted`` and ``handlers[type](state, data)`` changes; an event type with
    no handler leaves the state as it is. Every game's fold is this shape."""

    def evolve(state: Any, event: Event) -> Any:
        if event.type == MATCH_STARTED:
            return initial(event.data)
        handler = handlers.get(event.type)
        return state if handler is None else handler(state, event.data)

    return evolve


def fold_events(evolve: Callable[[Any, Event], Any], state: Any, events: Sequence[Event]) -> Any:
    """``state`` after ``events``, one ``evolve`` at a time."""
    for event in events:
        state = evolve(state, event)
    return state


def to_plain(value: Any) -> Any:
    """Dataclasses, tuples and mappings as plain JSON values."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    return value


__all__ = [
    "Action",
    "Decision",
    "Game",
    "Header",
    "NOT_LISTED",
    "Option",
    "Outcome",
    "Pacing",
    "Resolved",
    "RulesError",
    "Seat",
    "fold_events",
    "handler_evolve",
    "listed",
    "ranks_from_scores",
    "to_plain",
]

"""The contract every game implements: the ``Game`` base class.

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

The plain values the contract trades in have modules of their own, and this
one names them all, so a game imports its vocabulary from here: ``Header`` and
``Seat`` (``engine.header``), ``Decision`` (``engine.decisions``), ``Outcome``
with ``ranks_from_scores`` and ``team_sizes`` (``engine.ranking``), ``Option``
(``engine.options``), ``Pacing`` (``engine.pacing``), ``Resolved`` with the fold
helpers (``engine.folding``), ``RulesError`` (``engine.errors``) and ``to_plain``
(``engine.states``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.decisions import NOT_LISTED, Action, Decision, listed
from engine.describe import describe as describe_event
from engine.errors import RulesError
from engine.events import Event
from engine.folding import Resolved, fold_events, handler_evolve, unchanged
from engine.header import Header, Seat
from engine.options import Option
from engine.pacing import Pacing
from engine.ranking import Outcome, ranks_from_scores, team_sizes
from engine.rng import Rng
from engine.states import to_plain


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
    #: ``determinise(view, seat, rng)``: a full state whose ``view(state, seat)`` is
    #: ``view``, its secrets (unseen cards, hidden plans) drawn from what is possible
    #: with ``rng``; what the search bots (``engine.search``) search from, so they
    #: never read the true state. Set by the game package; ``None``: no search bots
    determinise: Callable[[dict[str, Any], int, Rng], Any] | None = None

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


# The values and helpers of the contract are defined in their own modules and
# named here too, so a game imports its whole vocabulary from ``engine.game``.
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
    "team_sizes",
    "to_plain",
    "unchanged",
]

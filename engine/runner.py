"""The match runner: drives players through a game and writes the log.

Every submitted action becomes an ``ActionSubmitted`` event (private to its seat
when the decision is secret); every fault becomes ``ActionRejected``,
``PlayerTimedOut`` or ``PlayerCrashed`` and the default action is played in its
place; ``max_faults`` faults forfeit the match, and so does a single fault of a
player whose process has exited (its event says ``"exited": true``: a dead bot
cannot answer again, so it must not play default moves until ``max_faults``; logs
made before this rule have no such events and re-simulate as they were played).
The runner always ends a match: by the game's own outcome, a forfeit, or the step
cap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.events import (
    ACTION_REJECTED,
    ACTION_SUBMITTED,
    EVERYONE,
    MATCH_ENDED,
    MATCH_STARTED,
    PLAYER_CRASHED,
    PLAYER_FORFEITED,
    Event,
    Listener,
    Log,
    _submitted_line,
)
from engine.game import (
    Decision,
    Game,
    Header,
    Outcome,
    Resolved,
    RulesError,
    Seat,
    ranks_from_scores,
    team_sizes,
)
from engine.plain import LogError, check_plain
from engine.players import Player, PlayerFault, Request
from engine.rng import Rng
from engine.seeding import LOG_FORMAT, check_salt, check_seed, commitment, derived_salt

DEFAULT_MAX_STEPS = 20_000
DEFAULT_MAX_FAULTS = 5


class Diverged(Exception):
    """Raised by a player to stop a re-simulation; the runner lets it through."""


class Match:
    """A match in progress: its game, log and current state.

    Build one with ``Match.begin`` (or ``engine.replay.fork`` to go on from a
    prefix of an existing log), then ``play`` it.
    """

    def __init__(self, game: Game, header: Header, log: Log | None = None) -> None:
        self.game = game
        self.header = header
        self.log = Log() if log is None else log
        self.state: Any = None
        self.faults = [0] * len(header.seats)
        self.outcome: Outcome | None = None
        #: decision rounds played so far (each ``step``, forks included, counts one)
        self.steps = 0
        #: the players answer from a recording (``verify``) and read no list of
        #: legal actions: the game's ``pending_unlisted`` serves the decisions
        self.recorded = False
        #: the players' answers are plain JSON by construction (decoded from a log's
        #: lines, floats refused and deep nesting walked as they were read): the
        #: runner does not walk them again (``verify`` of a ``LazyLog``)
        self.answers_plain = False
        self._cursor = [0] * len(header.seats)

    # -- building ------------------------------------------------------------------
    @classmethod
    def begin(
        cls,
        game: Game,
        seats: Sequence[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
        listeners: Iterable[Listener] = (),
        max_steps: int = DEFAULT_MAX_STEPS,
        max_faults: int = DEFAULT_MAX_FAULTS,
        *,
        salt: str | None = None,
        log_format: int = LOG_FORMAT,
        log: Log | None = None,
    ) -> Match:
        """A new match: ``MatchStarted`` (with a commitment to ``seed``, never the
        seed) and the game's set-up events. ``salt`` is the commitment's secret
        salt (``engine.seeding``); without one it is derived from the seed.
        ``log_format=1`` re-simulates a log made before commit-reveal. ``log``:
        the (empty) log to write, a new ``Log`` unless given (a re-simulation
        gives one that checks each line against the recorded one)."""
        game.check_seat_count(len(seats))
        if type(seed) is not int:
            raise RulesError("the seed must be an integer")
        limits = {"max_steps": max_steps, "max_faults": max_faults}
        resolved = game.resolve_options(options or {})
        game.check_setup(len(seats), resolved)
        game.check_teams(len(seats), resolved, team_sizes([s.team for s in seats]))
        if log_format == 1:
            header = Header(
                game.name, game.rules_version, seed, tuple(seats), resolved, limits, log_format=1
            )
        else:
            check_seed(seed)
            salt = check_salt(derived_salt(seed) if salt is None else salt)
            header = Header(
                game.name,
                game.rules_version,
                seed,
                tuple(seats),
                resolved,
                limits,
                commitment(seed, salt),
                salt,
                log_format,
            )
        match = cls(game, header, log)
        match.log.listeners.extend(listeners)
        match._emit([Event(MATCH_STARTED, header.to_json())])
        match._emit(game.start(header, match._rng()))
        return match

    # -- playing -------------------------------------------------------------------
    def play(
        self, players: Sequence[Player], on_end: Callable[[Outcome], None] | None = None
    ) -> Outcome:
        """Run to the end and return the outcome (also in ``MatchEnded``).

        ``on_end(outcome)`` is called once the log ends with ``MatchEnded`` and
        before any player hears the result: what it stores of the end (the platform
        stamps the match finished there) cannot depend on how a bot takes the news."""
        max_steps = self.header.limits["max_steps"]
        max_faults = self.header.limits["max_faults"]
        if len(players) != len(self.header.seats):
            raise RulesError(f"{len(self.header.seats)} seats but {len(players)} players")
        try:
            for seat, player in enumerate(players):
                player.begin(seat, self.header)
            outcome = self.game.outcome(self.state)
            while outcome is None:
                if self.steps >= max_steps:
                    outcome = self._cut_short(f"step cap of {max_steps} reached", ())
                    break
                outcome = self.step(players, max_faults)
            self._end(outcome)
            if on_end is not None:
                on_end(outcome)
        except BaseException:
            # a rules bug or a failing listener (storage): bot processes must not
            # outlive the match, whatever ends it
            for player in players:
                close = getattr(player, "close", None)
                if close is not None:
                    close()
            raise
        for player in players:
            player.finish(outcome)
        return outcome

    def step(self, players: Sequence[Player], max_faults: int) -> Outcome | None:
        """Ask every seat that must decide now, record, resolve. Returns the
        outcome once the match is over, else ``None``."""
        game = self.game
        state = self.state
        decisions = game.pending_unlisted(state) if self.recorded else game.pending(state)
        if not decisions:
            raise RulesError(f"{game.name}: no seat must act, yet no outcome")
        self.steps += 1
        if len(decisions) == 1:
            # one seat to move (turn-based games): the same events as below, with
            # fewer lists and the ActionSubmitted line made from a template
            decision = decisions[0]
            seat = decision.seat
            action, fault = self._answer(players[seat], decision)
            if fault is not None:
                self._emit((fault,))
                if _forfeits(fault, self.faults[seat], max_faults):
                    self._emit(
                        (Event(PLAYER_FORFEITED, {"seat": seat, "faults": self.faults[seat]}),)
                    )
                    return self._cut_short("forfeit", (seat,))
            self._record(decision, action, fault is None)
            resolved = game.resolve(self.state, {seat: action}, self._rng())
            if resolved:
                self._emit(resolved)
            return game.outcome(self.state)
        answers = [self._answer(players[d.seat], d) for d in decisions]  # (action, fault)
        faults = [(d.seat, fault) for d, (_, fault) in zip(decisions, answers) if fault is not None]
        if faults:
            self._emit([fault for _, fault in faults])
            forfeits = tuple(
                s for s, fault in faults if _forfeits(fault, self.faults[s], max_faults)
            )
            if forfeits:
                self._emit(
                    [
                        Event(PLAYER_FORFEITED, {"seat": s, "faults": self.faults[s]})
                        for s in forfeits
                    ]
                )
                return self._cut_short("forfeit", forfeits)
        for decision, (action, fault) in zip(decisions, answers):
            self._record(decision, action, fault is None)
        actions = {d.seat: action for d, (action, _) in zip(decisions, answers)}
        self._emit(self.game.resolve(self.state, actions, self._rng()))
        return self.game.outcome(self.state)

    # -- internals -------------------------------------------------------------------
    def _record(self, decision: Decision, action: Any, checked: bool) -> None:
        """Append and fold the ``ActionSubmitted`` of ``decision``. An action that
        passed ``check_plain`` in ``_answer`` (``checked``) under an int seat makes
        plain data without walking it again: it is sealed with its line made here
        from a template (public, or private to the seat with its twin). A default
        played after a fault goes through ``Log.append``'s checks."""
        seat, log = decision.seat, self.log
        if not checked or type(seat) is not int or seat < 0:
            event = log.append(_submitted(decision, action))
        elif decision.secret:
            line = _submitted_line(seat, action, len(log.events), True)
            data, public = {"seat": seat, "action": action}, {"seat": seat}
            event = log._seal(ACTION_SUBMITTED, data, (seat,), public, line)
        else:
            line = _submitted_line(seat, action, len(log.events))
            event = log._seal(
                ACTION_SUBMITTED, {"seat": seat, "action": action}, EVERYONE, None, line
            )
        self.state = self.game.evolve(self.state, event)

    def _answer(self, player: Player, decision: Decision) -> tuple[Any, Event | None]:
        """``(action, None)``, or ``(decision.default, fault event)`` after a fault."""
        seat = decision.seat
        cursor = self._cursor
        request = Request(self, decision, cursor[seat])
        cursor[seat] = request.position
        try:
            action = player.decide(request)
            if not self.answers_plain:
                check_plain(action, "action")
        except Diverged:
            raise
        except PlayerFault as fault:
            return self._fault_event(decision, fault.kind, fault.reason, None, fault.exited)
        except LogError as exc:
            return self._fault_event(decision, PLAYER_CRASHED, f"the bot returned {exc}", None)
        except Exception as exc:  # a built-in bot's bug must not stop the match
            return self._fault_event(decision, PLAYER_CRASHED, f"{type(exc).__name__}: {exc}", None)
        try:
            reason = decision.reject_reason(action)
        except Exception as exc:  # a checker choking on a hostile shape is a rejection
            reason = f"the rules could not read the action ({type(exc).__name__}: {exc})"
        if reason is not None:
            return self._fault_event(decision, ACTION_REJECTED, reason, action)
        return action, None

    def _fault_event(
        self, decision: Decision, kind: str, reason: str, action: Any, exited: bool = False
    ) -> tuple[Any, Event]:
        seat = decision.seat
        self.faults[seat] += 1
        data: dict[str, Any] = {"seat": seat, "reason": reason[:500], "faults": self.faults[seat]}
        if exited:  # only then: the events of every other fault are as they were
            data["exited"] = True
        if action is None:
            event = Event(kind, data)
        elif decision.secret:
            event = Event(kind, {**data, "action": action}, (seat,), data)
        else:
            event = Event(kind, {**data, "action": action})
        return decision.default, event

    def _rng(self) -> Rng:
        return Rng(self.header.known_seed, len(self.log.events), hashed=self.header.hashed_rng)

    def _emit(self, events: Iterable[Event]) -> None:
        """Append ``events`` and fold them, except those a ``Resolved`` says the
        rules have folded already (their state is taken as it is)."""
        evolve, log = self.game.evolve, self.log
        if type(events) is Resolved:
            known = events.folded
            for event in events[:known]:
                log.append(event)
            if known:
                self.state = events.state
            events = events[known:]
        for event in events:
            self.state = evolve(self.state, log.append(event))

    def _cut_short(self, reason: str, forfeits: tuple[int, ...]) -> Outcome:
        scores = self.game.scores(self.state)
        # a forfeiting seat ranks below every other, whatever its score
        keyed = tuple(-1 if seat in forfeits else 1 for seat in range(len(scores)))
        ranks = ranks_from_scores([(k, s) for k, s in zip(keyed, scores)])
        return Outcome(ranks, tuple(scores), reason)

    def _end(self, outcome: Outcome) -> None:
        self.outcome = outcome
        data = {**outcome.to_json(), "faults": list(self.faults)}
        if self.header.commitment is not None:
            data.update(seed=self.header.seed, salt=self.header.salt)  # the reveal
        self._emit([Event(MATCH_ENDED, data)])


def _forfeits(fault: Event, faults: int, max_faults: int) -> bool:
    """Does ``fault`` (the seat's ``faults``-th) forfeit the match?"""
    return faults >= max_faults or fault.data.get("exited") is True


def _submitted(decision: Decision, action: Any) -> Event:
    data = {"seat": decision.seat, "action": action}
    if decision.secret:
        return Event(ACTION_SUBMITTED, data, (decision.seat,), {"seat": decision.seat})
    return Event(ACTION_SUBMITTED, data)


def run_match(
    game: Game,
    players: Sequence[Player],
    seats: Sequence[Seat],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    listeners: Iterable[Listener] = (),
    max_steps: int = DEFAULT_MAX_STEPS,
    max_faults: int = DEFAULT_MAX_FAULTS,
    salt: str | None = None,
) -> Match:
    """Play one whole match and return it (log, final state, outcome)."""
    match = Match.begin(game, seats, seed, options, listeners, max_steps, max_faults, salt=salt)
    match.play(players)
    return match

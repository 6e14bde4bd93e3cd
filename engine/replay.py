"""Replays: any moment of a match as a fold of its log, and re-simulation.

``Replay`` folds a log with ``evolve``, keeps a snapshot every ``every`` events
and the last state it served, so seeking anywhere in a long log folds at most
``every`` events and stepping forward folds one.
``verify`` re-plays a match from its header and its recorded actions and compares
every regenerated event, byte for byte, and the digest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.events import MATCH_ENDED, MATCH_STARTED, Event, Listener, Log, digest_of, encode
from engine.game import Game, Header, RulesError
from engine.plain import LogError
from engine.reading import LazyLog
from engine.recorded import PLAYER_EVENTS, CheckedLog, RecordedPlayer, Recording
from engine.runner import Diverged, Match
from engine.seeding import reveal_matches

#: events between two snapshots of a ``Replay``: seeking anywhere folds at most
#: this many events (Powerball folds about 20 us an event: under a millisecond),
#: and a log keeps one state per this many events
SNAPSHOT_EVERY = 32


class Replay:
    """Random access to the states of one match log.

    A snapshot is kept after events ``every-1``, ``2*every-1``, ... as they are
    folded, and the last state served is kept as a cursor: seeking folds from
    whichever of the two is nearer below, so stepping forward one event folds one.
    ``blocks`` cuts a folded replay into pieces another process can fold from
    (``fold``): a snapshot and the events after it.
    """

    def __init__(self, game: Game, events: Sequence[Event], every: int = SNAPSHOT_EVERY) -> None:
        if not events or events[0].type != MATCH_STARTED:
            raise LogError("a log starts with MatchStarted")
        version = events[0].data.get("rules_version")
        if not game.can_fold(version):
            raise RulesError(
                f"this log was made by {game.name} rules v{version}; "
                f"this engine folds v{game.rules_version}"
            )
        self.game = game
        self.events = events
        self.every = every
        self._snapshots: dict[int, Any] = {}  # seq -> state after that event
        self._cursor: tuple[int, Any] = (-1, None)  # the last state served, and its seq
        #: events folded since this replay was made (what seeking has cost)
        self.folded = 0

    def state_at(self, seq: int) -> Any:
        """The state after event ``seq`` (``-1`` or beyond the end are errors)."""
        if not 0 <= seq < len(self.events):
            raise IndexError(f"event {seq} is out of range 0..{len(self.events) - 1}")
        every = self.every
        base = (seq + 1) // every * every - 1  # the last snapshot slot at or before seq
        while base >= 0 and base not in self._snapshots:
            base -= every
        state = self._snapshots[base] if base >= 0 else None
        cursor, at_cursor = self._cursor
        if base < cursor <= seq:
            base, state = cursor, at_cursor
        evolve = self.game.evolve
        events = self.events
        for i in range(base + 1, seq + 1):
            state = _folded(evolve, state, events[i], i)
            if i % every == every - 1:
                self._snapshots[i] = state
        self.folded += seq - base
        self._cursor = (seq, state)  # one tuple: a thread reading it sees both or neither
        return state

    def blocks(self) -> Iterator[tuple[int, Any, Sequence[Event]]]:
        """``(first seq, state before it, the events from it)`` for each run of
        ``every`` events, once the whole log has been folded (``state_at`` of the
        last event): what a state anywhere needs, in pieces of bounded size."""
        every, events = self.every, self.events
        for first in range(0, len(events), every):
            before = self._snapshots[first - 1] if first else None
            yield first, before, events[first : first + every]

    def view_at(self, seq: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` could see after event ``seq`` (``None``: a spectator)."""
        return self.game.view(self.state_at(seq), seat)

    def stream_for(self, seat: int | None) -> list[Event]:
        """The events as ``seat`` saw them, private ones replaced by their twins."""
        seen = (e.seen_by(seat) for e in self.events)
        return [e for e in seen if e is not None]


def fold(game: Game, state: Any, events: Sequence[Event], first: int) -> Any:
    """``state`` with ``events`` (seq ``first`` on) folded in: a block's state."""
    evolve = game.evolve
    for i, event in enumerate(events, first):
        state = _folded(evolve, state, event, i)
    return state


def _folded(evolve: Callable[[Any, Event], Any], state: Any, event: Event, seq: int) -> Any:
    try:
        return evolve(state, event)
    except Exception as exc:  # a log that parses but the rules cannot fold
        raise LogError(f"event {seq} cannot be folded: {type(exc).__name__}: {exc}") from None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of a re-simulation."""

    ok: bool
    digest: str
    recorded_digest: str
    rules_version: int
    mismatch_seq: int | None = None
    expected: str | None = None  # the regenerated event, canonical JSON
    found: str | None = None  # the recorded event, canonical JSON
    #: why the log failed before any event was compared (a bad seed reveal)
    reason: str | None = None

    def describe(self) -> str:
        if self.ok:
            return f"ok {self.digest}"
        if self.reason is not None:
            return self.reason
        return (
            f"event {self.mismatch_seq} differs\n  recorded:    {self.found}\n"
            f"  re-simulated: {self.expected}"
        )


class RevealError(LogError):
    """A log whose revealed seed does not hash to the commitment it started with."""


def reveal(header: Header, ending: Mapping[str, Any] | None) -> Header:
    """``header`` with the seed and salt that ``ending`` (the ``MatchEnded`` data of
    the whole log) reveals, checked against the header's commitment. A format-1
    header carries its seed already and is returned as it is."""
    if header.log_format == 1:
        return header
    if ending is None:
        raise LogError(
            "the log is incomplete: it has no MatchEnded, so its seed is not "
            "revealed and it cannot be re-simulated"
        )
    seed, salt = ending.get("seed"), ending.get("salt")
    if not reveal_matches(seed, salt, header.commitment):
        raise RevealError(
            "the revealed seed and salt do not match the seed commitment in MatchStarted"
        )
    return replace(header, seed=seed, salt=salt)


def ending_of(events: Sequence[Event]) -> Mapping[str, Any] | None:
    """The ``MatchEnded`` data of a whole log, ``None`` if it has not ended."""
    return events[-1].data if events and events[-1].type == MATCH_ENDED else None


def begin_like(
    game: Game, header: Header, listeners: Sequence[Listener] = (), log: Log | None = None
) -> Match:
    """A new match with the same header as a (revealed) log's: the start of a
    re-simulation (written to ``log`` when given)."""
    return Match.begin(
        game,
        header.seats,
        header.known_seed,
        header.options,
        listeners,
        **header.limits,
        salt=header.salt,
        log_format=header.log_format,
        log=log,
    )


def fork(game: Game, events: Sequence[Event], ending: Mapping[str, Any] | None = None) -> Match:
    """The match as it stood after ``events`` (a prefix of a log), ready to be
    played on by any players: the "what if another bot had played from here" fork.

    The prefix is re-simulated from its header with its recorded actions (so a
    tampered prefix is refused). Bots decide only between steps, all the seats of
    a step together: a prefix that ends inside a step's rules events (say between
    a reveal and its dice roll) is carried to the end of that step, and one that
    ends among the step's decisions goes back to the start of that step.

    ``ending`` is the ``MatchEnded`` data of the whole log the prefix was cut from:
    it reveals the seed, which a format-2 prefix does not carry. Only a finished
    match can be forked.
    """
    if not events or events[0].type != MATCH_STARTED:
        raise LogError("a log starts with MatchStarted")
    header = Header.from_json(events[0].data)
    if header.game != game.name or header.rules_version != game.rules_version:
        raise RulesError(
            f"this log is {header.game} rules v{header.rules_version}; "
            f"it cannot be forked with {game.name} v{game.rules_version}"
        )
    limits = header.limits
    match = begin_like(game, reveal(header, ending))
    recording = Recording(events)
    players = [RecordedPlayer(recording) for _ in header.seats]
    decisions_from = len(events)
    while decisions_from > 0 and events[decisions_from - 1].type in PLAYER_EVENTS:
        decisions_from -= 1
    try:
        while len(match.log) < len(events):
            # a step cut short among its decisions has counted faults and a step that
            # its events (not emitted) will not show: the fork starts before that step
            faults, steps = list(match.faults), match.steps
            if (
                match.game.outcome(match.state) is not None
                or match.step(players, limits["max_faults"]) is not None
            ):
                raise LogError("this prefix has already decided the match; take a shorter one")
    except Diverged as exc:
        if len(match.log) != decisions_from:
            raise LogError(f"the prefix does not re-simulate: {exc}") from None
        match.faults, match.steps = faults, steps
    shared = min(len(match.log), len(events))
    if match.log.lines[:shared] != [encode(e) for e in events[:shared]]:
        raise LogError("the prefix does not re-simulate: it was edited")
    # the players that go on are new (a fresh bot process, a fresh built-in bot):
    # each one's first request must carry every event its seat saw from the start,
    # not only those since the recorded player's last decision
    match._cursor = [0] * len(header.seats)
    return match


def verify(events: Sequence[Event], find_game: Callable[[str], Game]) -> Verdict:
    """Re-simulate ``events`` from their header and recorded actions.

    ``find_game`` maps a game name to its rules (normally the registry's ``get``).
    Raises ``LogError`` or ``RulesError`` when the log cannot even be started.

    Each re-simulated line is compared with the line its event was read from as
    it is made (``CheckedLog``: ``events.lines`` of a ``ReadLog`` or a
    ``LazyLog``), and only where they differ (a ``ReadLog`` line that is not
    byte-canonical, or events given without lines) with the recorded event's
    canonical encoding. The digest is the chain over the lines, made once: a log
    that verifies has the re-simulation's lines, byte for byte.
    """
    if not events or events[0].type != MATCH_STARTED:
        raise LogError("a log starts with MatchStarted")
    header = Header.from_json(events[0].data)
    game = find_game(header.game)
    if header.rules_version != game.rules_version:
        raise RulesError(
            f"this log was made by {header.game} rules v{header.rules_version}; "
            f"only v{game.rules_version} can be re-simulated here"
        )
    if ending_of(events) is None:  # a prefix of a match is not a match (nor reveals its seed)
        raise LogError(
            f"the log is incomplete: it stops after event {len(events) - 1}, before {MATCH_ENDED}"
        )
    try:
        header = reveal(header, ending_of(events))
    except RevealError as exc:
        return Verdict(False, "", _recorded_digest(events), header.rules_version, reason=str(exc))
    log = CheckedLog(events)
    recording = Recording(events)
    players = [RecordedPlayer(recording) for _ in header.seats]
    try:
        match = begin_like(game, header, log=log)
        match.recorded = True  # recorded actions: checked, never chosen from a list
        match.answers_plain = isinstance(events, LazyLog)
        match.play(players)
    except Diverged:
        match = None
    except Exception as exc:  # a malformed header or recorded action
        raise LogError(f"the log cannot be re-simulated: {type(exc).__name__}: {exc}") from None
    regenerated = log.lines
    if match is not None and len(regenerated) == len(events):
        # every line compared equal: one chain is the digest of both
        digest = digest_of(regenerated)
        return Verdict(True, digest, digest, header.rules_version)
    recorded = [encode(e) for e in events]
    seq = next(
        (i for i, (a, b) in enumerate(zip(regenerated, recorded)) if a != b),
        min(len(regenerated), len(recorded)),
    )
    expected = (
        regenerated[seq].decode()
        if seq < len(regenerated)
        else "(nothing: re-simulation stopped here)"
    )
    found = recorded[seq].decode() if seq < len(recorded) else "(nothing: the log ends)"
    return Verdict(
        False,
        digest_of(regenerated),
        digest_of(recorded),
        header.rules_version,
        seq,
        expected,
        found,
    )


def _recorded_digest(events: Sequence[Event]) -> str:
    return digest_of(encode(e) for e in events)

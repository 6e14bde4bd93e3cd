"""A recorded log played again: its decisions served to the re-simulating runner
(``Recording``, one ``RecordedPlayer`` a seat) and the log that compares each line
the re-simulation makes with the recorded one (``CheckedLog``). ``engine.replay``'s
``verify`` and ``fork`` are built on them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.events import (
    ACTION_REJECTED,
    ACTION_SUBMITTED,
    FAULT_TYPES,
    PLAYER_FORFEITED,
    Event,
    Log,
    encode,
)
from engine.game import Header
from engine.players import PlayerFault, Request
from engine.reading import LazyLog
from engine.runner import Diverged

#: the events a player's decision is recorded as
PLAYER_EVENTS = (*FAULT_TYPES, ACTION_SUBMITTED)


class Recording:
    """The recorded decisions of a log, served to the re-simulating runner (one
    recording for all the seats).

    The seats of a step are all asked at the same position: the run of player
    events there (faults and submissions, up to the first other event) is read
    once for all of them, not once a seat. A ``LazyLog`` leaves the line that
    ends the run undecoded unless it ends as a forfeit's (``player_event``)."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        self._peek: Callable[[int], Event | None] = getattr(
            events, "player_event", events.__getitem__
        )
        self._position = -1
        # seat -> (its first fault before its submission, its submission)
        self._run: dict[Any, tuple[Event | None, Event | None]] = {}
        self._after: str | None = None  # the type of the event after the run

    def _read(self, position: int) -> None:
        """Read the run of player events at ``position``."""
        peek = self._peek
        run: dict[Any, tuple[Event | None, Event | None]] = {}
        after = None
        for i in range(position, len(self.events)):  # not a slice: no copy of the rest
            event = peek(i)
            if event is None or event.type not in PLAYER_EVENTS:
                after = None if event is None else event.type
                break
            seat = event.data.get("seat")
            if type(seat) is not int and type(seat) is not bool:
                continue  # (only those can equal a seat, which is an int)
            fault, submitted = run.get(seat, (None, None))
            if submitted is not None:
                continue  # what a seat did after its submission is not its answer
            if event.type == ACTION_SUBMITTED:
                run[seat] = (fault, event)
            elif fault is None:
                run[seat] = (event, None)
        self._position, self._run, self._after = position, run, after

    def answer(self, request: Request) -> Any:
        seat, position = request.seat, request.position
        if position != self._position:
            self._read(position)
        fault, submitted = self._run.get(seat, (None, None))
        if fault is not None:
            if fault.type == ACTION_REJECTED and "action" in fault.data:
                return fault.data["action"]  # the rules will reject it again
            exited = fault.data.get("exited") is True  # absent in logs before the rule
            raise PlayerFault(fault.type, fault.data.get("reason", ""), exited=exited)
        if submitted is None and self._after == PLAYER_FORFEITED:
            # another seat's last fault forfeited the match in this step: the
            # runner asked this seat too but wrote no answer; any legal one will do
            return request.decision.default
        if submitted is None:
            raise Diverged(f"no recorded action for seat {seat} at event {position}")
        return submitted.data["action"]


class RecordedPlayer:
    """A seat's player in a re-simulation: it answers from the recording."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording

    def begin(self, seat: int, header: Header) -> None:
        pass

    def decide(self, request: Request) -> Any:
        return self.recording.answer(request)

    def finish(self, outcome: Any) -> None:
        pass


class CheckedLog(Log):
    """The log a re-simulation writes: each line is compared with the recorded
    one at its place as it is made, and the first that differs stops the
    re-simulation (``Diverged``). A recorded line is compared as bytes, and
    only where it differs (a ``ReadLog`` line that is not byte-canonical, or
    events given without lines) with its event's canonical encoding; a
    ``LazyLog``'s lines, not held to be canonical as they are read, only as bytes.

    It keeps the lines made (``verify`` chains them once, at the end) and, for
    their count, the rules' own events as they were given, unsealed: nothing
    reads a re-simulation's events but the rules' folds, which read no ``seq``."""

    def __init__(self, recorded: Sequence[Event]) -> None:
        super().__init__()
        self.recorded = recorded
        self.read: Sequence[bytes] | None = getattr(recorded, "lines", None)
        self.strict = isinstance(recorded, LazyLog)

    def _seal(
        self,
        type_: str,
        data: dict[str, Any],
        to: Any,
        public: dict[str, Any] | None,
        line: bytes,
        given: Event | None = None,
    ) -> Event:
        lines, read = self.lines, self.read
        seq = len(lines)
        lines.append(line)
        if read is None or seq >= len(read) or read[seq] != line:
            recorded = self.recorded
            if seq >= len(recorded) or self.strict or encode(recorded[seq]) != line:
                raise Diverged(seq)
        event = Event(type_, data, to, public, seq) if given is None else given
        self.events.append(event)
        return event

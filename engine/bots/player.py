"""``SubprocessPlayer``: a bot program driven through the protocol, as a ``Player``.

Every failure becomes a ``PlayerFault`` the runner records (and the default action
is played): a timeout is ``PlayerTimedOut``; a bot that exits, is killed by a
limit, fails to start or gives up on a decision is ``PlayerCrashed``; a line
that is not the expected message is ``ActionRejected`` (an illegal but
well-formed action is rejected by the runner itself). Once the process is gone
(it exited, was killed, never started) its fault says so (``exited``) and the
runner forfeits its seat at once: a dead bot must not win on default moves.

Time: each decision may take ``limits.decision`` seconds, plus whatever is left of
the match's overage bank (``limits.overage``), and never more than what is left of
the match's thinking time (``limits.match``). Time a decision does not use is not
banked. The engine's own work (building the view) is not counted.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from engine.bots import protocol
from engine.bots.limits import Limits
from engine.bots.process import BotExited, BotProcess, BotTimeout, LineTooLong
from engine.bots.program import BotProgram
from engine.bots.protocol import BotGaveUp, ProtocolError
from engine.bots.runtimes import with_startup_of
from engine.bots.sandbox import Sandbox
from engine.events import ACTION_REJECTED, PLAYER_CRASHED, PLAYER_TIMED_OUT
from engine.game import Action, Header, Outcome
from engine.players import PlayerFault, Request


class SubprocessPlayer:
    """Plays a seat with an out-of-process bot program, inside the sandbox."""

    def __init__(
        self, program: BotProgram, limits: Limits | None = None, *, sandbox: Sandbox | None = None
    ) -> None:
        self.program = program
        self.sandbox = sandbox or Sandbox(limits)
        # a runtime that starts slowly (the JVM) gets its own start-up limit, which
        # the start message states
        self.limits = with_startup_of(program.language, limits or self.sandbox.limits)
        self.process: BotProcess | None = None
        #: the name the bot gave in its ``ready`` message
        self.name: str | None = None
        self.seat: int | None = None
        #: the unprivileged uid the sandboxed bot runs as (None: not root, no sandbox)
        self.uid: int | None = None
        self._dead: tuple[str, str] | None = None  # (fault kind, reason) once gone
        self._stderr_kept = ""
        self._next_id = 0
        self._unanswered = 0
        self.overage_left = self.limits.overage
        self.match_left = self.limits.match
        #: seconds each answered decision took, for the owner and the benchmark
        self.times: list[float] = []

    # -- the Player protocol ------------------------------------------------------------
    def begin(self, seat: int, header: Header) -> None:
        """Start the bot and send the handshake. Never raises: a bot that fails to
        start faults at its first decision."""
        self.close()
        self.seat = seat
        self.name = None
        self._dead = None
        self._next_id = self._unanswered = 0
        self.overage_left = self.limits.overage
        self.match_left = self.limits.match
        self.times = []
        try:
            self.process = self.sandbox.spawn(self.program)
        except OSError as exc:
            self._die(PLAYER_CRASHED, f"the bot could not be started: {exc}")
            return
        self.uid = self.process.uid
        self._handshake_deadline = time.monotonic() + self.limits.startup
        hello = protocol.start_message(seat, header, self.limits.time_json())
        try:
            self.process.send(protocol.encode(hello), self._handshake_deadline)
        except BotTimeout:
            self._die(PLAYER_TIMED_OUT, "the bot did not read the handshake")
        except BotExited:
            self._die(PLAYER_CRASHED, f"{self.process.describe_exit()} before the handshake")
        # the "ready" is awaited at the first decision, so that the bots of a match
        # start up side by side

    def handshake(self) -> bool:
        """Wait (within the start-up limit) for the bot's ``ready``; ``False`` when
        it failed (``failure`` says why). Called by the first ``decide``."""
        if self._dead is not None:
            return False
        if self.name is not None or self.process is None:
            return self.process is not None
        try:
            while True:
                message = protocol.parse(self.process.read_line(self._handshake_deadline))
                if message["type"] == "ready":
                    self.name = protocol.parse_ready(message)
                    return True
                raise ProtocolError(f'expected a "ready" message, got {message["type"]!r}')
        except BotTimeout:
            self._die(
                PLAYER_TIMED_OUT,
                f"the bot did not answer the handshake within {self.limits.startup:g} s",
            )
        except BotExited:
            self._die(PLAYER_CRASHED, f"{self.process.describe_exit()} before the handshake")
        except (ProtocolError, LineTooLong) as exc:
            self._die(ACTION_REJECTED, f"bad handshake: {exc}")
        return False

    def decide(self, request: Request) -> Action:
        if self.name is None:
            self.handshake()
        if self._dead is not None:
            kind, reason = self._dead
            raise PlayerFault(kind, reason, exited=True)
        process = self.process
        if process is None:  # closed by its owner before the match asked it
            raise self._die(PLAYER_CRASHED, "the bot is not running")
        self._next_id += 1
        ident = self._next_id
        allowed = min(self.limits.decision + self.overage_left, self.match_left)
        time_left = {
            "decision_ms": protocol.ms(self.limits.decision),
            "overage_ms": protocol.ms(self.overage_left),
            "match_ms": protocol.ms(self.match_left),
        }
        data = protocol.encode(protocol.decide_message(ident, request, time_left))
        began = time.monotonic()
        deadline = began + allowed
        try:
            process.send(data, deadline)
        except BotTimeout:  # half a message is in the pipe: the stream is lost
            raise self._die(PLAYER_TIMED_OUT, "the bot stopped reading its input") from None
        except BotExited:
            raise self._die(PLAYER_CRASHED, process.describe_exit()) from None
        self._unanswered += 1
        try:
            action = self._await_answer(process, ident, deadline)
        except BotTimeout as timeout:
            self._spend(allowed)
            if self.match_left <= 0:
                self._die(
                    PLAYER_TIMED_OUT,
                    f"the bot used up its {self.limits.match:g} s of thinking time for the match",
                )
            raise PlayerFault(
                PLAYER_TIMED_OUT,
                f"no answer within {allowed:.2f} s (decision "
                f"limit {self.limits.decision:g} s plus overage)",
            ) from timeout
        except BotExited:
            raise self._die(PLAYER_CRASHED, process.describe_exit()) from None
        except LineTooLong as exc:
            self._spend(time.monotonic() - began)
            raise PlayerFault(ACTION_REJECTED, str(exc)) from None
        except ProtocolError as exc:
            self._spend(time.monotonic() - began)
            raise PlayerFault(ACTION_REJECTED, f"protocol error: {exc}") from None
        except BotGaveUp as exc:
            self._spend(time.monotonic() - began)
            raise PlayerFault(PLAYER_CRASHED, f"the bot reported an error: {exc}"[:300]) from None
        used = time.monotonic() - began
        self._spend(used)
        self.times.append(used)
        return action

    def finish(self, outcome: Outcome) -> None:
        """Tell the bot the result, give it a moment to exit, then end it."""
        if self.process is not None and self._dead is None and self.seat is not None:
            try:
                end = protocol.encode(protocol.end_message(self.seat, outcome))
                self.process.send(end, time.monotonic() + self.limits.grace)
            except (BotTimeout, BotExited, OSError):
                pass
        self.close(self.limits.grace)

    # -- the process ---------------------------------------------------------------------
    @property
    def failure(self) -> tuple[str, str] | None:
        """``(fault kind, reason)`` once the bot is gone (failed to start, exited,
        was killed), else ``None``."""
        return self._dead

    @property
    def stderr(self) -> str:
        """What the bot wrote on stderr (capped), for its owner."""
        if self.process is not None:
            self.process.drain_stderr()
            return self.process.stderr
        return self._stderr_kept

    def close(self, grace: float = 0.0) -> None:
        """Kill the sandbox (all of it) and reap it. Idempotent."""
        process, self.process = self.process, None
        if process is not None:
            try:
                process.close(grace)
            finally:
                self._stderr_kept = process.stderr

    def __enter__(self) -> SubprocessPlayer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # -- internals -----------------------------------------------------------------------
    def _await_answer(self, process: BotProcess, ident: int, deadline: float) -> Action:
        """Read lines until the reply to request ``ident``; stale replies to earlier
        requests (that timed out) are dropped."""
        while True:
            line = process.read_line(deadline)
            try:
                message = protocol.parse(line)
                if message["type"] not in ("action", "error"):
                    raise ProtocolError(f'expected an "action" message, got {message["type"]!r}')
                rid = protocol.reply_id(message)
            except ProtocolError:
                self._unanswered = 0  # a stray line stands for the reply it replaced
                raise
            self._unanswered -= 1
            if rid is not None and rid != ident:
                if rid < ident:
                    continue  # a late answer to a request that timed out
                self._unanswered = 0
                raise ProtocolError(f"the reply is to request {rid}, not {ident}")
            if rid is None and self._unanswered > 0:
                continue  # without ids, replies answer requests in order
            self._unanswered = 0
            return protocol.parse_action(message)

    def _spend(self, seconds: float) -> None:
        over = seconds - self.limits.decision
        if over > 0:
            self.overage_left = max(0.0, self.overage_left - over)
        self.match_left = max(0.0, self.match_left - seconds)

    def _die(self, kind: str, reason: str) -> PlayerFault:
        """Mark the bot gone, end its process; later decisions fault at once."""
        self._dead = (kind, reason)
        self.close()
        return PlayerFault(kind, reason, exited=True)

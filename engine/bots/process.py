"""A running bot: the pipes to its sandbox, read and written without ever blocking,
its stderr kept up to a cap, and its end (the whole sandbox killed and reaped)."""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shutil
import signal
import subprocess
import time
from pathlib import Path

from engine.bots.limits import Limits, MiB
from engine.bots.memory import TreeMemory
from engine.bots.stderr_cut import with_dropped
from engine.bots.uids import end_processes_of, release_uid


class BotTimeout(Exception):
    """No complete line (or no room to write) before the deadline."""


class BotExited(Exception):
    """The bot's stdout closed, or a write found its stdin closed: it is gone."""


class LineTooLong(Exception):
    """The bot printed a line longer than the cap; the rest of it is discarded."""


_OVERLONG = object()


class BotProcess:
    """The pipes to a running bot, read and written without ever blocking.

    ``read_line(deadline)`` returns the next line from stdout; stderr is drained
    into ``stderr`` (the first ``limits.stderr`` bytes kept) whenever the engine
    waits on the bot. ``close()`` kills the whole sandbox and reaps it; it is
    idempotent and also runs from ``__del__``.
    """

    def __init__(
        self,
        popen: subprocess.Popen[bytes],
        limits: Limits,
        uid: int | None,
        staging: Path | None,
        info_fd: int | None = None,
        memory: TreeMemory | None = None,
    ) -> None:
        self.popen = popen
        if popen.stdin is None or popen.stdout is None or popen.stderr is None:
            raise ValueError("a bot process talks over pipes: start it with all three piped")
        # the pipes, typed as present (Popen's own are None when not piped)
        self._in, self._out, self._err = popen.stdin, popen.stdout, popen.stderr
        #: the limit of the bot's process tree, which may have killed it
        self.memory = memory
        self._info_fd = info_fd
        self._init: int | None = None
        self.limits = limits
        self.uid = uid
        self.started = time.monotonic()
        self._staging = staging
        self._stderr = bytearray()
        self.stderr_dropped = 0
        self._buf = bytearray()
        self._lines: list[bytes | object] = []  # a line, or the _OVERLONG mark
        self._skipping = False
        self._out_open = True
        self._closed = False
        for pipe in (self._in, self._out, self._err):
            os.set_blocking(pipe.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ, "out")
        self._selector.register(self._err, selectors.EVENT_READ, "err")

    @property
    def pid(self) -> int:
        return self.popen.pid

    @property
    def stderr(self) -> str:
        return with_dropped(self._stderr.decode("utf-8", "replace"), self.stderr_dropped)

    # -- writing --------------------------------------------------------------------
    def send(self, data: bytes, deadline: float) -> None:
        """Write all of ``data`` before ``deadline`` (``BotTimeout``), draining the
        bot's output meanwhile so neither side can block the other."""
        if self._closed:
            raise BotExited("the bot is not running")
        view = memoryview(data)
        stdin = self._in
        while view:
            try:
                written = os.write(stdin.fileno(), view)
                view = view[written:]
                continue
            except BlockingIOError:
                pass
            except (BrokenPipeError, ConnectionResetError):
                raise BotExited("the bot closed its input") from None
            self._selector.register(stdin, selectors.EVENT_WRITE, "in")
            try:
                self._pump(deadline)
            finally:
                self._selector.unregister(stdin)

    # -- reading --------------------------------------------------------------------
    def read_line(self, deadline: float) -> bytes:
        """The next line from stdout, without its newline."""
        while not self._lines:
            if not self._out_open:
                raise BotExited("the bot closed its output")
            self._pump(deadline)
        line = self._lines.pop(0)
        if not isinstance(line, bytes):  # _OVERLONG
            raise LineTooLong(f"the bot printed a line longer than {self.limits.line} bytes")
        return line

    def _pump(self, deadline: float) -> None:
        """Wait for one round of I/O readiness (or the deadline) and serve it."""
        timeout = deadline - time.monotonic()
        if timeout <= 0:
            raise BotTimeout()
        ready = self._selector.select(timeout)
        if not ready:
            raise BotTimeout()
        for key, _ in ready:
            if key.data == "out":
                self._read_out()
            elif key.data == "err":
                self._read_err()
            # "in": writable; the caller retries its write

    def _read_out(self) -> None:
        try:
            chunk = os.read(self._out.fileno(), 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            self._out_open = False
            self._selector.unregister(self._out)
            return
        cap = self.limits.line
        while chunk:
            end = chunk.find(b"\n")
            piece, chunk = (chunk, b"") if end < 0 else (chunk[:end], chunk[end + 1 :])
            if self._skipping:
                if end >= 0:
                    self._skipping = False
                continue
            if len(self._buf) + len(piece) > cap:
                self._buf.clear()
                self._lines.append(_OVERLONG)
                self._skipping = end < 0
                continue
            self._buf += piece
            if end >= 0:
                self._lines.append(bytes(self._buf))
                self._buf.clear()

    def _read_err(self) -> None:
        try:
            chunk = os.read(self._err.fileno(), 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            self._selector.unregister(self._err)
            return
        self._keep_stderr(chunk)

    def _keep_stderr(self, chunk: bytes) -> None:
        """Keep ``chunk`` up to the stderr cap; count what is dropped."""
        room = self.limits.stderr - len(self._stderr)
        if room > 0:
            self._stderr += chunk[:room]
        self.stderr_dropped += max(0, len(chunk) - max(room, 0))

    def drain_stderr(self) -> None:
        """Read whatever stderr is waiting, without waiting."""
        if self._err.closed:
            return
        for _ in range(64):
            try:
                chunk = os.read(self._err.fileno(), 1 << 16)
            except (BlockingIOError, OSError):
                return
            if not chunk:
                return
            self._keep_stderr(chunk)

    # -- the end ---------------------------------------------------------------------
    def exit_status(self, wait: float = 0.0) -> int | None:
        """The exit status once the sandbox has ended (waiting up to ``wait`` s)."""
        try:
            return self.popen.wait(wait) if wait > 0 else self.popen.poll()
        except subprocess.TimeoutExpired:
            return None

    def describe_exit(self, wait: float = 0.2) -> str:
        status = self.exit_status(wait)
        if self.memory is not None and self.memory.exceeded:
            return (
                f"the bot's processes used more than {self.memory.limit // MiB} MiB of "
                "memory together (the limit of its whole process tree)"
            )
        if status is None:
            return "the bot closed its output but kept running"
        return describe_status(status)

    def close(self, grace: float = 0.0) -> None:
        """End the bot (after up to ``grace`` s for it to exit by itself), kill the
        whole sandbox, reap it, close the pipes. Safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        popen = self.popen
        try:
            with contextlib.suppress(OSError):
                self._in.close()
            if grace > 0 and popen.poll() is None:
                end = time.monotonic() + grace
                while popen.poll() is None and time.monotonic() < end:
                    with contextlib.suppress(BotTimeout, OSError, ValueError):
                        self._pump(min(end, time.monotonic() + 0.05))
                    self._lines.clear()  # nothing more is read: do not hoard a flood
                    if not self._out_open:
                        self.exit_status(max(0.0, end - time.monotonic()))
            self.drain_stderr()
            if popen.poll() is None:
                # killing the namespace's init makes the kernel kill every process in
                # it, and bwrap exits once its init is gone: when wait() returns, the
                # whole sandbox is gone
                init = self._init_pid()
                if init is not None:
                    _signal(init, signal.SIGKILL)
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        popen.wait(2)
                if popen.poll() is None:
                    _signal(popen.pid, signal.SIGKILL)
                    _signal(-popen.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):  # the kernel is slow
                popen.wait(5)
        finally:
            if self._info_fd is not None:
                os.close(self._info_fd)
                self._info_fd = None
            self._selector.close()
            for pipe in (self._out, self._err):
                with contextlib.suppress(OSError):
                    pipe.close()
            if self._staging is not None:
                shutil.rmtree(self._staging, ignore_errors=True)
            # a uid is reused only once all its bot's processes are gone
            if popen.poll() is not None and (self.uid is None or end_processes_of(self.uid)):
                release_uid(self.uid)
            if self.memory is not None:
                self.memory.close()

    def _init_pid(self) -> int | None:
        """The pid (in our namespace) of the sandbox's PID-namespace init."""
        if self._info_fd is None:
            return None
        if self._init is None:
            try:
                os.set_blocking(self._info_fd, False)
                data = os.read(self._info_fd, 4096)
                self._init = int(json.loads(data)["child-pid"])
            except (OSError, ValueError, KeyError, TypeError):
                return None
        return self._init

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()


def _signal(pid: int, sig: int) -> None:
    """Send ``sig`` to ``pid`` (a negative pid: a process group); gone is fine."""
    try:
        if pid < 0:
            os.killpg(-pid, sig)
        else:
            os.kill(pid, sig)
    except ProcessLookupError:
        pass


_SIGNALS = {
    signal.SIGXCPU: "its CPU time limit",
    signal.SIGKILL: "SIGKILL",
    signal.SIGSEGV: "a segmentation fault",
    signal.SIGXFSZ: "its file size limit",
    signal.SIGABRT: "SIGABRT",
}


def describe_status(status: int) -> str:
    """A process exit status in words (bwrap reports a signal as 128 + its number)."""
    if status < 0 or status > 128:
        number = -status if status < 0 else status - 128
        try:
            name = _SIGNALS.get(signal.Signals(number), signal.Signals(number).name)
        except ValueError:
            name = f"signal {number}"
        return f"the bot was killed by {name}"
    return f"the bot exited with status {status}"

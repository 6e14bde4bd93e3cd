"""Runs an untrusted bot program as a separate process inside bubblewrap.

``Sandbox.spawn(program)`` starts ``python -S <entry>`` in a fresh bubblewrap
sandbox and returns a ``BotProcess``: the pipes to the bot, read with a selector
so that no bot can block the engine, with the bot's stderr kept up to a cap.

What the bot sees and may do
----------------------------
- new IPC, PID, network, UTS and cgroup namespaces: no network at all (not even
  the host's 127.0.0.1), no other process of the machine;
- a root directory of its own: read-only ``/usr`` (and the ``/lib``, ``/bin``
  links into it), the interpreter and its standard library only (read-only, at
  ``/python``: no site-packages, no virtualenv; the ``site-packages`` and
  ``dist-packages`` folders under ``/usr`` are hidden behind empty ones), the SDK
  (``/sdk/scrimmage_bot.py``, on ``PYTHONPATH``), the bot's own files read-only at
  ``/bot`` (its working directory), a private size-capped ``/tmp``, ``/proc`` of
  its PID namespace and a minimal ``/dev``. Nothing else of the host: no
  ``/etc/shadow``, no data folder, no database, no other bot's files;
- no host path in any command line it can read: bubblewrap's options (which name
  the host folders it mounts) come through a file descriptor (``--args``), so the
  namespace's init (``/proc/1/cmdline``) shows only ``bwrap --args N -- <command>``,
  and the command names paths inside the sandbox only;
- an empty environment (``--clearenv``) but for PYTHONPATH, HOME, PATH, LANG
  (bubblewrap itself starts with an empty one too);
- ``--die-with-parent`` and ``--new-session``;
- rlimits set before bubblewrap starts (``prlimit``): CPU seconds, address
  space, processes, file size, open files, no core files. Without ``prlimit``
  (util-linux) the ``Sandbox`` refuses to start any bot, sandboxed or not;
- one memory limit for the whole process tree (``engine.bots.memory``: a cgroup
  where the machine allows one, else a watcher), however many processes it forks.

Why not ``--unshare-all``: it includes a user namespace, and when the worker runs
as root (as in our containers) the bot's uid inside maps to root outside, and the
kernel exempts root from RLIMIT_NPROC, so a fork bomb would be unbounded. As
root we therefore unshare every namespace but the user one and switch the bot to
an unprivileged uid of its own (``setpriv``: no capabilities, no bounding set,
no_new_privs) before the interpreter starts; RLIMIT_NPROC then holds. Run as an
ordinary user, bubblewrap creates a user namespace itself (unprivileged mode).

Ending: killing the outer bwrap process makes its PID-namespace init die
(``--die-with-parent``), and the kernel then kills every process in the
namespace, however the bot forked or detached.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import selectors
import shutil
import signal
import stat
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engine.bots.interpreter import PythonLayout, python_executable
from engine.bots.memory import TreeMemory
from engine.bots.stderr_cut import with_dropped
from engine.game import RulesError

SDK_FILE = Path(__file__).resolve().parent.parent / "sdk" / "scrimmage_bot.py"
ALLOW_ENV = "SCRIMMAGE_ALLOW_UNSANDBOXED"
MANIFEST = "bot.json"
MiB = 1 << 20
#: the first uid given to sandboxed bots when the worker runs as root. Each worker
#: process owns the block ``UID_BASE + pid * UIDS_PER_PROCESS`` of
#: ``UIDS_PER_PROCESS`` uids; pids are below ``PID_LIMIT`` (the kernel's
#: PID_MAX_LIMIT on 64-bit), so blocks of live processes never overlap and every
#: uid stays below 2**31 (200_000 + 2**22 * 256 < 2**31). Within its block a
#: process hands each running bot a free uid (one that none of its live bots
#: holds), so no two running bots ever share RLIMIT_NPROC.
UID_BASE = 200_000
UIDS_PER_PROCESS = 256
PID_LIMIT = 1 << 22
assert UID_BASE + PID_LIMIT * UIDS_PER_PROCESS < 2**31


class BotError(RulesError):
    """A bot program that cannot be run: a bad path or manifest, no sandbox.

    A ``RulesError`` so that the command line and the platform report it as they
    report an unknown built-in bot name."""


class SandboxUnavailable(BotError):
    """bubblewrap is missing and unsandboxed runs were not allowed."""


@dataclass(frozen=True, slots=True)
class Limits:
    """Everything a bot process is allowed. Times are seconds."""

    startup: float = 5.0  # to answer the handshake
    decision: float = 1.0  # per decision
    overage: float = 2.0  # bank per match, drawn when a decision runs over
    match: float = 120.0  # total thinking time per match
    cpu: int = 60  # RLIMIT_CPU, seconds of CPU per process
    memory: int = 512 * MiB  # RLIMIT_AS, bytes of address space per process
    memory_total: int = 512 * MiB  # resident memory of the whole process tree (memory.py)
    processes: int = 64  # RLIMIT_NPROC: tasks (processes and threads)
    file_size: int = 16 * MiB  # RLIMIT_FSIZE
    open_files: int = 64  # RLIMIT_NOFILE
    tmp_size: int = 64 * MiB  # the private /tmp
    line: int = 1 * MiB  # the longest line the bot may print on stdout
    stderr: int = 64 * 1024  # bytes of stderr kept for the bot's owner
    grace: float = 0.5  # to exit by itself after "end"

    def time_json(self) -> dict:
        return {
            "startup_ms": int(self.startup * 1000),
            "decision_ms": int(self.decision * 1000),
            "overage_ms": int(self.overage * 1000),
            "match_ms": int(self.match * 1000),
        }


# -- bot programs --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BotProgram:
    """A bot on disk: one Python file, or a directory with an entry file.

    ``root`` is what is mounted at /bot (the directory, or the single file),
    ``entry`` the file run, relative to /bot.
    """

    root: Path
    entry: str
    name: str
    version: str  # "sha256:" and the start of the hash of the bot's files

    @property
    def is_dir(self) -> bool:
        return self.root.is_dir()


def load_program(path: str | os.PathLike) -> BotProgram:
    """Read a bot program: a ``.py`` file, or a folder with a ``bot.json`` manifest
    (``read_manifest``)."""
    root = Path(path).resolve()
    if root.is_file():
        return BotProgram(root, root.name, _clean_name(root.stem), _hash_files(root, [root]))
    if not root.is_dir():
        raise BotError(f"no bot program at {path}")
    try:
        manifest = read_manifest(root)
    except BotError as exc:
        raise BotError(f"{path}: {exc}") from None
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return BotProgram(
        root, manifest.entry, _clean_name(manifest.name or root.name), _hash_files(root, files)
    )


@dataclass(frozen=True, slots=True)
class Manifest:
    """A bot folder's checked ``bot.json``: ``entry``, the .py file run (its path in
    the folder, with / between folders), and ``name``, if the bot gives one."""

    entry: str
    name: str | None = None


def read_manifest(folder: Path) -> Manifest:
    """The manifest of the bot folder ``folder``: the one definition of a valid
    ``bot.json``, which uploads are checked with too. ``BotError`` says what is wrong.

    It is a JSON object (one flat object is all it needs); ``entry`` is required, a
    relative path (``relative_parts``) of a ``.py`` file in the folder that is not a
    link; ``name``, if given, a string. Other keys are ignored."""
    path = folder / MANIFEST
    if not path.exists() and not path.is_symlink():
        raise BotError(f'no {MANIFEST} manifest (it names the entry file: {{"entry": "main.py"}})')
    if path.is_symlink() or not path.is_file():
        raise BotError(f"{MANIFEST} must be a file, not a folder or a link")
    try:
        manifest = json.loads(path.read_bytes().decode("utf-8"))
    except (ValueError, OSError) as exc:
        raise BotError(f"{MANIFEST} is not valid JSON ({exc})") from None
    except RecursionError:  # the parser recurses once per level of nesting
        raise BotError(f"{MANIFEST} is nested too deeply (a manifest is one flat object)") from None
    if not isinstance(manifest, dict):
        raise BotError(f"{MANIFEST} must be a JSON object")
    entry = manifest.get("entry")
    if not isinstance(entry, str) or not entry:
        raise BotError(f'{MANIFEST} must name the entry file: "entry": "main.py"')
    if "name" in manifest and not isinstance(manifest["name"], str):
        raise BotError(f'{MANIFEST}: "name" must be a string')
    try:
        parts = relative_parts(entry)
    except BotError as exc:
        raise BotError(f"{MANIFEST}: the entry {exc}") from None
    if not entry.endswith(".py"):
        raise BotError(f"{MANIFEST}: the entry {entry!r} must be a .py file")
    target = folder.joinpath(*parts)
    if target.is_symlink() or not target.is_file():
        raise BotError(f"{MANIFEST}: the entry file {entry!r} is not in the bot's folder")
    if folder.resolve() not in target.resolve().parents:  # through a linked folder
        raise BotError(f"{MANIFEST}: the entry {entry!r} is outside the bot's folder")
    return Manifest("/".join(parts), manifest.get("name"))


def relative_parts(path: str) -> tuple[str, ...]:
    """The parts of ``path``, a file's place in a bot's folder (/ between folders),
    refusing what could land outside it or mean different files on different
    systems: absolute paths, ``..``, backslashes, control characters, overlong names."""
    if any(ord(c) < 32 or ord(c) == 127 for c in path):
        raise BotError(f"{path!r}: control characters in a path")
    if "\\" in path:
        raise BotError(f"{path!r}: backslashes in a path (use / between folders)")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        raise BotError(f"{path!r}: an absolute path")
    parts = tuple(p for p in PurePosixPath(path).parts if p not in ("", "."))
    if ".." in parts:
        raise BotError(f"{path!r}: '..' in a path (it would land outside the bot's folder)")
    if not parts:
        raise BotError(f"{path!r}: an empty path")
    if any(len(p.encode()) > 255 for p in parts) or len(path.encode()) > 1024:
        raise BotError(f"{path[:60]!r}...: a path too long")
    return parts


def _clean_name(name: str) -> str:
    name = "".join(c for c in name if c.isprintable()).strip()[:64]
    return name or "bot"


def _hash_files(root: Path, files: list[Path]) -> str:
    h = hashlib.sha256()
    base = root if root.is_dir() else root.parent
    for f in files:
        h.update(f.relative_to(base).as_posix().encode() + b"\0")
        h.update(f.read_bytes())
        h.update(b"\0")
    return "sha256:" + h.hexdigest()[:16]


# -- the sandbox -----------------------------------------------------------------------


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def prlimit_path() -> str | None:
    return shutil.which("prlimit")


def unsandboxed_allowed(allow: bool | None = None) -> bool:
    if allow is not None:
        return allow
    return os.environ.get(ALLOW_ENV, "").strip().lower() in ("1", "true", "yes")


_counter = itertools.count()
_live_uids: set[int] = set()  # uids held by this process's running bots


def _allocate_uid() -> int:
    """A uid of this process's block that no running bot of it holds."""
    pid = os.getpid()
    if pid >= PID_LIMIT:  # pragma: no cover - the kernel never hands these out
        raise BotError(f"pid {pid} is beyond the bot uid range")
    base = UID_BASE + pid * UIDS_PER_PROCESS
    for _ in range(UIDS_PER_PROCESS):
        uid = base + next(_counter) % UIDS_PER_PROCESS
        if uid not in _live_uids:
            _live_uids.add(uid)
            return uid
    raise BotError(f"more than {UIDS_PER_PROCESS} bots running in one worker process")


def _release_uid(uid: int | None) -> None:
    if uid is not None:
        _live_uids.discard(uid)


class Sandbox:
    """Starts bot programs: inside bubblewrap, or (only when allowed) without it."""

    def __init__(
        self,
        limits: Limits | None = None,
        *,
        allow_unsandboxed: bool | None = None,
        bwrap: str | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.bwrap = bwrap if bwrap is not None else bwrap_path()
        self.python = python_executable()
        self.layout = PythonLayout.of_this_interpreter()
        self.prlimit = prlimit_path()
        self.setpriv = shutil.which("setpriv")
        if self.bwrap is None and not unsandboxed_allowed(allow_unsandboxed):
            raise SandboxUnavailable(
                "bubblewrap (bwrap) is not installed, and uploaded bots run only inside it. "
                "Install the Debian package bubblewrap (`make setup` does), or set "
                f"{ALLOW_ENV}=1 to run bot programs without a sandbox (only bots you trust)."
            )
        if self.prlimit is None:
            raise SandboxUnavailable(
                "prlimit is not installed, and bot programs run only under resource limits "
                "(CPU, memory, processes, files). Install the Debian package util-linux."
            )
        self.sandboxed = self.bwrap is not None
        self.as_root = os.geteuid() == 0

    def spawn(self, program: BotProgram) -> BotProcess:
        """Start ``program``; the caller owns the returned process and must close it."""
        staging = None
        uid = None
        info_read = None
        to_close: list[int] = []  # our copies of the descriptors bwrap inherits
        memory = TreeMemory(self.limits.memory_total)
        try:
            root = program.root
            if self.sandboxed and self.as_root and not _world_readable(root):
                staging = _stage(root)  # the unprivileged bot uid must be able to read it
                root = staging / root.name
            if self.sandboxed:
                if self.as_root:
                    uid = _allocate_uid()
                options, inner = self._bwrap_command(program, root, uid)
                cwd = "/"
            else:
                command = [
                    self.python,
                    "-S",
                    "-s",
                    "-B",
                    str(root if not root.is_dir() else root / program.entry),
                ]
                cwd = str(root if root.is_dir() else root.parent)
            rlimits = self._rlimits(uid)  # before the pipe: it may raise
            passed, env = (), _bot_env(str(SDK_FILE.parent))
            if self.sandboxed:
                # bwrap tells us the pid of the namespace's init on the info pipe, and
                # reads its options (host paths) from a file: not from its argv, which
                # every process in the sandbox can read in /proc/1/cmdline
                info_read, info_write = os.pipe()
                to_close.append(info_write)
                to_close.append(_options_file([*options, "--info-fd", str(info_write)]))
                command = [self.bwrap, "--args", str(to_close[-1]), "--", *inner]
                passed, env = tuple(to_close), {}
            popen = subprocess.Popen(
                memory.command_prefix() + rlimits + command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                close_fds=True,
                start_new_session=True,
                cwd=cwd,
                env=env,
                umask=0o022,
                pass_fds=passed,
            )
        except BaseException:
            if info_read is not None:
                os.close(info_read)
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
            _release_uid(uid)
            memory.close()
            raise
        finally:
            for fd in to_close:
                os.close(fd)
        memory.watch(popen.pid)
        return BotProcess(popen, self.limits, uid, staging, info_read, memory)

    # -- the command line -------------------------------------------------------------
    def _rlimits(self, uid: int | None) -> list[str]:
        """The ``prlimit`` prefix of the command line (``__init__`` checked it exists)."""
        lim = self.limits
        if self.prlimit is None:  # pragma: no cover - __init__ refuses
            raise SandboxUnavailable("prlimit is not installed: bots run only under rlimits")
        # RLIMIT_NPROC counts every task of the real uid: a bot with a uid of its own
        # gets the whole allowance; under an ordinary user, the user's own tasks count
        nproc = lim.processes
        if uid is None and os.geteuid() != 0:
            nproc += _tasks_of(os.getuid())
        return [
            self.prlimit,
            f"--cpu={lim.cpu}:{lim.cpu + 1}",
            f"--as={lim.memory}",
            f"--nproc={nproc}",
            f"--fsize={lim.file_size}",
            f"--nofile={lim.open_files}",
            "--core=0",
            "--",
        ]

    def _bwrap_command(
        self, program: BotProgram, root: Path, uid: int | None
    ) -> tuple[list[str], list[str]]:
        """bubblewrap's options (they name host paths) and the command it runs in
        the sandbox (which names none)."""
        lim = self.limits
        cmd: list[str] = []
        if uid is not None:
            cmd += [
                "--unshare-ipc",
                "--unshare-pid",
                "--unshare-net",
                "--unshare-uts",
                "--unshare-cgroup-try",
            ]
        else:
            cmd += ["--unshare-all"]  # unprivileged: a user namespace comes with it
        cmd += [
            "--die-with-parent",
            "--new-session",
            "--hostname",
            "sandbox",
            "--ro-bind",
            "/usr",
            "/usr",
        ]
        for top in ("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32"):
            if os.path.islink(top):
                cmd += ["--symlink", os.readlink(top), top]
            elif os.path.isdir(top):
                cmd += ["--ro-bind", top, top]
        cmd += ["--perms", "0755", "--dir", "/etc"]  # only these two files of the host's
        for name in ("/etc/ld.so.cache", "/etc/localtime"):
            cmd += ["--ro-bind-try", name, name]
        cmd += self.layout.mounts()
        cmd += [
            "--perms",
            "0755",
            "--dir",
            "/sdk",
            "--ro-bind",
            str(SDK_FILE),
            "/sdk/scrimmage_bot.py",
        ]
        if root.is_dir():
            cmd += ["--ro-bind", str(root), "/bot"]
        else:
            cmd += [
                "--perms",
                "0755",
                "--dir",
                "/bot",
                "--ro-bind",
                str(root),
                f"/bot/{program.entry}",
            ]
        cmd += [
            "--size",
            str(lim.tmp_size),
            "--perms",
            "1777",
            "--tmpfs",
            "/tmp",
            "--proc",
            "/proc",
            "--dev",
            "/dev",
            "--chdir",
            "/bot",
            "--clearenv",
        ]
        for key, value in {**_bot_env("/sdk"), **self.layout.env()}.items():
            cmd += ["--setenv", key, value]
        inner = []
        if uid is not None:
            inner += [
                self.setpriv or "/usr/bin/setpriv",
                f"--reuid={uid}",
                f"--regid={uid}",
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                "--",
            ]
        inner += [self.layout.sandbox_executable, "-S", "-s", "-B", f"/bot/{program.entry}"]
        return cmd, inner


def _options_file(options: list[str]) -> int:
    """A file descriptor, at offset 0, of ``options`` NUL-separated (``bwrap --args``)."""
    fd = os.memfd_create("bwrap-options")
    try:
        data = b"".join(os.fsencode(o) + b"\0" for o in options)
        while data:
            data = data[os.write(fd, data) :]
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _bot_env(sdk_dir: str) -> dict:
    return {
        "PYTHONPATH": sdk_dir,
        "HOME": "/tmp",
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
    }


def _world_readable(root: Path) -> bool:
    paths = [root] if root.is_file() else [root, *root.rglob("*")]
    for p in paths:
        mode = p.lstat().st_mode
        if stat.S_ISLNK(mode):
            continue
        need = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
        if mode & need != need:
            return False
    return True


def _stage(root: Path) -> Path:
    """A world-readable copy of the bot's files (its own files may be private)."""
    staging = Path(tempfile.mkdtemp(prefix="scrimmage-bot-"))
    os.chmod(staging, 0o755)
    target = staging / root.name
    if root.is_dir():
        shutil.copytree(root, target, symlinks=True)
    else:
        shutil.copy2(root, target)
    for p in [target, *(target.rglob("*") if target.is_dir() else [])]:
        if not p.is_symlink():
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
    return staging


def _tasks_of(uid: int) -> int:
    """How many tasks (threads included) ``uid`` runs now: RLIMIT_NPROC counts them."""
    count = 0
    for pid in _processes_of(uid):
        try:
            count += len(os.listdir(f"/proc/{pid}/task"))
        except OSError:
            pass
    return count


def _processes_of(uid: int) -> list[int]:
    """The processes (zombies included) that ``uid`` owns now."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if entry.stat().st_uid == uid:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def _end_processes_of(uid: int, wait: float = 5.0) -> bool:
    """Kill what is left of a bot uid's processes and wait until the kernel has
    taken them all; whether it has. Once the sandbox's init dies the kernel kills
    the rest of its namespace, but not at once: a uid handed on before then would
    start the next bot with the last one's processes counted against it."""
    end = time.monotonic() + wait
    while True:
        left = _processes_of(uid)
        if not left:
            return True
        if time.monotonic() >= end:
            return False
        for pid in left:
            _signal(pid, signal.SIGKILL)
        time.sleep(0.01)


# -- a running bot ---------------------------------------------------------------------


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
        popen: subprocess.Popen,
        limits: Limits,
        uid: int | None,
        staging: Path | None,
        info_fd: int | None = None,
        memory: TreeMemory | None = None,
    ) -> None:
        self.popen = popen
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
        self._lines: list = []
        self._skipping = False
        self._out_open = True
        self._closed = False
        for pipe in (popen.stdin, popen.stdout, popen.stderr):
            os.set_blocking(pipe.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(popen.stdout, selectors.EVENT_READ, "out")
        self._selector.register(popen.stderr, selectors.EVENT_READ, "err")

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
        stdin = self.popen.stdin
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
        if line is _OVERLONG:
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
            chunk = os.read(self.popen.stdout.fileno(), 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            self._out_open = False
            self._selector.unregister(self.popen.stdout)
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
            chunk = os.read(self.popen.stderr.fileno(), 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            self._selector.unregister(self.popen.stderr)
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
        if self.popen.stderr.closed:
            return
        for _ in range(64):
            try:
                chunk = os.read(self.popen.stderr.fileno(), 1 << 16)
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
            try:
                popen.stdin.close()
            except OSError:
                pass
            if grace > 0 and popen.poll() is None:
                end = time.monotonic() + grace
                while popen.poll() is None and time.monotonic() < end:
                    try:
                        self._pump(min(end, time.monotonic() + 0.05))
                    except (BotTimeout, OSError, ValueError):
                        pass
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
                    try:
                        popen.wait(2)
                    except subprocess.TimeoutExpired:
                        pass
                if popen.poll() is None:
                    _signal(popen.pid, signal.SIGKILL)
                    _signal(-popen.pid, signal.SIGKILL)
            try:
                popen.wait(5)
            except subprocess.TimeoutExpired:  # pragma: no cover - the kernel is slow
                pass
        finally:
            if self._info_fd is not None:
                os.close(self._info_fd)
                self._info_fd = None
            self._selector.close()
            for pipe in (popen.stdout, popen.stderr):
                try:
                    pipe.close()
                except OSError:
                    pass
            if self._staging is not None:
                shutil.rmtree(self._staging, ignore_errors=True)
            # a uid is reused only once all its bot's processes are gone
            if popen.poll() is not None and (self.uid is None or _end_processes_of(self.uid)):
                _release_uid(self.uid)
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
        try:
            self.close()
        except Exception:
            pass


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


__all__ = [
    "BotError",
    "BotExited",
    "BotProcess",
    "BotProgram",
    "BotTimeout",
    "Limits",
    "LineTooLong",
    "Manifest",
    "Sandbox",
    "SandboxUnavailable",
    "describe_status",
    "load_program",
    "read_manifest",
    "relative_parts",
    "unsandboxed_allowed",
    "ALLOW_ENV",
]

"""Runs an untrusted bot program as a separate process inside bubblewrap.

``Sandbox.spawn(program)`` starts the program's runtime (``python -S <entry>``,
``node <entry>``, the executable itself, ``java -jar <entry>``: ``runtime_mounts``)
in a fresh bubblewrap sandbox and returns a ``BotProcess``: the pipes to the bot,
read with a selector so that no bot can block the engine, with the bot's stderr
kept up to a cap.

What the bot sees and may do
----------------------------
- new IPC, PID, network, UTS and cgroup namespaces: no network at all (not even
  the host's 127.0.0.1), no other process of the machine;
- a root directory of its own with what its runtime needs (``runtime_mounts``).
  For Python: read-only ``/usr`` (and the ``/lib``, ``/bin`` links into it), the
  interpreter and its standard library only (read-only, at ``/python``: no
  site-packages, no virtualenv; the ``site-packages`` and ``dist-packages``
  folders under ``/usr`` are hidden behind empty ones), the SDK
  (``/sdk/scrimmage_bot.py``, on ``PYTHONPATH``); for the others only their
  binary and the libraries it links; then the bot's own files read-only at
  ``/bot`` (its working directory), a private size-capped ``/tmp``, ``/proc`` of
  its PID namespace and a minimal ``/dev``. Nothing else of the host: no
  ``/etc/shadow``, no data folder, no database, no other bot's files;
- no host path in any command line it can read: bubblewrap's options (which name
  the host folders it mounts) come through a file descriptor (``--args``), so the
  namespace's init (``/proc/1/cmdline``) shows only ``bwrap --args N -- <command>``,
  and the command names paths inside the sandbox only;
- an empty environment (``--clearenv``) but for HOME, PATH, LANG and the
  runtime's own (PYTHONPATH, NODE_PATH; bubblewrap itself starts with an empty one);
- ``--die-with-parent`` and ``--new-session``;
- rlimits set before bubblewrap starts (``prlimit``): CPU seconds, address
  space (Python only: V8 and the JVM reserve far more than they use), processes,
  file size, open files, no core files. Without ``prlimit`` (util-linux) the
  ``Sandbox`` refuses to start any bot, sandboxed or not;
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

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

from engine.bots import runtime_mounts
from engine.bots.interpreter import PythonLayout, python_executable
from engine.bots.limits import Limits
from engine.bots.memory import TreeMemory
from engine.bots.process import BotProcess
from engine.bots.program import BotError, BotProgram
from engine.bots.runtimes import NATIVE, runtime
from engine.bots.uids import allocate_uid, release_uid, tasks_of

SDK_DIR = runtime_mounts.SDK_DIR
SDK_FILE = SDK_DIR / "scrimmage_bot.py"
ALLOW_ENV = "SCRIMMAGE_ALLOW_UNSANDBOXED"


class SandboxUnavailable(BotError):
    """bubblewrap is missing and unsandboxed runs were not allowed."""


def bwrap_path() -> str | None:
    return shutil.which("bwrap")


def prlimit_path() -> str | None:
    return shutil.which("prlimit")


def unsandboxed_allowed(allow: bool | None = None) -> bool:
    if allow is not None:
        return allow
    return os.environ.get(ALLOW_ENV, "").strip().lower() in ("1", "true", "yes")


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
            executable = program.language == NATIVE.language
            if self._must_stage(root, program, executable):
                # the unprivileged bot uid must be able to read it (and run a native one)
                staging = _stage(root, program.entry if executable else None)
                root = staging / root.name
            if self.sandboxed:
                if self.as_root:
                    uid = allocate_uid()
                options, inner = self._bwrap_command(program, root, uid)
                cwd = "/"
            else:
                entry = str(root if not root.is_dir() else root / program.entry)
                command = runtime_mounts.host_command(
                    program.language, entry, self.python, self.limits
                )
                cwd = str(root if root.is_dir() else root.parent)
            rlimits = self._rlimits(uid, program.language)  # before the pipe: it may raise
            passed: tuple[int, ...] = ()
            env = runtime_mounts.host_env()
            if self.bwrap is not None:  # sandboxed
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
            release_uid(uid)
            memory.close()
            raise
        finally:
            for fd in to_close:
                os.close(fd)
        memory.watch(popen.pid)
        return BotProcess(popen, self.limits, uid, staging, info_read, memory)

    def _must_stage(self, root: Path, program: BotProgram, executable: bool) -> bool:
        """A copy is run when the bot's uid could not read the files, or a native
        entry is not executable (an upload keeps no file modes)."""
        entry = root / program.entry if root.is_dir() else root
        if executable and not os.access(entry, os.X_OK):
            return True
        return self.sandboxed and self.as_root and not _world_readable(root)

    # -- the command line -------------------------------------------------------------
    def _rlimits(self, uid: int | None, language: str) -> list[str]:
        """The ``prlimit`` prefix of the command line (``__init__`` checked it exists)."""
        lim = self.limits
        if self.prlimit is None:  # pragma: no cover - __init__ refuses
            raise SandboxUnavailable("prlimit is not installed: bots run only under rlimits")
        # RLIMIT_NPROC counts every task of the real uid: a bot with a uid of its own
        # gets the whole allowance; under an ordinary user, the user's own tasks count
        nproc = lim.processes
        if uid is None and os.geteuid() != 0:
            nproc += tasks_of(os.getuid())
        # V8 and the JVM reserve far more address space than they use: for them the
        # tree's memory limit (memory.py) is the only one
        address = lim.memory if runtime(language).address_limit else "unlimited"
        return [
            self.prlimit,
            f"--cpu={lim.cpu}:{lim.cpu + 1}",
            f"--as={address}",
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
        cmd += ["--die-with-parent", "--new-session", "--hostname", "sandbox"]
        cmd += ["--perms", "0755", "--dir", "/etc"]  # only these two files of the host's
        for name in ("/etc/ld.so.cache", "/etc/localtime"):
            cmd += ["--ro-bind-try", name, name]
        cmd += ["--perms", "0755", "--dir", "/sdk"]
        launcher = (self.setpriv or "/usr/bin/setpriv") if uid is not None else None
        entry = root / program.entry if root.is_dir() else root
        cmd += runtime_mounts.runtime_files(program.language, entry, self.layout, launcher)
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
        for key, value in runtime_mounts.env(program.language, self.layout).items():
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
        entry_inside = f"/bot/{program.entry}"
        inner += runtime_mounts.command(program.language, entry_inside, self.layout, lim)
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


def _stage(root: Path, executable: str | None = None) -> Path:
    """A world-readable copy of the bot's files (its own files may be private);
    ``executable``, the entry of a native bot, may be run by anyone too."""
    staging = Path(tempfile.mkdtemp(prefix="scrimmage-bot-"))
    os.chmod(staging, 0o755)
    target = staging / root.name
    if root.is_dir():
        shutil.copytree(root, target, symlinks=True)
    else:
        shutil.copy2(root, target)
    run = (target / executable if target.is_dir() else target) if executable else None
    for p in [target, *(target.rglob("*") if target.is_dir() else [])]:
        if not p.is_symlink():
            os.chmod(p, 0o755 if p.is_dir() or p == run else 0o644)
    return staging

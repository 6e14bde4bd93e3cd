"""One memory limit for a bot's whole process tree.

``RLIMIT_AS`` bounds each process, and ``RLIMIT_NPROC`` how many there are, so a
bot that forks could still hold their product (64 x 512 MiB). ``TreeMemory`` holds
the tree to ``Limits.memory_total`` together, one of two ways:

- **a cgroup** of its own, where the machine lets the worker make one: the kernel
  enforces the limit (it cannot be outrun) and its OOM killer fires in the tree
  when it is reached; a thread then ends the rest of the tree. cgroup v2 (``memory.max``, no swap, ``memory.oom.group``)
  or the v1 memory controller (``memory.limit_in_bytes``, ``memory.memsw...``).
  It is made under ``SCRIMMAGE_BOT_CGROUP`` (a folder of the cgroup file system the
  operator delegated to the worker) or else under the worker's own cgroup, when
  that allows children with a memory limit (as root with v1; with v2 only if
  ``memory`` is in its ``cgroup.subtree_control``). ``SCRIMMAGE_BOT_CGROUP=off``
  does without.
- **a watcher** otherwise: a thread that sums the private resident memory of the
  tree's processes (``private_resident``) every ``POLL`` seconds. It can be outrun
  for one interval, no more.

Either way, once the limit is reached the whole tree is killed and the bot's
exit is described as such (``BotProcess.describe_exit``).
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import signal
import threading
from dataclasses import dataclass
from pathlib import Path

ENV = "SCRIMMAGE_BOT_CGROUP"
#: seconds between two looks at a bot's tree: its memory (the watcher), or whether
#: the kernel's OOM killer fired in its cgroup (then it is only to end the rest)
POLL = 0.05
POLL_CGROUP = 0.2
_counter = itertools.count()


@dataclass(frozen=True)
class Cgroups:
    """The files of one version of the cgroup memory controller."""

    version: int
    limit: str
    swap: str  # the limit that keeps the tree from spilling into swap
    kills: str  # where the OOM killer's kills in the cgroup are counted
    peak: str

    def write_limits(self, folder: Path, limit: int) -> None:
        (folder / self.limit).write_text(str(limit))
        swap = folder / self.swap
        if swap.exists():  # only with swap accounting
            swap.write_text("0" if self.version == 2 else str(limit))
        group = folder / "memory.oom.group"
        if group.exists():  # v2: one OOM kill takes the whole cgroup
            group.write_text("1")


V2 = Cgroups(2, "memory.max", "memory.swap.max", "memory.events", "memory.peak")
V1 = Cgroups(
    1,
    "memory.limit_in_bytes",
    "memory.memsw.limit_in_bytes",
    "memory.oom_control",
    "memory.max_usage_in_bytes",
)


@functools.cache
def cgroup_parent() -> tuple[Path, Cgroups] | None:
    """Where this process makes its bots' cgroups, and their kind; ``None``: watch."""
    setting = os.environ.get(ENV, "").strip()
    if setting == "off":
        return None
    candidates = _own_cgroups()
    if setting:
        candidates = [
            (Path(setting), V2 if (Path(setting) / "cgroup.controllers").exists() else V1)
        ]
    for folder, kind in candidates:
        if _can_make_children(folder, kind):
            return folder, kind
    return None


def _own_cgroups() -> list[tuple[Path, Cgroups]]:
    """This process's cgroup folders with a memory controller: v2 first, then v1."""
    try:
        memberships = Path("/proc/self/cgroup").read_text().splitlines()
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return []
    found = []
    for kind, controller in ((V2, ""), (V1, "memory")):
        for line in memberships:
            _, controllers, path = line.split(":", 2)
            if controller not in controllers.split(",") and controllers != controller:
                continue
            for mount in mounts:
                fields = mount.split()
                fs = fields[fields.index("-") + 1]
                options = fields[-1].split(",")
                if (kind is V2 and fs == "cgroup2") or (kind is V1 and controller in options):
                    inside = os.path.relpath(path, fields[3])
                    found.append((Path(fields[4]) / inside, kind))
    return found


def _can_make_children(folder: Path, kind: Cgroups) -> bool:
    probe = folder / f"scrimmage-probe-{os.getpid()}"
    try:
        probe.mkdir()
    except OSError:
        return False
    try:
        return (probe / kind.limit).exists()
    finally:
        probe.rmdir()


class TreeMemory:
    """The memory limit of one bot's process tree (see the module's docstring)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        #: True once the tree went over the limit (and was killed for it)
        self.exceeded = False
        self.cgroup: Path | None = None
        self._kind = V2
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: the cgroup's peak when it was removed (``peak``'s last reading)
        self.final_peak: int | None = None
        parent = cgroup_parent()
        if parent is not None:
            folder, self._kind = parent
            path = folder / f"scrimmage-bot-{os.getpid()}-{next(_counter)}"
            try:
                path.mkdir()
                self._kind.write_limits(path, limit)
                self.cgroup = path
            except OSError:  # this one could not be made: watch instead
                _remove(path)

    def command_prefix(self) -> list[str]:
        """What the bot's command starts with: the shell that puts itself (and so
        everything it starts) into the cgroup, then runs the command."""
        if self.cgroup is None:
            return []
        return ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', str(self.cgroup / "cgroup.procs")]

    def watch(self, root: int) -> None:
        """Start watching the tree of process ``root`` (the bot's command)."""
        self._thread = threading.Thread(
            target=self._run, args=(root,), daemon=True, name=f"memory-{root}"
        )
        self._thread.start()

    def _run(self, root: int) -> None:
        while not self._stop.wait(POLL if self.cgroup is None else POLL_CGROUP):
            members = tree(root)
            if not members:
                return
            if self._over(members):
                self.exceeded = True
                self._kill(members, root)
                return

    def _over(self, members: list[int]) -> bool:
        if self.cgroup is not None:
            return _count(self.cgroup / self._kind.kills, "oom_kill") > 0
        return sum(private_resident(pid) for pid in members) > self.limit

    def _kill(self, members: list[int], root: int) -> None:
        """Kill every process of the tree, again while new ones keep appearing."""
        for _ in range(100):
            if self.cgroup is not None:
                members = members + _pids(self.cgroup / "cgroup.procs")
            for pid in members:
                _signal(pid, signal.SIGKILL)
            members = tree(root)
            if not members:
                return
            self._stop.wait(0.01)

    @property
    def peak(self) -> int | None:
        """The most memory the cgroup ever held (bytes); ``None`` without one."""
        if self.cgroup is None:
            return None
        try:
            return int((self.cgroup / self._kind.peak).read_text())
        except (OSError, ValueError):
            return None

    def close(self) -> None:
        """Stop watching and remove the cgroup (once the bot's processes are gone)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)
        if self.cgroup is not None:
            self.final_peak = self.peak
            for _ in range(200):
                for pid in _pids(self.cgroup / "cgroup.procs"):
                    _signal(pid, signal.SIGKILL)
                if _remove(self.cgroup):
                    break
                threading.Event().wait(0.01)


def tree(root: int) -> list[int]:
    """The living processes of ``root``'s tree: ``root`` and its descendants (in a
    sandbox an orphan is adopted by the namespace's init, which is one of them)."""
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            tasks = os.listdir(f"/proc/{pid}/task")
        except (OSError, IndexError):
            continue
        if state in ("Z", "X"):
            continue
        found.append(pid)
        for task in tasks:
            todo += _pids(Path(f"/proc/{pid}/task/{task}/children"))
    return found


def private_resident(pid: int) -> int:
    """The resident memory process ``pid`` holds of its own, in bytes: anonymous and
    shared-memory pages, not the pages of files it maps (its interpreter and
    libraries, which the host's page cache holds once for every process). Counting
    those too put a bot that filled its one process to its own ``RLIMIT_AS`` over a
    tree limit of the same size, with the sandbox's own processes beside it."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    kib = 0
    for line in status.splitlines():
        if line.startswith(("RssAnon:", "RssShmem:")):
            kib += int(line.split()[1])
    return kib * 1024


def _pids(path: Path) -> list[int]:
    try:
        return [int(p) for p in path.read_text().split()]
    except (OSError, ValueError):
        return []


def _count(path: Path, key: str) -> int:
    """The number after ``key`` in a flat-keyed cgroup file (0 when absent)."""
    try:
        for line in path.read_text().splitlines():
            name, _, value = line.partition(" ")
            if name == key:
                return int(value)
    except (OSError, ValueError):
        pass
    return 0


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, sig)


def _remove(path: Path) -> bool:
    try:
        path.rmdir()
        return True
    except FileNotFoundError:
        return True
    except OSError:
        return False

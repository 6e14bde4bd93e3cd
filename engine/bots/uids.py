"""The uids sandboxed bots run as when the worker runs as root.

``UID_BASE`` is the first uid given to sandboxed bots. Each worker
process owns the block ``UID_BASE + pid * UIDS_PER_PROCESS`` of
``UIDS_PER_PROCESS`` uids; pids are below ``PID_LIMIT`` (the kernel's
PID_MAX_LIMIT on 64-bit), so blocks of live processes never overlap and every
uid stays below 2**31 (200_000 + 2**22 * 256 < 2**31). Within its block a
process hands each running bot a free uid (one that none of its live bots
holds), so no two running bots ever share RLIMIT_NPROC.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time

from engine.bots.program import BotError

UID_BASE = 200_000
UIDS_PER_PROCESS = 256
PID_LIMIT = 1 << 22
assert UID_BASE + PID_LIMIT * UIDS_PER_PROCESS < 2**31

_counter = itertools.count()
_live_uids: set[int] = set()  # uids held by this process's running bots


def allocate_uid() -> int:
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


def release_uid(uid: int | None) -> None:
    if uid is not None:
        _live_uids.discard(uid)


def tasks_of(uid: int) -> int:
    """How many tasks (threads included) ``uid`` runs now: RLIMIT_NPROC counts them."""
    count = 0
    for pid in processes_of(uid):
        with contextlib.suppress(OSError):
            count += len(os.listdir(f"/proc/{pid}/task"))
    return count


def processes_of(uid: int) -> list[int]:
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


def end_processes_of(uid: int, wait: float = 5.0) -> bool:
    """Kill what is left of a bot uid's processes and wait until the kernel has
    taken them all; whether it has. Once the sandbox's init dies the kernel kills
    the rest of its namespace, but not at once: a uid handed on before then would
    start the next bot with the last one's processes counted against it."""
    end = time.monotonic() + wait
    while True:
        left = processes_of(uid)
        if not left:
            return True
        if time.monotonic() >= end:
            return False
        for pid in left:
            _kill(pid)
        time.sleep(0.01)


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)

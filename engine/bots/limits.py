"""What a bot process is allowed: times, rlimits, the memory of its tree, output caps."""

from __future__ import annotations

from dataclasses import dataclass

MiB = 1 << 20


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

    def time_json(self) -> dict[str, int]:
        return {
            "startup_ms": int(self.startup * 1000),
            "decision_ms": int(self.decision * 1000),
            "overage_ms": int(self.overage * 1000),
            "match_ms": int(self.match * 1000),
        }

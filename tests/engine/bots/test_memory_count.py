"""What the tree-memory watcher counts of a process: the memory it holds of its own,
not the file pages it maps (see ``engine.bots.memory.private_resident``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.bots.memory import private_resident

MiB = 1 << 20

HOLD = """
import mmap, sys
size = 64 * 2**20
if sys.argv[1] == "file":
    with open(sys.argv[2], "rb") as f:
        held = mmap.mmap(f.fileno(), size, access=mmap.ACCESS_READ)
    sum(held[i] for i in range(0, size, 4096))  # every page read in
else:
    held = bytearray(b"x" * size)  # every page written
print("ready", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def holding(tmp_path):
    """A process holding 64 MiB of one kind, and how much it held before."""
    data = tmp_path / "data"
    data.write_bytes(b"\x01" * 64 * MiB)
    started = []

    def hold(kind):
        child = subprocess.Popen(
            [sys.executable, "-c", HOLD, kind, str(data)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        started.append(child)
        assert child.stdout.readline() == "ready\n"
        return private_resident(child.pid)

    yield hold
    for child in started:
        child.kill()
        child.wait()


def test_a_mapped_file_is_not_counted_as_the_process_own(holding):
    assert holding("file") < 32 * MiB  # the interpreter's own heap, not the 64 MiB file


def test_memory_a_process_fills_is_counted(holding):
    assert holding("anonymous") >= 64 * MiB


def test_a_process_that_is_gone_holds_nothing():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert private_resident(child.pid) == 0

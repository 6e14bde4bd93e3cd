"""Memory is bounded per bot, not per process: a bot that forks children that each
stay under the per-process limit is held to one limit for its whole tree, by a
cgroup where the machine allows one and by the watcher anywhere; the tree is
killed and the fault says why (the ``arena`` fixture checks nothing survives and
the next match runs)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.bots import memory, sandbox
from tests.faults.conftest import FAST, faults

MiB = 1 << 20
#: each child fills 100 MiB, under the per-process 256 MiB; twelve are far over this
LIMITS = replace(FAST, memory_total=256 * MiB, processes=24, decision=60.0, overage=0.0)


@pytest.fixture
def guards(monkeypatch):
    """Every ``TreeMemory`` the sandbox makes, kept for a look after the match."""
    made = []

    class Kept(memory.TreeMemory):
        def __init__(self, limit):
            super().__init__(limit)
            made.append(self)

    monkeypatch.setattr(sandbox, "TreeMemory", Kept)
    return made


@pytest.fixture(params=["cgroup", "watcher"])
def way(request, monkeypatch):
    if request.param == "watcher":
        monkeypatch.setattr(memory, "cgroup_parent", lambda: None)
    elif memory.cgroup_parent() is None:
        pytest.skip("this machine lets the worker make no cgroup with a memory limit")
    return request.param


def test_a_forking_memory_bomb_is_held_to_one_limit_for_its_whole_tree(arena, guards, way):
    match, player = arena.play("memory_forks", limits=LIMITS, max_faults=2)
    found = faults(match)
    # killed, the bot cannot answer again: its seat forfeits at its first fault
    assert [f.type for f in found] == ["PlayerCrashed"] and found[0].data["exited"] is True
    assert "processes used more than 256 MiB of memory together" in found[0].data["reason"]
    assert match.log.events[-1].data["reason"] == "forfeit"
    (guard,) = guards
    assert guard.exceeded and (guard.cgroup is not None) == (way == "cgroup")
    if way == "cgroup":  # the kernel's count: never above the limit, not even briefly
        assert guard.final_peak is not None and guard.final_peak <= LIMITS.memory_total
        assert not guard.cgroup.exists()  # removed with the bot


def test_a_bot_within_the_limit_is_not_touched(arena, guards, way):
    match, player = arena.play("memory", limits=LIMITS)  # MemoryErrors in one process
    assert faults(match) == []
    (guard,) = guards
    assert not guard.exceeded

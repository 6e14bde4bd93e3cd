"""The sandbox's refusals and bookkeeping, without starting any bot."""

from __future__ import annotations

import os
import sys

import pytest

from engine import registry
from engine.bots import ALLOW_ENV, Limits, Sandbox, SandboxUnavailable, load_program, validate_bot
from engine.bots import sandbox as sandbox_module
from engine.bots.interpreter import (
    PACKAGE_FOLDERS,
    SANDBOX_PYTHON,
    PythonLayout,
    hidden_package_folders,
)
from engine.bots.process import BotProcess
from engine.bots.program import BotError
from engine.bots.uids import PID_LIMIT, UID_BASE, UIDS_PER_PROCESS, allocate_uid, release_uid
from engine.lineup import lineup, players_for
from engine.registry import starter_path


def test_without_prlimit_no_bot_is_started_sandboxed_or_not(monkeypatch):
    monkeypatch.setattr(sandbox_module, "prlimit_path", lambda: None)
    with pytest.raises(SandboxUnavailable, match="prlimit"):
        Sandbox()
    monkeypatch.setenv(ALLOW_ENV, "1")
    with pytest.raises(SandboxUnavailable, match="util-linux"):
        Sandbox(allow_unsandboxed=True)
    game = registry.get("tic_tac_toe")
    with pytest.raises(SandboxUnavailable, match="prlimit"):
        lineup(game, [str(starter_path("tic_tac_toe")), "random"])
    ok, reason, _ = validate_bot(starter_path("tic_tac_toe"), "tic_tac_toe")
    assert not ok and "prlimit" in reason


def test_every_command_line_starts_with_the_rlimits():
    sandbox = Sandbox(Limits(cpu=7, processes=9))
    prefix = sandbox._rlimits(UID_BASE, "python")
    assert prefix[0] == sandbox.prlimit and prefix[-1] == "--"
    assert "--cpu=7:8" in prefix and "--nproc=9" in prefix and "--core=0" in prefix
    assert f"--as={sandbox.limits.memory}" in prefix


@pytest.mark.parametrize("language", ["javascript", "native", "java"])
def test_v8_the_jvm_and_native_programs_get_no_address_space_limit(language):
    """V8 and the JVM reserve far more address space than they use: for every
    runtime but Python the tree's memory limit is the one that holds."""
    sandbox = Sandbox(Limits(cpu=7, processes=9))
    prefix = sandbox._rlimits(UID_BASE, language)
    assert "--as=unlimited" in prefix and "--nproc=9" in prefix


def test_rlimit_failure_leaks_no_pipe(monkeypatch):
    sandbox = Sandbox()

    def boom(uid, language):
        raise OSError("no /proc")

    monkeypatch.setattr(sandbox, "_rlimits", boom)
    before = set(os.listdir("/proc/self/fd"))
    with pytest.raises(OSError, match="no /proc"):
        sandbox.spawn(load_program(starter_path("tic_tac_toe")))
    assert set(os.listdir("/proc/self/fd")) <= before


def test_bot_uids_are_per_process_blocks_below_2_31_and_never_shared_while_live():
    assert UID_BASE + PID_LIMIT * UIDS_PER_PROCESS < 2**31
    base = UID_BASE + os.getpid() * UIDS_PER_PROCESS
    held = [allocate_uid() for _ in range(UIDS_PER_PROCESS)]
    try:
        assert len(set(held)) == UIDS_PER_PROCESS
        assert all(base <= uid < base + UIDS_PER_PROCESS for uid in held)
        with pytest.raises(BotError, match="more than"):
            allocate_uid()
        release_uid(held[5])
        assert allocate_uid() == held[5]
    finally:
        for uid in held:
            release_uid(uid)


def test_stderr_is_capped_in_one_place():
    process = BotProcess.__new__(BotProcess)
    process.limits, process._stderr, process.stderr_dropped = Limits(stderr=5), bytearray(), 0
    process._keep_stderr(b"abc")
    process._keep_stderr(b"defg")
    process._keep_stderr(b"hi")
    assert bytes(process._stderr) == b"abcde" and process.stderr_dropped == 4
    process._closed = True  # nothing to close in __del__


def test_validate_bot_names_an_unknown_game():
    ok, reason, stderr = validate_bot(starter_path("tic_tac_toe"), "no_such_game")
    assert (ok, stderr) == (False, "") and "unknown game 'no_such_game'" in reason


def test_players_for_mixes_built_ins_and_programs_and_can_stand_in_for_refusals(tmp_path):
    game = registry.get("tic_tac_toe")
    starter = load_program(starter_path("tic_tac_toe"))
    seats, players = players_for(
        game,
        ["random", starter, tmp_path / "gone.py"],
        on_refused=lambda index, error: ("refused", index, str(error)),
    )
    assert seats[0].bot == "random" and seats[1].version == starter.version
    assert players[1].sandbox is not None
    assert players[2][:2] == ("refused", 2) and "no bot program" in players[2][2]
    with pytest.raises(BotError, match="no bot program"):
        players_for(game, [tmp_path / "gone.py"])


def test_the_interpreter_is_mounted_with_its_standard_library_only():
    layout = PythonLayout.of_this_interpreter()
    opts = layout.mounts()
    binds = [(opts[i + 1], opts[i + 2]) for i, o in enumerate(opts) if o == "--ro-bind"]
    assert binds and all(target.startswith(SANDBOX_PYTHON + "/") for _, target in binds)
    sources = [source for source, _ in binds]
    assert not [s for s in sources if s.endswith(PACKAGE_FOLDERS)]
    assert sys.prefix not in sources and sys.base_prefix not in sources  # not a whole prefix
    covered = [opts[i + 1] for i, o in enumerate(opts) if o == "--tmpfs"]
    assert set(hidden_package_folders()) <= set(covered)


def test_the_command_in_the_sandbox_names_no_host_path():
    sandbox = Sandbox()
    program = load_program(starter_path("tic_tac_toe"))
    options, inner = sandbox._bwrap_command(program, program.root, UID_BASE)
    assert str(program.root) in options  # the host paths are bubblewrap's options only
    python = sandbox.layout.sandbox_executable
    assert inner[-5:] == [python, "-S", "-s", "-B", f"/bot/{program.entry}"]
    assert not [arg for arg in inner if arg.startswith(("/work", "/root", "/home", "/tmp"))]

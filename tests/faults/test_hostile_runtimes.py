"""Hostile bots in every runtime but Python (tests/faults/hostile/runtimes/: one
program per language, told its attack by ``mode.txt``): a fork bomb (processes,
then threads), memory over several processes, the host's 127.0.0.1, writes
outside /tmp, the environment and host paths, spinning past the time limit and
flooding stdout and stderr. Each is contained with the right fault; the ``arena``
fixture checks that nothing of the bot is left. tic-tac-toe keeps them short."""

from __future__ import annotations

import shutil
import socket
from dataclasses import replace
from pathlib import Path

import pytest

from engine.bots import Limits
from tests.bot_builds import JAVA_SDK, build_c, build_jar
from tests.faults.conftest import FAST, SHORT, faults, tasks_of_uid, tasks_seen

SOURCES = Path(__file__).with_name("hostile") / "runtimes"
RUNTIMES = ("javascript", "native", "java")
SECRET = "hunter2-not-for-bots"
#: the only environment a bot of these runtimes sees (bubblewrap sets PWD, /bot)
ALLOWED_ENV = {"HOME", "PATH", "LANG", "NODE_PATH", "PWD"}


@pytest.fixture(scope="module")
def programs(tmp_path_factory) -> dict[str, Path]:
    """The hostile program of each runtime, built once."""
    out = tmp_path_factory.mktemp("hostile")
    native = build_c(SOURCES / "hostile.c", out / "bot", "-static", "-pthread")
    jar = build_jar(
        [SOURCES / "Hostile.java", JAVA_SDK / "ScrimmageBot.java"], "Hostile", out / "bot.jar"
    )
    return {"javascript": SOURCES / "hostile.js", "native": native, "java": jar}


def hostile_bot(tmp_path: Path, programs: dict, language: str, mode: str, **files: str) -> Path:
    """A bot folder: the runtime's hostile program, its manifest and ``mode.txt``."""
    folder = tmp_path / f"{language}-{mode}"
    folder.mkdir()
    source = programs[language]
    entry = {"javascript": "main.js", "native": "bot", "java": "bot.jar"}[language]
    shutil.copy(source, folder / entry)
    (folder / "bot.json").write_text(f'{{"entry": "{entry}", "language": "{language}"}}')
    (folder / "mode.txt").write_text(mode)
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def reason_of(match) -> str:
    return match.log.events[-1].data["reason"]


@pytest.mark.parametrize("language", RUNTIMES)
def test_a_fork_bomb_is_held_to_the_process_limit(arena, tmp_path, programs, language):
    limits = replace(SHORT, decision=2.0, overage=0.0, processes=24, cpu=4)
    bot = hostile_bot(tmp_path, programs, language, "forkbomb")
    with tasks_seen(arena) as seen:
        match, player = arena.play(bot, limits=limits, max_faults=2)
    found = faults(match)
    assert found and {f.type for f in found} <= {"PlayerTimedOut", "PlayerCrashed"}
    assert reason_of(match) == "forfeit"
    assert seen and max(seen) <= limits.processes
    assert tasks_of_uid(player.uid) == 0


@pytest.mark.parametrize("language", RUNTIMES)
def test_memory_over_several_processes_hits_the_trees_one_limit(
    arena, tmp_path, programs, language
):
    # room for the threads of nine runtimes (node and the JVM run a dozen or more
    # each): at 64 tasks, on a busy machine, the JVMs starting side by side could all
    # hit the task limit before any filled its memory (each died in its start-up, the
    # parent bot played on, and no fault came: seen once in .ci/run)
    limits = replace(FAST, memory_total=384 * 2**20, cpu=30, processes=256)
    bot = hostile_bot(tmp_path, programs, language, "memory")
    match, player = arena.play(bot, limits=limits)
    every = faults(match)
    assert len(every) == 1, (every, player.stderr[-2000:])  # gone: it forfeits at once
    found = every[0]
    assert found.type == "PlayerCrashed" and found.data["exited"] is True
    assert "384 MiB of memory together" in found.data["reason"], player.stderr
    assert reason_of(match) == "forfeit"


@pytest.mark.parametrize("language", RUNTIMES)
def test_the_hosts_loopback_is_out_of_reach(arena, tmp_path, programs, language):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.2)
    port = server.getsockname()[1]
    try:
        bot = hostile_bot(tmp_path, programs, language, "network", **{"port.txt": str(port)})
        match, player = arena.play(bot)
        try:
            server.accept()[0].close()
            connected = True
        except TimeoutError:
            connected = False
    finally:
        server.close()
    assert not connected and faults(match) == []
    assert f"connect 127.0.0.1:{port} blocked" in player.stderr, player.stderr


@pytest.mark.parametrize("language", RUNTIMES)
def test_writes_outside_tmp_fail(arena, tmp_path, programs, language):
    bot = hostile_bot(tmp_path, programs, language, "write")
    before = sorted(p.name for p in bot.iterdir())
    match, player = arena.play(bot)
    err = player.stderr
    for path in ["/bot/evil.txt", "evil.txt", "/usr/evil.txt", "/evil.txt", "/etc/evil.txt"]:
        assert f"write {path}: denied" in err, err
    assert "write /tmp/ok.txt: WROTE" in err
    assert sorted(p.name for p in bot.iterdir()) == before
    assert faults(match) == []


@pytest.mark.parametrize("language", RUNTIMES)
def test_no_secret_of_the_environment_and_no_host_path_is_visible(
    arena, tmp_path, programs, language, monkeypatch
):
    monkeypatch.setenv("SCRIMMAGE_TEST_SECRET", SECRET)
    secret_file = tmp_path / "secret.txt"
    secret_file.write_text(SECRET)
    targets = [
        str(secret_file),
        "/work/main/pyproject.toml",
        "/etc/passwd",
        "/root/.bash_history",
        "/usr/lib/python3",
        "/proc/1/environ",
    ]
    bot = hostile_bot(tmp_path, programs, language, "snoop", **{"targets.txt": "\n".join(targets)})
    match, player = arena.play(bot)
    err = player.stderr
    assert SECRET not in err and faults(match) == []
    names = {line[4:].split("=")[0] for line in err.splitlines() if line.startswith("env ")}
    assert names and names <= ALLOWED_ENV, names
    for path in targets[:-1]:
        assert f"probe {path}: denied" in err, err


@pytest.mark.parametrize("language", RUNTIMES)
def test_spinning_past_the_time_limit_times_out_and_forfeits(arena, tmp_path, programs, language):
    limits = replace(SHORT, cpu=60)
    bot = hostile_bot(tmp_path, programs, language, "spin")
    match, _ = arena.play(bot, limits=limits, max_faults=2)
    assert [f.type for f in faults(match)] == ["PlayerTimedOut", "PlayerTimedOut"]
    assert reason_of(match) == "forfeit"


@pytest.mark.parametrize("language", RUNTIMES)
def test_flooding_stdout_and_stderr_is_one_fault_and_a_capped_stderr(
    arena, tmp_path, programs, language
):
    bot = hostile_bot(tmp_path, programs, language, "flood")
    match, player = arena.play(bot, max_faults=3)
    found = faults(match)
    assert [f.type for f in found] == ["ActionRejected"], found
    assert "longer than 1048576 bytes" in found[0].data["reason"]
    assert reason_of(match) != "forfeit"  # later decisions were answered
    kept = player.stderr
    assert kept.startswith("e" * 1000) and "more bytes of stderr discarded" in kept
    assert len(kept) < Limits().stderr + 200

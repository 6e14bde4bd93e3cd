"""One hostile bot per attack: each is contained, recorded with the right reason,
the match ends with a result, and (the ``arena`` fixture checks) nothing of the
bot survives and the next match on the same worker process runs normally."""

from __future__ import annotations

import json
import os
import site
import socket
import sys
import time
from dataclasses import replace
from pathlib import Path

from engine import registry
from engine.bots.sandbox import SDK_FILE
from engine.replay import verify
from tests.faults.conftest import (
    FAST,
    HOSTILE,
    SHORT,
    FirstLegal,
    bot_dir,
    faults,
    tasks_of_uid,
    tasks_seen,
)

ROOT = Path(__file__).resolve().parents[2]


def ended(match) -> dict:
    last = match.log.events[-1]
    assert last.type == "MatchEnded"
    return last.data


def test_an_infinite_loop_is_killed_by_the_cpu_limit(arena):
    # the decision limit is far above the 1 s of CPU, however slowly the machine
    # hands it out: the bot dies of its CPU limit, not of a timeout
    limits = replace(FAST, decision=60.0, overage=0.0, cpu=1)
    began = time.monotonic()
    match, player = arena.play("loop", limits=limits)
    found = faults(match)
    assert found[0].type == "PlayerCrashed"
    assert "CPU time limit" in found[0].data["reason"]
    # once the process is gone it cannot answer again: its seat forfeits at once
    assert len(found) == 1 and found[0].data["exited"] is True
    assert ended(match)["reason"] == "forfeit" and ended(match)["ranks"][0] == 2
    assert time.monotonic() - began < limits.decision  # no decision was waited out


def test_an_infinite_loop_times_out_each_decision(arena):
    limits = replace(SHORT, cpu=60)
    began = time.monotonic()
    match, player = arena.play("loop", limits=limits, max_faults=2)
    found = faults(match)
    assert [f.type for f in found] == ["PlayerTimedOut", "PlayerTimedOut"]
    assert ended(match)["reason"] == "forfeit" and ended(match)["ranks"][0] == 2
    # the first wait draws the overage bank (0.5 + 0.3 s); the bank is then empty
    assert "0.80 s" in found[0].data["reason"] and "0.50 s" in found[1].data["reason"]
    assert player.overage_left == 0 and player.match_left == limits.match - 0.8 - 0.5
    # the waits ended at the deadlines, not when the CPU limit would have killed it
    assert time.monotonic() - began < limits.cpu / 2


def test_a_bot_that_sleeps_forever_times_out_and_forfeits(arena):
    began = time.monotonic()
    match, _ = arena.play("sleep_forever", limits=SHORT)
    found = faults(match)
    assert [f.type for f in found] == ["PlayerTimedOut"] * 3
    assert [f.data["reason"].split(" (")[0] for f in found] == [
        f"no answer within {s} s" for s in ("0.80", "0.50", "0.50")
    ]
    assert ended(match)["reason"] == "forfeit"
    assert any(e.type == "PlayerForfeited" for e in match.log)
    # each decision was given up at its own deadline, not at the match's limit
    assert time.monotonic() - began < SHORT.match / 2


def test_allocating_10_gb_fails_inside_the_sandbox(arena):
    match, player = arena.play("memory")
    assert faults(match) == []  # the bot survived its MemoryErrors and answered
    assert "bytearray(10 GB): MemoryError" in player.stderr
    mib = int(player.stderr.split("chunks: MemoryError after ")[1].split()[0])
    assert mib < 256


def test_a_fork_bomb_is_contained(arena):
    # long enough for the bomb to reach its cap and for the watcher to see it there,
    # however slowly a busy machine forks
    limits = replace(SHORT, decision=2.0, overage=0.0, processes=24)
    with tasks_seen(arena) as seen:
        match, player = arena.play("forkbomb", limits=limits, max_faults=2)
    assert [f.type for f in faults(match)] == ["PlayerTimedOut", "PlayerTimedOut"]
    assert seen and max(seen) <= limits.processes
    assert max(seen) >= limits.processes // 2  # it did try
    assert tasks_of_uid(player.uid) == 0


def test_no_network_not_even_the_hosts_loopback(arena, tmp_path):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.2)
    port = server.getsockname()[1]
    folder = bot_dir(tmp_path, "network", {"target.json": json.dumps({"port": port})})
    try:
        match, player = arena.play(folder)
        try:
            conn, _ = server.accept()
            conn.close()
            connected = True
        except TimeoutError:
            connected = False
    finally:
        server.close()
    assert not connected
    err = player.stderr
    assert "CONNECTED" not in err and "RESOLVED" not in err
    assert f"127.0.0.1:{port} blocked" in err and "1.1.1.1:80 blocked" in err
    assert "dns blocked" in err
    times = [
        float(line.split(" in ")[1].split()[0])
        for line in err.splitlines()
        if " blocked (" in line and " in " in line
    ]
    assert times and max(times) < 10  # refused at once, not the bot's 30 s timeout
    assert faults(match) == []


def test_secrets_and_other_bots_are_not_visible(arena, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    database = data / "db.sqlite3"
    database.write_bytes(b"SQLite format 3\0 secret users")
    other = tmp_path / "other_bot"
    other.mkdir()
    (other / "main.py").write_text("SECRET_STRATEGY = 42\n")
    (tmp_path / "snoop_sibling.py").write_text("# a file next to the bot\n")
    targets = [
        str(database),
        str(data),
        str(other / "main.py"),
        str(tmp_path / "snoop_sibling.py"),
        "/work/main/pyproject.toml",
        "/root/.bash_history",
        "/proc/1/environ",
    ]
    folder = bot_dir(tmp_path, "snoop", {"targets.json": json.dumps(targets)})
    match, player = arena.play(folder)
    err = player.stderr
    assert "READ" not in err.replace("probe /etc/passwd", ""), err
    for path in ["/etc/shadow", "/etc/passwd", *targets[:4]]:
        assert f"probe {path}: denied (FileNotFoundError)" in err
    listing = err.split("listdir / ")[1].splitlines()[0]
    assert "'work'" not in listing and "'home'" not in listing and "'etc'" in listing
    assert "own files ['bot.json', 'main.py', 'targets.json']" in err
    # its own PID namespace: the only processes are the sandbox's
    pids = json.loads(err.split(" pids ")[1].splitlines()[0])
    assert max(pids) < 10
    assert faults(match) == []


def _host_packages() -> tuple[list[str], list[str]]:
    """The host's third-party package folders (the interpreter's own and the
    virtualenv's) and some packages installed there, Django and Celery first."""
    folders = [
        *site.getsitepackages([sys.base_prefix]),
        *site.getsitepackages(),
        "/usr/lib/python3/dist-packages",
    ]
    modules = ["django", "celery"]
    for folder in folders:
        if os.path.isdir(folder):
            modules += sorted(
                name
                for name in os.listdir(folder)
                if name.isidentifier() and os.path.isfile(os.path.join(folder, name, "__init__.py"))
            )[:3]
    return folders, modules


def test_the_hosts_packages_and_paths_are_not_visible(arena, tmp_path):
    folders, modules = _host_packages()
    folder = bot_dir(
        tmp_path,
        "peek_host",
        {"targets.json": json.dumps({"folders": folders, "modules": modules})},
    )
    match, player = arena.play(folder, limits=replace(FAST, decision=60.0, cpu=30))
    err = player.stderr
    assert faults(match) == [], (faults(match), err)
    # the standard library only: every package folder is empty, nothing imports
    assert "IMPORTED" not in err, err
    for name in modules:
        assert f"import {name}: failed (ModuleNotFoundError)" in err
    found = [line for line in err.splitlines() if line.startswith("packages folder ")]
    assert all(line.endswith(": []") for line in found), found
    # no command line or environment of any process in the sandbox names a host path
    processes = json.loads(err.split("processes ")[1].splitlines()[0])
    assert "1" in processes and len(processes) >= 2
    host = {
        "/work",
        ".venv",
        str(ROOT),
        str(tmp_path),
        sys.prefix,
        sys.base_prefix,
        str(SDK_FILE.parent),
    }
    for pid, seen in processes.items():
        for text in seen.values():
            assert not [path for path in host if path in text], (pid, text)
    assert "executable /python/bin/python" in err


def test_writes_outside_tmp_fail(arena, tmp_path):
    folder = bot_dir(tmp_path, "write_outside")
    match, player = arena.play(folder)
    err = player.stderr
    for path in [
        "/bot/evil.txt",
        "evil.txt",
        "/usr/evil.txt",
        "/evil.txt",
        "/etc/evil.txt",
        "/sdk/evil.txt",
    ]:
        assert f"write {path}: denied" in err, err
    assert "write /tmp/ok.txt: WROTE" in err
    assert "write big /tmp/big.bin: denied (OSError)" in err  # RLIMIT_FSIZE: EFBIG
    assert sorted(p.name for p in folder.iterdir()) == ["bot.json", "main.py"]
    assert faults(match) == []


def test_100_mb_on_stdout_is_a_fault_and_the_bot_recovers(arena):
    match, player = arena.play("flood_stdout", max_faults=3)
    found = faults(match)
    assert [f.type for f in found] == ["ActionRejected"]
    assert "longer than 1048576 bytes" in found[0].data["reason"]
    assert ended(match)["reason"] != "forfeit"  # later decisions were answered
    # the flood was refused at the line cap, not read to a timeout
    assert player.match_left > FAST.match - FAST.decision


def test_100_mb_on_stderr_is_drained_and_capped(arena):
    match, player = arena.play("flood_stderr")
    assert faults(match) == []
    kept = player.stderr
    assert kept.startswith("e" * 1000)
    assert len(kept) < FAST.stderr + 200 and "more bytes of stderr discarded" in kept


def test_garbage_lines_are_rejected_with_the_reason(arena):
    # against an opponent that also plays the first column, the match lasts long enough
    match, player = arena.play("garbage", game="connect_four", opponent=FirstLegal, max_faults=6)
    reasons = [f.data["reason"] for f in faults(match)]
    assert all(f.type == "ActionRejected" for f in faults(match))
    expected = [
        "not JSON",
        "not UTF-8",
        "must be a JSON object",
        'expected an "action"',
        'no "action" field',
        "floats are not allowed",
    ]
    assert len(reasons) == len(expected), reasons
    for reason, fragment in zip(reasons, expected):
        assert fragment in reason, (reason, fragment)
    assert ended(match)["reason"] == "forfeit"


def test_a_bot_that_exits_at_once_faults_without_waiting(arena):
    began = time.monotonic()
    match, player = arena.play("exit_at_once")
    found = faults(match)
    assert [f.type for f in found] == ["PlayerCrashed"]  # a dead bot forfeits at once
    assert "exited with status 3 before the handshake" in found[0].data["reason"]
    assert ended(match)["reason"] == "forfeit" and ended(match)["ranks"][0] == 2
    assert time.monotonic() - began < FAST.startup  # the handshake was not waited out


def test_a_bot_that_never_starts_times_out_at_the_handshake(arena):
    began = time.monotonic()
    match, _ = arena.play("slow_start", limits=replace(FAST, startup=0.5))
    found = faults(match)
    assert found[0].type == "PlayerTimedOut" and "within 0.5 s" in found[0].data["reason"]
    # once it timed out the bot is gone (ended): its seat forfeits at once
    assert len(found) == 1 and found[0].data["exited"] is True
    assert ended(match)["reason"] == "forfeit"
    assert time.monotonic() - began < FAST.decision


def test_illegal_actions_are_rejected_by_the_runner(arena):
    match, _ = arena.play("illegal")
    found = faults(match)
    assert [f.type for f in found] == ["ActionRejected"] * 3
    assert [f.data.get("action") for f in found] == [99, "centre", None]
    assert all(f.data["reason"] == "not one of the legal actions" for f in found)
    assert verify(match.log.events, registry.get).ok


def test_an_error_in_decide_then_a_crash(arena):
    match, player = arena.play("crash", max_faults=5, seed=3)
    found = faults(match)
    assert [f.type for f in found] == ["PlayerCrashed"] * 3
    assert found[0].data["reason"] == "the bot reported an error: ValueError: my bug"
    # an error it reported is a fault like any; its exit forfeits at once
    assert ["exited" in f.data for f in found] == [False, False, True]
    assert "exited with status 7" in found[2].data["reason"]
    assert ended(match)["reason"] == "forfeit"
    assert "Traceback" in player.stderr and "my bug" in player.stderr


def test_every_hostile_log_verifies(arena):
    for name in ["exit_at_once", "illegal", "sleep_forever"]:
        match, _ = arena.play(name, limits=replace(SHORT, decision=0.2, overage=0.0))
        assert verify(match.log.events, registry.get).ok, name
    assert HOSTILE.is_dir()

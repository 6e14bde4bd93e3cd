"""Hostile-bot fixtures: short limits, a match runner, and a health check that
every test passes through (no process, zombie or pipe left; the next match on
the same worker process runs normally)."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine import registry
from engine.bots import Limits, Sandbox, SubprocessPlayer, load_program
from engine.game import Seat
from engine.players import BotPlayer
from engine.registry import starter_path
from engine.runner import run_match

HOSTILE = Path(__file__).with_name("hostile")
#: for bots that answer: the limits are far above what an answer takes even on a
#: busy machine, so that only a bot's own misdeed, never the load, makes a fault
#: (waits end as soon as the bot answers, so a roomy limit costs no time)
FAST = Limits(
    startup=30.0, decision=10.0, overage=5.0, match=120.0, cpu=2, processes=24, memory=256 * 2**20
)
#: for bots that never answer (a loop, a sleep): every decision is waited out, so
#: short; what these tests check is derived from the limits, never from a clock
SHORT = replace(FAST, decision=0.5, overage=0.3, match=20.0)


def children_of(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``: pid -> state letter (Z: a zombie)."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found[int(entry)] = fields[0]
    return found


def left_over(before: dict[int, str]) -> list[int]:
    """Our children that are new since ``before``, or became unreaped zombies (a
    child that was already there may go from sleeping to running: that is fine)."""
    now = children_of(os.getpid())
    return sorted(
        p for p, state in now.items() if p not in before or (state == "Z" and before[p] != "Z")
    )


def tasks_of_uid(uid: int) -> int:
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    count += 1
            except OSError:
                pass
    return count


@contextlib.contextmanager
def tasks_seen(arena: Arena) -> Iterator[list[int]]:
    """While inside: the task counts of the arena's latest bot uid, every 50 ms."""
    seen: list[int] = []
    done = threading.Event()

    def watch():
        while not done.is_set():
            player = arena.players[-1] if arena.players else None
            if player is not None and player.uid is not None:
                seen.append(tasks_of_uid(player.uid))
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        yield seen
    finally:
        done.set()
        watcher.join()


def bot_dir(tmp_path: Path, hostile: str, files: dict | None = None) -> Path:
    """A folder bot made of one hostile file (as main.py) and extra files."""
    folder = tmp_path / hostile
    folder.mkdir()
    shutil.copy(HOSTILE / f"{hostile}.py", folder / "main.py")
    (folder / "bot.json").write_text('{"entry": "main.py"}')
    for name, text in (files or {}).items():
        (folder / name).write_text(text)
    return folder


class Arena:
    """Plays one match of a program bot against a built-in bot."""

    def __init__(self) -> None:
        self.players: list[SubprocessPlayer] = []

    def play(
        self,
        bot,
        *,
        game: str = "tic_tac_toe",
        opponent: str | type | None = None,
        limits: Limits = FAST,
        max_faults: int = 3,
        seed: int = 1,
        seat: int = 0,
    ):
        path = bot if isinstance(bot, Path) else HOSTILE / f"{bot}.py"
        g = registry.get(game)
        opponent = opponent or FirstLegal
        program = load_program(path)
        player = SubprocessPlayer(program, sandbox=Sandbox(limits))
        self.players.append(player)
        other = BotPlayer(g, g.bots[opponent] if isinstance(opponent, str) else opponent)
        players = [other, other]
        players[seat] = player
        name = opponent if isinstance(opponent, str) else opponent.__name__
        seats = [Seat(name), Seat(name)]
        seats[seat] = Seat(program.name, program.version)
        match = run_match(g, players, seats, seed, max_faults=max_faults)
        return match, player


class FirstLegal:
    """Always the first legal action: a predictable, harmless opponent."""

    def __init__(self, game, seat, rng) -> None:
        pass

    def decide(self, request):
        return request.legal[0]


def faults(match, seat: int = 0) -> list:
    return [
        e
        for e in match.log
        if e.type in ("PlayerTimedOut", "PlayerCrashed", "ActionRejected")
        and e.data["seat"] == seat
    ]


@pytest.fixture
def arena():
    fds_before = len(os.listdir("/proc/self/fd"))
    # other suites may keep processes of their own (a live server): only ours count
    children_before = children_of(os.getpid())
    arena = Arena()
    yield arena
    # the worker is fine: nothing of the bot is left, and a normal match runs
    for player in arena.players:
        assert player.process is None, "finish() must end the bot"
        if player.uid is not None:
            assert tasks_of_uid(player.uid) == 0, "a process of the sandboxed bot survived"
    assert left_over(children_before) == []
    starter = starter_path("tic_tac_toe")
    match, player = arena.play(starter, max_faults=3)
    assert faults(match) == [] and match.outcome.reason != "forfeit"
    assert player.process is None
    assert left_over(children_before) == []
    assert len(os.listdir("/proc/self/fd")) <= fds_before

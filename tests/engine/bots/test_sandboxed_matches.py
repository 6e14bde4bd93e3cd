"""Starter bots play whole matches through the sandbox; programs in the lineup and
the command line; validation; the refusal to run without bubblewrap."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from engine import registry
from engine.bots import (
    ALLOW_ENV,
    BotError,
    Limits,
    Sandbox,
    SandboxUnavailable,
    SubprocessPlayer,
    load_program,
    validate_bot,
)
from engine.bots import sandbox as sandbox_module
from engine.cli import main
from engine.lineup import lineup
from engine.registry import starter_path
from engine.replay import verify
from engine.runner import run_match
from engine.sdk import SDK_FILE

#: roomy: far above what a starter needs even on a busy machine, so only a bot's own
#: misdeed makes a fault (a wait ends when the bot answers: roomy costs nothing)
FAST = Limits(startup=30.0, decision=10.0, overage=5.0, match=300.0)
FAULTS = ("PlayerTimedOut", "PlayerCrashed", "ActionRejected")


def test_bubblewrap_is_installed():
    assert shutil.which("bwrap"), "make setup installs bubblewrap"


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_game_has_a_starter_that_plays_a_full_match_in_the_sandbox(name):
    game = registry.get(name)
    starter = starter_path(name)
    assert starter.is_file(), f"{name} has no starter.py in its folder"
    count = game.seat_counts[0]
    seats, players = lineup(game, [str(starter)] * count, limits=FAST)
    match = run_match(game, players, seats, seed=11)
    assert not [e for e in match.log if e.type in FAULTS]
    assert match.log.events[-1].type == "MatchEnded"
    assert match.outcome.reason != "forfeit"
    assert all(p.process is None for p in players)
    assert verify(match.log.events, registry.get).ok
    assert players[0].name.endswith("starter")


def test_a_starter_against_a_built_in_bot_and_the_seat_records_the_program_by_its_file_name():
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, [str(starter_path("tic_tac_toe")), "greedy"], limits=FAST)
    assert seats[0].bot == "starter" and seats[0].version.startswith("sha256:")
    assert seats[1].bot == "greedy" and seats[1].version == "builtin"
    match = run_match(game, players, seats, seed=2)
    assert verify(match.log.events, registry.get).ok


def test_a_folder_bot_with_a_manifest_imports_its_own_modules(tmp_path):
    (tmp_path / "bot.json").write_text(json.dumps({"entry": "src/play.py", "name": "Folder"}))
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "helper.py").write_text("def pick(legal):\n    return legal[-1]\n")
    (tmp_path / "src" / "play.py").write_text(
        textwrap.dedent("""
        from helper import pick
        from scrimmage_bot import run
        run(lambda request: pick(request.legal), name="folder bot")
    """)
    )
    os.chmod(tmp_path / "src" / "helper.py", 0o600)  # private files are staged readable
    program = load_program(tmp_path)
    assert (program.entry, program.name) == ("src/play.py", "Folder")
    game = registry.get("tic_tac_toe")
    player = SubprocessPlayer(program, FAST)
    seats, others = lineup(game, ["random", "random"])
    match = run_match(game, [player, others[1]], seats, seed=4)
    assert [e.data["action"] for e in match.log if e.type == "ActionSubmitted"][0] == 8
    assert player.name == "folder bot"


def test_bad_programs_are_refused_clearly(tmp_path):
    with pytest.raises(BotError, match="no bot program"):
        load_program(tmp_path / "missing.py")


def test_scrimmage_play_runs_a_file_bot(tmp_path):
    out = tmp_path / "m.jsonl"
    bot = tmp_path / "my_bot.py"
    bot.write_text(
        "from scrimmage_bot import run\n"
        "def decide(r):\n    print('thinking', r.legal)\n    return r.legal[0]\n"
        "run(decide)\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "play",
            "tic_tac_toe",
            str(bot),
            "greedy",
            "--seed",
            "3",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert f"seat 0 {bot}: rank" in done.stdout
    assert "thinking [0, 1, 2" in done.stderr  # print() in a bot goes to its stderr
    assert main(["verify", str(out)]) == 0


def test_validate_bot_accepts_a_starter_and_names_what_is_wrong_otherwise(tmp_path):
    for name in registry.games():
        ok, reason, _ = validate_bot(starter_path(name), name)
        assert ok, (name, reason)
        assert reason.startswith("ready: ")
    crash = tmp_path / "crash.py"
    crash.write_text("import sys\nprint('cannot start', file=sys.stderr)\nsys.exit(2)\n")
    ok, reason, stderr = validate_bot(crash, "tic_tac_toe")
    assert not ok and "exited with status 2 before the handshake" in reason
    assert "cannot start" in stderr
    slow = tmp_path / "slow.py"
    slow.write_text("import time\ntime.sleep(60)\n")
    ok, reason, _ = validate_bot(slow, "tic_tac_toe", limits=Limits(startup=0.3))
    assert not ok and "within 0.3 s" in reason
    chatty = tmp_path / "chatty.py"
    chatty.write_text("print('hello')\nimport time\ntime.sleep(60)\n")
    ok, reason, _ = validate_bot(chatty, "tic_tac_toe")
    assert not ok and "bad handshake" in reason and "not JSON" in reason
    ok, reason, _ = validate_bot(tmp_path / "nothing.py", "tic_tac_toe")
    assert not ok and "no bot program" in reason


def test_validation_plays_a_real_first_decision_of_the_chosen_game(tmp_path):
    """A tic-tac-toe bot uploaded as Aerial Assault used to validate and
    then forfeit every match; validation now plays its first decision of the game."""
    ok, reason, stderr = validate_bot(starter_path("tic_tac_toe"), "aerial_assault")
    assert not ok and reason.startswith("its first decision in aerial_assault failed")
    assert "Traceback" in stderr
    illegal = tmp_path / "illegal.py"
    illegal.write_text("from scrimmage_bot import run\nrun(lambda request: 99, name='illegal')\n")
    ok, reason, _ = validate_bot(illegal, "tic_tac_toe")
    assert not ok and reason.endswith("failed: not one of the legal actions"), reason
    ok, reason, _ = validate_bot(starter_path("tic_tac_toe"), "tic_tac_toe")
    assert ok and reason.endswith("played a legal first move")


def test_without_bubblewrap_programs_refuse_to_run_unless_allowed(monkeypatch):
    monkeypatch.setattr(sandbox_module, "bwrap_path", lambda: None)
    monkeypatch.delenv(ALLOW_ENV, raising=False)
    with pytest.raises(SandboxUnavailable, match=f"bubblewrap.*{ALLOW_ENV}=1"):
        Sandbox()
    game = registry.get("tic_tac_toe")
    starter = str(starter_path("tic_tac_toe"))
    with pytest.raises(SandboxUnavailable):
        lineup(game, [starter, "random"])
    ok, reason, _ = validate_bot(starter, "tic_tac_toe")
    assert not ok and "bubblewrap" in reason
    assert main(["play", "tic_tac_toe", starter, "random"]) == 2
    # the operator's explicit permission: the environment variable, or a parameter
    monkeypatch.setenv(ALLOW_ENV, "1")
    sandbox = Sandbox(FAST)
    assert not sandbox.sandboxed
    seats, players = lineup(game, [starter, "random"], limits=FAST)
    match = run_match(game, players, seats, seed=1)
    assert not [e for e in match.log if e.type in FAULTS]
    monkeypatch.delenv(ALLOW_ENV)
    assert validate_bot(starter, "tic_tac_toe", allow_unsandboxed=True)[0]


def test_a_late_answer_is_dropped_and_the_overage_bank_drains(tmp_path):
    """What the engine charged is read back from the player, not assumed from a
    clock: a busy machine makes every wait longer, never the checks wrong."""
    bot = tmp_path / "late.py"
    bot.write_text(
        textwrap.dedent("""
        import time
        from scrimmage_bot import run
        calls = [0]
        def decide(request):
            calls[0] += 1
            limit = request.time["decision_ms"] / 1000
            bank = request.time["overage_ms"] / 1000
            if calls[0] == 1:
                time.sleep(limit + 0.3)  # over its limit, well within limit + bank
            if calls[0] == 2:
                time.sleep(limit + bank + 0.3)  # too late even with the bank: dropped
            return request.legal[-1]
        run(decide)
    """)
    )
    limits = Limits(startup=30.0, decision=1.5, overage=1.5)
    game = registry.get("tic_tac_toe")
    player = SubprocessPlayer(load_program(bot), limits)
    seats, others = lineup(game, ["random", "random"])
    match = run_match(game, [player, others[1]], seats, seed=3)
    found = [e for e in match.log if e.type in FAULTS]
    assert [e.type for e in found] == ["PlayerTimedOut"]
    # decision 2 was allowed the limit plus what decision 1 left in the bank
    first = player.times[0]
    assert first >= limits.decision + 0.3
    left = max(0.0, limits.overage - (first - limits.decision))
    allowed = min(limits.decision + left, limits.match - first)
    assert allowed <= limits.decision + limits.overage - 0.3
    assert found[0].data["reason"].startswith(f"no answer within {allowed:.2f} s")
    mine = [
        e.data["action"] for e in match.log if e.type == "ActionSubmitted" and e.data["seat"] == 0
    ]
    # decision 2: the default; decision 3: its own answer, the late one dropped
    assert mine[0] == 8 and mine[1] != mine[0] and len(mine) >= 3
    assert player.overage_left == 0


def test_a_bot_without_ids_is_answered_in_order(tmp_path):
    bot = tmp_path / "raw.py"
    bot.write_text(
        textwrap.dedent("""
        import json, sys
        for line in sys.stdin:
            message = json.loads(line)
            if message["type"] == "start":
                print(json.dumps({"type": "ready", "name": "raw"}), flush=True)
            elif message["type"] == "decide":
                print(json.dumps({"type": "action", "action": message["legal"][0]}), flush=True)
            else:
                break
    """)
    )
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, [str(bot), "random"], limits=FAST)
    match = run_match(game, players, seats, seed=8)
    assert not [e for e in match.log if e.type in FAULTS]
    assert players[0].name == "raw"


def test_the_sdk_is_one_file_without_dependencies():
    source = SDK_FILE.read_text()
    imports = {
        line.split()[1].split(".")[0]
        for line in source.splitlines()
        if line.startswith(("import ", "from "))
    }
    # the standard library only: the sandbox mounts nothing else
    assert imports and imports <= sys.stdlib_module_names | {"__future__"}


def test_a_player_cleans_up_when_dropped_mid_match():
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, [str(starter_path("tic_tac_toe")), "random"], limits=FAST)
    from engine.runner import Match

    match = Match.begin(game, seats, 1)
    players[0].begin(0, match.header)
    popen = players[0].process.popen
    with players[0]:
        pass
    assert popen.returncode is not None and players[0].process is None


def test_a_player_closed_before_its_turn_faults_as_crashed_when_asked():
    """Its owner closed the player (its bot is gone): asked to decide, it faults as
    a crashed bot does (the runner records that), instead of failing in the engine."""
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, [str(starter_path("tic_tac_toe")), "random"], limits=FAST)
    from engine.players import PlayerFault, Request
    from engine.runner import Match

    match = Match.begin(game, seats, 1)
    players[0].begin(0, match.header)
    players[0].close()
    (decision,) = [d for d in game.pending(match.state) if d.seat == 0]
    with pytest.raises(PlayerFault) as fault:
        players[0].decide(Request(match, decision, 0))
    assert (fault.value.kind, str(fault.value)) == ("PlayerCrashed", "the bot is not running")

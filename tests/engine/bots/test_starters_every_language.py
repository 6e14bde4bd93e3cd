"""Every starter of every language (JavaScript per game; the C starter built static
and dynamic; the Java starter's jar) plays a legal whole match of every game in
the sandbox, against the game's built-in bots."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import registry
from engine.bots import Limits
from engine.cli import main
from engine.lineup import lineup
from engine.registry import folder_of
from engine.replay import verify
from engine.runner import run_match

#: roomy (a wait ends when the bot answers): only a bot's own misdeed faults
FAST = Limits(startup=30.0, decision=10.0, overage=5.0, match=300.0)
FAULTS = ("PlayerTimedOut", "PlayerCrashed", "ActionRejected")
GAMES = sorted(registry.games())


def play_whole_match(name: str, bot: Path, seed: int = 11) -> None:
    game = registry.get(name)
    opponent = "random" if "random" in game.bots else sorted(game.bots)[0]
    bots = [str(bot)] + [opponent] * (game.seat_counts[0] - 1)
    seats, players = lineup(game, bots, limits=FAST)
    match = run_match(game, players, seats, seed=seed)
    assert not [e for e in match.log if e.type in FAULTS], players[0].stderr
    assert match.outcome is not None and match.outcome.reason != "forfeit"
    assert players[0].process is None  # ended and reaped
    assert verify(match.log.events, registry.get).ok


@pytest.mark.parametrize("name", GAMES)
def test_the_javascript_starter_of_each_game_plays_a_whole_match(name):
    starter = folder_of(registry.get(name)) / "starter.js"
    assert starter.is_file(), f"{name} has no starter.js in its folder"
    play_whole_match(name, starter)


@pytest.mark.parametrize("name", GAMES)
def test_the_static_c_starter_plays_a_whole_match_of_each_game(name, c_static):
    play_whole_match(name, c_static)


def test_the_dynamic_c_starter_plays_with_the_loader_and_libc_mounted(c_dynamic):
    play_whole_match("tic_tac_toe", c_dynamic)


@pytest.mark.parametrize("name", GAMES)
def test_the_java_starter_plays_a_whole_match_of_each_game(name, java_jar):
    play_whole_match(name, java_jar)


def test_scrimmage_play_takes_a_js_file_a_native_executable_and_a_jar(capsys, c_static, java_jar):
    js = folder_of(registry.get("tic_tac_toe")) / "starter.js"
    for bot in (js, c_static, java_jar):
        assert main(["play", "tic_tac_toe", str(bot), "greedy", "--seed", "3"]) == 0
        out = capsys.readouterr().out
        assert f"seat 0 {bot}: rank" in out and "forfeit" not in out


def test_a_native_entry_without_its_execute_bit_is_run_from_a_copy(tmp_path, c_static):
    """Uploads and zips keep no file modes: the sandbox runs a copy it marks
    executable, and leaves the bot's own file as it was."""
    bot = tmp_path / "bot"
    bot.write_bytes(c_static.read_bytes())
    bot.chmod(0o644)
    play_whole_match("tic_tac_toe", bot)
    assert bot.stat().st_mode & 0o777 == 0o644

"""Tic-tac-toe: the rules, the bots, determinism and verification."""

from __future__ import annotations

import pytest

from engine import registry
from engine.events import Event
from engine.games.tic_tac_toe.bots import completing_cell
from engine.games.tic_tac_toe.rules import EMPTY, LINES, winner_of
from engine.lineup import lineup
from engine.replay import Replay, verify
from engine.runner import run_match
from tests.engine.games.line_helpers import play_moves

GAME = registry.get("tic_tac_toe")


def play(moves0: list, moves1: list, seed: int = 0):
    return play_moves(GAME, moves0, moves1, seed)


def moves_of(match) -> list[tuple[int, int]]:
    return [(e.data["seat"], e.data["action"]) for e in match.log if e.type == "ActionSubmitted"]


@pytest.mark.parametrize("line", LINES)
def test_every_line_wins_for_seat_0(line):
    others = [c for c in range(9) if c not in line]
    # seat 1 plays two cells that cannot complete a line with a third of its own
    match = play(list(line), others[:2])
    assert match.outcome.ranks == (1, 2)
    assert match.outcome.scores == (1, 0)
    assert match.outcome.reason == "three in a row"
    assert match.state.winner == 0 and match.state.over


def test_seat_1_can_win_a_column():
    match = play([0, 4, 3], [2, 5, 8])
    # seat 0: 0, 4, 3 (no line); seat 1: 2, 5, 8 is the right column
    assert moves_of(match) == [(0, 0), (1, 2), (0, 4), (1, 5), (0, 3), (1, 8)]
    assert match.outcome.ranks == (2, 1)
    assert match.state.winner == 1


def test_full_board_without_a_line_is_a_draw():
    match = play([0, 2, 3, 7, 8], [1, 4, 5, 6])
    assert EMPTY not in match.state.board
    assert match.state.winner is None
    assert match.outcome.ranks == (1, 1)
    assert match.outcome.reason == "draw: the board is full"
    assert match.log.events[-1].type == "MatchEnded"


def test_the_game_stops_at_the_winning_move():
    match = play([0, 1, 2, 5], [3, 4, 8])
    assert len(moves_of(match)) == 5  # 0,3,1,4,2: seat 0 has the top row
    assert match.outcome.ranks == (1, 2)


def test_an_occupied_cell_is_rejected_and_the_default_played():
    match = play([4, 2, 6], [4, 8])  # seat 1 tries the centre seat 0 took
    kinds = [e.type for e in match.log]
    rejected = next(e for e in match.log if e.type == "ActionRejected")
    assert rejected.data == {
        "seat": 1,
        "action": 4,
        "faults": 1,
        "reason": "not one of the legal actions",
    }
    after = match.log.events[rejected.seq + 1]
    assert after.type == "ActionSubmitted"
    assert after.data == {"seat": 1, "action": 0}  # the default: the first empty cell
    assert kinds.count("ActionRejected") == 1
    assert match.log.events[-1].data["faults"] == [0, 1]
    assert match.outcome.ranks == (1, 2)  # seat 0 goes on to the 2-4-6 diagonal


def test_a_cell_off_the_board_and_a_wrong_type_are_rejected():
    match = play([9, "4", 4, 8, 1], [3, 5, 6, 7])
    rejected = [e.data["action"] for e in match.log if e.type == "ActionRejected"]
    assert rejected == [9, "4"]
    assert verify(match.log.events, registry.get).ok


def test_pending_lists_the_empty_cells_and_defaults_to_the_first():
    state = GAME.evolve(None, Event("MatchStarted", {}))
    state = GAME.evolve(state, Event("ActionSubmitted", {"seat": 0, "action": 0}))
    [decision] = GAME.pending(state)
    assert decision.seat == 1
    assert list(decision.legal) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert decision.default == 1
    assert not decision.secret


def test_view_shows_the_whole_board_to_everyone():
    match = play([0, 4, 8], [1, 2])
    for seat in (0, 1, None):
        view = GAME.view(match.state, seat)
        assert view["board"] == list(match.state.board)
        assert view["you"] == seat


def test_evolve_agrees_with_a_full_scan_for_any_move_order():
    # the fast win check (lines through the last cell) against winner_of
    rng = __import__("random").Random(5)
    for _ in range(300):
        state = GAME.evolve(None, Event("MatchStarted", {}))
        cells = list(range(9))
        rng.shuffle(cells)
        for k, cell in enumerate(cells):
            if state.over:
                break
            state = GAME.evolve(state, Event("ActionSubmitted", {"seat": k % 2, "action": cell}))
            assert state.winner == winner_of(state.board)


def test_completing_cell_finds_wins_and_blocks():
    board = [0, 0, EMPTY, 1, 1, EMPTY, EMPTY, EMPTY, EMPTY]
    assert completing_cell(board, 0) == 2
    assert completing_cell(board, 1) == 5
    assert completing_cell([EMPTY] * 9, 0) is None


def tally(bots: list[str], matches: int) -> dict[str, int]:
    """Wins, draws and losses of bots[0], seats swapped every match."""
    result = {"wins": 0, "draws": 0, "losses": 0}
    for i in range(matches):
        names = bots if i % 2 == 0 else bots[::-1]
        seats, players = lineup(GAME, names)
        outcome = run_match(GAME, players, seats, 1000 + i).outcome
        rank = outcome.ranks[names.index(bots[0])]
        if outcome.ranks == (1, 1):
            result["draws"] += 1
        else:
            result["wins" if rank == 1 else "losses"] += 1
    return result


def test_greedy_beats_random_clearly():
    result = tally(["greedy", "random"], 300)
    assert result["wins"] > 4 * result["losses"], result
    assert result["wins"] > 150, result


def test_greedy_takes_a_win_and_blocks():
    seats, players = lineup(GAME, ["greedy", "greedy"])
    match = run_match(GAME, players, seats, 3)
    assert verify(match.log.events, registry.get).ok


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random"], ["greedy", "greedy"]])
def test_same_seed_same_bytes(bots):
    logs = []
    for _ in range(2):
        seats, players = lineup(GAME, bots)
        logs.append(run_match(GAME, players, seats, 42).log.to_jsonl())
    assert logs[0] == logs[1]
    others = set()
    for seed in range(20):
        seats, players = lineup(GAME, bots)
        others.add(run_match(GAME, players, seats, seed).log.digest)
    assert len(others) > 3  # the seed matters


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random"]])
def test_verify_passes_and_catches_an_edit(bots):
    for seed in range(25):
        seats, players = lineup(GAME, bots)
        events = run_match(GAME, players, seats, seed).log.events
        verdict = verify(events, registry.get)
        assert verdict.ok, verdict.describe()
    moved = [e for e in events]
    first = next(i for i, e in enumerate(moved) if e.type == "ActionSubmitted")
    legal_other = next(c for c in range(9) if c != moved[first].data["action"])
    e = moved[first]
    moved[first] = Event(e.type, {**e.data, "action": legal_other}, e.to, e.public, e.seq)
    assert not verify(moved, registry.get).ok


def test_replay_folds_to_the_final_state():
    seats, players = lineup(GAME, ["greedy", "random"])
    match = run_match(GAME, players, seats, 11)
    replay = Replay(GAME, match.log.events, every=2)
    assert replay.state_at(len(match.log) - 1) == match.state
    assert replay.state_at(0).board == (EMPTY,) * 9


def test_render_draws_the_marks():
    match = play([0, 4, 8], [1, 2])
    svg = GAME.render(GAME.state_json(match.state))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count(">X<") == 3 and svg.count(">O<") == 2
    assert GAME.render(GAME.view(match.state, 0)) == svg

"""Connect four: the rules, the bots, determinism and verification."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.events import Event
from engine.game import Seat
from engine.games.connect_four.bots import winning_column
from engine.games.connect_four.rules import (
    CELLS,
    COLUMNS,
    EMPTY,
    LINES,
    LINES_THROUGH,
    ROWS,
    makes_four,
)
from engine.lineup import lineup
from engine.players import BotPlayer
from engine.replay import Replay, verify
from engine.runner import run_match
from tests.engine.games.line_helpers import play_moves, scripted

GAME = registry.get("connect_four")

#: a full board with no four in a row (found by a random-vs-random match, seed 161)
DRAW = [int(c) for c in "665302403423101322425632055131400466164155"]


def play(moves0: list, moves1: list, seed: int = 0):
    return play_moves(GAME, moves0, moves1, seed)


def alternate(moves: list):
    """Play one interleaved list of moves, seat 0 first."""
    return play(moves[0::2], moves[1::2])


def cell(column: int, row: int) -> int:
    return row * COLUMNS + column


def test_a_row_wins():
    match = play([0, 1, 2, 3], [0, 1, 2])
    assert match.outcome.ranks == (1, 2)
    assert match.outcome.reason == "four in a row"
    assert [match.state.board[cell(c, 0)] for c in range(4)] == [0, 0, 0, 0]


def test_a_column_wins_for_seat_1():
    match = play([0, 1, 0, 1, 6], [3, 3, 3, 3])
    assert match.outcome.ranks == (2, 1)
    assert match.state.winner == 1
    assert [match.state.board[cell(3, r)] for r in range(4)] == [1, 1, 1, 1]


def test_a_rising_diagonal_wins():
    #   . . . X
    #   . . X O
    #   . X O O
    #   X O O X      seat 0 (X) takes (0,0) (1,1) (2,2) (3,3)
    match = alternate([0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3])
    assert match.outcome.ranks == (1, 2)
    assert all(match.state.board[cell(k, k)] == 0 for k in range(4))


def test_a_falling_diagonal_wins():
    # the mirror image: seat 0 takes (6,0) (5,1) (4,2) (3,3)
    match = alternate([6, 5, 5, 4, 4, 3, 4, 3, 3, 0, 3])
    assert match.outcome.ranks == (1, 2)
    assert all(match.state.board[cell(6 - k, k)] == 0 for k in range(4))


def test_three_in_a_row_is_not_a_win():
    state = GAME.evolve(None, Event("MatchStarted", {}))
    for k, column in enumerate([0, 0, 1, 1, 2, 2]):  # three across for each seat
        state = GAME.evolve(state, Event("ActionSubmitted", {"seat": k % 2, "action": column}))
    assert not state.over and state.winner is None
    assert GAME.outcome(state) is None
    state = GAME.evolve(state, Event("ActionSubmitted", {"seat": 0, "action": 3}))
    assert state.over and state.winner == 0


def test_a_full_board_without_four_is_a_draw():
    match = alternate(DRAW)
    assert EMPTY not in match.state.board
    assert match.state.heights == (ROWS,) * COLUMNS
    assert match.outcome.ranks == (1, 1)
    assert match.outcome.reason == "draw: the board is full"
    assert verify(match.log.events, registry.get).ok


def test_a_full_column_is_rejected_and_the_default_played():
    # six discs fill column 0 (alternating, so no four); then seat 0 names it again
    match = play([0, 0, 0, 0, 3, 3, 3, 3], [0, 0, 0, 2, 2, 2, 6])
    rejected = [e for e in match.log if e.type == "ActionRejected"]
    assert [e.data for e in rejected] == [
        {"seat": 0, "action": 0, "faults": 1, "reason": "not one of the legal actions"}
    ]
    after = match.log.events[rejected[0].seq + 1]
    assert after.type == "ActionSubmitted"
    assert after.data == {"seat": 0, "action": 1}  # the leftmost open column
    assert match.state.board[cell(1, 0)] == 0
    assert match.log.events[-1].data["faults"] == [1, 0]
    assert match.outcome.ranks == (1, 2)  # column 3, four high
    assert verify(match.log.events, registry.get).ok


def test_a_column_off_the_board_and_a_wrong_type_are_rejected():
    match = play([7, -1, "3", [3], 3, 3, 3], [6, 6, 6, 5, 5])
    assert [e.data["action"] for e in match.log if e.type == "ActionRejected"] == [7, -1, "3", [3]]
    assert verify(match.log.events, registry.get).ok


def test_a_bot_that_keeps_naming_a_full_column_forfeits():
    # each fault plays the leftmost open column for seat 0; seat 1 stacks on it
    # so that seat 0's defaults never make four
    match = play([0] * 20, [0, 0, 0, 1, 1, 1, 6, 6])
    assert match.outcome.reason == "forfeit"
    assert match.outcome.ranks == (2, 1)
    assert [e.type for e in match.log].count("ActionRejected") == 5


def test_pending_lists_open_columns_and_defaults_to_the_leftmost():
    state = GAME.evolve(None, Event("MatchStarted", {}))
    for k in range(ROWS):
        state = GAME.evolve(state, Event("ActionSubmitted", {"seat": k % 2, "action": 0}))
    [decision] = GAME.pending(state)
    assert decision.seat == 0
    assert list(decision.legal) == [1, 2, 3, 4, 5, 6]
    assert decision.default == 1
    assert decision.reject_reason(0) is not None and decision.reject_reason(1) is None


def test_makes_four_agrees_with_every_window():
    assert len(LINES) == 69
    rng = random.Random(3)
    for _ in range(5000):
        board = [rng.choice((EMPTY, 0, 1)) for _ in range(CELLS)]
        at, seat = rng.randrange(CELLS), rng.randrange(2)
        brute = any(all(i == at or board[i] == seat for i in line) for line in LINES_THROUGH[at])
        assert makes_four(board, at, seat) == brute


def test_winning_column_finds_the_win_and_the_block():
    state = alternate([0, 6, 1, 6, 2]).state  # not over: seat 0 has three on the bottom row
    view = GAME.view(state, 1)
    assert winning_column(view["board"], view["heights"], 0) == 3
    assert winning_column(view["board"], view["heights"], 1) is None


def test_greedy_blocks_and_wins():
    # seat 1 (greedy) must block column 3 after X X X on the bottom row
    players = [
        BotPlayer(GAME, scripted([0, 1, 2, 5, 5, 5, 5])),
        BotPlayer(GAME, GAME.bots["greedy"]),
    ]
    match = run_match(GAME, players, [Seat("script"), Seat("greedy")], 9)
    moves = [e.data["action"] for e in match.log if e.type == "ActionSubmitted"]
    # with this seed greedy's two random moves stay off columns 0-3, so seat 0
    # has three in a row on the bottom row and only column 3 stops the fourth
    assert not {moves[1], moves[3]} & {0, 1, 2, 3}
    assert moves[5] == 3  # the block
    assert verify(match.log.events, registry.get).ok


def tally(bots: list[str], matches: int) -> dict[str, int]:
    result = {"wins": 0, "draws": 0, "losses": 0}
    for i in range(matches):
        names = bots if i % 2 == 0 else bots[::-1]
        seats, players = lineup(GAME, names)
        outcome = run_match(GAME, players, seats, 2000 + i).outcome
        if outcome.ranks == (1, 1):
            result["draws"] += 1
        else:
            result["wins" if outcome.ranks[names.index(bots[0])] == 1 else "losses"] += 1
    return result


def test_greedy_beats_random_clearly():
    result = tally(["greedy", "random"], 200)
    assert result["wins"] > 8 * result["losses"], result
    assert result["wins"] > 160, result


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random"], ["greedy", "greedy"]])
def test_same_seed_same_bytes(bots):
    logs = []
    for _ in range(2):
        seats, players = lineup(GAME, bots)
        logs.append(run_match(GAME, players, seats, 99).log.to_jsonl())
    assert logs[0] == logs[1]
    digests = set()
    for seed in range(10):
        seats, players = lineup(GAME, bots)
        digests.add(run_match(GAME, players, seats, seed).log.digest)
    assert len(digests) == 10


@pytest.mark.parametrize("bots", [["random", "random"], ["greedy", "random"], ["greedy", "greedy"]])
def test_verify_passes_and_catches_an_edit(bots):
    for seed in range(15):
        seats, players = lineup(GAME, bots)
        events = run_match(GAME, players, seats, seed).log.events
        verdict = verify(events, registry.get)
        assert verdict.ok, verdict.describe()
    edited = list(events)
    first = next(i for i, e in enumerate(edited) if e.type == "ActionSubmitted")
    e = edited[first]
    edited[first] = Event(
        e.type, {**e.data, "action": (e.data["action"] + 1) % COLUMNS}, e.to, e.public, e.seq
    )
    # an edit that is still legal can re-simulate into another consistent match;
    # the digest recorded elsewhere (the platform's, --digest) is what catches it
    verdict = verify(edited, registry.get)
    assert not verdict.ok or verdict.digest != verify(events, registry.get).digest


def test_replay_folds_to_the_final_state():
    seats, players = lineup(GAME, ["greedy", "random"])
    match = run_match(GAME, players, seats, 5)
    replay = Replay(GAME, match.log.events, every=4)
    assert replay.state_at(len(match.log) - 1) == match.state
    assert GAME.state_json(match.state)["heights"] == list(match.state.heights)


def test_render_draws_every_cell_and_the_discs():
    match = play([0, 1, 2, 3], [0, 1, 2])
    svg = GAME.render(GAME.view(match.state, None))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == CELLS
    assert svg.count('data-seat="0"') == 4 and svg.count('data-seat="1"') == 3
    assert GAME.render(GAME.state_json(match.state)) == svg


def test_the_game_is_registered():
    assert "connect_four" in registry.games()
    assert set(GAME.bots) == {"random", "greedy", "search-1", "search", "search-3"}

"""Tic-tac-toe: the smallest game, a reference for the contract and a first bot.

Seat 0 plays X and moves first; an action is the index 0-8 of an empty cell,
row by row. Placing a mark needs no chance, so the shared ``LineGame.evolve``
applies the submitted action itself and ``resolve`` adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import Decision
from engine.games.lines import LineGame

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY = -1


@dataclass(frozen=True, slots=True)
class State:
    board: tuple[int, ...]  # EMPTY or the seat that marked the cell
    to_move: int
    winner: int | None = None  # a seat, or None
    over: bool = False


#: for each cell, the lines through it (a move can only complete one of those)
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


def winner_of(board: tuple[int, ...]) -> int | None:
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


class TicTacToe(LineGame):
    name = "tic_tac_toe"
    title = "Tic-tac-toe"
    rules_version = 1
    line_length = 3

    def initial(self, data: dict[str, Any]) -> State:
        return State((EMPTY,) * 9, 0)

    def place(self, state: State, seat: int, cell: int) -> State:
        board = state.board[:cell] + (seat,) + state.board[cell + 1 :]
        if state.winner is None:
            # no line was complete before, so only a line through ``cell``, all
            # ``seat``'s, can be now: the same answer as winner_of(board)
            winner = None
            for a, b, c in LINES_THROUGH[cell]:
                if board[a] == board[b] == board[c] == seat != EMPTY:
                    winner = seat
                    break
        else:  # only a log that plays on after the end gets here
            winner = winner_of(board)
        return State(board, 1 - seat, winner, winner is not None or EMPTY not in board)

    def pending(self, state: State) -> list[Decision]:
        if state.over:
            return []
        legal = [i for i, mark in enumerate(state.board) if mark == EMPTY]
        return [Decision(state.to_move, legal[0], legal)]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"board": list(state.board), "to_move": state.to_move, "you": seat}

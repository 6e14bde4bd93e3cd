"""Connect four: seven columns, six rows, four in a row wins.

Seat 0 moves first. An action is a column index 0-6; the disc falls to the lowest
empty cell of that column, so a full column is not a legal action. Nothing is
left to chance, so the shared ``LineGame.evolve`` applies the submitted action
itself and ``resolve`` adds nothing.

Cells are numbered ``row * COLUMNS + column`` with row 0 at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import Decision
from engine.games.lines import LineGame

COLUMNS = 7
ROWS = 6
CELLS = COLUMNS * ROWS
EMPTY = -1
#: the four directions a line can run in, as (column step, row step)
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _lines_through(cell: int) -> tuple[tuple[int, ...], ...]:
    """Every window of four cells in a straight line that contains ``cell``."""
    column, row = cell % COLUMNS, cell // COLUMNS
    found = []
    for dc, dr in DIRECTIONS:
        for back in range(4):
            c0, r0 = column - back * dc, row - back * dr
            cells = []
            for k in range(4):
                c, r = c0 + k * dc, r0 + k * dr
                if not (0 <= c < COLUMNS and 0 <= r < ROWS):
                    break
                cells.append(r * COLUMNS + c)
            else:
                found.append(tuple(cells))
    return tuple(found)


def _rays(cell: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """For each direction, the up to three cells on either side of ``cell``,
    nearest first."""
    column, row = cell % COLUMNS, cell // COLUMNS
    rays = []
    for dc, dr in DIRECTIONS:
        sides = []
        for sign in (1, -1):
            side = []
            for k in range(1, 4):
                c, r = column + sign * k * dc, row + sign * k * dr
                if not (0 <= c < COLUMNS and 0 <= r < ROWS):
                    break
                side.append(r * COLUMNS + c)
            sides.append(tuple(side))
        rays.append((sides[0], sides[1]))
    return tuple(rays)


#: for each cell, the windows of four through it
LINES_THROUGH = tuple(_lines_through(cell) for cell in range(CELLS))
#: every window of four on the board (69 of them)
LINES = tuple(sorted({line for lines in LINES_THROUGH for line in lines}))
#: for each cell, its rays in the four directions (what ``makes_four`` walks)
RAYS = tuple(_rays(cell) for cell in range(CELLS))


@dataclass(frozen=True, slots=True)
class State:
    board: tuple[int, ...]  # CELLS entries: EMPTY or the seat whose disc is there
    heights: tuple[int, ...]  # discs in each column
    to_move: int
    winner: int | None = None  # a seat, or None
    over: bool = False


def makes_four(board: tuple[int, ...] | list[int], cell: int, seat: int) -> bool:
    """True when ``seat`` holding ``cell`` completes a line of four through it
    (whatever ``board`` holds at ``cell`` itself)."""
    for forward, backward in RAYS[cell]:
        run = 0
        for i in forward:
            if board[i] != seat:
                break
            run += 1
        for i in backward:
            if board[i] != seat:
                break
            run += 1
        if run >= 3:
            return True
    return False


def landing_cell(heights: tuple[int, ...] | list[int], column: int) -> int:
    """The cell a disc dropped in ``column`` lands on (the column must not be full)."""
    return heights[column] * COLUMNS + column


class ConnectFour(LineGame):
    name = "connect_four"
    title = "Connect four"
    rules_version = 1
    line_length = 4

    def initial(self, data: dict[str, Any]) -> State:
        return State((EMPTY,) * CELLS, (0,) * COLUMNS, 0)

    def place(self, state: State, seat: int, column: int) -> State:
        heights = state.heights
        cell = heights[column] * COLUMNS + column
        board = state.board[:cell] + (seat,) + state.board[cell + 1 :]
        heights = heights[:column] + (heights[column] + 1,) + heights[column + 1 :]
        if makes_four(board, cell, seat):
            return State(board, heights, 1 - seat, seat, True)
        return State(board, heights, 1 - seat, None, EMPTY not in board[CELLS - COLUMNS :])

    def pending(self, state: State) -> list[Decision]:
        if state.over:
            return []
        legal = [c for c, h in enumerate(state.heights) if h < ROWS]
        return [Decision(state.to_move, legal[0], legal)]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "board": list(state.board),
            "heights": list(state.heights),
            "to_move": state.to_move,
            "you": seat,
        }

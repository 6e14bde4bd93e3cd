"""What the "line up N marks" games share (tic-tac-toe, connect four).

Two seats alternate, nothing is left to chance, and the first line wins. The
submitted action is the whole move, so ``evolve`` applies it and ``resolve`` adds
nothing: a game gives only its empty board (``initial``) and what a move does
(``place``). A game's state carries ``over`` and ``winner``; the greedy bot needs
only the game's ``winning_move``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.events import ACTION_SUBMITTED, Event
from engine.game import Action, Game, Header, Outcome, handler_evolve
from engine.players import Request
from engine.rng import Rng


class LineGame(Game):
    """Base of a two-seat game won by the first line of ``line_length`` marks."""

    seat_counts = (2,)
    line_length = 3

    def __init__(self) -> None:
        self.evolve = handler_evolve(self.initial, {ACTION_SUBMITTED: self._submitted})

    def initial(self, data: dict[str, Any]) -> Any:
        """The state ``MatchStarted`` begins: the empty board, seat 0 to move."""
        raise NotImplementedError

    def place(self, state: Any, seat: int, action: int) -> Any:
        """``state`` after ``seat`` plays the legal move ``action``."""
        raise NotImplementedError

    def _submitted(self, state: Any, data: dict[str, Any]) -> Any:
        return self.place(state, data["seat"], data["action"])

    def start(self, header: Header, rng: Rng) -> list[Event]:
        return []

    def resolve(self, state: Any, actions: Mapping[int, Action], rng: Rng) -> list[Event]:
        return []

    def outcome(self, state: Any) -> Outcome | None:
        if not state.over:
            return None
        if state.winner is None:
            return Outcome((1, 1), (0, 0), "draw: the board is full")
        scores = tuple(1 if seat == state.winner else 0 for seat in (0, 1))
        return Outcome(
            tuple(2 - s for s in scores),
            scores,
            f"{('three', 'four')[self.line_length - 3]} in a row",
        )

    def scores(self, state: Any) -> tuple[int, ...]:
        return (0, 0)


class WinOrBlockBot:
    """Wins now if it can, else blocks the opponent's win, else plays at random.

    Subclasses give ``winning_move(view, seat)``: a move that completes a line
    for ``seat`` now, or ``None``.
    """

    def __init__(self, game: Game, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def winning_move(self, view: dict[str, Any], seat: int) -> int | None:
        raise NotImplementedError

    def decide(self, request: Request) -> int:
        view = request.view
        for who in (self.seat, 1 - self.seat):
            move = self.winning_move(view, who)
            if move is not None:
                return move
        cell: int = self.rng.choice(request.legal)
        return cell


def winning_cells(board: list[Any], columns: int, rows: int, length: int) -> list[int]:
    """The cells of the first line of ``length`` equal marks on ``board`` (cells
    numbered ``row * columns + column``, ``-1`` empty), or ``[]``: what a drawing
    highlights."""
    for start in range(columns * rows):
        mark = board[start]
        if mark < 0:
            continue
        c0, r0 = start % columns, start // columns
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            cells = [(r0 + k * dr) * columns + c0 + k * dc for k in range(length)]
            inside = 0 <= c0 + (length - 1) * dc < columns and 0 <= r0 + (length - 1) * dr < rows
            if inside and all(board[c] == mark for c in cells):
                return cells
    return []

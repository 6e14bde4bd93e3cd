"""Built-in tic-tac-toe bots: ``random`` and ``greedy``."""

from __future__ import annotations

from engine.games.tic_tac_toe.rules import EMPTY, LINES
from engine.players import RandomBot, Request


def completing_cell(board: list[int], seat: int) -> int | None:
    """A cell that gives ``seat`` three in a row, if there is one."""
    for line in LINES:
        marks = [board[i] for i in line]
        if marks.count(seat) == 2 and marks.count(EMPTY) == 1:
            return line[marks.index(EMPTY)]
    return None


class GreedyBot:
    """Wins now if it can, else blocks the opponent's win, else plays at random."""

    def __init__(self, game, seat: int, rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> int:
        board = request.view["board"]
        for who in (self.seat, 1 - self.seat):
            cell = completing_cell(board, who)
            if cell is not None:
                return cell
        return self.rng.choice(request.legal)


BOTS = {"random": RandomBot, "greedy": GreedyBot}

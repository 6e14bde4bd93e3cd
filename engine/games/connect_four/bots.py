"""Built-in connect four bots: ``random`` and ``greedy``."""

from __future__ import annotations

from engine.games.connect_four.rules import COLUMNS, ROWS, makes_four
from engine.players import RandomBot, Request


def winning_column(board: list[int], heights: list[int], seat: int) -> int | None:
    """The lowest-numbered column where a disc of ``seat`` makes four now, if any."""
    for column in range(COLUMNS):
        if heights[column] < ROWS and makes_four(board, heights[column] * COLUMNS + column, seat):
            return column
    return None


class GreedyBot:
    """Wins now if it can, else blocks the opponent's win, else plays at random."""

    def __init__(self, game, seat: int, rng) -> None:
        self.seat = seat
        self.rng = rng

    def decide(self, request: Request) -> int:
        view = request.view
        for who in (self.seat, 1 - self.seat):
            column = winning_column(view["board"], view["heights"], who)
            if column is not None:
                return column
        return self.rng.choice(request.legal)


BOTS = {"random": RandomBot, "greedy": GreedyBot}

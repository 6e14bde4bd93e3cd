"""Built-in connect four bots: ``random`` and ``greedy``."""

from __future__ import annotations

from typing import Any

from engine.games.connect_four.rules import COLUMNS, ROWS, makes_four
from engine.games.lines import WinOrBlockBot
from engine.players import RandomBot
from engine.search.bot import SEARCH_BOTS


def winning_column(board: list[int], heights: list[int], seat: int) -> int | None:
    """The lowest-numbered column where a disc of ``seat`` makes four now, if any."""
    for column in range(COLUMNS):
        if heights[column] < ROWS and makes_four(board, heights[column] * COLUMNS + column, seat):
            return column
    return None


class GreedyBot(WinOrBlockBot):
    """Wins now if it can, else blocks the opponent's win, else plays at random."""

    def winning_move(self, view: dict[str, Any], seat: int) -> int | None:
        return winning_column(view["board"], view["heights"], seat)


BOTS = {"random": RandomBot, "greedy": GreedyBot, **SEARCH_BOTS}

"""Built-in tic-tac-toe bots: ``random`` and ``greedy``."""

from __future__ import annotations

from typing import Any

from engine.games.lines import WinOrBlockBot
from engine.games.tic_tac_toe.rules import EMPTY, LINES
from engine.players import RandomBot
from engine.search.bot import SEARCH_BOTS


def completing_cell(board: list[int], seat: int) -> int | None:
    """A cell that gives ``seat`` three in a row, if there is one."""
    for line in LINES:
        marks = [board[i] for i in line]
        if marks.count(seat) == 2 and marks.count(EMPTY) == 1:
            return line[marks.index(EMPTY)]
    return None


class GreedyBot(WinOrBlockBot):
    """Wins now if it can, else blocks the opponent's win, else plays at random."""

    def winning_move(self, view: dict[str, Any], seat: int) -> int | None:
        return completing_cell(view["board"], seat)


BOTS = {"random": RandomBot, "greedy": GreedyBot, **SEARCH_BOTS}

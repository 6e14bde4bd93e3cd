"""Draws a connect four state (its ``view`` or ``state_json``) as SVG: the discs,
the columns numbered as the protocol numbers them (0 to 6, from the left) and the
winning four; ``panel`` says who plays which colour."""

from __future__ import annotations

from typing import Any

from engine.games.connect_four.rules import COLUMNS, ROWS
from engine.games.lines import winning_cells
from engine.panel import Panel

CELL = 80
LABELS = 26  # the column numbers above the board
COLOURS = {0: "#d62828", 1: "#f4c430"}  # seat 0 red, seat 1 yellow
NAMES = {0: "red", 1: "yellow"}
INK = {0: "#b71c1c", 1: "#8a6d00"}  # the colours as text on white


def render(state: dict[str, Any]) -> str:
    width, height = COLUMNS * CELL, ROWS * CELL
    board = state["board"]
    line = set(winning_cells(board, COLUMNS, ROWS, 4))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
        f'{height + LABELS}" class="board connect-four" font-family="sans-serif">',
        f'<rect width="{width}" height="{height + LABELS}" fill="#fafafa"/>',
    ]
    for column in range(COLUMNS):
        parts.append(
            f'<text x="{column * CELL + CELL // 2}" y="{LABELS - 6}" font-size="20" '
            f'text-anchor="middle" class="column-label" data-column="{column}">{column}</text>'
        )
    parts += [
        f'<g transform="translate(0 {LABELS})">',
        f'<rect width="{width}" height="{height}" rx="8" fill="#1d4e89"/>',
    ]
    for i, disc in enumerate(board):
        column, row = i % COLUMNS, i // COLUMNS
        x = column * CELL + CELL // 2
        y = (ROWS - 1 - row) * CELL + CELL // 2  # row 0 is drawn at the bottom
        fill = COLOURS.get(disc, "#fafafa")
        seat_attr = f' data-seat="{disc}"' if disc in COLOURS else ""
        ring = ' stroke="#19c37d" stroke-width="7" data-winning="1"' if i in line else ""
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{CELL // 2 - 8}" fill="{fill}" '
            f'data-cell="{i}"{seat_attr}{ring}/>'
        )
    parts.append("</g></svg>")
    return "".join(parts)


def panel(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Beside the board: who plays which colour, and the winner once there is one."""
    line = winning_cells(state["board"], COLUMNS, ROWS, 4)
    winner = state["board"][min(line)] if line else None
    out = Panel().section()
    for seat in (0, 1):
        won = " · wins" if seat == winner else ""
        out.line(
            f"seat {seat}: {NAMES[seat]}{won}",
            colour=INK[seat],
            strong=bool(won),
            mark="winner" if won else "legend",
        )
    return out.to_json()

"""Draws a connect four state (its ``view`` or ``state_json``) as SVG: the discs,
a legend of who plays which colour and the winning four."""

from __future__ import annotations

from engine.games.connect_four.rules import COLUMNS, ROWS
from engine.games.lines import winning_cells

CELL = 80
LEGEND = 44
COLOURS = {0: "#d62828", 1: "#f4c430"}  # seat 0 red, seat 1 yellow
NAMES = {0: "red", 1: "yellow"}


def render(state: dict) -> str:
    width, height = COLUMNS * CELL, ROWS * CELL
    board = state["board"]
    line = set(winning_cells(board, COLUMNS, ROWS, 4))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + LEGEND}" '
        'class="board connect-four" font-family="sans-serif">',
        f'<rect width="{width}" height="{height + LEGEND}" fill="#fafafa"/>',
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
    winner = board[min(line)] if line else None
    for seat in (0, 1):
        x = 20 + seat * width // 2
        won = " · wins" if seat == winner else ""
        bold = ' font-weight="bold"' if won else ""
        parts.append(
            f'<rect x="{x - 11}" y="{height + 11}" width="22" height="22" rx="11" '
            f'fill="{COLOURS[seat]}" class="swatch"/>'
            f'<text x="{x + 18}" y="{height + 29}" font-size="20" class="legend"'
            f"{bold}>seat {seat}: {NAMES[seat]}{won}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)

"""Draws a tic-tac-toe state (its ``view`` or ``state_json``) as SVG: the grid,
the marks and the winning line; ``panel`` says who plays which mark."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.lines import winning_cells
from engine.panel import Panel

CELL = 100
MARKS = ("X", "O")
INK = ("#c62828", "#1565c0")


def render(state: dict[str, Any]) -> str:
    side = 3 * CELL
    board = state["board"]
    line = winning_cells(board, 3, 3, 3)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        'class="board tic-tac-toe" font-family="sans-serif">',
        f'<rect width="{side}" height="{side}" fill="#fafafa"/>',
    ]
    for cell in line:
        parts.append(
            f'<rect x="{cell % 3 * CELL}" y="{cell // 3 * CELL}" width="{CELL}" '
            f'height="{CELL}" fill="#fff2a8" data-winning="{cell}"/>'
        )
    for k in (1, 2):
        parts.append(
            f'<line x1="{k * CELL}" y1="0" x2="{k * CELL}" y2="{side}" stroke="#333" stroke-width="3"/>'
        )
        parts.append(
            f'<line x1="0" y1="{k * CELL}" x2="{side}" y2="{k * CELL}" stroke="#333" stroke-width="3"/>'
        )
    for i, mark in enumerate(board):
        if mark < 0:
            continue
        x, y = (i % 3) * CELL + CELL // 2, (i // 3) * CELL + CELL // 2
        parts.append(
            f'<text x="{x}" y="{y + 24}" font-size="68" font-weight="bold" '
            f'text-anchor="middle" fill="{INK[mark]}" data-cell="{i}">'
            f"{escape(MARKS[mark])}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def panel(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Beside the grid: who plays which mark, and the winner once there is one."""
    out = Panel().section()
    for seat in (0, 1):
        out.line(f"{MARKS[seat]}: seat {seat}", colour=INK[seat], mark="legend")
    line = winning_cells(state["board"], 3, 3, 3)
    if line:
        winner = state["board"][line[0]]
        out.line(f"{MARKS[winner]} wins", colour=INK[winner], strong=True, mark="winner")
    return out.to_json()

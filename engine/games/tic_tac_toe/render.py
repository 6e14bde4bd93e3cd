"""Draws a tic-tac-toe state (its ``view`` or ``state_json``) as SVG."""

from __future__ import annotations

from html import escape

CELL = 60


def render(state: dict) -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {3 * CELL} {3 * CELL}" '
             'class="board tic-tac-toe">',
             f'<rect width="{3 * CELL}" height="{3 * CELL}" fill="#fafafa"/>']
    for k in (1, 2):
        parts.append(f'<line x1="{k * CELL}" y1="0" x2="{k * CELL}" y2="{3 * CELL}" stroke="#333"/>')
        parts.append(f'<line x1="0" y1="{k * CELL}" x2="{3 * CELL}" y2="{k * CELL}" stroke="#333"/>')
    for i, mark in enumerate(state["board"]):
        if mark < 0:
            continue
        x, y = (i % 3) * CELL + CELL // 2, (i // 3) * CELL + CELL // 2
        glyph = "X" if mark == 0 else "O"
        parts.append(f'<text x="{x}" y="{y + 14}" font-size="40" text-anchor="middle" '
                     f'data-cell="{i}">{escape(glyph)}</text>')
    parts.append("</svg>")
    return "".join(parts)

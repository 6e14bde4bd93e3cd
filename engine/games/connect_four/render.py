"""Draws a connect four state (its ``view`` or ``state_json``) as SVG."""

from __future__ import annotations

from engine.games.connect_four.rules import COLUMNS, ROWS

CELL = 60
COLOURS = {0: "#d62828", 1: "#f4c430"}  # seat 0 red, seat 1 yellow


def render(state: dict) -> str:
    width, height = COLUMNS * CELL, ROWS * CELL
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             'class="board connect-four">',
             f'<rect width="{width}" height="{height}" rx="8" fill="#1d4e89"/>']
    for i, disc in enumerate(state["board"]):
        column, row = i % COLUMNS, i // COLUMNS
        x = column * CELL + CELL // 2
        y = (ROWS - 1 - row) * CELL + CELL // 2  # row 0 is drawn at the bottom
        fill = COLOURS.get(disc, "#fafafa")
        seat = f' data-seat="{disc}"' if disc in COLOURS else ""
        parts.append(f'<circle cx="{x}" cy="{y}" r="{CELL // 2 - 6}" fill="{fill}" '
                     f'data-cell="{i}"{seat}/>')
    parts.append("</svg>")
    return "".join(parts)

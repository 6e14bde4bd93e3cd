"""Draws an Aimbots state as SVG.

Takes either ``view(state, seat)`` (any seat or the spectator) or ``state_json``:
both carry ``seats``, ``bots`` (same keys), ``board_scrap`` (squares, or
``[square, token]`` pairs), ``hands`` and ``cores``; zones and scrap spaces come
from the board layout for the seat count.
"""

from __future__ import annotations

from html import escape

from engine.games.aimbots.board import SIZE, col_row, scrap_spaces, zone

CELL = 64
COLOURS = ("#d33", "#36c", "#2a2", "#c90")
TINTS = ("#fbe3e3", "#e3ebfb", "#e3f6e3", "#fbf1dc")
BAR = 40


def _square_of(entry) -> int:
    return entry[0] if isinstance(entry, list) else entry


def _grid(n: int) -> list[str]:
    parts = []
    zones = {sq: s for s in range(n) for sq in zone(n, s)}
    scrap = set(scrap_spaces(n))
    for square in range(SIZE * SIZE):
        c, r = col_row(square)
        fill = TINTS[zones[square]] if square in zones else "#f7f7f7"
        parts.append(f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                     f'fill="{fill}" stroke="#999" data-sq="{square}"/>')
        if square in scrap:
            parts.append(f'<rect x="{c * CELL + 6}" y="{r * CELL + 6}" width="{CELL - 12}" '
                         f'height="{CELL - 12}" fill="none" stroke="#777" '
                         'stroke-dasharray="4 3" class="scrap-space"/>')
    return parts


def _scrap(board_scrap: list) -> list[str]:
    counts: dict[int, int] = {}
    for entry in board_scrap:
        square = _square_of(entry)
        counts[square] = counts.get(square, 0) + 1
    parts = []
    for square in sorted(counts):
        c, r = col_row(square)
        parts.append(f'<rect x="{c * CELL + 4}" y="{r * CELL + CELL - 16}" width="22" '
                     f'height="12" fill="#8a6d3b" class="scrap"/><text x="{c * CELL + 15}" '
                     f'y="{r * CELL + CELL - 6}" font-size="10" fill="#fff" '
                     f'text-anchor="middle">{counts[square]}</text>')
    return parts


def _side(x: int, y: int, value: int, plated: bool) -> str:
    fill = "#333" if plated else "#fff"
    ink = "#fff" if plated else "#000"
    shown = "1" if plated else str(value)
    return (f'<rect x="{x - 7}" y="{y - 7}" width="14" height="14" fill="{fill}" '
            f'stroke="#000" stroke-width="0.5"/><text x="{x}" y="{y + 4}" font-size="10" '
            f'text-anchor="middle" fill="{ink}">{shown}</text>')


def _bot(bot: dict) -> list[str]:
    if not bot["alive"] or bot["sq"] < 0:
        return []
    c, r = col_row(bot["sq"])
    x, y = c * CELL + CELL // 2, r * CELL + CELL // 2
    colour = COLOURS[bot["owner"] % len(COLOURS)]
    plates = bot["plates"]
    parts = [f'<g class="bot" data-bot="{bot["id"]}" data-owner="{bot["owner"]}">',
             f'<rect x="{x - 18}" y="{y - 18}" width="36" height="36" rx="6" fill="{colour}"/>',
             f'<text x="{x}" y="{y + 6}" font-size="18" font-weight="bold" fill="#fff" '
             f'text-anchor="middle">{bot["top"]}</text>']
    if bot["north"]:
        north, east = bot["north"], bot["east"]
        for dx, dy, value in ((0, -22, north), (22, 0, east), (0, 22, 7 - north),
                              (-22, 0, 7 - east)):
            parts.append(_side(x + dx, y + dy, value, value in plates))
    parts.append(f'<title>{escape(bot["program"])} (bot {bot["id"]}, seat {bot["owner"]}, '
                 f'{len(plates)} plate(s))</title></g>')
    return parts


def _scores(state: dict) -> list[str]:
    parts = []
    for s in range(state["seats"]):
        x = 6 + s * (SIZE * CELL // state["seats"])
        held = len(state["hands"][s]) if state.get("hands") else 0
        parts.append(f'<text x="{x}" y="{SIZE * CELL + 26}" font-size="13" '
                     f'fill="{COLOURS[s]}" class="score">seat {s}: {state["cores"][s]} cores, '
                     f'{held} scrap</text>')
    return parts


def render(state: dict) -> str:
    n = state["seats"]
    width, height = SIZE * CELL, SIZE * CELL + BAR
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             'class="board aimbots">', f'<rect width="{width}" height="{height}" fill="#fff"/>']
    parts += _grid(n) + _scrap(state.get("board_scrap", []))
    for bot in state["bots"]:
        parts += _bot(bot)
    if state.get("cores"):
        parts += _scores(state)
    parts.append("</svg>")
    return "".join(parts)

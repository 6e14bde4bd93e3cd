"""Draws a Powerball view (any seat's, the spectator's or ``state_json``) as SVG:
the factory floor with every element and its squares labelled as the words tell
them (A1 at the north-west), robots with facing, damage and balls, loose balls,
flags with their arrows, and below the floor each robot's registers and hand
(``program``); ``panel`` gives the words beside it."""

from __future__ import annotations

import functools
from typing import Any

from engine.games.powerball.board import DIRS, DX, DY, Floor, floor
from engine.games.powerball.describe import square
from engine.games.powerball.program import draw_programs, program_height
from engine.panel import Panel

CELL = 56
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
BALL = "#3cb043"


def _centre(f: Floor, sq: int) -> tuple[int, int]:
    x, y = f.xy(sq)
    return x * CELL + CELL // 2, y * CELL + CELL // 2


def _arrow(cx: int, cy: int, d: int, size: int, fill: str, cls: str) -> str:
    """A triangle pointing towards ``d``."""
    fx, fy = DX[d], DY[d]
    px, py = -fy, fx  # perpendicular
    tip = (cx + fx * size, cy + fy * size)
    left = (cx - fx * size // 2 + px * size // 2, cy - fy * size // 2 + py * size // 2)
    right = (cx - fx * size // 2 - px * size // 2, cy - fy * size // 2 - py * size // 2)
    points = " ".join(f"{a},{b}" for a, b in (tip, left, right))
    return f'<polygon class="{cls}" points="{points}" fill="{fill}"/>'


def _tiles(f: Floor) -> list[str]:
    parts = []
    for sq in range(f.size * f.size):
        x, y = f.xy(sq)
        fill = "#111" if sq in f.pits else "#e9e9e4"
        cls = "pit" if sq in f.pits else "tile"
        parts.append(
            f'<rect class="{cls}" x="{x * CELL}" y="{y * CELL}" width="{CELL}" '
            f'height="{CELL}" fill="{fill}" stroke="#b9b9b0" data-sq="{sq}"/>'
        )

    for sq, (d, express) in sorted(f.belts.items()):
        x, y = f.xy(sq)
        colour = "#5b8fd9" if express else "#e8c547"
        parts.append(
            f'<rect class="{"express" if express else "belt"}" x="{x * CELL + 4}" '
            f'y="{y * CELL + 4}" width="{CELL - 8}" height="{CELL - 8}" '
            f'fill="{colour}" rx="4"/>'
        )
        cx, cy = _centre(f, sq)
        parts.append(_arrow(cx, cy, d, 14, "#333", "belt-arrow"))
    for sq, turn in sorted(f.gears.items()):
        cx, cy = _centre(f, sq)
        colour, mark = ("#3a9d5d", "&#8635;") if turn > 0 else ("#c0392b", "&#8634;")
        parts.append(
            f'<circle class="gear" cx="{cx}" cy="{cy}" r="{CELL // 2 - 6}" '
            f'fill="{colour}"/><text x="{cx}" y="{cy + 9}" font-size="26" '
            f'fill="#fff" text-anchor="middle">{mark}</text>'
        )
    for sq, (d, registers) in sorted(f.pushers.items()):
        x, y = f.xy(sq)
        back = (d + 2) % 4
        bx = x * CELL + (CELL - 8 if back == 1 else 0)
        by = y * CELL + (CELL - 8 if back == 2 else 0)
        w, h = (8, CELL) if back in (1, 3) else (CELL, 8)
        cx, cy = _centre(f, sq)
        parts.append(
            f'<rect class="pusher" x="{bx}" y="{by}" width="{w}" height="{h}" '
            f'fill="#e67e22"/>'
            + _arrow(cx, cy, d, 10, "#e67e22", "pusher-arrow")
            + f'<text x="{cx}" y="{cy + 21}" font-size="12" text-anchor="middle">'
            f"{' '.join(map(str, registers))}</text>"
        )
    return parts


def _labels(f: Floor) -> list[str]:
    """Each square's name in its south-east corner, over belts and pits."""
    parts = []
    for sq in range(f.size * f.size):
        x, y = f.xy(sq)
        parts.append(
            f'<text class="square-label" x="{x * CELL + CELL - 3}" y="{y * CELL + CELL - 3}" '
            f'font-size="9" fill="{"#ddd" if sq in f.pits else "#666"}" text-anchor="end">'
            f"{square(sq)}</text>"
        )
    return parts


def _lasers(f: Floor) -> list[str]:
    parts = []
    for sq, d, beams in f.lasers:
        start = _centre(f, sq)
        here = sq
        while True:
            ahead = f.open_edge(here, d)
            if ahead is None:
                break
            here = ahead
        end = _centre(f, here)
        parts.append(
            f'<line class="board-laser" x1="{start[0]}" y1="{start[1]}" '
            f'x2="{end[0]}" y2="{end[1]}" stroke="#ff2020" stroke-width="{2 * beams}" '
            f'stroke-dasharray="6 4" opacity="0.7"/>'
        )
        back = (d + 2) % 4
        ex, ey = start[0] + DX[back] * (CELL // 2 - 5), start[1] + DY[back] * (CELL // 2 - 5)
        parts.append(f'<circle class="laser-emitter" cx="{ex}" cy="{ey}" r="5" fill="#ff2020"/>')
    return parts


def _walls(f: Floor) -> list[str]:
    parts = []
    for sq, d in f.wall_list:
        x, y = f.xy(sq)
        x0, y0, x1, y1 = x * CELL, y * CELL, (x + 1) * CELL, (y + 1) * CELL
        ends = {0: (x0, y0, x1, y0), 1: (x1, y0, x1, y1), 2: (x0, y1, x1, y1), 3: (x0, y0, x0, y1)}[
            d
        ]
        parts.append(
            '<line class="wall" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#f1c40f" '
            'stroke-width="7"/>'.format(*ends)
        )
    side = f.size * CELL
    parts.append(
        f'<rect class="perimeter" x="2" y="2" width="{side - 4}" height="{side - 4}" '
        'fill="none" stroke="#f1c40f" stroke-width="6"/>'
    )
    return parts


def _markers(f: Floor) -> list[str]:
    parts = []
    for number, sq in enumerate(f.spawns, 1):
        x, y = f.xy(sq)
        parts.append(
            f'<text class="spawn" x="{x * CELL + 4}" y="{y * CELL + 13}" '
            f'font-size="12" fill="#2e7d32">&#9675;{number}</text>'
        )
    for number, sq, double in f.wrenches:
        cx, cy = _centre(f, sq)
        label = "2W" if double else "W"
        parts.append(
            f'<rect class="wrench" x="{cx - 18}" y="{cy - 14}" width="36" height="28" '
            f'rx="6" fill="#fff" stroke="#555"/><text x="{cx}" y="{cy + 5}" '
            f'font-size="13" text-anchor="middle">{label}{number}</text>'
        )
    for number, (sq, arrow) in enumerate(f.flags, 1):
        cx, cy = _centre(f, sq)
        parts.append(
            f'<g class="flag" data-flag="{number}"><line x1="{cx - 12}" y1="{cy + 16}" '
            f'x2="{cx - 12}" y2="{cy - 18}" stroke="#333" stroke-width="2"/>'
            f'<polygon points="{cx - 12},{cy - 18} {cx + 10},{cy - 11} {cx - 12},{cy - 4}" '
            f'fill="#c0392b"/><text x="{cx + 10}" y="{cy + 16}" font-size="14" '
            f'font-weight="bold">{number}</text>'
            + _arrow(cx + DX[arrow] * 20, cy + DY[arrow] * 20, arrow, 7, "#c0392b", "flag-arrow")
            + "</g>"
        )
    return parts


def _balls(f: Floor, squares: list[int]) -> list[str]:
    counts: dict[int, int] = {}
    for sq in squares:
        counts[sq] = counts.get(sq, 0) + 1
    parts = []
    for sq in sorted(counts):
        x, y = f.xy(sq)
        cx, cy = x * CELL + CELL - 13, y * CELL + CELL - 13
        parts.append(
            f'<circle class="ball" data-ball="{sq}" cx="{cx}" cy="{cy}" r="9" fill="{BALL}" '
            f'stroke="#fff" stroke-width="2"/>'
        )
        if counts[sq] > 1:
            parts.append(
                f'<text x="{cx}" y="{cy + 4}" font-size="12" fill="#fff" '
                f'text-anchor="middle">{counts[sq]}</text>'
            )
    return parts


def _robot(f: Floor, robot: dict[str, Any]) -> list[str]:
    if robot["sq"] < 0:
        return []
    cx, cy = _centre(f, robot["sq"])
    colour = COLOURS[robot["seat"] % len(COLOURS)]
    d = DIRS.index(robot["facing"])
    dim = ' opacity="0.55"' if robot["powered_down"] or robot["respawned"] else ""
    parts = [
        f'<g class="robot" data-seat="{robot["seat"]}"{dim}>',
        f'<circle cx="{cx}" cy="{cy}" r="19" fill="{colour}" stroke="#000" '
        f'stroke-width="{4 if robot["turret"] else 1.5}"/>',
        _arrow(cx + DX[d] * 12, cy + DY[d] * 12, d, 9, "#fff", "facing"),
        f'<text x="{cx}" y="{cy + 5}" font-size="14" font-weight="bold" fill="#fff" '
        f'text-anchor="middle">{robot["seat"]}</text>',
    ]
    x0, y0 = cx - 25, cy + 21
    for i in range(10):  # ten damage pips: filled ones are damage taken
        fill = "#c0392b" if i < robot["damage"] else "#fff"
        parts.append(
            f'<rect x="{x0 + i * 5}" y="{y0}" width="4" height="5" fill="{fill}" '
            'stroke="#555" stroke-width="0.5"/>'
        )
    for i in range(robot["balls"]):
        parts.append(
            f'<circle class="held-ball" cx="{cx + 16 - i * 9}" cy="{cy - 19}" r="5" '
            f'fill="{BALL}" stroke="#000" stroke-width="1"/>'
        )
    parts.append(
        f"<title>seat {robot['seat']}: {robot['vp']} VP, {robot['damage']} damage, "
        f"{robot['balls']} ball(s), facing {robot['facing']}</title></g>"
    )
    return parts


def panel(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The words beside the floor: round and phase, the pool, the community
    options, then each robot's victory points, damage, balls, kills and options."""
    out = Panel().section()
    out.line(f"Round {state['round']}/{state['rounds']}, phase {state['phase']}", strong=True)
    out.line(f"balls in the pool: {state['pool']}")
    out.line("community options: " + (", ".join(state["community"]) or "none"))
    out.section("robots")
    for robot in state["robots"]:
        colour = COLOURS[robot["seat"] % len(COLOURS)]
        status = (
            " · destroyed"
            if robot["sq"] < 0
            else (" · powered down" if robot["powered_down"] else "")
        )
        out.line(
            f"seat {robot['seat']}: {robot['vp']} VP", colour=colour, strong=True, mark="score"
        )
        out.line(
            f"damage {robot['damage']}, balls {robot['balls']}, kills {robot['kills']}{status}",
            indent=1,
        )
        out.line("options: " + (", ".join(robot["options"]) or "none"), colour="#555", indent=1)
    if state.get("reason"):
        out.section().line(state["reason"], strong=True, mark="winner")
    return out.to_json()


@functools.cache
def _floor_layer(name: str) -> str:
    """What never changes on a floor - its tiles, markers, lasers, walls and labels -
    drawn once per floor and process: it was over half the time of a board."""
    f = floor(name)
    return "".join(_tiles(f) + _markers(f) + _lasers(f) + _walls(f) + _labels(f))


def render(state: dict[str, Any]) -> str:
    f = floor(state["floor"])
    side = f.size * CELL
    width = side
    height = side + program_height(state)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="board powerball" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    parts.append(_floor_layer(state["floor"]))
    parts += _balls(f, state["balls"])
    for bomb in state.get("bombs", []):
        cx, cy = _centre(f, bomb["sq"])
        parts.append(
            f'<g class="bomb"><circle cx="{cx}" cy="{cy}" r="12" fill="#222"/>'
            f'<text x="{cx}" y="{cy + 5}" font-size="13" fill="#ff0" '
            'text-anchor="middle">B</text></g>'
        )
    for robot in state["robots"]:
        parts += _robot(f, robot)
    parts += draw_programs(state, 8, side + 8)
    parts.append("</svg>")
    return "".join(parts)

"""Draws a Dogfight table as SVG (from a ``view`` or ``state_json``: the same shape).

The table is drawn in game units (y flipped: north is up); ``panel`` lists
every pilot's stats, Health and altitude beside it. The plane whose decision is due shows
its firing arc with the ruler's close, middle and far sections. Floats appear
only here, in drawing coordinates; the game itself never uses them.
"""

from __future__ import annotations

import math
from typing import Any

from engine.panel import Panel

COLOURS = ("#d33", "#36c", "#2a2", "#e80", "#93c", "#099", "#963", "#d6a")
SECTION_FILL = ("#ffe08a", "#ffd24d", "#ffc21a")
#: the width (px) the viewer draws a board at: text sizes are chosen for it
DRAWN_WIDTH = 520


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _point(area: int, x: float, y: float) -> str:
    return f"{_fmt(x)},{_fmt(area - y)}"


def _bearing(heading: int, offset_deg: float = 0.0) -> tuple[float, float]:
    """The unit vector of a compass heading (0 = north, clockwise) turned by an offset."""
    angle = math.radians(heading * 45 + offset_deg)
    return math.sin(angle), math.cos(angle)


def _arc(view: dict[str, Any], plane: dict[str, Any]) -> list[str]:
    """The 90-degree arc, its three ruler sections as bands, and its edge lines."""
    area, x, y, h = view["area"], plane["x"], plane["y"], plane["heading"]
    step = view["section"]
    parts = ['<g class="arc" opacity="0.55">']
    for band in range(3, 0, -1):
        radius = band * step
        lx, ly = _bearing(h, -45)
        rx, ry = _bearing(h, 45)
        parts.append(
            f'<path class="section-{band}" fill="{SECTION_FILL[band - 1]}" '
            f'stroke="#a80" stroke-width="{_fmt(area / 900)}" '
            f'd="M {_point(area, x, y)} L {_point(area, x + lx * radius, y + ly * radius)} '
            f'A {radius} {radius} 0 0 1 {_point(area, x + rx * radius, y + ry * radius)} Z"/>'
        )
    parts.append("</g>")
    return parts


def _anchor(x: float, area: int) -> str:
    """A label near the sky's edge grows inwards, so it is never cut off."""
    return "start" if x < area / 10 else "end" if x > area * 9 / 10 else "middle"


def _plane(view: dict[str, Any], plane: dict[str, Any], scale: float) -> list[str]:
    area, x, y, h = view["area"], plane["x"], plane["y"], plane["heading"]
    half = view["token"] / 2
    colour = COLOURS[plane["seat"] % len(COLOURS)] if plane["alive"] else "#999"
    fx, fy = _bearing(h)
    rx, ry = _bearing(h, 90)
    square = [
        (x + (fx * a + rx * b) * half, y + (fy * a + ry * b) * half)
        for a, b in ((1, -1), (1, 1), (-1, 1), (-1, -1))
    ]
    nose = [
        (x + fx * half * 0.9, y + fy * half * 0.9),
        (x + (rx * 0.5 - fx * 0.3) * half, y + (ry * 0.5 - fy * 0.3) * half),
        (x + (-rx * 0.5 - fx * 0.3) * half, y + (-ry * 0.5 - fy * 0.3) * half),
    ]
    points = " ".join(_point(area, px, py) for px, py in square)
    arrow = " ".join(_point(area, px, py) for px, py in nose)
    font = 16 * scale  # legible on a phone: the board is drawn ~360 px wide there
    status = (
        f"H{plane['health']} A{plane['altitude']}" + (" ★" if plane["ace"] else "")
        if plane["alive"]
        else "down"
    )
    return [
        f'<g class="plane" data-seat="{plane["seat"]}" data-alive="{str(plane["alive"]).lower()}">',
        f'<polygon points="{points}" fill="{colour}" stroke="#000" '
        f'stroke-width="{_fmt(scale)}" opacity="{1 if plane["alive"] else 0.5}"/>',
        f'<polygon points="{arrow}" fill="#fff"/>',
        f'<text x="{_fmt(x)}" y="{_fmt(area - y - half - 4 * scale)}" font-size="{_fmt(font)}" '
        f'text-anchor="{_anchor(x, area)}" font-weight="bold" fill="#000">'
        f"{plane['seat']}: {status}</text>",
        f"<title>seat {plane['seat']}, heading {h * 45}°, Health {plane['health']}, "
        f"altitude {plane['altitude']}</title></g>",
    ]


def _line_of_fire(view: dict[str, Any], scale: float) -> list[str]:
    combat, area = view["combat"], view["area"]
    a, t = view["planes"][combat["attacker"]], view["planes"][combat["target"]]
    return [
        f'<line class="line-of-fire" x1="{a["x"]}" y1="{area - a["y"]}" x2="{t["x"]}" '
        f'y2="{area - t["y"]}" stroke="#c00" stroke-width="{_fmt(2 * scale)}" '
        f'stroke-dasharray="{_fmt(8 * scale)} {_fmt(5 * scale)}"/>'
    ]


def _pilot_line(view: dict[str, Any], plane: dict[str, Any]) -> str:
    team = f" (team {plane['team']})" if any(len(t) > 1 for t in view["teams"]) else ""
    stats = (
        f"ATK {plane['attack']} DEF {plane['defense']} SPD {plane['speed']}"
        if plane["speed"]
        else "stats secret"
    )
    if not plane["alive"]:
        state = "down"
    else:
        state = f"Health {plane['health']} · altitude {plane['altitude']}"
        state += " · ace die" if plane["ace"] else ""
    marker = "  ◀" if plane["seat"] == view["active"] else ""
    return f"seat {plane['seat']}{team}: {stats} · {state}{marker}"


def panel(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Beside the table: the round, one line per pilot, the attack under way."""
    stage = f", {view['stage']} stage" if view["phase"] == "play" else ""
    head = (
        f"round {view['round']} of {view['round_limit']}{stage}" if view["round"] else view["phase"]
    )
    out = Panel().section()
    out.line(f"Dogfight: {head}", strong=True)
    for plane in view["planes"]:
        out.line(
            _pilot_line(view, plane),
            colour=COLOURS[plane["seat"] % len(COLOURS)] if plane["alive"] else "#777",
            mark="pilot",
        )
    combat = view.get("combat")
    if combat:
        out.line(
            f"seat {combat['attacker']} attacks seat {combat['target']} "
            f"({combat['section']}): {combat['attack_dice']} against "
            f"{combat['defense_dice']}",
            colour="#b00",
        )
    if view["reason"]:
        out.line(view["reason"], strong=True, mark="winner")
    return out.to_json()


def render(view: dict[str, Any]) -> str:
    area = view["area"]
    scale = area / DRAWN_WIDTH
    height = area
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {area} {_fmt(height)}" '
        'class="board dogfight" font-family="sans-serif">',
        f'<rect width="{area}" height="{_fmt(height)}" fill="#fff"/>',
        f'<rect width="{area}" height="{area}" fill="#dceefc" stroke="#246" '
        f'stroke-width="{_fmt(2 * scale)}"/>',
    ]
    for k in range(1, area // 600 + 1):
        at = k * 600
        if at < area:
            parts.append(
                f'<path d="M {at} 0 V {area} M 0 {at} H {area}" stroke="#c4dcf0" '
                f'stroke-width="{_fmt(scale)}"/>'
            )
    # a plane that crashed lies where it left the table: clipped to the table
    parts.append(
        f'<defs><clipPath id="dogfight-table"><rect width="{area}" height="{area}"/>'
        '</clipPath></defs><g clip-path="url(#dogfight-table)">'
    )
    active = view["active"]
    if active is not None and active >= 0:
        plane = view["planes"][active]
        if plane["placed"] and plane["alive"]:
            parts += _arc(view, plane)
    if view.get("combat"):
        parts += _line_of_fire(view, scale)
    for plane in view["planes"]:
        if plane["placed"]:
            parts += _plane(view, plane, scale)
    parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)

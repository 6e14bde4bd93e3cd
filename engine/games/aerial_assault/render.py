"""Draws an Aerial Assault state (a ``view``) as SVG: the six zones, the truss,
the goals, the robots with their balls, the loose balls, the revealed cards and
the score."""

from __future__ import annotations

from html import escape

from engine.games.aerial_assault.field import ZONE_NAMES

ZW, TOP, FH = 120, 40, 220  # zone width, field top, field height
LEFT = 40  # room for the red goals
FILL = {"red": "#f4c7c3", "blue": "#c6dafc", "white": "#ffffff"}
INK = {"red": "#c62828", "blue": "#1565c0", "": "#555"}


def render(view: dict) -> str:
    width = LEFT * 2 + ZW * 6
    height = TOP + FH + 30 + 18 * max(1, len(view.get("revealed", [])))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'class="board aerial-assault" font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="#fafafa"/>']
    score = view.get("score", {})
    red, blue = score.get("red", {}), score.get("blue", {})
    out.append(f'<text x="{LEFT}" y="24" font-size="16" fill="{INK["red"]}" '
               f'data-score="red">Red {red.get("points", 0)}</text>')
    out.append(f'<text x="{width - LEFT}" y="24" font-size="16" text-anchor="end" '
               f'fill="{INK["blue"]}" data-score="blue">Blue {blue.get("points", 0)}</text>')
    status = f'{view.get("phase", "")} round {view.get("round", 0)} play {view.get("play", 0)}'
    out.append(f'<text x="{width // 2}" y="24" font-size="13" text-anchor="middle">'
               f'{escape(status)}</text>')
    # goals
    out.append(f'<rect x="4" y="{TOP + 40}" width="{LEFT - 8}" height="{FH - 80}" '
               f'fill="none" stroke="{INK["red"]}" stroke-width="3" data-goal="red"/>')
    out.append(f'<rect x="{width - LEFT + 4}" y="{TOP + 40}" width="{LEFT - 8}" '
               f'height="{FH - 80}" fill="none" stroke="{INK["blue"]}" stroke-width="3" '
               f'data-goal="blue"/>')
    for z in range(6):
        kind = "white" if z in (2, 3) else ("red" if z < 2 else "blue")
        x = LEFT + z * ZW
        out.append(f'<rect x="{x}" y="{TOP}" width="{ZW}" height="{FH}" fill="{FILL[kind]}" '
                   f'stroke="#888" data-zone="{z}"/>')
        out.append(f'<text x="{x + ZW // 2}" y="{TOP + FH - 6}" font-size="9" '
                   f'text-anchor="middle" fill="#444">{escape(ZONE_NAMES[z])}</text>')
    tx = LEFT + 3 * ZW
    out.append(f'<line x1="{tx}" y1="{TOP - 6}" x2="{tx}" y2="{TOP + FH + 6}" stroke="#333" '
               f'stroke-width="6" data-truss="1"/>')
    # robots
    per_zone: dict[int, int] = {}
    for robot in view.get("robots", []):
        z = robot.get("zone", -1)
        if z < 0:
            continue
        k = per_zone.get(z, 0)
        per_zone[z] = k + 1
        x, y = LEFT + z * ZW + 10, TOP + 10 + k * 50
        colour = INK.get(robot.get("alliance", ""), "#555")
        out.append(f'<rect x="{x}" y="{y}" width="{ZW - 20}" height="40" rx="6" fill="#fff" '
                   f'stroke="{colour}" stroke-width="2" data-robot="{robot["robot"]}"/>')
        out.append(f'<text x="{x + 6}" y="{y + 16}" font-size="12" fill="{colour}">'
                   f'Robot {robot["robot"]} (seat {robot["seat"]})</text>')
        for j, _ in enumerate(robot.get("balls", [])):
            out.append(f'<circle cx="{x + 14 + 18 * j}" cy="{y + 29}" r="7" fill="{colour}" '
                       f'data-ball-held="{robot["robot"]}"/>')
    floor: dict[int, int] = {}
    for ball in view.get("balls", []):
        if ball.get("where") != "floor":
            continue
        z = ball["zone"]
        k = floor.get(z, 0)
        floor[z] = k + 1
        cx = LEFT + z * ZW + 20 + 20 * k
        out.append(f'<circle cx="{cx}" cy="{TOP + FH - 30}" r="8" '
                   f'fill="{INK.get(ball["color"], "#555")}" stroke="#000" '
                   f'data-ball-floor="{ball["id"]}"/>')
    y = TOP + FH + 24
    for shown in view.get("revealed", []):
        text = f'Robot {shown["robot"]}: {shown["card"]} {shown["label"]}'
        if shown.get("blocked"):
            text += " (blocked)"
        out.append(f'<text x="{LEFT}" y="{y}" font-size="12" data-revealed="{shown["robot"]}">'
                   f'{escape(text)}</text>')
        y += 18
    out.append("</svg>")
    return "".join(out)

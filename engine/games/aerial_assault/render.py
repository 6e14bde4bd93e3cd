"""Draws an Aerial Assault state (a ``view``, or ``state_json`` which has a view's
shape) as SVG: the score and round, the six zones with the truss and the goals,
the robots with their balls, the loose balls. ``panel`` says what the drawn state
holds about each robot (its parts, the cards it played, its hand when this view
may see it), the revealed cards and the draft row.

A seat's view carries the hands of its own robots only, the spectator's none and
``state_json`` every one, so each perspective draws exactly what it holds.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.aerial_assault.field import ZONE_NAMES
from engine.panel import Panel

ZW, TOP, FH = 140, 70, 250  # zone width, field top, field height
LEFT = 50  # room for the red goals
WIDTH = LEFT * 2 + ZW * 6
FILL = {"red": "#f4c7c3", "blue": "#c6dafc", "white": "#ffffff"}
INK = {"red": "#c62828", "blue": "#1565c0", "": "#555"}
#: the smallest text: the viewer gives the picture a minimum width at which this
#: is 11 CSS px, 600 px for a 940-unit field, which a desktop column holds
FONT = 18


def _header(view: dict[str, Any]) -> list[str]:
    score = view.get("score", {})
    out = []
    for alliance, x, anchor in (("red", LEFT, "start"), ("blue", WIDTH - LEFT, "end")):
        points = score.get(alliance, {}).get("points", 0)
        out.append(
            f'<text x="{x}" y="34" font-size="26" font-weight="bold" '
            f'text-anchor="{anchor}" fill="{INK[alliance]}" data-score="{alliance}">'
            f"{alliance.title()} {points}</text>"
        )
    phase = view.get("phase", "")
    status = (
        f"{phase} · round {view.get('round', 0)} of {view.get('rounds', '?')} · "
        f"play {view.get('play', 0)} of {view.get('plays_per_round', '?')}"
    )
    out.append(
        f'<text x="{WIDTH // 2}" y="32" font-size="{FONT}" text-anchor="middle">'
        f"{escape(status)}</text>"
    )
    return out


def _field() -> list[str]:
    out = [
        f'<rect x="6" y="{TOP + 50}" width="{LEFT - 12}" height="{FH - 100}" fill="none" '
        f'stroke="{INK["red"]}" stroke-width="4" data-goal="red"/>',
        f'<rect x="{WIDTH - LEFT + 6}" y="{TOP + 50}" width="{LEFT - 12}" '
        f'height="{FH - 100}" fill="none" stroke="{INK["blue"]}" stroke-width="4" '
        f'data-goal="blue"/>',
    ]
    for z in range(6):
        kind = "white" if z in (2, 3) else ("red" if z < 2 else "blue")
        x = LEFT + z * ZW
        out.append(
            f'<rect x="{x}" y="{TOP}" width="{ZW}" height="{FH}" fill="{FILL[kind]}" '
            f'stroke="#888" data-zone="{z}"/>'
        )
        # in two lines ("Red Shoot" over "Zone 1"), large enough to read on a phone
        words = ZONE_NAMES[z].split()
        for k, line in enumerate((" ".join(words[:2]), " ".join(words[2:]))):
            out.append(
                f'<text x="{x + ZW // 2}" y="{TOP + FH - 30 + 21 * k}" font-size="{FONT}" '
                f'text-anchor="middle" fill="#333">{escape(line)}</text>'
            )
    tx = LEFT + 3 * ZW
    out.append(
        f'<line x1="{tx}" y1="{TOP - 8}" x2="{tx}" y2="{TOP + FH + 8}" stroke="#333" '
        f'stroke-width="6" data-truss="1"/>'
    )
    return out


def _robots(view: dict[str, Any]) -> list[str]:
    out: list[str] = []
    per_zone: dict[int, int] = {}
    for robot in view.get("robots", []):
        z = robot.get("zone", -1)
        if z < 0:
            continue
        k = per_zone.get(z, 0)
        per_zone[z] = k + 1
        x, y = LEFT + z * ZW + 8, TOP + 8 + k * 56
        colour = INK.get(robot.get("alliance", ""), "#555")
        out.append(
            f'<rect x="{x}" y="{y}" width="{ZW - 16}" height="50" rx="6" fill="#fff" '
            f'stroke="{colour}" stroke-width="3" data-robot="{robot["robot"]}"/>'
        )
        out.append(
            f'<text x="{x + 8}" y="{y + 21}" font-size="{FONT}" font-weight="bold" '
            f'fill="{colour}">R{robot["robot"]} · seat {robot["seat"]}</text>'
        )
        for j, _ in enumerate(robot.get("balls", [])):
            out.append(
                f'<circle cx="{x + 16 + 20 * j}" cy="{y + 35}" r="8" fill="{colour}" '
                f'data-ball-held="{robot["robot"]}"/>'
            )
    floor: dict[int, int] = {}
    for ball in view.get("balls", []):
        if ball.get("where") != "floor":
            continue
        z = ball["zone"]
        k = floor.get(z, 0)
        floor[z] = k + 1
        cx = LEFT + z * ZW + 22 + 24 * k
        out.append(
            f'<circle cx="{cx}" cy="{TOP + FH - 60}" r="10" '
            f'fill="{INK.get(ball["color"], "#555")}" stroke="#000" '
            f'data-ball-floor="{ball["id"]}"/>'
        )
    return out


def panel(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The words below the field: the view, the result, each alliance's points,
    each robot's parts, plays and hand (face down unless this view may see it),
    the revealed cards and the draft row."""
    out = Panel().section()
    you = view.get("you")
    seen_as = (
        "everything"
        if "deck" in view
        else "spectator"
        if you is None
        else f"seat {you} ({view.get('alliance') or 'no alliance yet'})"
    )
    out.line(f"view: {seen_as}", colour="#555")
    if view.get("result"):
        out.line(f"result: {view['result']}", strong=True, mark="winner")
    score = view.get("score", {})
    for alliance in ("red", "blue"):
        s = score.get(alliance, {})
        out.line(
            f"{alliance}: {s.get('points', 0)} points · {s.get('scored', 0)} balls "
            f"scored · assists {s.get('assists', 0)} · catches {s.get('catches', 0)}"
            f" · trusses {s.get('trusses', 0)}",
            colour=INK[alliance],
            mark="score",
        )
    out.section("robots")
    for robot in view.get("robots", []):
        colour = INK.get(robot.get("alliance", ""), "#555")
        parts = ", ".join(p.replace("_", " ") for p in robot.get("parts", []))
        played = " ".join(robot.get("played", [])) or "none"
        out.line(
            f"Robot {robot['robot']} (seat {robot['seat']}): {parts} · played {played}",
            colour=colour,
            mark=f"robot-{robot['robot']}",
        )
        if "hand" in robot:
            hand = " ".join(robot["hand"]) or "empty"
            out.line(f"hand: {hand}", colour=colour, indent=1, mark=f"hand-{robot['robot']}")
        else:
            out.line(f"hand: {robot.get('hand_size', 0)} cards, face down", colour="#777", indent=1)
    if view.get("revealed") or view.get("row"):
        out.section("cards")
    for shown in view.get("revealed", []):
        text = f"Robot {shown['robot']} reveals {shown['card']} ({shown['side']}): {shown['label']}"
        out.line(text + (" (blocked)" if shown.get("blocked") else ""), mark="revealed")
    if view.get("row"):
        out.line(f"draft row: {' '.join(view['row'])} · {view.get('deck_size', 0)} in the deck")
    return out.to_json()


def render(view: dict[str, Any]) -> str:
    height = TOP + FH + 12
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="board aerial-assault" font-family="sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="#fafafa"/>',
    ]
    out += _header(view) + _field() + _robots(view)
    out.append("</svg>")
    return "".join(out)

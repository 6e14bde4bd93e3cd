"""Draws a Cascade Effect view (or ``state_json``) as SVG for the replay viewer:
the field with its zones, the centre structure, kickstands, rolling goals with
their tube heights, robots with their facing; ``panel`` gives the words beside
it: who plays which alliance, the round, each alliance's score and the result."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.cascade_effect.board import ROBOT_NAMES, SIZE, col_row, label
from engine.panel import Panel

CELL = 80
MARGIN = 20
WIDTH = 2 * MARGIN + SIZE * CELL
HEIGHT = 2 * MARGIN + SIZE * CELL
INK = {"red": "#b71c1c", "blue": "#1a47a8"}
TINT = {"red": "#f9dada", "blue": "#dae3f9"}
#: no label smaller: the viewer keeps a picture's smallest label legible (11 CSS px)
#: by giving it a minimum width, so a small label would make a phone scroll further
SMALLEST = 12
FACING_NAMES = ("north", "east", "south", "west")
#: a facing's (dx, dy) on screen
ARROW = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _xy(sq: int) -> tuple[int, int]:
    c, r = col_row(sq)
    return MARGIN + c * CELL, MARGIN + r * CELL


def _text(
    x: float,
    y: float,
    body: object,
    size: int = 12,
    fill: str = "#222",
    anchor: str = "middle",
    bold: bool = False,
    cls: str = "",
) -> str:
    size = max(size, SMALLEST)
    klass = f' class="{cls}"' if cls else ""
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"'
        f'{weight} font-family="sans-serif"{klass}>{escape(str(body))}</text>'
    )


def _grid(field: dict[str, Any]) -> list[str]:
    zones = {}
    for i, colour in enumerate(("red", "blue")):
        for sq in field["ramp"][i]:
            zones[sq] = (colour, "bridge")
        for sq in field["park"][i]:
            zones[sq] = (colour, "parking")
    parts = []
    for sq in range(SIZE * SIZE):
        x, y = _xy(sq)
        colour, name = zones.get(sq, ("", ""))
        parts.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
            f'fill="{TINT[colour] if colour else "#f5f5f0"}" stroke="#999" data-sq="{sq}"/>'
        )
        parts.append(_text(x + 3, y + CELL - 4, label(sq), 9, "#888", "start"))
        if name:
            parts.append(
                _text(
                    x + CELL // 2,
                    y + 13,
                    f"{colour} {name}",
                    11,
                    INK[colour],
                    bold=True,
                    cls="zone",
                )
            )
    for i, colour in enumerate(("red", "blue")):
        for sq in field["ramp_start"][i]:
            x, y = _xy(sq)
            parts.append(
                f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                f'fill="none" stroke="{INK[colour]}" stroke-dasharray="6 4"/>'
            )
            parts.append(_text(x + CELL // 2, y + 13, "bridge start", 10, INK[colour]))
    return parts


def _structure(view: dict[str, Any]) -> list[str]:
    field = view["field"]
    if not field["structure"]:
        return []
    x, y = _xy(field["structure"][0])
    top, height = y + 16, CELL - 32
    parts = [
        f'<rect x="{x + 4}" y="{top}" width="{2 * CELL - 8}" height="{height}" '
        'fill="#d6d6d6" stroke="#444" stroke-width="2" class="structure"/>',
        f'<rect x="{x + 4}" y="{top}" width="9" height="{height}" fill="{INK["red"]}"/>',
        f'<rect x="{x + 2 * CELL - 13}" y="{top}" width="9" height="{height}" '
        f'fill="{INK["blue"]}"/>',
        _text(x + CELL, y + CELL // 2 - 2, "CENTRE GOAL", 12, bold=True),
        _text(
            x + CELL,
            y + CELL // 2 + 13,
            f"red {view['centre_cm'][0]} · blue {view['centre_cm'][1]} cm",
            11,
        ),
    ]
    for stand, squares in enumerate(field["kickstand_squares"]):
        down = view["fallen"][stand]
        ky = top if stand == 0 else top + height
        parts.append(
            f'<rect x="{x + CELL - 28}" y="{ky - 4}" width="56" height="8" '
            f'fill="{"#8a8a8a" if down else "#f2c200"}" stroke="#444" class="kickstand"/>'
        )
        for sq in squares:
            sx, sy = _xy(sq)
            parts.append(
                f'<rect x="{sx + 6}" y="{sy + 6}" width="{CELL - 12}" '
                f'height="{CELL - 12}" fill="none" stroke="#c9a000" '
                'stroke-dasharray="3 3"/>'
            )
        sx, sy = _xy(squares[0])
        name = f"kickstand {'N' if stand == 0 else 'S'}: {'down' if down else 'standing'}"
        parts.append(_text(sx + CELL, sy + CELL // 2 + 4, name, 11, "#6b5600", bold=True))
    for i, (sq, _) in enumerate(field["short_sides"]):
        sx, sy = _xy(sq)
        colour = ("red", "blue")[i]
        parts.append(_text(sx + CELL // 2, sy + 27, f"{colour} short side", 10, INK[colour]))
    return parts


def _tube(x: int, y: int, goal: dict[str, Any], r: int, h: int) -> list[str]:
    """A rolling goal: a ring in its colour around a tube filled to its cm."""
    fill = round(h * goal["cm"] / goal["size"]) if goal["size"] else 0
    colour = INK[goal["alliance"]]
    return [
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fff" stroke="{colour}" stroke-width="3"/>',
        f'<rect x="{x - 4}" y="{y - h // 2}" width="8" height="{h}" fill="#fff" stroke="#333"/>',
        f'<rect x="{x - 4}" y="{y + h // 2 - fill}" width="8" height="{fill}" fill="#333"/>',
    ]


def _goals(view: dict[str, Any]) -> list[str]:
    parts = []
    for goal in view["goals"]:
        x, y = _xy(goal["sq"])
        title = f"<title>{goal['alliance']} {goal['size']} cm goal, {goal['cm']} cm scored</title>"
        parts.append(f'<g class="goal" data-goal="{goal["id"]}">{title}')
        if goal["robot"] >= 0:  # carried: small, in its robot's square
            parts += _tube(x + CELL - 15, y + 30, goal, 11, 18)
        else:
            parts += _tube(x + CELL // 2, y + CELL // 2 - 4, goal, 20, 34)
            parts.append(
                _text(
                    x + CELL // 2,
                    y + CELL - 16,
                    f"{goal['size']} cm: {goal['cm']}",
                    11,
                    INK[goal["alliance"]],
                    bold=True,
                )
            )
        parts.append("</g>")
    return parts


def _robots(view: dict[str, Any]) -> list[str]:
    carried = {g["robot"]: g for g in view["goals"] if g["robot"] >= 0}
    parts = []
    for robot in view["robots"]:
        if robot["sq"] < 0:
            continue
        x, y = _xy(robot["sq"])
        cx, cy = x + CELL // 2 - 8, y + CELL // 2 + 2
        colour = INK[robot["alliance"]]
        dx, dy = ARROW[robot["facing"]]
        tip = (cx + dx * 25, cy + dy * 25)
        left = (cx + dx * 15 - dy * 8, cy + dy * 15 + dx * 8)
        right = (cx + dx * 15 + dy * 8, cy + dy * 15 - dx * 8)
        active = robot["id"] == view["active"] and view["phase"] == "play"
        who = "unused" if robot["seat"] < 0 else f"seat {robot['seat']}"
        goal = carried.get(robot["id"])
        note = f"{goal['size']} cm: {goal['cm']}" if goal else who
        parts += [
            f'<g class="robot" data-robot="{robot["id"]}">',
            f"<title>{ROBOT_NAMES[robot['id']]} ({who}) facing "
            f"{FACING_NAMES[robot['facing']]}</title>",
            f'<polygon points="{tip[0]},{tip[1]} {left[0]},{left[1]} {right[0]},{right[1]}" '
            f'fill="{colour}" stroke="#222"/>',
            f'<rect x="{cx - 15}" y="{cy - 15}" width="30" height="30" rx="5" '
            f'fill="{colour}" stroke="{"#f2c200" if active else "#222"}" '
            f'stroke-width="{4 if active else 1}"/>',
            _text(cx, cy + 5, ROBOT_NAMES[robot["id"]], 14, "#fff", bold=True),
            _text(
                x + CELL // 2,
                y + CELL - 14,
                note + (" ★" if robot["primed"] else ""),
                11,
                colour,
                bold=True,
            ),
            "</g>",
        ]
    return parts


def panel(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The words beside the field: who plays which alliance, the round and whose
    turn, each alliance's score by part, the Cascade deck and the result."""
    out = Panel().section()
    for colour in ("red", "blue"):  # the legend: who plays which alliance
        robots = [r for r in view["robots"] if r["alliance"] == colour and r["seat"] >= 0]
        seats = sorted({r["seat"] for r in robots})
        names = ", ".join(ROBOT_NAMES[r["id"]] for r in robots)
        who = " and ".join(f"seat {s}" for s in seats) or "nobody"
        out.line(f"{who}: {colour} ({names})", colour=INK[colour], mark="legend")
    tele, end = view["rolls"]
    phase = "end game" if view["endgame"] else "tele-op"
    out.line(f"round {view['round']} of {tele + end} ({phase})", strong=True)
    active = view["active"]
    if view["phase"] == "play" and active >= 0:
        status = f"{ROBOT_NAMES[active]} to play"
        if view["declared"]:
            status += f", declared {view['declared']}"
        if view["die"]:
            status += f", rolled {view['die']}"
        out.line(status)
    for i, colour in enumerate(("red", "blue")):
        s = view["score"][i]
        cm = s["cm"]
        out.section()
        out.line(
            f"{colour.upper()} ALLIANCE: {s['total']}",
            colour=INK[colour],
            strong=True,
            mark="score",
        )
        for line in (
            f"tubes {cm['30']} / {cm['60']} / {cm['90']} cm = {s['tubes']}",
            f"centre {s['centre_cm']} cm = {s['centre']}",
            f"bridge {s['bridge']} · parking {s['parking']}",
            f"opponents' penalties {s['penalties']}",
        ):
            out.line(line, colour=INK[colour], indent=1)
    out.section().line(f"Cascade deck: {view['deck']} face down")
    if view["last_card"]:
        out.line(f"last card: {view['last_card'].replace('_', ' ')}")
    if view["result"]:
        result = "a draw" if view["result"] == "draw" else f"{view['result']} alliance wins"
        out.line(
            f"result: {result}", colour=INK.get(view["result"], "#222"), strong=True, mark="winner"
        )
    elif view["phase"] != "over":
        out.line("bridge and parking points count where robots stand at the end", colour="#555")
    return out.to_json()


def render(view: dict[str, Any]) -> str:
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="board cascade_effect">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
    ]
    parts += _grid(view["field"]) + _structure(view) + _goals(view) + _robots(view)
    parts.append("</svg>")
    return "".join(parts)

"""Draws a Cascade Effect view (or ``state_json``) as SVG for the replay viewer:
the field with its zones, the centre structure, kickstands, rolling goals with
their tube heights, robots with their facing, and a score panel. About 1000 px
wide, so it reads well scaled to 1280 px."""

from __future__ import annotations

from html import escape

from engine.games.cascade_effect.board import SIZE, col_row, label

CELL = 96
MARGIN = 28
PANEL_X = MARGIN + SIZE * CELL + 24
WIDTH = PANEL_X + 360
HEIGHT = MARGIN + SIZE * CELL + 40
INK = {"red": "#c62828", "blue": "#1e4fb4"}
TINT = {"red": "#f9d9d9", "blue": "#d9e3f9"}
ROBOT_NAMES = ("R1", "B1", "R2", "B2")
FONT = 'font-family="sans-serif"'


def _xy(sq: int) -> tuple[int, int]:
    c, r = col_row(sq)
    return MARGIN + c * CELL, MARGIN + r * CELL


def _text(x, y, body, size=13, fill="#222", anchor="middle", weight="normal", cls="") -> str:
    klass = f' class="{cls}"' if cls else ""
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" {FONT}{klass}>{escape(str(body))}</text>')


def _grid(field: dict) -> list[str]:
    zones = {}
    for i, colour in enumerate(("red", "blue")):
        for sq in field["ramp"][i]:
            zones[sq] = (colour, "BRIDGE")
        for sq in field["park"][i]:
            zones[sq] = (colour, "PARKING")
    parts = []
    for sq in range(SIZE * SIZE):
        x, y = _xy(sq)
        colour, name = zones.get(sq, (None, ""))
        fill = TINT[colour] if colour else "#f4f4f0"
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
                     f'stroke="#9a9a9a" data-sq="{sq}"/>')
        parts.append(_text(x + 4, y + 13, label(sq), 10, "#777", "start"))
        if name:
            parts.append(_text(x + CELL - 4, y + 13, f"{colour} {name.lower()}", 10,
                               INK[colour], "end", "bold", "zone"))
    for i, colour in enumerate(("red", "blue")):
        for sq in field["ramp_start"][i]:
            x, y = _xy(sq)
            parts.append(f'<rect x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" '
                         f'fill="none" stroke="{INK[colour]}" stroke-dasharray="6 4"/>')
            parts.append(_text(x + CELL - 4, y + CELL - 5, "bridge start", 9, INK[colour], "end"))
    return parts


def _structure(view: dict) -> list[str]:
    field = view["field"]
    if not field["structure"]:
        return []
    west, east = field["structure"]
    x, y = _xy(west)
    parts = [f'<rect x="{x + 6}" y="{y + 18}" width="{2 * CELL - 12}" height="{CELL - 36}" '
             'fill="#d8d8d8" stroke="#555" stroke-width="2" class="structure"/>',
             f'<rect x="{x + 6}" y="{y + 18}" width="10" height="{CELL - 36}" fill="{INK["red"]}"/>',
             f'<rect x="{x + 2 * CELL - 16}" y="{y + 18}" width="10" height="{CELL - 36}" '
             f'fill="{INK["blue"]}"/>',
             _text(x + CELL, y + CELL // 2 - 4, "CENTRE GOAL", 12, "#222", weight="bold"),
             _text(x + CELL, y + CELL // 2 + 12,
                   f"red {view['centre_cm'][0]} cm · blue {view['centre_cm'][1]} cm", 11)]
    for stand, squares in enumerate(field["kickstand_squares"]):
        down = view["fallen"][stand]
        ky = y + 18 if stand == 0 else y + CELL - 18
        parts.append(f'<rect x="{x + CELL - 30}" y="{ky - 5}" width="60" height="10" '
                     f'fill="{"#8d8d8d" if down else "#f2c200"}" stroke="#555" class="kickstand"/>')
        name = f"kickstand {'N' if stand == 0 else 'S'}: {'down' if down else 'standing'}"
        parts.append(_text(x + CELL, ky + (-9 if stand == 0 else 19), name, 10, "#5a4a00"))
        for sq in squares:
            sx, sy = _xy(sq)
            parts.append(f'<rect x="{sx + 8}" y="{sy + 8}" width="{CELL - 16}" height="{CELL - 16}" '
                         'fill="none" stroke="#d4a800" stroke-dasharray="3 3"/>')
    for i, (sq, _) in enumerate(field["short_sides"]):
        sx, sy = _xy(sq)
        colour = ("red", "blue")[i]
        parts.append(_text(sx + CELL // 2, sy + CELL - 6, f"{colour} short side", 9, INK[colour]))
    return parts


def _tube(x: int, y: int, goal: dict, small: bool) -> list[str]:
    """A rolling goal: a disc in its colour and a tube filled to its centimetres."""
    r = 13 if small else 22
    h = 24 if small else 46
    fill = round(h * goal["cm"] / goal["size"]) if goal["size"] else 0
    colour = INK[goal["alliance"]]
    return [f'<g class="goal" data-goal="{goal["id"]}">',
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fff" stroke="{colour}" stroke-width="3"/>',
            f'<rect x="{x - 5}" y="{y - h // 2}" width="10" height="{h}" fill="#fff" stroke="#333"/>',
            f'<rect x="{x - 5}" y="{y + h // 2 - fill}" width="10" height="{fill}" fill="#333"/>',
            _text(x, y + r + 11, f"{goal['size']}: {goal['cm']} cm" if small
                  else f"{goal['size']} cm tube: {goal['cm']}", 10 if small else 11,
                  colour, weight="bold"),
            f'<title>{goal["alliance"]} {goal["size"]} cm goal, {goal["cm"]} cm scored</title></g>']


def _goals(view: dict) -> list[str]:
    parts = []
    for goal in view["goals"]:
        x, y = _xy(goal["sq"])
        if goal["robot"] >= 0:
            parts += _tube(x + CELL - 20, y + 36, goal, True)
        else:
            parts += _tube(x + CELL // 2, y + CELL // 2 - 4, goal, False)
    return parts


ARROW = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def _robots(view: dict) -> list[str]:
    parts = []
    for robot in view["robots"]:
        if robot["sq"] < 0:
            continue
        x, y = _xy(robot["sq"])
        cx, cy = x + CELL // 2 - 12, y + CELL // 2 + 4
        colour = INK[robot["alliance"]]
        dx, dy = ARROW[robot["facing"]]
        tip = (cx + dx * 30, cy + dy * 30)
        left = (cx + dx * 18 - dy * 9, cy + dy * 18 + dx * 9)
        right = (cx + dx * 18 + dy * 9, cy + dy * 18 - dx * 9)
        active = robot["id"] == view["active"] and view["phase"] == "play"
        who = "unused" if robot["seat"] < 0 else f"seat {robot['seat']}"
        parts += [f'<g class="robot" data-robot="{robot["id"]}">',
                  f'<rect x="{cx - 18}" y="{cy - 18}" width="36" height="36" rx="5" '
                  f'fill="{colour}" stroke="{"#f2c200" if active else "#222"}" '
                  f'stroke-width="{4 if active else 1}"/>',
                  f'<polygon points="{tip[0]},{tip[1]} {left[0]},{left[1]} {right[0]},{right[1]}" '
                  f'fill="{colour}" stroke="#222"/>',
                  _text(cx, cy + 5, ROBOT_NAMES[robot["id"]], 14, "#fff", weight="bold"),
                  _text(cx, cy + 32, who + (" · primed" if robot["primed"] else ""), 9, "#222"),
                  f'<title>{ROBOT_NAMES[robot["id"]]} ({who}), facing '
                  f'{view["facings"][robot["facing"]]}</title></g>']
    return parts


def _panel(view: dict) -> list[str]:
    x, y = PANEL_X, MARGIN + 10
    phase = "end game" if view["endgame"] else "tele-op"
    tele, end = view["rolls"]
    parts = [_text(x, y, "Cascade Effect", 20, anchor="start", weight="bold"),
             _text(x, y + 24, f"round {view['round']} of {tele + end} ({phase})", 14,
                   anchor="start")]
    active = view["active"]
    if view["phase"] == "play" and active >= 0:
        turn = f"turn: {ROBOT_NAMES[active]}, {view['step'] or 'rolled'}"
        if view["declared"]:
            turn += f", declared {view['declared']}"
        if view["die"]:
            turn += f", rolled {view['die']}"
        parts.append(_text(x, y + 44, turn, 13, anchor="start"))
    y += 74
    for i, colour in enumerate(("red", "blue")):
        s = view["score"][i]
        lines = [f"{colour.upper()} ALLIANCE: {s['total']}"
                 + ("" if view["phase"] == "over" else " as it stands"),
                 f"tubes 30/60/90: {s['cm']['30']}/{s['cm']['60']}/{s['cm']['90']} cm = {s['tubes']}",
                 f"centre: {s['centre_cm']} cm = {s['centre']}",
                 f"bridge: {s['bridge']}   parking: {s['parking']}",
                 f"opponents' penalties: {s['penalties']}"]
        parts.append(f'<rect x="{x - 8}" y="{y - 18}" width="340" height="106" rx="6" '
                     f'fill="{TINT[colour]}" class="score"/>')
        for k, line in enumerate(lines):
            parts.append(_text(x, y + 20 * k, line, 15 if k == 0 else 13, INK[colour], "start",
                               "bold" if k == 0 else "normal"))
        y += 122
    parts.append(_text(x, y, f"Cascade deck: {view['deck']} face down", 13, anchor="start"))
    if view["last_card"]:
        parts.append(_text(x, y + 20, f"last card: {view['last_card'].replace('_', ' ')}", 13,
                           anchor="start"))
    if view["result"]:
        parts.append(_text(x, y + 48, f"result: {view['result']}", 16, anchor="start",
                           weight="bold"))
    return parts


def render(view: dict) -> str:
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'class="board cascade_effect">', f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>']
    parts += _grid(view["field"]) + _structure(view) + _goals(view) + _robots(view)
    parts += _panel(view)
    parts.append("</svg>")
    return "".join(parts)

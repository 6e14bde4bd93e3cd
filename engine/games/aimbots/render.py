"""Draws an Aimbots state as SVG: the arena; ``panel`` says beside it what the
drawn state holds: phase, round and energy, each seat's cores and scrap, the
market with its claims and the draft dice.

Takes either ``view(state, seat)`` (any seat or the spectator) or ``state_json``:
both carry ``seats``, ``bots`` (same keys), ``board_scrap`` (squares, or
``[square, token]`` pairs), ``hands`` and ``cores``; zones and scrap spaces come
from the board layout for the seat count. A view hides what its seat may not see
(other seats' bot cores and held scrap are ``None``), so each view draws only its
own secrets, and ``state_json`` (with ``tokens``) draws every seat's.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.aimbots.board import SIZE, bot_label, col_row, label, scrap_spaces, zone
from engine.panel import Panel

CELL = 64
COLOURS = ("#d33", "#36c", "#2a2", "#c90")
TINTS = ("#fbe3e3", "#e3ebfb", "#e3f6e3", "#fbf1dc")


def _square_of(entry: int | list[int]) -> int:
    return entry[0] if isinstance(entry, list) else entry


def _grid(n: int) -> list[str]:
    parts = []
    zones = {sq: s for s in range(n) for sq in zone(n, s)}
    scrap = set(scrap_spaces(n))
    for square in range(SIZE * SIZE):
        c, r = col_row(square)
        fill = TINTS[zones[square]] if square in zones else "#f7f7f7"
        parts.append(
            f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
            f'fill="{fill}" stroke="#999" data-sq="{square}"/>'
            f'<text x="{c * CELL + CELL - 3}" y="{r * CELL + CELL - 4}" font-size="9" '
            f'fill="#888" text-anchor="end" class="square-label">{label(square)}</text>'
        )
        if square in scrap:
            parts.append(
                f'<rect x="{c * CELL + 6}" y="{r * CELL + 6}" width="{CELL - 12}" '
                f'height="{CELL - 12}" fill="none" stroke="#777" '
                'stroke-dasharray="4 3" class="scrap-space"/>'
            )
    return parts


def _scrap(board_scrap: list[Any]) -> list[str]:
    counts: dict[int, int] = {}
    for entry in board_scrap:
        square = _square_of(entry)
        counts[square] = counts.get(square, 0) + 1
    parts = []
    for square in sorted(counts):
        c, r = col_row(square)
        parts.append(
            f'<rect x="{c * CELL + 3}" y="{r * CELL + CELL - 17}" width="24" '
            f'height="14" fill="#8a6d3b" class="scrap" data-scrap="{square}"/>'
            f'<text x="{c * CELL + 15}" y="{r * CELL + CELL - 6}" font-size="12" fill="#fff" '
            f'text-anchor="middle">{counts[square]}</text>'
        )
    return parts


def _side(x: int, y: int, value: int, plated: bool) -> str:
    fill = "#333" if plated else "#fff"
    ink = "#fff" if plated else "#000"
    shown = "1" if plated else str(value)
    return (
        f'<rect x="{x - 8}" y="{y - 8}" width="16" height="16" fill="{fill}" '
        f'stroke="#000" stroke-width="0.5"/><text x="{x}" y="{y + 4}" font-size="12" '
        f'text-anchor="middle" fill="{ink}">{shown}</text>'
    )


def _bot(bot: dict[str, Any]) -> list[str]:
    if not bot["alive"] or bot["sq"] < 0:
        return []
    c, r = col_row(bot["sq"])
    x, y = c * CELL + CELL // 2, r * CELL + CELL // 2
    colour = COLOURS[bot["owner"] % len(COLOURS)]
    plates = bot["plates"]
    parts = [
        f'<g class="bot" data-bot="{bot["id"]}" data-owner="{bot["owner"]}">',
        f'<rect x="{x - 18}" y="{y - 18}" width="36" height="36" rx="6" fill="{colour}"/>',
        f'<text x="{x}" y="{y + 6}" font-size="18" font-weight="bold" fill="#fff" '
        f'text-anchor="middle">{bot["top"]}</text>',
        f'<text x="{x - 16}" y="{y - 8}" font-size="9" fill="#fff" class="bot-id">'
        f"{bot_label(bot['id'])}</text>",
    ]
    if bot["north"]:
        north, east = bot["north"], bot["east"]
        for dx, dy, value in (
            (0, -22, north),
            (22, 0, east),
            (0, 22, 7 - north),
            (-22, 0, 7 - east),
        ):
            parts.append(_side(x + dx, y + dy, value, value in plates))
    if bot.get("core") is not None:  # a secret this drawing may show
        parts.append(
            f'<circle cx="{x + 20}" cy="{y - 20}" r="10" fill="#ffd54f" stroke="#000" '
            f'data-core="{bot["id"]}"/><text x="{x + 20}" y="{y - 15}" font-size="13" '
            f'font-weight="bold" text-anchor="middle">{bot["core"]}</text>'
        )
    parts.append(
        f"<title>{escape(bot['program'])} (bot {bot['id']}, seat {bot['owner']}, "
        f"{len(plates)} plate(s))</title></g>"
    )
    return parts


def _held(state: dict[str, Any], seat: int) -> str:
    """A seat's held scrap as this state shows it: kinds, or a face-down count."""
    hand = (state.get("hands") or [[]] * state["seats"])[seat]
    tokens = state.get("tokens")
    kinds = [
        entry["kind"]
        if isinstance(entry, dict)
        else tokens[entry]
        if isinstance(entry, int) and tokens
        else None
        for entry in hand
    ]
    if not kinds:
        return "no scrap"
    hidden = sum(1 for k in kinds if k is None)
    shown = [k for k in kinds if k is not None]
    return ", ".join(shown + ([f"{hidden} face down"] if hidden else []))


def _status(state: dict[str, Any], panel: Panel) -> None:
    seat = state.get("you")
    panel.section()
    panel.line(
        "view: "
        + ("everything" if "tokens" in state else "spectator" if seat is None else f"seat {seat}"),
        colour="#555",
    )
    if state.get("winner", -1) >= 0:
        panel.line(
            f"seat {state['winner']} wins",
            colour=COLOURS[state["winner"]],
            strong=True,
            mark="winner",
        )
        if state.get("reason"):
            panel.line(state["reason"])
    phase = state.get("phase", "")
    line = f"{phase} phase · round {state.get('round', 0)} of {state.get('turn_limit', '?')}"
    panel.line(line, strong=True)
    if phase == "play" and state.get("active", -1) >= 0:
        panel.line(
            f"seat {state['active']} to act · {state.get('energy', 0)} energy left",
            colour=COLOURS[state["active"]],
        )


def _seats(state: dict[str, Any], panel: Panel) -> None:
    target = state.get("target")
    panel.section("seats")
    for s in range(state["seats"]):
        cores = (state.get("cores") or [0] * state["seats"])[s]
        goal = f" of {target}" if target else ""
        panel.line(f"seat {s}: {cores}{goal} cores", colour=COLOURS[s], strong=True, mark="score")
        panel.line("scrap held: " + _held(state, s), colour=COLOURS[s], indent=1)
        programs = [
            b["program"] + ("" if b["alive"] else " (destroyed)")
            for b in state["bots"]
            if b["owner"] == s
        ]
        panel.line("bots: " + ", ".join(programs), colour=COLOURS[s], indent=1)


def _market(state: dict[str, Any], panel: Panel) -> None:
    market, claims = state.get("market") or [], state.get("claims") or []
    if not market:
        return
    panel.section("market")
    for i in range(0, len(market), 2):
        cells = []
        for j in (i, i + 1):
            if j < len(market):
                who = claims[j] if j < len(claims) else -1
                cells.append(market[j] + (f" (seat {who})" if who >= 0 else ""))
        panel.line(" · ".join(cells))


def _dice(state: dict[str, Any], panel: Panel) -> None:
    rolls, spent = state.get("rolls") or [], state.get("spent") or []
    if state.get("phase") != "draft" or not rolls:
        return
    panel.section("draft dice (used in brackets)")
    for s, roll in enumerate(rolls):
        used = spent[s] if s < len(spent) else []
        faces = [f"[{d}]" if k < len(used) and used[k] else str(d) for k, d in enumerate(roll)]
        panel.line(f"seat {s}: " + " ".join(faces), colour=COLOURS[s])


def panel(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The words beside the arena: status, each seat's cores and scrap, market, dice."""
    out = Panel()
    _status(state, out)
    _seats(state, out)
    _market(state, out)
    _dice(state, out)
    return out.to_json()


def render(state: dict[str, Any]) -> str:
    n = state["seats"]
    width = height = SIZE * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        'class="board aimbots" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    parts += _grid(n) + _scrap(state.get("board_scrap", []))
    for bot in state["bots"]:
        parts += _bot(bot)
    parts.append("</svg>")
    return "".join(parts)

"""Draws each robot's program below the floor: its five registers (face up when the
view may see them, face down when they are set but hidden, blank when empty) and
its hand of program cards (face up for the seat that holds it, a row of card backs
for everyone else). A view hides another seat's hand and unrevealed registers as
``None``, so each view draws only what its seat knew."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.games.powerball.cards import KIND_NAMES, card_name, kind
from engine.games.powerball.state import EMPTY

CARD_W, CARD_H, GAP = 40, 54, 4
ROW = 22 + CARD_H + 14  # a robot's label line, its cards and the space below
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")


def _card(x: int, y: int, card: int | None, cls: str) -> str:
    """One card: ``card`` a priority (face up), ``None`` (face down) or ``EMPTY``."""
    if card is None:
        return (
            f'<rect class="{cls} face-down" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
            f'rx="4" fill="#5a6270" stroke="#333"><title>a card, face down</title></rect>'
        )
    if card == EMPTY:
        return (
            f'<rect class="{cls} empty" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" '
            f'rx="4" fill="none" stroke="#aaa" stroke-dasharray="3 3"/>'
        )
    words = KIND_NAMES[kind(card)].split(" ")  # "rotate left": a word a line
    lines = "".join(
        f'<text x="{x + CARD_W // 2}" y="{y + 15 + 12 * i}" font-size="10" '
        f'font-weight="bold" text-anchor="middle">{escape(w)}</text>'
        for i, w in enumerate(words)
    )
    return (
        f'<g class="{cls} face-up" data-card="{card}"><title>{escape(card_name(card))}</title>'
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fffbe8" '
        f'stroke="#333"/>{lines}<text x="{x + CARD_W // 2}" y="{y + CARD_H - 6}" '
        f'font-size="11" text-anchor="middle">{card}</text></g>'
    )


def _row(robot: dict[str, Any], x: int, y: int) -> list[str]:
    seat = robot["seat"]
    hand = robot["hand"] if robot["hand"] is not None else [None] * robot["hand_count"]
    parts = [
        f'<g class="program" data-seat="{seat}">',
        f'<text x="{x}" y="{y + 15}" font-size="13" font-weight="bold" '
        f'fill="{COLOURS[seat % len(COLOURS)]}">seat {seat}: registers'
        + (f" · hand of {len(hand)}" if hand else "")
        + "</text>",
    ]
    top = y + 22
    for i, card in enumerate(robot["registers"]):
        parts.append(_card(x + i * (CARD_W + GAP), top, card, "register"))
    left = x + len(robot["registers"]) * (CARD_W + GAP) + 16
    for i, card in enumerate(hand):
        parts.append(_card(left + i * (CARD_W + GAP), top, card, "hand-card"))
    parts.append("</g>")
    return parts


def program_height(state: dict[str, Any]) -> int:
    return ROW * len(state["robots"]) + 10


def draw_programs(state: dict[str, Any], x: int, y: int) -> list[str]:
    """Every robot's registers and hand, one row a robot, from (``x``, ``y``) down."""
    parts: list[str] = []
    for k, robot in enumerate(state["robots"]):
        parts += _row(robot, x, y + k * ROW)
    return parts

"""Tic-tac-toe's events in words."""

from __future__ import annotations

from typing import Any

from engine.describe import Seats
from engine.events import ACTION_SUBMITTED

MARKS = ("X", "O")
ROWS = ("top", "middle", "bottom")
COLUMNS = ("left", "centre", "right")


def cell_name(cell: int) -> str:
    if cell == 4:
        return "the centre"
    return f"the {ROWS[cell // 3]} {COLUMNS[cell % 3]}".replace("middle centre", "centre")


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    if kind == ACTION_SUBMITTED and isinstance(data.get("action"), int):
        seat = data["seat"]
        return f"{seats(seat)} puts {MARKS[seat]} in {cell_name(data['action'])}."
    return None

"""Connect four's events in words. Columns are counted as the protocol counts them
(0 to 6, from the left), and the board labels them so."""

from __future__ import annotations

from typing import Any

from engine.describe import Seats
from engine.events import ACTION_SUBMITTED

COLOURS = ("red", "yellow")


def describe(kind: str, data: dict[str, Any], seats: Seats) -> str | None:
    if kind == ACTION_SUBMITTED and isinstance(data.get("action"), int):
        seat = data["seat"]
        return f"{seats(seat)} drops a {COLOURS[seat]} disc into column {data['action']}."
    return None

"""The bot-author SDK (``scrimmage_bot.py``, one file, no dependencies) and the
starter bot of every game (``starters/<game>.py``)."""

from __future__ import annotations

from pathlib import Path

SDK_FILE = Path(__file__).with_name("scrimmage_bot.py")
STARTERS = Path(__file__).with_name("starters")


def starter_path(game: str) -> Path:
    """The starter bot of ``game`` (a file that may not exist for a new game)."""
    return STARTERS / f"{game}.py"

"""The bot-author SDK: ``scrimmage_bot.py``, one file, no dependencies. Each game's
starter bot is in the game's own folder (``engine.registry.starter_path``)."""

from __future__ import annotations

from pathlib import Path

SDK_FILE = Path(__file__).with_name("scrimmage_bot.py")

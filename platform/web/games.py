"""What a game's page shows: its rules (RULES.md beside its code), options,
built-in bots and starter bot, read from the game plugin itself."""

from __future__ import annotations

import json
import re

from django.http import Http404

from engine import registry
from engine.game import Game, RulesError

from web.rendering import markdown_html


def get_game(name: str) -> Game:
    try:
        return registry.get(name)
    except RulesError:
        raise Http404("no such game") from None


def rules_html(game: Game) -> str:
    """RULES.md as HTML, its headings two levels down (it sits under the page's
    own title and its "Rules" heading)."""
    path = registry.rules_path(game)
    if not path.is_file():
        return ""
    return re.sub(
        r"<(/?)h([1-4])\b",
        lambda m: f"<{m.group(1)}h{int(m.group(2)) + 2}",
        markdown_html(path.read_text("utf-8")),
    )


def _first_line(obj) -> str:
    doc = (obj.__doc__ or "").strip()
    return doc.splitlines()[0] if doc else ""


def options(game: Game) -> list[dict]:
    """Each option with its default and allowed values as a command line takes
    them (``--option name=value``: ``true``, not Python's ``True``)."""
    return [
        {
            "name": name,
            "default": json.dumps(o.default),
            "help": o.help,
            "choices": [json.dumps(c) for c in o.choices] if o.choices else None,
            "minimum": o.minimum,
            "maximum": o.maximum,
        }
        for name, o in sorted(game.options.items())
    ]


def builtin_bots(game: Game) -> list[dict]:
    return [{"name": name, "about": _first_line(cls)} for name, cls in sorted(game.bots.items())]


def has_starter(game: Game) -> bool:
    return registry.starter_path(game.name).is_file()

"""The panel beside a board: what a drawn state holds in words (round, scores,
hands, market...), as plain data the viewer lays out in HTML next to the picture.

Text drawn inside a board's SVG shrinks with the board (a phone draws a 900-unit
picture 360 px wide), so words that are not part of the picture live here instead,
where they keep the page's font size. Every game builds its panel with ``Panel``,
so all games hand the viewer the same shape::

    [{"title": "market", "lines": [{"text": "...", "colour": "#36c",
                                     "strong": False, "indent": 0, "mark": "score"}]}]

``colour`` is a ``#rgb``/``#rrggbb`` ink or ``None``; ``mark`` is a short word the
viewer sets as ``data-mark`` (tests and styles find lines by it) or ``None``.
Plain strings only: the viewer sets them as text, never as markup.
"""

from __future__ import annotations

import re
from typing import Any

INK = re.compile(r"^#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?$")


class Panel:
    """Sections of lines, top to bottom; ``to_json`` gives the served shape."""

    def __init__(self) -> None:
        self.sections: list[dict[str, Any]] = []

    def section(self, title: str | None = None) -> Panel:
        """Start a new section (``title`` shown above its lines, if any)."""
        self.sections.append({"title": title, "lines": []})
        return self

    def line(
        self,
        text: str,
        *,
        colour: str | None = None,
        strong: bool = False,
        indent: int = 0,
        mark: str | None = None,
    ) -> Panel:
        """Add a line to the current section (a first, untitled one if none)."""
        if colour is not None and not INK.match(colour):
            raise ValueError(f"a panel colour is #rgb or #rrggbb, not {colour!r}")
        if not self.sections:
            self.section()
        self.sections[-1]["lines"].append(
            {"text": str(text), "colour": colour, "strong": strong, "indent": indent, "mark": mark}
        )
        return self

    def to_json(self) -> list[dict[str, Any]]:
        return [s for s in self.sections if s["lines"]]

    def text(self) -> str:
        """Every line, one a row: for tests and the command line."""
        return "\n".join(
            "  " * line["indent"] + line["text"]
            for section in self.to_json()
            for line in ([{"text": section["title"], "indent": 0}] if section["title"] else [])
            + section["lines"]
        )


def panel_text(panel: list[dict[str, Any]]) -> str:
    """The served shape (``Panel.to_json``) as text, a line a row."""
    rebuilt = Panel()
    rebuilt.sections = panel
    return rebuilt.text()

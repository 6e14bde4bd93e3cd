"""Markdown of our own files (the bot guide, each game's RULES.md) as HTML."""

from __future__ import annotations

import markdown


def markdown_html(text: str) -> str:
    """The HTML of ``text``: fenced code, tables and heading anchors."""
    return markdown.markdown(text, extensions=["fenced_code", "tables", "toc"])

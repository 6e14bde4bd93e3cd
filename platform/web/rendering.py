"""Markdown of our own files (the bot guide, each game's RULES.md) as HTML."""

from __future__ import annotations

from functools import lru_cache

import markdown


# a game's rules took 30-40 ms of CPU to render, on every request of its page; the
# texts are the few files shipped with the code, so each is rendered once a process
# (keyed by the text itself: a changed file is rendered anew)
@lru_cache(maxsize=32)
def markdown_html(text: str) -> str:
    """The HTML of ``text``: fenced code, tables and heading anchors."""
    return markdown.markdown(text, extensions=["fenced_code", "tables", "toc"])

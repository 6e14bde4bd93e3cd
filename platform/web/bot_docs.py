"""Write a bot: the guide and the protocol (our docs/ rendered), and a tab per bot
language with its SDK and starter bots to download."""

from __future__ import annotations

import re

from django.conf import settings
from django.http import FileResponse, Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from engine import registry
from engine.registry import folder_of, starter_path
from engine.sdk import SDK_FILE

from bots import conf
from web.rendering import markdown_html

DOCS = {"writing-a-bot": "writing-a-bot.md", "protocol": "protocol.md"}
#: the files of the languages without a starter per game: (file, content type)
SDK_DIR = SDK_FILE.parent
LANGUAGE_FILES = {
    "scrimmage_bot.js": (SDK_DIR / "scrimmage_bot.js", "text/javascript"),
    "starter.c": (SDK_DIR / "starter.c", "text/x-c"),
    "ScrimmageBot.java": (SDK_DIR / "java" / "ScrimmageBot.java", "text/x-java"),
    "Starter.java": (SDK_DIR / "java" / "Starter.java", "text/x-java"),
}


def _render_markdown(name: str) -> str:
    path = settings.BASE_DIR / "docs" / DOCS[name]
    html = markdown_html(path.read_text("utf-8"))
    # links between the two pages stay on the site
    for key, filename in DOCS.items():
        page = reverse("bot-doc", args=[key])
        html = re.sub(
            rf'href="(?:\./)?{re.escape(filename)}(#[^"]*)?"',
            rf'href="{page}\1"',
            html,
        )
    return html


def write_a_bot(request):
    return doc_page(request, "writing-a-bot")


def doc_page(request, name: str):
    if name not in DOCS:
        raise Http404("no such page")
    starters = [
        {
            "game": g,
            "title": registry.get(g).title if hasattr(registry.get(g), "title") else g,
            "js": (folder_of(registry.get(g)) / "starter.js").is_file(),
        }
        for g in sorted(registry.games())
        if starter_path(g).is_file()
    ]
    # the docs are our own files: their HTML is trusted
    return render(
        request,
        "web/write_a_bot.html",
        {
            "doc": mark_safe(_render_markdown(name)),
            "starters": starters,
            "name": name,
            "sandbox": conf.sandbox_state(),
        },
    )


def language_file(request, filename: str):
    """The JavaScript SDK, the C starter, the Java SDK and starter."""
    if filename not in LANGUAGE_FILES:
        raise Http404("no such file")
    path, content_type = LANGUAGE_FILES[filename]
    return FileResponse(
        open(path, "rb"), as_attachment=True, filename=filename, content_type=content_type
    )


def js_starter_download(request, game: str):
    path = folder_of(registry.get(game)) / "starter.js" if game in registry.games() else None
    if path is None or not path.is_file():
        raise Http404("no JavaScript starter for that game")
    return FileResponse(
        open(path, "rb"),
        as_attachment=True,
        filename=f"{game}_starter.js",
        content_type="text/javascript",
    )


def sdk_download(request):
    return FileResponse(
        open(SDK_FILE, "rb"),
        as_attachment=True,
        filename="scrimmage_bot.py",
        content_type="text/x-python",
    )


def starter_download(request, game: str):
    if game not in registry.games() or not starter_path(game).is_file():
        raise Http404("no starter for that game")
    return FileResponse(
        open(starter_path(game), "rb"),
        as_attachment=True,
        filename=f"{game}_starter.py",
        content_type="text/x-python",
    )

"""Write a bot: the guide and the protocol (our docs/ rendered), a tab per bot
language with its SDK and starter bots, and the engine's own wheel
(``engine.wheel``) to download.

The guide's commands name the site ``https://SITE`` and the wheel's version
``VERSION``: the page puts this site's own address and the current wheel in their
place, so its commands run as shown."""

from __future__ import annotations

import re
from functools import cache

from django.conf import settings
from django.http import FileResponse, Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe

from engine import registry, wheel
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


def _render_markdown(name: str, request) -> str:
    path = settings.BASE_DIR / "docs" / DOCS[name]
    html = markdown_html(path.read_text("utf-8"))
    html = html.replace(wheel.wheel_name("VERSION"), _wheel_name())
    html = html.replace("https://SITE", request.build_absolute_uri("/").rstrip("/"))
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
            "doc": mark_safe(_render_markdown(name, request)),
            "starters": starters,
            "wheel_name": _wheel_name(),
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


@cache
def _wheel_name() -> str:
    """The current engine wheel's file name (the code a process runs does not change)."""
    return wheel.current_wheel_name()


def engine_wheel(request, filename: str):
    """The engine's wheel, built into the data folder on its first request."""
    if filename != _wheel_name():
        raise Http404("no such download (the Write a bot page links the current one)")
    path = settings.DATA_DIR / "downloads" / filename
    if not path.is_file():
        path = wheel.build(path.parent)
    return FileResponse(
        open(path, "rb"), as_attachment=True, filename=filename, content_type="application/zip"
    )

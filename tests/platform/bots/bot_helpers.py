"""Helpers of the uploaded-bot tests: bot sources and uploads (good and hostile
archives) built in memory."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from engine.registry import starter_path

GOOD_PY = starter_path("tic_tac_toe").read_bytes()

FAILS_HANDSHAKE = b"""import sys
print("starting up, then giving up", file=sys.stderr)
sys.exit(3)
"""

NOISY_PY = b"""import random
import sys

from scrimmage_bot import run


def decide(request):
    print("NOISY-STDERR thinking about", request.legal, file=sys.stderr)
    return random.choice(request.legal)


if __name__ == "__main__":
    run(decide, name="noisy")
"""


def stored_files(data_dir) -> list[str]:
    """Everything under DATA_DIR/bots but the (empty) incoming folder."""
    root = data_dir / "bots"
    if not root.exists():
        return []
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.name != ".incoming")


def py_upload(data: bytes = GOOD_PY, name: str = "my_bot.py") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="text/x-python")


def play_all(competition, capture=None) -> None:
    """Start ``competition`` and play every match it schedules, in this process.
    ``capture`` (pytest-django's ``django_capture_on_commit_callbacks``) runs the
    on-commit work inside a test's transaction; without it, commits run it."""
    from contextlib import nullcontext

    from tests.inline_worker import InlineWorker

    from tournaments import lifecycle

    def committing():
        return capture(execute=True) if capture else nullcontext()

    with pytest.MonkeyPatch.context() as monkeypatch:
        worker = InlineWorker(monkeypatch)
        with committing():
            lifecycle.start(competition)
        worker.drain(committing=committing)


def valid_bot(owner, name: str, source: bytes = GOOD_PY, game: str = "tic_tac_toe"):
    """A new bot of ``owner`` whose version 1 passed validation."""
    from bots import services

    bot, version = services.create_bot(owner, name, game, py_upload(source))
    assert version.status == "valid", version.validation_reason
    return bot


def zip_bytes(
    files: dict,
    manifest: dict | None = None,
    *,
    compression=zipfile.ZIP_DEFLATED,
    infos: list | None = None,
) -> bytes:
    """A zip of ``files`` (name -> bytes) plus ``bot.json`` from ``manifest``."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        if manifest is not None:
            zf.writestr("bot.json", json.dumps(manifest))
        for name, data in files.items():
            zf.writestr(name, data)
        for info, data in infos or []:
            zf.writestr(info, data)
    return buf.getvalue()


def zip_upload(data: bytes, name: str = "bot.zip") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/zip")


def good_zip() -> bytes:
    return zip_bytes(
        {
            "src/play.py": GOOD_PY.replace(b"tic-tac-toe starter", b"zipped"),
            "src/helpers.py": b"X = 1\n",
        },
        {"entry": "src/play.py", "name": "Zipped"},
    )


def stored_bot(
    owner, name: str, *, versions: int = 1, public: bool = True, game: str = "tic_tac_toe"
):
    """A bot with ``versions`` valid versions (``add_versions``)."""
    from bots.models import Bot

    bot = Bot.objects.create(owner=owner, name=name, game=game, public=public)
    add_versions(bot, versions)
    return bot


def add_versions(bot, count: int, source: bytes = GOOD_PY) -> list:
    """``count`` more versions of ``bot`` playing ``source``, stored valid without
    the sandbox's validation run (a second each: too slow for tests that need many)."""
    from bots.models import BotVersion

    first = bot.versions.count() + 1
    versions = []
    for number in range(first, first + count):
        version = BotVersion(
            bot=bot,
            number=number,
            sha256=f"{bot.pk:032x}{number:032x}",
            kind=BotVersion.Kind.PY,
            original_name="bot.py",
            path=f"bots/{bot.pk}-{number}.py",
            entry="bot.py",
            size=len(source),
            status=BotVersion.Status.VALID,
        )
        version.program_path.parent.mkdir(parents=True, exist_ok=True)
        version.program_path.write_bytes(source)
        version.save()
        versions.append(version)
    return versions


def all_at_once(n: int, attempt) -> list:
    """``attempt(i)`` for i in 0..n-1, in ``n`` real threads released together, each
    with its own database connection: what each returned, or the exception it raised.
    SQLite's in-memory test database shares one cache between connections and refuses
    concurrent writers outright, so a caller needs PostgreSQL (``needs_concurrent_writers``)."""
    import threading

    from django.db import connection

    start, outcomes = threading.Barrier(n), [None] * n

    def one(i: int) -> None:
        try:
            start.wait()
            outcomes[i] = attempt(i)
        except Exception as exc:
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def needs_concurrent_writers() -> None:
    from django.db import connection

    if connection.vendor == "sqlite":
        pytest.skip("needs a database with concurrent writers (PostgreSQL)")

"""The bot store: every uploaded file, kept once under its sha256, through Django's
storage API (``STORAGES["bots"]``: files under the data folder by default, or an
S3-compatible object store; ``config.bot_store``).

An object is the upload's own bytes (the ``.py`` file or the ``.zip`` archive),
named ``<sha256>.py`` or ``<sha256>.zip``: the same bytes uploaded twice, by
anyone, are one object, and whoever fetches one can check what it got against
its name (``bots.cache`` does, before a sandbox runs it).

A store that cannot be reached raises ``StoreAway`` (one of the matches app's
``INFRASTRUCTURE_ERRORS``: the match is retried later); an object that is not
there raises ``BotError`` (the match fails with the reason).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import FileSystemStorage, Storage, storages

from engine.bots.program import BotError

from matches.services import ServiceAway


class DataFolderStorage(FileSystemStorage):
    """The default store: files under ``DATA_DIR/bots/store/``, the folder read
    from the settings at each use (so a test's own data folder holds its own)."""

    @property
    def base_location(self) -> str:
        return str(Path(settings.DATA_DIR) / "bots" / "store")

    @property
    def location(self) -> str:
        return os.path.abspath(self.base_location)


class StoreAway(ServiceAway):
    """The bot store did not answer (or answered that it cannot serve now)."""


def bot_store() -> Storage:
    return storages["bots"]


def object_name(sha256: str, kind: str) -> str:
    return f"{sha256}.{kind}"


def put(sha256: str, kind: str, data: bytes) -> None:
    """Keep ``data`` (whose sha256 is ``sha256``) unless the store has it already."""
    name = object_name(sha256, kind)
    store = bot_store()
    with _away_as("keep", name):
        if not store.exists(name):
            store.save(name, ContentFile(data))


def fetch(sha256: str, kind: str) -> bytes:
    """The bytes kept as ``sha256`` (unchecked: the caller checks them)."""
    name = object_name(sha256, kind)
    with _away_as("fetch", name), bot_store().open(name, "rb") as stored:
        return stored.read()


@contextmanager
def _away_as(doing: str, name: str) -> Iterator[None]:
    """Turns the store's failures into ``BotError`` (no such object) or
    ``StoreAway`` (anything else the store or the way to it raised)."""
    try:
        yield
    except (BotError, StoreAway):
        raise
    except Exception as exc:
        if _is_missing(exc):
            raise BotError(f"{name} is not in the bot store") from exc
        if isinstance(exc, OSError) or _from_the_store(exc):
            raise StoreAway(
                f"the bot store cannot {doing} {name}: {type(exc).__name__}: {exc}"
            ) from exc
        raise


def _is_missing(exc: BaseException) -> bool:
    if isinstance(exc, FileNotFoundError):
        return True
    response = getattr(exc, "response", None)
    code = str((response or {}).get("Error", {}).get("Code", ""))
    return code in ("404", "NoSuchKey", "NotFound")


def _from_the_store(exc: BaseException) -> bool:
    """Raised by boto3 (a connection refused or timed out, an error answer) or the
    storage backend itself (django-storages' ``ImproperlyConfigured`` is not)."""
    from botocore.exceptions import BotoCoreError, ClientError

    return isinstance(exc, BotoCoreError | ClientError)

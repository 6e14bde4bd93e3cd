"""A host's own copies of the bot versions it runs, fetched from the bot store
(``bots.store``) on a miss and kept under its data folder, at most
``SCRIMMAGE_BOT_CACHE_BYTES`` of them (the least recently used go first).

An entry is the folder ``DATA_DIR/bots/<sha256>/`` holding the unpacked version
(``main.py``, or the archive's folder ``bot/``) - the place ``BotVersion.path``
names - and a ``.used`` file beside it: its mtime is the entry's last use, its text
the entry's size. The sandbox mounts only ``main.py`` or ``bot/``, never ``.used``.

What a miss fetches is checked before anything runs it: its sha256 must be the
version's, and it is unpacked with the upload's own checks (``bots.archive``). A
file whose digest does not match is refused (``DigestMismatch``) and not kept.
Entries of versions uploaded before there was a store have no ``.used`` file and
are never evicted (the store may not hold them).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import shutil
from collections.abc import Iterable
from pathlib import Path

from django.conf import settings

from engine.bots.program import BotError

from bots import conf, store
from bots.archive import Prepared, UploadRejected, prepare
from bots.models import BotVersion

USED = ".used"


class DigestMismatch(BotError):
    """What the store gave is not the file the version's sha256 names."""


def root() -> Path:
    return conf.data_dir() / "bots"


def entry(sha256: str) -> Path:
    return root() / sha256


def program_path(version: BotVersion) -> Path:
    """The version's program on this host, fetched from the store if need be."""
    return program_paths([version])[0]


def program_paths(versions: Iterable[BotVersion]) -> list[Path]:
    """The programs of ``versions`` (a match's), each fetched if missing; then the
    cache is brought within its bound, never evicting one of these."""
    versions = list(versions)
    paths = [local_program(version) for version in versions]
    evict(keep={version.sha256 for version in versions})
    return paths


def local_program(version: BotVersion) -> Path:
    """The version's program on this host, fetched if need be (no eviction: the
    caller calls ``evict`` once it has all it needs)."""
    path = version.program_path
    if path.exists():
        _touch(version.sha256)
        return path
    data = store.fetch(version.sha256, version.kind)
    got = hashlib.sha256(data).hexdigest()
    if got != version.sha256:
        raise DigestMismatch(
            f"{version}: the bot store's file has sha256 {got[:12]}..., not the "
            f"version's {version.sha256[:12]}...: refused"
        )
    try:
        prepared = prepare(io.BytesIO(data), original_name=f"{version.sha256}.{version.kind}")
    except UploadRejected as exc:
        raise BotError(f"{version}: the bot store's file does not unpack: {exc}") from None
    try:
        install(prepared)
    finally:
        prepared.discard()
    return path


def install(prepared: Prepared) -> bool:
    """Move a checked upload's files into the cache (an upload on the web host, a
    fetch on a worker); ``True`` if this call put them there, ``False`` if the
    same bytes were there already (another process may have been first)."""
    folder = entry(prepared.sha256)
    target = folder / prepared.rel
    folder.mkdir(mode=0o755, parents=True, exist_ok=True)
    created = False
    if not target.exists():
        try:
            os.rename(prepared.tmp / prepared.rel, target)
            created = True
        except OSError:
            if not target.exists():
                raise
    (folder / USED).write_text(str(_size(target)))
    return created


def remove(sha256: str) -> None:
    """Drop an entry (its folder and all in it)."""
    shutil.rmtree(entry(sha256), ignore_errors=True)


def evict(keep: Iterable[str] = ()) -> list[str]:
    """Remove the least recently used entries until the cache holds at most
    ``SCRIMMAGE_BOT_CACHE_BYTES``, never one of ``keep``; the sha256s removed."""
    limit, keep = settings.SCRIMMAGE_BOT_CACHE_BYTES, set(keep)
    entries = sorted(_entries(), key=lambda e: e[1])  # oldest use first
    total = sum(size for _, _, size in entries)
    removed = []
    for sha256, _, size in entries:
        if total <= limit:
            break
        if sha256 in keep:
            continue
        remove(sha256)
        removed.append(sha256)
        total -= size
    return removed


def _entries() -> list[tuple[str, float, int]]:
    """(sha256, last use, size) of every entry the cache put in place."""
    found = []
    for used in root().glob(f"*/{USED}"):
        with contextlib.suppress(OSError, ValueError):
            found.append((used.parent.name, used.stat().st_mtime, int(used.read_text())))
    return found


def _touch(sha256: str) -> None:
    used = entry(sha256) / USED
    if used.exists():
        with contextlib.suppress(OSError):
            os.utime(used)


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())

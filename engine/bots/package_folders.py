"""The third-party package folders under ``/usr``, which the sandbox hides from a
bot: found by walking all of ``/usr`` once per machine, not once per process.

The walk costs about 0.25 s of CPU (16,000 folders on this Debian), more than a
sandboxed tic-tac-toe match. Its answer is kept in the user's cache folder
(``$XDG_CACHE_HOME`` or ``~/.cache``, ``scrimmage/package-folders.json``) beside a
fingerprint of the tree: the modification time and inode of ``top``, of every
folder one and two levels below it, of every folder on the way to a package
folder found (and of that folder), and of dpkg's status file, which every package
installed or removed through apt touches. A folder's modification time changes
when an entry is added to it or taken from it, so a new tool or Python within two
levels of ``top`` (``/usr/lib/<tool>``, ``/usr/local/lib/python3.X``), a change
next to a package folder already found, or anything apt does makes the next
sandbox walk again; a change deeper than that is found when the answer is older
than ``MAX_AGE``. Checking the fingerprint takes a few milliseconds.

A cache file is believed only when it is a regular file of this user's that no one
else may write; anything else (no home, a read-only one, a damaged file) means a
walk, as before.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

#: folders of third-party Python packages, hidden wherever they are under /usr
PACKAGE_FOLDERS = ("site-packages", "dist-packages", "python-wheels")
#: a found answer older than this is walked for again
MAX_AGE = 24 * 3600
#: apt's record of the installed packages: any install or removal changes it
DPKG_STATUS = "/var/lib/dpkg/status"
#: bump when the fingerprint or the walk changes meaning
FORMAT = 1


def walk(top: str) -> tuple[str, ...]:
    """The package folders under ``top``, by walking all of it."""
    found = []
    for folder, dirs, _ in os.walk(top):
        for name in [d for d in dirs if d in PACKAGE_FOLDERS]:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                found.append(path)
            dirs.remove(name)  # nothing inside needs hiding twice
    return tuple(sorted(found))


def cached(top: str) -> tuple[str, ...]:
    """``walk(top)``, from this machine's cache while ``top`` has not changed."""
    path = cache_file()
    entry = _read(path) if path is not None else None
    if entry is not None and entry.get("top") == top and entry.get("format") == FORMAT:
        found = tuple(entry.get("found", ()))
        young = 0 <= time.time() - entry.get("walked_at", 0) < MAX_AGE
        if young and entry.get("fingerprint") == fingerprint(top, found):
            return found
    found = walk(top)
    if path is not None:
        _write(
            path,
            {
                "format": FORMAT,
                "top": top,
                "found": list(found),
                "walked_at": time.time(),
                "fingerprint": fingerprint(top, found),
            },
        )
    return found


def fingerprint(top: str, found: tuple[str, ...]) -> str:
    """A digest of what a new package folder under ``top`` would most likely change
    (see the module's docstring)."""
    folders = {top}
    for child in _subfolders(top):
        folders.add(child)
        folders.update(_subfolders(child))
    for path in found:
        while path.startswith(top) and path not in folders:
            folders.add(path)
            path = os.path.dirname(path)
    h = hashlib.sha256()
    for path in sorted(folders) + [DPKG_STATUS]:
        try:
            st = os.lstat(path)
        except OSError:
            h.update(f"{path}\0-\n".encode("utf-8", "surrogateescape"))
            continue
        h.update(f"{path}\0{st.st_mtime_ns}\0{st.st_ino}\n".encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def _subfolders(folder: str) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return [e.path for e in entries if e.is_dir(follow_symlinks=False)]
    except OSError:
        return []


def cache_file() -> Path | None:
    """Where this user's machine-wide answer is kept (``None``: no home to keep it in)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if not os.path.isabs(base):
        return None
    return Path(base) / "scrimmage" / "package-folders.json"


def _read(path: Path) -> dict[str, Any] | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o022:
            return None  # another user's, or one someone else could have written
        with os.fdopen(fd, "rb", closefd=False) as stream:
            entry = json.loads(stream.read(1 << 20))
        return entry if isinstance(entry, dict) else None
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


def _write(path: Path, entry: dict[str, Any]) -> None:
    """Replace the cache file in one step (a half-written file is never read)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".package-folders.")
        try:
            with os.fdopen(fd, "w") as stream:
                json.dump(entry, stream)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass  # no cache this time: the next sandbox walks again


__all__ = ["MAX_AGE", "PACKAGE_FOLDERS", "cache_file", "cached", "fingerprint", "walk"]

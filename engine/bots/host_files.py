"""Host files a sandboxed runtime needs, and the bubblewrap options that show
exactly those (and nothing beside them) at their own paths.

``libraries(binary)`` is the shared libraries a trusted host binary (node, the JRE,
setpriv) links, read once per process from ``ldd`` (never run on a bot's file: a
bot's ELF is only parsed, ``engine.bots.elf``). ``bind_files(paths)`` mounts each
file read-only where it is, re-creating the symbolic links on the way to it (the
loader is found through ``/lib64 -> usr/lib64`` and a link there), so a program
finds its libraries where the host's does.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Iterable

#: top-level folders that are links into /usr on a merged-/usr system
TOP_LINKS = ("/bin", "/sbin", "/lib", "/lib64", "/lib32", "/libx32")
LDD_TIMEOUT = 10.0


@functools.cache
def libraries(binary: str) -> tuple[str, ...]:
    """The shared libraries (and the loader) ``binary`` links, by ``ldd``."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return ()
    try:
        out = subprocess.run(
            [ldd, binary], capture_output=True, text=True, timeout=LDD_TIMEOUT, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    found = []
    for line in out.splitlines():
        words = line.split()
        if "=>" in words:
            at = words.index("=>") + 1
            path = words[at] if at < len(words) else ""
        else:
            path = words[0] if words else ""
        if path.startswith("/") and os.path.exists(path):
            found.append(path)
    return tuple(found)


def top_links() -> list[str]:
    """The /bin, /lib... links into /usr (or the folders, where they are folders)."""
    opts: list[str] = []
    for top in TOP_LINKS:
        if os.path.islink(top):
            opts += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            opts += ["--ro-bind", top, top]
    return opts


def bind_files(paths: Iterable[str]) -> list[str]:
    """bubblewrap options mounting each of ``paths`` read-only at its own path, with
    every link on the way (after the top-level ones) re-created."""
    opts: list[str] = []
    done: set[str] = set()
    for path in paths:
        for op in _chain(path):
            if op[-1] in done:
                continue
            # bubblewrap would make the missing folders on the way private (0700) to
            # the sandbox's root: the bot's uid could not reach the file
            for folder in _parents(op[-1]):
                if folder not in done:
                    done.add(folder)
                    opts += ["--perms", "0755", "--dir", folder]
            done.add(op[-1])
            opts += op
    return opts


def _parents(path: str) -> list[str]:
    """The folders above ``path``, from the top (``/`` itself left out)."""
    parts = path.strip("/").split("/")[:-1]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


def _chain(path: str, depth: int = 0) -> list[list[str]]:
    """The options that make ``path`` resolve as on the host: a ``--symlink`` for
    each link it goes through, then a ``--ro-bind`` of the file (or folder)."""
    here = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
    if os.path.islink(here) and depth < 16:
        target = os.readlink(here)
        follow = os.path.normpath(os.path.join(os.path.dirname(here), target))
        return [["--symlink", target, here], *_chain(follow, depth + 1)]
    real = os.path.realpath(here)
    return [["--ro-bind", real, real]]

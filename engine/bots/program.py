"""A bot program on disk: one file (a .py or .js/.mjs script, a .jar, a native
executable), or a folder whose ``bot.json`` manifest names the entry file and its
language (``engine.bots.runtimes``). ``load_program`` reads one; ``read_manifest`` is the one
definition of a valid manifest (uploads are checked with it too)."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from engine.bots.errors import BotError
from engine.bots.runtimes import check_shape

MANIFEST = "bot.json"

__all__ = ["MANIFEST", "BotError", "BotProgram", "Manifest", "load_program", "read_manifest"]


@dataclass(frozen=True, slots=True)
class BotProgram:
    """A bot on disk: one file, or a directory with an entry file.

    ``root`` is what is mounted at /bot (the directory, or the single file),
    ``entry`` the file run, relative to /bot; ``language`` names its runtime.
    """

    root: Path
    entry: str
    name: str
    version: str  # "sha256:" and the start of the hash of the bot's files
    language: str = "python"

    @property
    def is_dir(self) -> bool:
        return self.root.is_dir()


def load_program(path: str | os.PathLike[str]) -> BotProgram:
    """Read a bot program: one file of a language we run (``runtimes.check_shape``),
    or a folder with a ``bot.json`` manifest (``read_manifest``)."""
    root = Path(path).resolve()
    if root.is_file():
        try:
            language = check_shape(root).language
        except BotError as exc:
            raise BotError(f"{path}: {exc}") from None
        name = _clean_name(root.stem)
        return BotProgram(root, root.name, name, _hash_files(root, [root]), language)
    if not root.is_dir():
        raise BotError(f"no bot program at {path}")
    try:
        manifest = read_manifest(root)
    except BotError as exc:
        raise BotError(f"{path}: {exc}") from None
    files = sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    name = _clean_name(manifest.name or root.name)
    return BotProgram(root, manifest.entry, name, _hash_files(root, files), manifest.language)


@dataclass(frozen=True, slots=True)
class Manifest:
    """A bot folder's checked ``bot.json``: ``entry``, the file run (its path in
    the folder, with / between folders), its ``language`` and ``name``, if the bot
    gives one."""

    entry: str
    name: str | None = None
    language: str = "python"


def read_manifest(folder: Path) -> Manifest:
    """The manifest of the bot folder ``folder``: the one definition of a valid
    ``bot.json``, which uploads are checked with too. ``BotError`` says what is wrong.

    It is a JSON object (one flat object is all it needs); ``entry`` is required, a
    relative path (``relative_parts``) of a file in the folder that is not a link;
    ``language``, if given, one of ``runtimes.RUNTIMES`` (without it the entry's
    shape says), and the entry must be a program of that language; ``name``, if
    given, a string. Other keys are ignored."""
    path = folder / MANIFEST
    if not path.exists() and not path.is_symlink():
        raise BotError(f'no {MANIFEST} manifest (it names the entry file: {{"entry": "main.py"}})')
    if path.is_symlink() or not path.is_file():
        raise BotError(f"{MANIFEST} must be a file, not a folder or a link")
    try:
        manifest = json.loads(path.read_bytes().decode("utf-8"))
    except (ValueError, OSError) as exc:
        raise BotError(f"{MANIFEST} is not valid JSON ({exc})") from None
    except RecursionError:  # the parser recurses once per level of nesting
        raise BotError(f"{MANIFEST} is nested too deeply (a manifest is one flat object)") from None
    if not isinstance(manifest, dict):
        raise BotError(f"{MANIFEST} must be a JSON object")
    entry = manifest.get("entry")
    if not isinstance(entry, str) or not entry:
        raise BotError(f'{MANIFEST} must name the entry file: "entry": "main.py"')
    if "name" in manifest and not isinstance(manifest["name"], str):
        raise BotError(f'{MANIFEST}: "name" must be a string')
    declared = manifest.get("language")
    if declared is not None and not isinstance(declared, str):
        raise BotError(f'{MANIFEST}: "language" must be a string, e.g. "javascript"')
    try:
        parts = relative_parts(entry)
    except BotError as exc:
        raise BotError(f"{MANIFEST}: the entry {exc}") from None
    target = folder.joinpath(*parts)
    if target.is_symlink() or not target.is_file():
        raise BotError(f"{MANIFEST}: the entry file {entry!r} is not in the bot's folder")
    if folder.resolve() not in target.resolve().parents:  # through a linked folder
        raise BotError(f"{MANIFEST}: the entry {entry!r} is outside the bot's folder")
    try:
        language = check_shape(target, declared).language
    except BotError as exc:
        raise BotError(f"{MANIFEST}: {exc}") from None
    return Manifest("/".join(parts), manifest.get("name"), language)


def relative_parts(path: str) -> tuple[str, ...]:
    """The parts of ``path``, a file's place in a bot's folder (/ between folders),
    refusing what could land outside it or mean different files on different
    systems: absolute paths, ``..``, backslashes, control characters, overlong names."""
    if any(ord(c) < 32 or ord(c) == 127 for c in path):
        raise BotError(f"{path!r}: control characters in a path")
    if "\\" in path:
        raise BotError(f"{path!r}: backslashes in a path (use / between folders)")
    if path.startswith("/") or (len(path) > 1 and path[1] == ":"):
        raise BotError(f"{path!r}: an absolute path")
    parts = tuple(p for p in PurePosixPath(path).parts if p not in ("", "."))
    if ".." in parts:
        raise BotError(f"{path!r}: '..' in a path (it would land outside the bot's folder)")
    if not parts:
        raise BotError(f"{path!r}: an empty path")
    if any(len(p.encode()) > 255 for p in parts) or len(path.encode()) > 1024:
        raise BotError(f"{path[:60]!r}...: a path too long")
    return parts


def _clean_name(name: str) -> str:
    name = "".join(c for c in name if c.isprintable()).strip()[:64]
    return name or "bot"


def _hash_files(root: Path, files: list[Path]) -> str:
    h = hashlib.sha256()
    base = root if root.is_dir() else root.parent
    for f in files:
        h.update(f.relative_to(base).as_posix().encode() + b"\0")
        h.update(f.read_bytes())
        h.update(b"\0")
    return "sha256:" + h.hexdigest()[:16]

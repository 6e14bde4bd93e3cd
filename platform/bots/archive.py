"""Checking and unpacking an uploaded bot, into a temporary folder.

An upload is one program file - a ``.py`` or ``.js``/``.mjs`` script, a ``.jar``,
or a native x86-64 executable (recognised by its ELF header, whatever its name) -
or a ``.zip`` archive with a manifest ``bot.json`` (``{"entry": "main.py",
"language": "python", "name": "..."}``, what ``engine.bots.load_program`` reads
for a folder). A file named as one language but shaped as another (an ELF named
``.py``) is refused, as the engine refuses such a manifest (``runtimes``). Everything is checked before anything is kept, and every rejection
is an ``UploadRejected`` naming the problem:

- the upload's size (``BOTS_MAX_UPLOAD_BYTES``), empty files, the file type;
- in an archive: the number of entries (``BOTS_MAX_FILES``), the total unpacked
  size (``BOTS_MAX_UNPACKED_BYTES``), checked against the declared sizes first and
  then by counting the bytes actually inflated (a zip bomb lies about its sizes);
  names that are absolute, climb out with ``..`` (zip slip), hold backslashes or
  control characters, or are not UTF-8; links and other special entries (from the
  Unix mode in ``external_attr``); encrypted entries; duplicates; a ``bot.json``
  at the top (or in the one top folder). What a valid manifest is, and a safe
  path in a bot's folder, the engine says (``read_manifest``, ``relative_parts``):
  one definition for uploads and for ``scrimmage play``.

The caller (``bots.services``) gets a ``Prepared`` whose files are in a fresh
folder under ``DATA_DIR/bots/.incoming/``; it moves them into place or removes them.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import struct
import tempfile
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from engine.bots.program import (
    MANIFEST,
    BotError,
    Manifest,
    load_program,
    read_manifest,
    relative_parts,
)
from engine.bots.runtimes import ELF_MAGIC, NATIVE

from bots import conf

CHUNK = 64 * 1024
#: what zipfile raises on an archive that lies about itself (offsets past either
#: end, sizes, versions and methods it does not know...): a 400 with the reason
BROKEN_ZIP = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    EOFError,
    OSError,
    ValueError,
    NotImplementedError,
    RuntimeError,
    OverflowError,
    struct.error,
)
PY_NAME = "main.py"  # a single .py is kept under this name
ZIP_DIR = "bot"  # an archive is unpacked into this folder
#: a single file's kind (``BotVersion.kind``) by its name's ending, and the name it
#: is kept under; a native executable is recognised by its bytes instead
SINGLE_FILES = {".py": ("py", PY_NAME), ".js": ("js", "main.js"), ".mjs": ("mjs", "main.mjs")}
SINGLE_FILES[".jar"] = ("jar", "bot.jar")
NATIVE_FILE = ("elf", "bot")
ACCEPTED = (
    "upload a single .py, .js or .mjs file, a .jar, a native x86-64 Linux executable, "
    f"or a .zip archive with a {MANIFEST} manifest"
)


class UploadRejected(ValueError):
    """An upload that is not stored; ``field`` is the form field it concerns."""

    def __init__(self, message: str, field: str = "file") -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass
class Prepared:
    """A checked upload, unpacked under ``tmp``: ``tmp / rel`` is the program."""

    tmp: Path
    rel: str  # the file's name (SINGLE_FILES, NATIVE_FILE), or "bot" (ZIP_DIR)
    kind: str  # "py", "js", "mjs", "jar", "elf" or "zip"
    entry: str
    sha256: str
    size: int
    file_count: int
    original_name: str
    #: the upload's own bytes (what the bot store keeps)
    upload: bytes = b""

    def discard(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


def incoming_dir() -> Path:
    path = conf.data_dir() / "bots" / ".incoming"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _read_upload(upload, limit: int) -> bytes:
    """The upload's bytes, refusing (without reading on) beyond ``limit``."""
    size = getattr(upload, "size", None)
    if size is not None and size > limit:
        raise UploadRejected(
            f"the upload is {size} bytes; the limit is {limit} bytes ({limit // 1024} KiB)"
        )
    chunks, total = [], 0
    for chunk in (
        upload.chunks(CHUNK) if hasattr(upload, "chunks") else iter(lambda: upload.read(CHUNK), b"")
    ):
        total += len(chunk)
        if total > limit:
            raise UploadRejected(
                f"the upload is larger than the limit of {limit} bytes ({limit // 1024} KiB)"
            )
        chunks.append(chunk)
    return b"".join(chunks)


def prepare(upload, original_name: str | None = None) -> Prepared:
    """Check ``upload`` (a Django ``UploadedFile`` or a binary file object) and
    unpack it into a new temporary folder. Raises ``UploadRejected``."""
    name = original_name or getattr(upload, "name", "") or ""
    name = os.path.basename(name.replace("\\", "/"))
    suffix = os.path.splitext(name.lower())[1]
    data = _read_upload(upload, conf.get("BOTS_MAX_UPLOAD_BYTES"))
    if not data:
        raise UploadRejected(f"{name}: the file is empty")
    single = _single_kind(name, suffix, data)
    sha = hashlib.sha256(data).hexdigest()
    tmp = Path(tempfile.mkdtemp(prefix="up-", dir=incoming_dir()))
    os.chmod(tmp, 0o755)
    try:
        if single is not None:
            prepared = _prepare_single(tmp, data, name, sha, single)
        else:
            prepared = _prepare_zip(tmp, data, name, sha)
        try:  # what the sandbox will read must load
            load_program(tmp / prepared.rel)
        except BotError as exc:
            raise UploadRejected(str(exc).replace(str(tmp / prepared.rel), name)) from None
        prepared.upload = data
        return prepared
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _single_kind(name: str, suffix: str, data: bytes) -> tuple[str, str] | None:
    """(kind, kept name) of a one-file upload; ``None`` for a .zip archive."""
    if data.startswith(ELF_MAGIC):
        if suffix in SINGLE_FILES or suffix == ".zip":
            raise UploadRejected(
                f"{name}: named as a {suffix} file but it is a native executable (an ELF); "
                "upload it without that ending, or as a .zip whose bot.json says "
                f'"language": "{NATIVE.language}"'
            )
        return NATIVE_FILE
    if suffix == ".zip":
        return None
    if suffix not in SINGLE_FILES:
        raise UploadRejected(f"{name or 'the file'!s}: {ACCEPTED}")
    return SINGLE_FILES[suffix]


def _prepare_single(
    tmp: Path, data: bytes, name: str, sha: str, single: tuple[str, str]
) -> Prepared:
    kind, kept = single
    if kind in ("py", "js", "mjs"):
        _check_text(data, name, f".{kind}")
    _write(tmp / kept, data, 0o755 if single == NATIVE_FILE else 0o644)
    return Prepared(tmp, kept, kind, kept, sha, len(data), 1, name)


def _check_text(data: bytes, name: str, what: str) -> None:
    if b"\0" in data:
        raise UploadRejected(f"{name}: a {what} file must be text (it holds NUL bytes)")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UploadRejected(
            f"{name}: a {what} file must be UTF-8 text ({exc.reason} at byte {exc.start})"
        ) from None


def _entry_name(info: zipfile.ZipInfo) -> str:
    """The entry's name as UTF-8 (zipfile decodes names without the UTF-8 flag as
    cp437; those must still be valid UTF-8 bytes, or plain ASCII)."""
    if info.flag_bits & 0x800:
        return info.filename
    raw = info.orig_filename.encode("cp437")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UploadRejected(f"an entry's name is not UTF-8: {raw!r}") from None


def _safe_parts(name: str) -> tuple[str, ...]:
    try:
        return relative_parts(name)
    except BotError as exc:
        raise UploadRejected(str(exc)) from None


def _prepare_zip(tmp: Path, data: bytes, name: str, sha: str) -> Prepared:
    import io

    max_files = conf.get("BOTS_MAX_FILES")
    max_total = conf.get("BOTS_MAX_UNPACKED_BYTES")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except UnicodeDecodeError:
        raise UploadRejected(f"{name}: an entry's name is marked UTF-8 but is not") from None
    except BROKEN_ZIP as exc:
        raise UploadRejected(f"{name}: not a valid .zip archive ({exc})") from None
    if not infos:
        raise UploadRejected(f"{name}: the archive is empty")
    if len(infos) > max_files:
        raise UploadRejected(f"{name}: {len(infos)} entries; the limit is {max_files}")
    declared = 0
    entries: list[tuple[zipfile.ZipInfo, tuple[str, ...], bool]] = []
    seen: set[tuple[str, ...]] = set()
    for info in infos:
        text = _entry_name(info)
        parts = _safe_parts(text)
        mode = info.external_attr >> 16
        kind = stat.S_IFMT(mode)
        is_dir = text.endswith("/") or kind == stat.S_IFDIR
        if kind == stat.S_IFLNK:
            raise UploadRejected(f"{text!r}: links are not allowed in the archive")
        if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
            raise UploadRejected(f"{text!r}: only files and folders are allowed in the archive")
        if info.flag_bits & 0x1:
            raise UploadRejected(f"{text!r}: encrypted entries are not allowed")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise UploadRejected(f"{text!r}: use plain deflate (or no) compression")
        if parts in seen:
            raise UploadRejected(f"{text!r}: the name appears twice in the archive")
        seen.add(parts)
        declared += info.file_size
        if declared > max_total:
            raise UploadRejected(
                f"{name}: unpacks to more than {max_total} bytes "
                f"({max_total >> 20} MiB), by its declared sizes"
            )
        entries.append((info, parts, is_dir))
    # a bot zipped as its folder: one top folder holding the manifest
    prefix: tuple[str, ...] = ()
    if (MANIFEST,) not in seen:
        tops = {parts[0] for _, parts, _ in entries}
        if len(tops) == 1 and (next(iter(tops)), MANIFEST) in seen:
            prefix = (next(iter(tops)),)
        else:
            raise UploadRejected(
                f"{name}: no {MANIFEST} manifest at the top of the archive "
                f'(it names the entry file: {{"entry": "main.py", '
                f'"name": "my bot"}})',
                field="file",
            )
    root = tmp / ZIP_DIR
    root.mkdir(mode=0o755)
    files = {parts[len(prefix) :] for _, parts, is_dir in entries if not is_dir}
    dirs = {parts[len(prefix) :][:i] for parts in files for i in range(1, len(parts))}
    dirs |= {parts[len(prefix) :] for _, parts, is_dir in entries if is_dir}
    dirs.discard(())
    if files & dirs:
        raise UploadRejected(f"{name}: a name is both a file and a folder in the archive")
    total = 0
    for info, parts, is_dir in entries:
        rel = parts[len(prefix) :]
        if not rel:
            continue
        target = root.joinpath(*rel)
        if is_dir:
            target.mkdir(mode=0o755, parents=True, exist_ok=True)
            continue
        target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        written = 0
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        unowned: int | None = fd  # ours to close until the file object owns it
        try:
            with archive.open(info) as src, os.fdopen(fd, "wb") as out:
                unowned = None
                while True:
                    chunk = src.read(CHUNK)
                    if not chunk:
                        break
                    written += len(chunk)
                    total += len(chunk)
                    if written > info.file_size:
                        raise UploadRejected(
                            f"{'/'.join(parts)!r}: unpacks to more bytes than "
                            f"it declares ({info.file_size})"
                        )
                    if total > max_total:
                        raise UploadRejected(
                            f"{name}: unpacks to more than {max_total} bytes "
                            f"({max_total >> 20} MiB)"
                        )
                    out.write(chunk)
        except UploadRejected:
            raise
        except zipfile.BadZipFile as exc:
            # zipfile stops at the declared size; a stream that goes on fails its CRC
            raise UploadRejected(
                f"{'/'.join(parts)!r}: cannot be unpacked: its content does not "
                f"match its declared size and checksum ({exc})"
            ) from None
        except BROKEN_ZIP as exc:
            raise UploadRejected(
                f"{'/'.join(parts)!r}: cannot be unpacked: the archive is damaged ({exc})"
            ) from None
        finally:
            if unowned is not None:
                os.close(unowned)
    for d in [root, *(p for p in root.rglob("*") if p.is_dir())]:
        os.chmod(d, 0o755)
    manifest = _check_manifest(root, name)
    if manifest.language == NATIVE.language:  # the sandbox runs the file itself
        os.chmod(root.joinpath(*manifest.entry.split("/")), 0o755)
    return Prepared(tmp, ZIP_DIR, "zip", manifest.entry, sha, len(data), len(files), name)


def _check_manifest(root: Path, name: str) -> Manifest:
    try:
        return read_manifest(root)
    except BotError as exc:
        raise UploadRejected(f"{name}: {exc}") from None


def _write(path: Path, data: bytes, mode: int = 0o644) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
    with os.fdopen(fd, "wb") as out:
        out.write(data)

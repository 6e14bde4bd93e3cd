"""The engine on its own as a wheel: what a bot author installs with pip from the site.

The wheel holds the ``engine`` package only - the games, the runner, the sandbox, the
SDK, the ``scrimmage`` command - and needs nothing beyond the standard library:
orjson (a faster log encoding, same bytes) and tqdm (selfplay's progress bar) come
with the ``fast`` extra. Its entry points (the command and the games) are the ones
the installed distribution declares for engine modules, so a game added to
pyproject.toml is in the next wheel without a second list to keep.

The wheel is written directly (PEP 427: a zip with a ``.dist-info`` folder) rather
than by a build backend: the web server that serves it needs no build tools, and
the same files always give the same bytes (entries sorted, timestamps fixed). Its
version carries a digest of the files, so a changed engine is a new version that
pip installs over the old one.
"""

from __future__ import annotations

import base64
import hashlib
import os
import tempfile
import zipfile
from importlib.metadata import Distribution, packages_distributions
from importlib.metadata import distribution as find_distribution
from pathlib import Path

import engine

NAME = "scrimmage_engine"  # the distribution's name, as a wheel's file name spells it
ENGINE_DIR = Path(engine.__file__).resolve().parent
EXTRAS = {"fast": ["orjson>=3.10", "tqdm>=4.66"]}
_EPOCH = (1980, 1, 1, 0, 0, 0)  # the zip format's earliest date: no build time in the bytes


def engine_files(root: Path = ENGINE_DIR) -> list[tuple[str, Path]]:
    """Each file of the package under ``root`` as (its name in the wheel, its path),
    in name order; compiled caches left out."""
    found = []
    for path in root.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            found.append((f"engine/{path.relative_to(root).as_posix()}", path))
    return sorted(found)


def _installed() -> Distribution:
    """The distribution the running engine was installed from (the whole project,
    or this wheel itself)."""
    return find_distribution(packages_distributions()["engine"][0])


def entry_points_text(dist: Distribution | None = None) -> str:
    """``entry_points.txt``: the distribution's entry points that name engine modules."""
    groups: dict[str, list[str]] = {}
    for point in (dist or _installed()).entry_points:
        if point.value.split(":")[0].split(".")[0] == "engine":
            groups.setdefault(point.group, []).append(f"{point.name} = {point.value}")
    return "".join(
        f"[{group}]\n" + "".join(f"{line}\n" for line in sorted(lines)) + "\n"
        for group, lines in sorted(groups.items())
    )


def version(files: list[tuple[str, Path]], base: str) -> str:
    """``base`` with a digest of the files' names and bytes as its local label."""
    digest = hashlib.sha256()
    for name, path in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return f"{base}+{digest.hexdigest()[:12]}"


def _metadata(ver: str) -> str:
    lines = [
        "Metadata-Version: 2.1",
        "Name: scrimmage-engine",
        f"Version: {ver}",
        "Summary: The Scrimmage engine and command line: play, verify and replay "
        "bot-versus-bot matches, and submit bots to a Scrimmage site.",
        "Requires-Python: >=3.11",
    ]
    for extra, requirements in EXTRAS.items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in requirements]
    return "\n".join(lines) + "\n"


_WHEEL = "Wheel-Version: 1.0\nGenerator: engine.wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def wheel_name(ver: str) -> str:
    return f"{NAME}-{ver}-py3-none-any.whl"


def current_wheel_name(root: Path = ENGINE_DIR) -> str:
    """The file name the engine under ``root`` builds to (its version included)."""
    return wheel_name(version(engine_files(root), _installed().version))


def build(dest: Path, root: Path = ENGINE_DIR) -> Path:
    """The wheel of the engine under ``root`` in the folder ``dest`` (written once:
    a file of that name has those bytes already). Concurrent builders are safe:
    each writes a temporary file and renames it into place."""
    files = engine_files(root)
    dist = _installed()
    ver = version(files, dist.version)
    target = dest / wheel_name(ver)
    if target.is_file():
        return target
    info = f"{NAME}-{ver}.dist-info"
    contents = [(name, path.read_bytes()) for name, path in files]
    contents += [
        (f"{info}/METADATA", _metadata(ver).encode()),
        (f"{info}/WHEEL", _WHEEL.encode()),
        (f"{info}/entry_points.txt", entry_points_text(dist).encode()),
        (f"{info}/top_level.txt", b"engine\n"),
    ]
    record = "".join(_record_line(name, data) for name, data in contents) + f"{info}/RECORD,,\n"
    contents.append((f"{info}/RECORD", record.encode()))
    dest.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=dest, suffix=".part")
    with os.fdopen(fd, "wb") as stream, zipfile.ZipFile(stream, "w") as archive:
        for name, data in contents:
            entry = zipfile.ZipInfo(name, _EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    os.replace(temporary, target)
    return target

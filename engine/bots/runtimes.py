"""The languages a bot may be written in, as data: how a file of each is recognised,
how long it may take to start, and whether a per-process address-space limit can
hold it.

``RUNTIMES`` names each runtime; ``shape_of(path)`` says which one a file looks
like (by its name and first bytes, never by running it) and ``check_shape`` refuses
a file declared as one language and shaped as another, with the reason. What each
runtime mounts in the sandbox and the command it runs are in ``runtime_mounts``.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, replace
from pathlib import Path

from engine.bots import elf
from engine.bots.errors import BotError
from engine.bots.limits import Limits

ELF_MAGIC = b"\x7fELF"
ZIP_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True, slots=True)
class Runtime:
    """One language a bot may be written in."""

    language: str  # the name in bot.json's "language"
    suffixes: tuple[str, ...]  # an entry file's name ends so ("": any name, by its bytes)
    #: the least start-up time (s) it is given to answer the handshake, whatever
    #: the limits say (0: the limits' own; the JVM needs more than Limits' default)
    startup: float
    #: a per-process RLIMIT_AS fits it; V8 and the JVM reserve far more address
    #: space than they use, so for them the tree's memory limit is the only one
    address_limit: bool
    #: an example entry, for messages
    example: str


PYTHON = Runtime("python", (".py",), 0.0, True, "main.py")
JAVASCRIPT = Runtime("javascript", (".js", ".mjs"), 0.0, False, "main.js")
NATIVE = Runtime("native", ("",), 0.0, False, "bot")
JAVA = Runtime("java", (".jar",), 10.0, False, "bot.jar")

RUNTIMES: dict[str, Runtime] = {r.language: r for r in (PYTHON, JAVASCRIPT, NATIVE, JAVA)}


def runtime(language: str) -> Runtime:
    try:
        return RUNTIMES[language]
    except KeyError:
        known = ", ".join(RUNTIMES)
        raise BotError(f"unknown language {language!r} (one of: {known})") from None


def with_startup_of(language: str, limits: Limits) -> Limits:
    """``limits`` with at least the start-up time ``language`` needs."""
    least = runtime(language).startup
    return limits if limits.startup >= least else replace(limits, startup=least)


def shape_of(path: Path) -> str | None:
    """The language the file at ``path`` looks like, ``None`` if none: an ELF
    header is a native program whatever its name; a zip named ``.jar`` is Java;
    otherwise the name's ending says."""
    head = _head(path)
    name = path.name.lower()
    if head.startswith(ELF_MAGIC):
        return NATIVE.language
    if head.startswith(ZIP_MAGIC):
        return JAVA.language if name.endswith(".jar") else None
    for each in (PYTHON, JAVASCRIPT):
        if name.endswith(each.suffixes):
            return each.language
    return None


def check_shape(path: Path, declared: str | None = None) -> Runtime:
    """The runtime of the entry file ``path``: ``declared`` (bot.json's
    ``language``) if given, else what the file looks like. ``BotError`` if the file
    is not a program of that language (an ELF named main.py, a text file declared
    native, a jar without a Main-Class...)."""
    found = shape_of(path)
    if declared is None:
        if found is None:
            raise BotError(
                f"{path.name!r} is not a bot program this platform runs: a .py or .js/.mjs "
                "file, a .jar, or an x86-64 Linux executable (ELF)"
            )
        declared = found
    chosen = runtime(declared)
    if found != chosen.language:
        what = f"a {found} program" if found else "not a program of any language we run"
        raise BotError(
            f"{path.name!r} is declared {chosen.language} but is {what} ({_expected(chosen)})"
        )
    if chosen is NATIVE:
        elf.check(path)
    elif chosen is JAVA:
        check_jar(path)
    return chosen


def check_jar(path: Path) -> None:
    """A jar the JRE can run with ``-jar``: a zip whose manifest names a Main-Class."""
    try:
        with zipfile.ZipFile(path) as jar:
            manifest = jar.read("META-INF/MANIFEST.MF").decode("utf-8", "replace")
    except KeyError:
        raise BotError(f"{path.name!r}: the jar has no META-INF/MANIFEST.MF") from None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
        raise BotError(f"{path.name!r}: not a valid jar ({exc})") from None
    if not any(line.lower().startswith("main-class:") for line in manifest.splitlines()):
        raise BotError(
            f"{path.name!r}: the jar's manifest names no Main-Class "
            "(build it with `jar --create --file bot.jar --main-class Bot ...`)"
        )


def _expected(chosen: Runtime) -> str:
    if chosen is NATIVE:
        return "a native bot is an x86-64 Linux executable, an ELF file"
    if chosen is JAVA:
        return "a Java bot is a .jar file"
    return f"a {chosen.language} bot's entry ends with {' or '.join(chosen.suffixes)}"


def _head(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(8)
    except OSError:
        return b""

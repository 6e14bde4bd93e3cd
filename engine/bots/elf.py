"""Checking a native bot's ELF header without running it: an x86-64 Linux
executable, static, or dynamic with the system's loader and libc's libraries only.

``check(path)`` returns what the sandbox needs to know (is there a loader to
mount?) or raises ``BotError`` saying which shape it is instead. Only the headers
are read (the program headers, the dynamic section and its string table).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

from engine.bots.errors import BotError

#: the x86-64 loader a dynamic program names (PT_INTERP)
LOADER = "/lib64/ld-linux-x86-64.so.2"
#: the libraries a dynamic native bot may link: glibc's own (and libgcc_s, which
#: Rust's and C++'s unwinding link even in plain programs)
LIBC_FAMILY = frozenset(
    {
        "libc.so.6",
        "libm.so.6",
        "libpthread.so.0",
        "libdl.so.2",
        "librt.so.1",
        "libgcc_s.so.1",
        "ld-linux-x86-64.so.2",
    }
)
ET_EXEC, ET_DYN = 2, 3
EM_X86_64 = 62
PT_LOAD, PT_DYNAMIC, PT_INTERP = 1, 2, 3
DT_NULL, DT_NEEDED, DT_STRTAB = 0, 1, 5
MAX_HEADERS = 256


@dataclass(frozen=True, slots=True)
class ElfShape:
    """What the sandbox needs of a checked native program."""

    dynamic: bool  # it names the loader: mount the loader and libc
    needed: tuple[str, ...]  # the libraries it links


def check(path: Path) -> ElfShape:
    name = path.name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BotError(f"{name!r} cannot be read ({exc})") from None
    return check_bytes(data, name)


def check_bytes(data: bytes, name: str) -> ElfShape:
    if len(data) < 64 or data[:4] != b"\x7fELF":
        raise BotError(f"{name!r} is not an ELF executable")
    if data[4] != 2 or data[5] != 1:
        raise BotError(f"{name!r} is a 32-bit or big-endian ELF; build for x86-64 (64-bit)")
    e_type, e_machine = struct.unpack_from("<HH", data, 16)
    if e_machine != EM_X86_64:
        raise BotError(
            f"{name!r} is built for another processor (ELF machine {e_machine}); build for x86-64"
        )
    if e_type not in (ET_EXEC, ET_DYN):
        raise BotError(f"{name!r} is an ELF object or core file, not an executable")
    phoff, phentsize, phnum = _program_header_table(data)
    segments = [_segment(data, phoff + i * phentsize) for i in range(phnum)]
    interp = next((s for s in segments if s[0] == PT_INTERP), None)
    if interp is None:
        if e_type == ET_DYN and any(s[0] == PT_DYNAMIC for s in segments):
            needed = _needed(data, segments, name)
            if needed:  # a shared library, not a program
                raise BotError(f"{name!r} is a shared library, not an executable")
        return ElfShape(False, ())
    loader = _bytes_at(data, interp[1], interp[4], name).split(b"\0")[0].decode("ascii", "replace")
    if loader != LOADER:
        raise BotError(
            f"{name!r} asks for the loader {loader!r}; a dynamic bot must use {LOADER} "
            "(glibc's), or be linked statically"
        )
    needed = _needed(data, segments, name)
    others = sorted(set(needed) - LIBC_FAMILY)
    if others:
        raise BotError(
            f"{name!r} links {', '.join(others)}: a native bot may link only libc's "
            "libraries (link the others statically, e.g. -static-libstdc++, or build "
            "a static executable)"
        )
    return ElfShape(True, tuple(needed))


def _program_header_table(data: bytes) -> tuple[int, int, int]:
    (phoff,) = struct.unpack_from("<Q", data, 32)
    phentsize, phnum = struct.unpack_from("<HH", data, 54)
    if phnum == 0 or phnum > MAX_HEADERS or phentsize < 56 or phoff + phnum * phentsize > len(data):
        raise BotError("the ELF's program headers are missing or damaged")
    return phoff, phentsize, phnum


def _segment(data: bytes, at: int) -> tuple[int, int, int, int, int]:
    """(type, file offset, virtual address, size in memory, size in the file)."""
    p_type, _, offset, vaddr, _, filesz, memsz = struct.unpack_from("<IIQQQQQ", data, at)
    return p_type, offset, vaddr, memsz, filesz


def _bytes_at(data: bytes, offset: int, size: int, name: str) -> bytes:
    if offset + size > len(data):
        raise BotError(f"{name!r}: the ELF is damaged (a segment past its end)")
    return data[offset : offset + size]


def _needed(data: bytes, segments: list[tuple[int, int, int, int, int]], name: str) -> list[str]:
    """The DT_NEEDED names of the dynamic section."""
    dynamic = next((s for s in segments if s[0] == PT_DYNAMIC), None)
    if dynamic is None:
        return []
    table = _bytes_at(data, dynamic[1], dynamic[4], name)
    entries = [struct.unpack_from("<qQ", table, i) for i in range(0, len(table) - 15, 16)]
    strtab = next((value for tag, value in entries if tag == DT_STRTAB), None)
    offsets = []
    for tag, value in entries:
        if tag == DT_NULL:
            break
        if tag == DT_NEEDED:
            offsets.append(value)
    if not offsets:
        return []
    base = _file_offset(segments, strtab, name) if strtab is not None else None
    if base is None:
        raise BotError(f"{name!r}: the ELF is damaged (no string table for its libraries)")
    return [data[base + o : data.find(b"\0", base + o)].decode("utf-8", "replace") for o in offsets]


def _file_offset(segments: list[tuple[int, int, int, int, int]], vaddr: int, name: str) -> int:
    for p_type, offset, start, _, filesz in segments:
        if p_type == PT_LOAD and start <= vaddr < start + filesz:
            return offset + (vaddr - start)
    raise BotError(f"{name!r}: the ELF is damaged (its string table is not in the file)")

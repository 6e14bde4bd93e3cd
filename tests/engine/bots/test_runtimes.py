"""Runtimes as data: which language a file is (by its name and bytes), the ELF
check of a native bot, and a bot declared one language but shaped as another
refused with the reason."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from engine.bots import BotError, elf, load_program
from engine.bots.runtimes import RUNTIMES, check_shape, shape_of
from tests.engine.bots.bad_manifests import jar_bytes, write_folder


def elf_header(*, bits: int = 2, machine: int = 62, kind: int = 2) -> bytes:
    """The first bytes of an ELF file: class (2: 64-bit), machine, type."""
    head = b"\x7fELF" + bytes([bits, 1, 1]) + bytes(9)
    return head + struct.pack("<HH", kind, machine) + bytes(64 - 20)


@pytest.mark.parametrize(
    ("name", "data", "language"),
    [
        ("bot.py", b"print(1)", "python"),
        ("bot.js", b"1", "javascript"),
        ("bot.mjs", b"1", "javascript"),
        ("bot", elf_header(), "native"),
        ("bot.py", elf_header(), "native"),  # the bytes win over the name
        ("bot.jar", jar_bytes("Main-Class: Bot\n"), "java"),
        ("bot.zip", jar_bytes("Main-Class: Bot\n"), None),
        ("bot.txt", b"1", None),
        ("bot", b"#!/bin/sh\n", None),
    ],
)
def test_a_file_is_recognised_by_its_name_and_first_bytes(tmp_path, name, data, language):
    path = tmp_path / name
    path.write_bytes(data)
    assert shape_of(path) == language


def test_only_java_needs_a_longer_start_up_and_only_python_a_per_process_address_limit():
    assert set(RUNTIMES) == {"python", "javascript", "native", "java"}
    assert [r.language for r in RUNTIMES.values() if r.address_limit] == ["python"]
    assert [r.language for r in RUNTIMES.values() if r.startup] == ["java"]


def test_a_single_file_program_takes_the_language_it_is_shaped_as(tmp_path, c_static, java_jar):
    (tmp_path / "a.js").write_text("1")
    assert load_program(tmp_path / "a.js").language == "javascript"
    assert load_program(c_static).language == "native"
    assert load_program(java_jar).language == "java"
    with pytest.raises(BotError, match="is not a bot program this platform runs"):
        (tmp_path / "a.rb").write_text("1")
        load_program(tmp_path / "a.rb")


def test_a_manifest_names_the_language_and_the_entry(tmp_path, c_static):
    folder = write_folder(
        tmp_path / "b",
        {
            "bot.json": b'{"entry": "bin/run", "language": "native"}',
            "bin/run": c_static.read_bytes(),
        },
    )
    program = load_program(folder)
    assert (program.entry, program.language) == ("bin/run", "native")
    # without "language" the entry's shape says, as it did for .py entries before
    old = write_folder(tmp_path / "c", {"bot.json": b'{"entry": "main.py"}', "main.py": b""})
    assert load_program(old).language == "python"


def test_static_and_dynamic_c_programs_pass_the_elf_check(c_static, c_dynamic):
    assert elf.check(c_static) == elf.ElfShape(False, ())
    shape = elf.check(c_dynamic)
    assert shape.dynamic and "libc.so.6" in shape.needed


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (elf_header(bits=1), "32-bit or big-endian"),
        (elf_header(machine=183), "built for another processor (ELF machine 183)"),
        (elf_header(kind=1), "an ELF object or core file"),
        (elf_header(), "program headers are missing or damaged"),
    ],
)
def test_other_elf_shapes_are_refused_with_the_reason(tmp_path, header, reason):
    path = tmp_path / "bot"
    path.write_bytes(header)
    with pytest.raises(BotError, match=re.escape(reason)):
        check_shape(path, "native")


def test_a_program_with_another_loader_or_library_is_refused(tmp_path, c_dynamic):
    data = c_dynamic.read_bytes()
    other = tmp_path / "musl"
    other.write_bytes(
        data.replace(b"/lib64/ld-linux-x86-64.so.2", b"/lib/ld-musl-x86_64.so.1\0\0\0")
    )
    with pytest.raises(BotError, match="asks for the loader '/lib/ld-musl-x86_64.so.1'"):
        elf.check(other)
    linked = tmp_path / "linked"
    linked.write_bytes(data.replace(b"libc.so.6", b"libz.so.1"))
    with pytest.raises(BotError, match="links libz.so.1: a native bot may link only libc's"):
        elf.check(linked)


def test_a_jar_is_checked_for_a_main_class(tmp_path):
    broken = tmp_path / "broken.jar"
    broken.write_bytes(b"PK\x03\x04 and then nothing")
    with pytest.raises(BotError, match="not a valid jar"):
        check_shape(broken)
    plain = tmp_path / "plain.jar"
    plain.write_bytes(jar_bytes("Manifest-Version: 1.0\n"))
    with pytest.raises(BotError, match="names no Main-Class"):
        check_shape(plain)


def test_a_runtime_that_starts_slowly_gets_its_own_start_up_limit_in_the_start_message(java_jar):
    from engine.bots import Limits, SubprocessPlayer
    from engine.bots.runtimes import JAVA

    short = Limits(startup=2.0)
    java = SubprocessPlayer(load_program(java_jar), short)
    assert java.limits.startup == JAVA.startup
    assert java.limits.time_json()["startup_ms"] == int(JAVA.startup * 1000)
    python = SubprocessPlayer(load_program(Path(__file__)), short)
    assert python.limits is short  # Python keeps what it was given

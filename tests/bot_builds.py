"""Native and Java bots built once per test session: the C starter (static and
dynamic, with gcc) and the Java starter's jar (with javac and jar). ``make setup``
installs the compilers; without them these fixtures fail, they never skip."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SDK = Path(__file__).resolve().parents[1] / "engine" / "sdk"
C_STARTER = SDK / "starter.c"
JAVA_SDK = SDK / "java"


def tool(name: str) -> str:
    found = shutil.which(name)
    assert found, f"{name} is not installed: `make setup` installs it"
    return found


def build_c(source: Path, out: Path, *flags: str) -> Path:
    """``source`` compiled to the executable ``out`` (gcc -O2 and ``flags``)."""
    done = subprocess.run(
        [tool("gcc"), "-O2", *flags, "-o", str(out), str(source)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return out


def build_jar(sources: list[Path], main: str, out: Path) -> Path:
    """``sources`` compiled and packed into the runnable jar ``out`` (Main-Class ``main``)."""
    classes = out.parent / f"{out.stem}-classes"
    for command in (
        [tool("javac"), "-d", str(classes), *map(str, sources)],
        [
            tool("jar"),
            "--create",
            "--file",
            str(out),
            "--main-class",
            main,
            "-C",
            str(classes),
            ".",
        ],
    ):
        done = subprocess.run(command, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="session")
def c_static(tmp_path_factory) -> Path:
    return build_c(C_STARTER, tmp_path_factory.mktemp("native") / "bot", "-static")


@pytest.fixture(scope="session")
def c_dynamic(tmp_path_factory) -> Path:
    return build_c(C_STARTER, tmp_path_factory.mktemp("native") / "bot")


@pytest.fixture(scope="session")
def java_jar(tmp_path_factory) -> Path:
    sources = [JAVA_SDK / "ScrimmageBot.java", JAVA_SDK / "Starter.java"]
    return build_jar(sources, "Starter", tmp_path_factory.mktemp("java") / "bot.jar")

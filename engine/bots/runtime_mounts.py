"""What each runtime mounts in the sandbox, the command it runs there, and its
environment (the runtimes themselves, as data, are in ``runtimes``).

- Python: read-only ``/usr`` (third-party package folders hidden) and the
  interpreter with its standard library at ``/python`` (``interpreter``).
- JavaScript: the node binary and the libraries it links, nothing else of
  ``/usr``; the SDK at ``/sdk/scrimmage_bot.js`` (``NODE_PATH``).
- Native: nothing for a static executable; the loader and libc's libraries for a
  dynamic one.
- Java: the JRE's folder, its configuration in /etc and the libraries it links.

Every runtime but Python gets only the files it names here (plus ``setpriv`` and
its libraries when the worker is root and switches the bot's uid).
"""

from __future__ import annotations

import functools
import os
import shutil
from pathlib import Path

from engine.bots import elf, host_files
from engine.bots.errors import BotError
from engine.bots.interpreter import PythonLayout
from engine.bots.limits import Limits, MiB
from engine.bots.runtimes import JAVA, JAVASCRIPT, NATIVE, PYTHON

SDK_DIR = Path(__file__).resolve().parent.parent / "sdk"
SDK_FILES = {PYTHON.language: "scrimmage_bot.py", JAVASCRIPT.language: "scrimmage_bot.js"}
#: where glibc's libraries are on a Debian x86-64 system
LIBC_DIRS = ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64")
#: the JRE's own libraries a bot's JVM loads (their libraries are mounted too)
JRE_LIBRARIES = (
    "bin/java",
    "lib/libjli.so",
    "lib/server/libjvm.so",
    "lib/libjava.so",
    "lib/libnio.so",
    "lib/libnet.so",
)


@functools.cache
def node_binary() -> str | None:
    found = shutil.which("node", path="/usr/bin:/usr/local/bin")
    return os.path.realpath(found) if found else None


@functools.cache
def java_home() -> str | None:
    found = shutil.which("java", path="/usr/bin:/usr/local/bin")
    if not found:
        return None
    return os.path.dirname(os.path.dirname(os.path.realpath(found)))


def runtime_files(
    language: str, entry: Path, layout: PythonLayout, launcher: str | None
) -> list[str]:
    """bubblewrap options mounting what ``language`` needs to run ``entry`` (the
    host path of the bot's entry file), and ``launcher`` (setpriv) if given."""
    opts = host_files.top_links()
    files = [launcher, *host_files.libraries(launcher)] if launcher else []
    if language == PYTHON.language:  # /usr holds the launcher already
        files = []
        opts = ["--ro-bind", "/usr", "/usr", *opts, *layout.mounts()]
    elif language == JAVASCRIPT.language:
        node = _required(node_binary(), "JavaScript", "Node.js (the Debian package nodejs)")
        files += [node, *host_files.libraries(node)]
    elif language == NATIVE.language:
        if elf.check(entry).dynamic:
            files += [elf.LOADER, *_libc_files()]
    elif language == JAVA.language:
        home = _required(java_home(), "Java", "a JRE (the Debian package default-jre-headless)")
        files += [home, *_java_conf_dirs()]
        files += [lib for name in JRE_LIBRARIES for lib in _libraries_of(os.path.join(home, name))]
    opts += host_files.bind_files(files)
    for sdk in _sdk_files(language):
        opts += ["--ro-bind", str(SDK_DIR / sdk), f"/sdk/{sdk}"]
    return opts


def command(language: str, entry: str, layout: PythonLayout, limits: Limits) -> list[str]:
    """The command that runs ``entry`` (a path inside the sandbox)."""
    if language == PYTHON.language:
        return [layout.sandbox_executable, "-S", "-s", "-B", entry]
    return _command(language, entry, limits)


def host_command(language: str, entry: str, python: str, limits: Limits) -> list[str]:
    """The command without a sandbox (only when unsandboxed runs are allowed)."""
    if language == PYTHON.language:
        return [python, "-S", "-s", "-B", entry]
    return _command(language, entry, limits)


def env(language: str, layout: PythonLayout) -> dict[str, str]:
    """The bot's whole environment in the sandbox (``sdk`` is where the SDK is)."""
    base = {"HOME": "/tmp", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    if language == PYTHON.language:
        return {**base, **python_env("/sdk"), **layout.env()}
    if language == JAVASCRIPT.language:
        return {**base, "NODE_PATH": "/sdk"}
    return base


def host_env() -> dict[str, str]:
    """The environment of a bot run without a sandbox: the SDKs from this checkout."""
    sdk = str(SDK_DIR)
    return {
        "HOME": "/tmp",
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "NODE_PATH": sdk,
        **python_env(sdk),
    }


def python_env(sdk_dir: str) -> dict[str, str]:
    return {
        "PYTHONPATH": sdk_dir,
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",
    }


def _command(language: str, entry: str, limits: Limits) -> list[str]:
    half = max(16, limits.memory_total // MiB // 2)
    if language == JAVASCRIPT.language:
        node = _required(node_binary(), "JavaScript", "Node.js (the Debian package nodejs)")
        # the heap held well under the tree's limit: a bot that grows it hears of it
        # as a JavaScript error on its stderr, not as a kill
        return [node, f"--max-old-space-size={half}", "--v8-pool-size=2", entry]
    if language == JAVA.language:
        home = _required(java_home(), "Java", "a JRE (the Debian package default-jre-headless)")
        return [
            os.path.join(home, "bin", "java"),
            f"-Xmx{half}m",
            "-Xss1m",
            "-XX:+UseSerialGC",  # one GC thread: RLIMIT_NPROC counts threads
            "-XX:TieredStopAtLevel=1",  # the quick compiler only: a fast start
            "-XX:CICompilerCount=1",
            "-XX:ReservedCodeCacheSize=32m",
            "-XX:MaxMetaspaceSize=64m",
            "-XX:-UsePerfData",  # no /tmp/hsperfdata file
            # the JVM's own warnings (a thread it could not start...) go to stdout by
            # default, where they would break the protocol: stderr instead
            "-Xlog:disable",
            "-Xlog:all=warning:stderr",
            "-XX:-UseContainerSupport",
            "-Xshare:auto",
            "-jar",
            entry,
        ]
    return [entry]  # native


def _sdk_files(language: str) -> list[str]:
    sdk = SDK_FILES.get(language)
    return [sdk] if sdk else []


def _libc_files() -> list[str]:
    found = []
    for soname in sorted(elf.LIBC_FAMILY):
        for folder in LIBC_DIRS:
            path = os.path.join(folder, soname)
            if os.path.exists(path):
                found.append(path)
                break
    return found


def _libraries_of(path: str) -> tuple[str, ...]:
    return host_files.libraries(path) if os.path.exists(path) else ()


def _java_conf_dirs() -> list[str]:
    """/etc folders the JRE's links point into (its configuration, its certificates)."""
    home = java_home() or ""
    found = set()
    for folder in ("conf", "lib", "lib/security"):
        base = os.path.join(home, folder)
        for name in os.listdir(base) if os.path.isdir(base) else ():
            path = os.path.join(base, name)
            if os.path.islink(path) and os.path.realpath(path).startswith("/etc/"):
                found.add(os.path.dirname(os.path.realpath(path)))
    return sorted(found)


def _required(path: str | None, language: str, package: str) -> str:
    if path is None:
        raise BotError(f"{language} bots cannot run here: {package} is not installed")
    return path

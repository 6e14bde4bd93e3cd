"""The interpreter a sandboxed bot runs: the host's, with its standard library only.

``PythonLayout`` names the host files the interpreter needs (its binary, its
standard library, lib-dynload, a shared libpython) and the bubblewrap options that
mount them at ``/python``, a path of the sandbox's own, so no command line in the
sandbox names a host folder. Every folder of third-party packages, the
interpreter's own ``site-packages`` and any under ``/usr`` (the system Python's
``dist-packages``, a tool's bundled Python), is covered by an empty read-only one.
"""

from __future__ import annotations

import functools
import os
import sys
import sysconfig
from dataclasses import dataclass

from engine.bots import package_folders
from engine.bots.package_folders import PACKAGE_FOLDERS

#: where the interpreter and its standard library appear inside the sandbox
SANDBOX_PYTHON = "/python"


@functools.cache
def hidden_package_folders(top: str = "/usr") -> tuple[str, ...]:
    """Every third-party package folder under ``top`` (any Python's: the system's,
    one bundled with a tool): walked for once per machine (``package_folders``),
    read once per process."""
    return package_folders.cached(top)


@dataclass(frozen=True, slots=True)
class PythonLayout:
    """The host files a sandboxed interpreter needs: no more than the standard library."""

    executable: str  # the real interpreter binary
    version: str  # "python3.11": the name of the library folder
    stdlib: str  # its standard library folder
    dynload: str | None  # lib-dynload, when it is not inside ``stdlib``
    libpython: str | None  # the shared libpython it links, when it is built so

    @classmethod
    def of_this_interpreter(cls) -> PythonLayout:
        version = f"python{sys.version_info.major}.{sys.version_info.minor}"
        stdlib = os.path.realpath(sysconfig.get_path("stdlib"))
        platstdlib = sysconfig.get_path("platstdlib", vars={"platbase": sys.base_exec_prefix})
        found = os.path.realpath(os.path.join(platstdlib, "lib-dynload"))
        inside = not os.path.isdir(found) or found.startswith(stdlib + os.sep)
        dynload = None if inside else found
        libpython = None
        soname = sysconfig.get_config_var("INSTSONAME")
        libdir = sysconfig.get_config_var("LIBDIR")
        if sysconfig.get_config_var("Py_ENABLE_SHARED") and soname and libdir:
            candidate = os.path.realpath(os.path.join(libdir, soname))
            libpython = candidate if os.path.isfile(candidate) else None
        return cls(python_executable(), version, stdlib, dynload, libpython)

    def mounts(self) -> list[str]:
        """bubblewrap options that put it at ``SANDBOX_PYTHON``, site-packages hidden."""
        lib = f"{SANDBOX_PYTHON}/lib"
        inside = f"{lib}/{self.version}"
        opts = []
        for folder in (SANDBOX_PYTHON, f"{SANDBOX_PYTHON}/bin", lib):
            opts += ["--perms", "0755", "--dir", folder]
        opts += [
            "--ro-bind",
            self.executable,
            self.sandbox_executable,
            "--ro-bind",
            self.stdlib,
            inside,
        ]
        if self.dynload is not None:
            opts += ["--ro-bind", self.dynload, f"{inside}/lib-dynload"]
        if self.libpython is not None:
            opts += ["--ro-bind", self.libpython, f"{lib}/{os.path.basename(self.libpython)}"]
        hidden = [
            f"{inside}/{name}"
            for name in PACKAGE_FOLDERS
            if os.path.isdir(os.path.join(self.stdlib, name))
        ]
        hidden += hidden_package_folders()  # (a stdlib under /usr shows there too)
        for folder in hidden:  # an empty, read-only folder over each
            opts += ["--perms", "0555", "--size", "4096", "--tmpfs", folder, "--remount-ro", folder]
        return opts

    @property
    def sandbox_executable(self) -> str:
        return f"{SANDBOX_PYTHON}/bin/{self.version}"

    def env(self) -> dict[str, str]:
        """What the relocated interpreter needs in its environment: where its shared
        libpython is now (its own run path names the host folder)."""
        return {"LD_LIBRARY_PATH": f"{SANDBOX_PYTHON}/lib"} if self.libpython else {}


def python_executable() -> str:
    """The base interpreter (not a venv's wrapper), resolved."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    real = os.path.realpath(base)
    if os.path.isfile(real):
        return real
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    return os.path.join(os.path.realpath(sys.base_prefix), "bin", version)

"""A PostgreSQL cluster of a test's own (never the shared server): made with
``initdb`` in a temporary folder, on a free port, run as the ``postgres`` user
(``runuser`` when the tests run as root, which PostgreSQL refuses to be); stopped
and started again to play an outage. Nothing about it is optional: when it cannot
be made, the test fails with the reason (CI must not skip the fault suite)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.private_redis import free_port

#: only a bound on a hang: pg_ctl returns as soon as the server is up or down
PATIENCE = 120


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[4]))
    if found:
        return Path(found[-1])
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError("no PostgreSQL server binaries (initdb, pg_ctl) on this machine")
    return Path(initdb).parent


class PrivatePostgres:
    def __init__(self) -> None:
        self.bin = _binaries()
        # not under pytest's tmp_path: its folders are root's alone, and the server
        # runs as postgres
        self.folder = Path(tempfile.mkdtemp(prefix="scrimmage-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._as = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as = [shutil.which("runuser") or "runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync")

    @property
    def url(self) -> str:
        """The server's admin database (a ``Stack`` makes its own database there)."""
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            [*self._as, str(self.bin / tool), *args],
            capture_output=True,
            text=True,
            timeout=PATIENCE,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stdout}{done.stderr}")

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=100"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
            "-w", "-t", str(PATIENCE), "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """``fast``: connections are ended and the server shuts down cleanly;
        ``immediate``: it is killed (crash recovery at the next start)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", str(PATIENCE), "stop")

    def destroy(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self.stop("immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

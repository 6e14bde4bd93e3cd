"""``make run`` stops cleanly on Ctrl-C: the real target (migrate, demo data, then
web, worker and beat under deploy/run_local.py) on a throw-away data folder and
port, then SIGINT to its process group, as a terminal sends it. Each process stops
by itself (the worker and beat with status 0, nothing killed) and make reports no
error; make itself then dies of the SIGINT it got, as GNU make always does."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parents[2]
STARTED = re.compile(r"(\w+) started \(pid=(\d+)\)")
BOUND = 600  # seconds: generous, for a busy machine; nothing here is timed
#: one demo match a game (greedy v random) instead of four: the target still runs
#: every step (migrate, demo, demo_seasons, the three processes), and what is
#: checked is how they stop; the other three a game are two search-1 matches,
#: 20 s of CPU here (the demo command's own tests cover what it stores)
DEMO_MATCHES = 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _env(data: Path) -> dict[str, str]:
    """This machine's environment without the test run's database, broker or data
    settings: make run's defaults (SQLite and a file broker in ``data``)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SCRIMMAGE_", "DATABASE_", "REDIS_", "CELERY_", "DJANGO_"))
    }
    return {**env, "SCRIMMAGE_DATA_DIR": str(data)}


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"  # a zombie has exited; only its parent's bookkeeping is left


def _as_a_terminal_job() -> None:
    """In the child, before make starts: SIGINT as a terminal's job has it. A shell
    without job control starts a background job (``cmd &``, nohup) with SIGINT
    ignored, and an ignored signal stays ignored across exec: run so, make would
    never see the Ctrl-C this test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_until_serving(make: subprocess.Popen, log: Path, port: int) -> None:
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        assert make.poll() is None, log.read_text()
        text = log.read_text()
        if "celery@" in text and " ready." in text and "beat: Starting" in text:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).close()
                return
            except OSError:
                pass
        time.sleep(1)
    pytest.fail("make run did not start serving:\n" + log.read_text()[-4000:])


@pytest.mark.slow
def test_ctrl_c_stops_web_worker_and_beat_cleanly(tmp_path):
    port = _free_port()
    log = tmp_path / "make-run.log"
    with log.open("wb") as out:
        make = subprocess.Popen(
            ["make", "run", f"PORT={port}", f"DEMO_MATCHES={DEMO_MATCHES}"],
            cwd=ROOT,
            env=_env(tmp_path / "data"),
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, as a terminal's job
            preexec_fn=_as_a_terminal_job,
        )
    started: dict[str, int] = {}
    try:
        _wait_until_serving(make, log, port)
        started = {name: int(pid) for name, pid in STARTED.findall(log.read_text())}
        assert set(started) == {"web", "worker", "beat"}
        os.killpg(make.pid, signal.SIGINT)
        make.wait(timeout=BOUND)
    finally:
        for pid in [make.pid, *started.values()]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
    text = log.read_text()
    assert text.count(": 1 new demo match\n") == len(registry.games()), text[:4000]
    stopping = text[text.index("SIGINT received") :]
    assert "worker stopped (rc=0)" in stopping and "beat stopped (rc=0)" in stopping, stopping
    assert "web stopped" in stopping
    assert "SIGKILL" not in stopping and "killed" not in stopping
    assert "make: ***" not in text  # no "Error 130", no "Interrupt"
    assert make.returncode == -signal.SIGINT  # make re-raises the SIGINT it got
    assert not [name for name, pid in started.items() if _alive(pid)]

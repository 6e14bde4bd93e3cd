"""The process a ``Stack`` runs its probes in: Django set up once, then one probe
after another, each read from standard input.

A probe used to be a process of its own, whose start (Python, Django, the apps)
cost seconds on a busy machine, more than most probes' work, so polling with
probes (``Stack.wait_for``) saw a change seconds late. Each probe still runs
apart from the test's process, with the stack's environment (a changed
environment starts a new prober), in a namespace of its own, and on a database
connection of its own that is closed after it: between probes the prober holds
no connection a test may cut or a database drop would wait on.

``python -m tests.tournaments.prober``: each line in is a probe's code (JSON); each
answer is one line, ``MARK`` and then JSON: ``{"out": ...}`` or ``{"error": ...}``.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
import traceback
from pathlib import Path

MARK = "@@probe@@"


def serve() -> None:
    from django.db import connections

    import tests.tournaments.slowapp  # noqa: F401  (Django set up, the slow bot known)

    for line in sys.stdin:
        namespace: dict = {}
        try:
            exec(json.loads(line), namespace)
            answer = {"out": namespace["out"]}
        except BaseException:  # SystemExit too: the answer is the traceback
            answer = {"error": traceback.format_exc()}
        finally:
            connections.close_all()
        print(MARK + json.dumps(answer), flush=True)


class Prober:
    """The test's end: ``ask(code)`` runs ``code`` in the prober, returns its ``out``."""

    def __init__(self, cwd: Path, env: dict[str, str], log: Path) -> None:
        self.env = dict(env)
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.tournaments.prober"],
            cwd=cwd,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log.open("a"),
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put("")  # the prober has exited

    def ask(self, code: str, timeout: float):
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(code) + "\n")
        self.process.stdin.flush()
        printed = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self.close()
                raise AssertionError(f"probe still running after {timeout} s:\n{code}") from None
            if not line:
                raise AssertionError(
                    f"the prober exited ({self.process.wait()}):\n{''.join(printed)}\n"
                    f"{self.log.read_text(errors='replace')[-3000:]}"
                )
            if line.startswith(MARK):
                answer = json.loads(line[len(MARK) :])
                if "error" in answer:
                    raise AssertionError(
                        f"probe failed:\n{code}\n{''.join(printed)}{answer['error']}"
                    )
                return answer["out"]
            printed.append(line)

    def close(self) -> None:
        """Killed: it holds nothing (no database connection between probes)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


if __name__ == "__main__":
    serve()

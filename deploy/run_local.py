"""What ``make run`` runs: the Procfile's web, worker and scheduler under honcho,
until Ctrl-C stops all three.

honcho alone (``honcho start``) answers Ctrl-C with SIGTERM to each process, then
SIGKILL to any still running 5 seconds later, and exits 130. A Celery worker's
warm shutdown takes longer than that: it finishes the match it is playing, runs
one more turn of its polling loop (2 s with the file broker) and tears its
interpreter down (another 2-3 s on a busy machine), so it was killed every time,
and make reported the 130 as an error. Here every process gets ``STOP_SECONDS``
to stop by itself, and a stop that was asked for and went cleanly is a success
(exit status 0); a process that had to be killed, or one that stopped by itself
first, is a failure.

honcho's wait is its module's ``KILL_WAIT`` (no option sets it: honcho issue 189);
the rest is honcho's documented library use (``Manager``: add processes, loop).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from honcho import manager as honcho_manager
from honcho.environ import parse_procfile
from honcho.printer import Printer

#: long enough for a worker to finish a match of a few seconds and exit; a longer
#: match is killed, then played again from its start when a worker next starts
STOP_SECONDS = 30
ASKED_TO_STOP = {130, 143}  # honcho's exit status after SIGINT, SIGTERM


class Manager(honcho_manager.Manager):
    """honcho's manager, remembering whether it had to kill anything."""

    forced = False

    def kill(self) -> None:
        self.forced = True
        super().kill()


def main(procfile: Path = Path("Procfile")) -> int:
    honcho_manager.KILL_WAIT = STOP_SECONDS
    manager = Manager(Printer(sys.stdout))
    for name, command in parse_procfile(procfile.read_text()).processes.items():
        manager.add_process(name, command, env=os.environ.copy())
    manager.loop()
    if manager.forced:
        print(f"run_local: a process did not stop within {STOP_SECONDS} s and was killed")
        return 1
    return 0 if manager.returncode in ASKED_TO_STOP else (manager.returncode or 1)


if __name__ == "__main__":
    sys.exit(main())

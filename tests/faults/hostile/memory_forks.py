"""Hostile: forks 12 children that each fill 100 MiB (under the per-process limit,
far over the whole tree's), then waits for them."""

import os
import sys
import time

from scrimmage_bot import run


def decide(request):
    for _ in range(12):
        if os.fork() == 0:
            block = bytearray(b"\1") * (100 * 2**20)  # written: resident, not just reserved
            print(f"child {os.getpid()} holds {len(block) >> 20} MiB", file=sys.stderr, flush=True)
            time.sleep(3600)
    time.sleep(3600)
    return request.legal[0]


run(decide, name="memory forks")

"""Hostile: a fork bomb; every child forks again, forever."""

import os
import time

from scrimmage_bot import run


def decide(request):
    while True:
        try:
            os.fork()
        except OSError:
            time.sleep(0.001)


run(decide, name="forkbomb")

"""Hostile: never answers a decision (sleeps, using no CPU)."""

import time

from scrimmage_bot import run


def decide(request):
    time.sleep(10**9)


run(decide, name="sleeper")

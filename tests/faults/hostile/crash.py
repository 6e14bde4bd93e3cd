"""Hostile: raises in decide (the SDK reports it), and on the third decision
kills itself with os._exit."""

import os

from scrimmage_bot import run

count = [0]


def decide(request):
    count[0] += 1
    if count[0] >= 3:
        os._exit(7)
    raise ValueError("my bug")


run(decide, name="crasher")

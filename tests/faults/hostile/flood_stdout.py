"""Hostile: prints 100 MB on stdout (one endless line) at its first decision,
then plays normally."""

import os

from scrimmage_bot import run

state = {"flooded": False}


def decide(request):
    if not state["flooded"]:
        state["flooded"] = True
        chunk = b"x" * 2**20
        for _ in range(100):
            os.write(1, chunk)
    return request.legal[0]


run(decide, name="stdout flood")

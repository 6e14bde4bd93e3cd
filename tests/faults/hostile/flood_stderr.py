"""Hostile: prints 100 MB on stderr at every decision, then answers."""

import os

from scrimmage_bot import run


def decide(request):
    chunk = b"e" * 2**20
    for _ in range(100):
        os.write(2, chunk)
    return request.legal[0]


run(decide, name="stderr flood")

"""Hostile: tries to write outside /tmp (its own folder, /usr, /, /etc, the
interpreter) and a file bigger than the file size limit inside /tmp."""

import os
import sys

from scrimmage_bot import run


def attempt(path, size=10):
    try:
        with open(path, "wb") as f:
            f.write(b"x" * size)
        return "WROTE"
    except OSError as exc:
        return f"denied ({type(exc).__name__})"


def decide(request):
    for path in [
        "/bot/evil.txt",
        "evil.txt",
        "/usr/evil.txt",
        "/evil.txt",
        "/etc/evil.txt",
        os.path.join(sys.prefix, "evil.txt"),
        "/sdk/evil.txt",
        "/tmp/ok.txt",
    ]:
        print(f"write {path}: {attempt(path)}")
    print(f"write big /tmp/big.bin: {attempt('/tmp/big.bin', 64 * 2**20)}")
    return request.legal[0]


run(decide, name="vandal")

"""Hostile: tries to read secrets: /etc/shadow, the platform's database, another
bot's files, and looks around the file system. The paths to try are in
targets.json next to this file. Reports what it found on stderr."""

import json
import os

from scrimmage_bot import run


def probe(path):
    try:
        with open(path, "rb") as f:
            data = f.read(64)
        return f"READ {data[:20]!r}"
    except OSError as exc:
        return f"denied ({type(exc).__name__})"


def decide(request):
    with open("targets.json") as f:
        targets = json.load(f)
    for path in ["/etc/shadow", "/etc/passwd", *targets]:
        print(f"probe {path}: {probe(path)}")
    print(f"listdir / {sorted(os.listdir('/'))}")
    print(f"own files {sorted(os.listdir('.'))}")
    print(f"uid {os.getuid()} pids {sorted(int(p) for p in os.listdir('/proc') if p.isdigit())}")
    return request.legal[0]


run(decide, name="snoop")

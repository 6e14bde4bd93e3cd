"""Hostile: looks for the host's third-party packages and paths. It puts every
site-packages or dist-packages folder it can find (and the host folders named in
targets.json) on sys.path and imports the host's packages, and reads every
process's command line and environment. Reports what it found on stderr."""

import json
import os
import sys

from scrimmage_bot import run


def package_dirs():
    found = []
    for top, dirs, _ in os.walk("/"):
        if top in ("/proc", "/sys", "/dev"):
            dirs[:] = []
            continue
        for name in dirs:
            if name.endswith(("site-packages", "dist-packages")) or name == "python-wheels":
                found.append(os.path.join(top, name))
    return sorted(found)


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read().replace(b"\0", b" ").decode("utf-8", "replace")
    except OSError as exc:
        return f"denied ({type(exc).__name__})"


looked = []


def decide(request):
    if looked:  # once is enough: the walk of the whole file system costs CPU time
        return request.legal[0]
    looked.append(True)
    with open("targets.json") as f:
        targets = json.load(f)
    folders = package_dirs()
    for folder in folders:
        print(f"packages folder {folder}: {sorted(os.listdir(folder))[:20]}")
    sys.path[:0] = folders + targets["folders"]
    for name in targets["modules"]:
        try:
            __import__(name)
            print(f"import {name}: IMPORTED")
        except Exception as exc:
            print(f"import {name}: failed ({type(exc).__name__})")
    lines = {}
    for pid in sorted(p for p in os.listdir("/proc") if p.isdigit()):
        lines[pid] = {
            "cmdline": read(f"/proc/{pid}/cmdline"),
            "environ": read(f"/proc/{pid}/environ"),
        }
    print("processes " + json.dumps(lines))
    print(f"executable {sys.executable} prefix {sys.prefix}")
    return request.legal[0]


run(decide, name="peek_host")

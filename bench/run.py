"""``make bench``: runs every benchmark module and writes bench/results.json."""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
from pathlib import Path

MODULES = [
    "bench.engine_bench",
    "bench.platform_bench",
    "bench.sandbox_bench",
    "bench.tournament_bench",
    "bench.rounds_bench",
    "bench.rebuild_bench",
]
OUT = Path(__file__).with_name("results.json")


def main() -> int:
    results = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
        },
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    for name in MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        print(f"running {name} ...", flush=True)
        results[name.split(".")[-1]] = module.run()
    OUT.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(json.dumps(results, indent=2, sort_keys=True))
    print(f"written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

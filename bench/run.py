"""``make bench``: runs every benchmark module and writes bench/results.json.

``python -m bench.run engine_bench sandbox_bench`` runs only the modules named and
replaces their figures in the results already written, keeping the others
(``module_when`` dates the modules run so; ``when``, the last whole run).
"""

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
    "bench.replay_bench",
    "bench.sandbox_bench",
    "bench.runtimes_bench",
    "bench.tournament_bench",
    "bench.rounds_bench",
    "bench.rebuild_bench",
    "bench.recovery_bench",
    "bench.scale_bench",
    "bench.search_ladder",
]
OUT = Path(__file__).with_name("results.json")


def main(argv: list[str] | None = None) -> int:
    chosen = [f"bench.{name}" for name in (sys.argv[1:] if argv is None else argv)]
    unknown = sorted(set(chosen) - set(MODULES))
    if unknown:
        print(f"no benchmark module {unknown[0]}", file=sys.stderr)
        return 2
    results = json.loads(OUT.read_text()) if chosen and OUT.exists() else {}
    results["machine"] = {
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
    }
    if not chosen:  # a whole run: "when" dates every module's figures
        results["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        results.pop("module_when", None)
    for name in chosen or MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        print(f"running {name} ...", flush=True)
        results[name.split(".")[-1]] = module.run()
        results.setdefault("module_when", {})[name.split(".")[-1]] = time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime()
        )
    OUT.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(json.dumps(results, indent=2, sort_keys=True))
    print(f"written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

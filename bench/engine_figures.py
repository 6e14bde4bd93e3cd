"""One seed game's engine figures at its largest table, in CPU time (process time,
which a busy machine disturbs far less than the wall clock):

- ``play_events_per_second``: random v random matches, bots and log included;
- ``verify_events_per_second``: ``verify`` of those matches' logs from their JSON
  lines as ``scrimmage verify`` reads a file (``verify_jsonl``: canonical lines,
  decoded only where the re-simulation reads them; an engine without it, as
  before it: ``parse_jsonl``, every line decoded, then ``verify``);
- ``floor_events_per_second``: what verification cannot avoid in Python: split
  the lines, ``json.loads`` each, chain sha256.

A script of its own, importing only the engine, so ``engine_bench`` can run it
against another checkout of the engine (``PYTHONPATH``) beside this one:
``python bench/engine_figures.py GAME [MATCHES]`` prints the figures as JSON.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time

from engine import registry
from engine.lineup import lineup
from engine.replay import verify
from engine.runner import run_match

try:
    from engine.reading import parse_jsonl
except ImportError:  # an engine from before engine.reading (the before, 2df086c)
    from engine.events import parse_jsonl  # type: ignore[attr-defined,no-redef]

try:
    from engine.verifying import verify_jsonl
except ImportError:  # another checkout's engine, before it (SCRIMMAGE_BENCH_BEFORE)

    def verify_jsonl(text, find_game):
        return verify(parse_jsonl(text), find_game)


#: matches per figure: the same seeds on both sides of a comparison
MATCHES = 12


def figures(name: str, matches: int = MATCHES) -> dict:
    game = registry.get(name)
    seats = max(game.seat_counts)
    _play(game, seats, range(1))  # the first match warms the rules' caches
    cpu = time.process_time()
    logs = _play(game, seats, range(matches))
    play = time.process_time() - cpu
    events = sum(log.count(b"\n") for log in logs)
    cpu = time.process_time()
    for log in logs:
        verdict = verify_jsonl(log, registry.get)
        assert verdict.ok, verdict.describe()
    checked = time.process_time() - cpu
    cpu = time.process_time()
    for log in logs:
        link = b""
        for line in log.splitlines():
            json.loads(line)
            link = hashlib.sha256(link + line).digest()
    floor = time.process_time() - cpu
    return {
        "seats": seats,
        "matches": matches,
        "events": events,
        "play_events_per_second": round(events / play),
        "verify_events_per_second": round(events / checked),
        "floor_events_per_second": round(events / floor),
        "logs_digest": hashlib.sha256(b"".join(logs)).hexdigest(),
    }


def _play(game, seats: int, seeds) -> list[bytes]:
    logs = []
    for seed in seeds:
        names, players = lineup(game, ["random"] * seats)
        logs.append(run_match(game, players, names, seed).log.to_jsonl())
    return logs


if __name__ == "__main__":
    count = int(sys.argv[2]) if len(sys.argv) > 2 else MATCHES
    print(json.dumps(figures(sys.argv[1], count)))

"""Side-by-side benchmark: Scrimmage against peer game frameworks.

``make bench-peers`` (or ``.venv/bin/python bench/peers/run.py``):

1. makes a separate virtual environment, ``.venv-peers``, and installs the peers
   listed in ``requirements.txt`` into it from PyPI, one by one (a package that
   cannot be installed is reported, and the rest go on);
2. runs, one process after another on this machine, one script per framework
   (``scrimmage_peer.py`` with the project's interpreter, the others with
   ``.venv-peers``'s): full random-versus-random games of tic-tac-toe and connect
   four for a fixed time each;
   Every script runs ``--passes`` times (interleaved with the others), each time
   in a few rounds; the figures kept are the best round, as ``timeit`` does: on
   a shared machine the least disturbed measurement is the truest.
3. prints a table (games per second, microseconds per step, and how many times
   slower than ours each peer is) and writes it all to ``bench/peers.json``.

A step is one move of one player. Only ratios mean much: timings on a shared
machine are noisy, so every framework is measured in the same run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PEERS_VENV = ROOT / ".venv-peers"
REQUIREMENTS = HERE / "requirements.txt"
OUT = ROOT / "bench" / "peers.json"
GAMES = ("tic_tac_toe", "connect_four")

#: (script, which interpreter, the packages it needs from requirements.txt)
SCRIPTS = (
    ("scrimmage_peer.py", "ours", ()),
    ("openspiel_cpp.py", "peers", ("open_spiel",)),
    ("openspiel_python.py", "peers", ("open_spiel",)),
    ("pettingzoo_peer.py", "peers", ("pettingzoo", "pygame")),
    ("kaggle_peer.py", "peers", ("kaggle-environments",)),
)


def say(text: str) -> None:
    print(text, flush=True)


def requirements() -> list[str]:
    lines = (line.split("#")[0].strip() for line in REQUIREMENTS.read_text().splitlines())
    return [line for line in lines if line]


def name_of(spec: str) -> str:
    for sep in ("==", ">=", "<=", "~=", "<", ">", "["):
        spec = spec.split(sep)[0]
    return spec.strip()


def peers_python() -> Path:
    return PEERS_VENV / "bin" / "python"


def install_peers() -> dict[str, str]:
    """Make .venv-peers and install each requirement; returns why each failed."""
    failed: dict[str, str] = {}
    stamp = PEERS_VENV / ".installed"
    wanted = "\n".join(requirements())
    if stamp.exists() and stamp.read_text() == wanted:
        return json.loads((PEERS_VENV / ".failed.json").read_text() or "{}")
    if not peers_python().exists():
        say(f"creating {PEERS_VENV.name} (separate from the project's .venv)")
        venv.EnvBuilder(with_pip=True).create(PEERS_VENV)
    pip = [str(peers_python()), "-m", "pip", "--disable-pip-version-check"]
    subprocess.run(pip + ["install", "--quiet", "--upgrade", "pip"], check=False)
    for spec in requirements():
        say(f"installing {spec} into {PEERS_VENV.name} ...")
        done = subprocess.run(pip + ["install", "--quiet", spec], capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            failed[name_of(spec)] = " | ".join(tail) or f"pip exited {done.returncode}"
            say(
                f"  could not install {spec} on Python "
                f"{platform.python_version()} here: {failed[name_of(spec)]}"
            )
    (PEERS_VENV / ".failed.json").write_text(json.dumps(failed))
    stamp.write_text(wanted)
    return failed


def run_script(script: str, python: Path, seconds: float, games: list[str]) -> dict:
    command = [str(python), str(HERE / script), "--seconds", str(seconds), "--games", *games]
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    say(f"running {script} ({seconds:g} s per game) ...")
    budget = 120 + 4 * seconds * len(games)
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=budget
        )
    except subprocess.TimeoutExpired:
        return {"error": f"{script} took more than {budget:g} s"}
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
        return {"error": f"{script} failed: {tail[0]}"}
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"error": f"{script} printed no JSON result"}


def best_of(old: dict, new: dict) -> dict:
    """Merge two passes of one script: per game, the pass with the lower us/step."""
    if not old or "error" in old:
        return new
    if "error" in new:
        return old
    merged = dict(old, games=dict(old["games"]))
    for game, cell in new["games"].items():
        mine = merged["games"].get(game)
        if (
            mine is None
            or "unavailable" in mine
            or ("us_per_step" in cell and cell["us_per_step"] < mine["us_per_step"])
        ):
            merged["games"][game] = cell
    return merged


def table(results: list[dict], games: list[str]) -> tuple[str, dict]:
    """The printed table, and the ratios (peer us/step / ours) by game and framework."""
    ours = next((r for r in results if r.get("framework") == "scrimmage"), {})
    rows, ratios = [], {}
    header = f"{'game':<13} {'framework':<32} {'games/s':>10} {'us/step':>10} {'peer/ours':>10}"
    rows.append(header)
    rows.append("-" * len(header))
    for game in games:
        base = ours.get("games", {}).get(game, {}).get("us_per_step")
        for result in results:
            name = result.get("framework") or result.get("script", "?")
            cell = result.get("games", {}).get(game)
            if "error" in result:
                rows.append(f"{game:<13} {name:<32} {'not run: ' + result['error']}")
                continue
            if cell is None or "unavailable" in cell:
                why = (cell or {}).get("unavailable", "not measured")
                rows.append(f"{game:<13} {name:<32} {'n/a: ' + why}")
                continue
            ratio = cell["us_per_step"] / base if base else None
            if result.get("framework") != "scrimmage" and ratio is not None:
                ratios.setdefault(game, {})[name] = round(ratio, 2)
            shown = (
                "1 (ours)"
                if result.get("framework") == "scrimmage"
                else (f"{ratio:,.1f}x" if ratio is not None else "?")
            )
            rows.append(
                f"{game:<13} {name:<32} {cell['games_per_s']:>10,.1f} "
                f"{cell['us_per_step']:>10,.2f} {shown:>10}"
            )
        rows.append("")
    return "\n".join(rows), ratios


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds",
        type=float,
        default=5.0,
        help="measured time per framework and game (default 5)",
    )
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument(
        "--passes",
        type=int,
        default=2,
        help="run every script this many times, interleaved, and keep each one's best (default 2)",
    )
    parser.add_argument("--skip-install", action="store_true", help="use .venv-peers as it is")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)

    failed = {} if args.skip_install else install_peers()
    results: list[dict] = [{} for _ in SCRIPTS]
    for number in range(1, args.passes + 1):
        if args.passes > 1:
            say(f"pass {number} of {args.passes}")
        for k, (script, which, needs) in enumerate(SCRIPTS):
            missing = [name for name in needs if name in failed]
            if missing:
                result = {
                    "script": script,
                    "error": f"{', '.join(missing)} could not be installed: {failed[missing[0]]}",
                }
            else:
                python = Path(sys.executable) if which == "ours" else peers_python()
                result = run_script(script, python, args.seconds, args.games)
                result["script"] = script
            if "error" in result:
                say(f"  {result['error']}")
            results[k] = best_of(results[k], result)

    text, ratios = table(results, args.games)
    say("")
    say("random vs random, full games, one process at a time on this machine")
    say("(peer/ours: how many times more time per step the peer needs than Scrimmage)")
    say("")
    say(text)
    report = {
        "measured_at": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {
            "cpu": cpu_model(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "system": platform.platform(),
        },
        "seconds_per_game": args.seconds,
        "passes": args.passes,
        "figures": "per framework and game, the best of its rounds and passes",
        "step": "one move of one player",
        "not_installed": failed,
        "results": results,
        "peer_over_ours": ratios,
    }
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    say(f"written {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Mutation testing (mutmut 3) of one module at a time, with only the tests that
guard it; ``make mutate MODULE=...`` and ``make mutate-all`` (docs/testing.md).

    python -m bench.mutate engine/seeding.py [more modules]  # run, print, record
    python -m bench.mutate engine/games/powerball/harm.py --function damage  # one function's
    python -m bench.mutate --all                             # every module in TARGETS
    python -m bench.mutate --survivors engine/seeding.py     # the surviving mutants
    python -m bench.mutate engine/seeding.py --mutant NAME   # re-check one (repeatable)
    python -m bench.mutate --show NAME                       # one mutant's function
    python -m bench.mutate --score engine/seeding.py         # re-score (after accepting)

Each run updates that module's score in ``bench/mutation.json``. Mutants judged
equivalent (no test can tell them apart) or accepted are listed with the reason in
``bench/mutation_accepted.toml``; the score counts the others.

mutmut copies the code into ``mutants/`` and names a mutant after its file's
path; the platform's apps are imported from ``platform/`` (``matches.claims``,
not ``platform.matches.claims``), so the mutant names drop that prefix here, or
mutmut would find no test reaching them. Its tests use the database of
``DATABASE_URL`` (``--reuse-db``: made once, then kept) and run one mutant at a
time (two would share it).
"""

from __future__ import annotations

import difflib
import io
import json
import os
import shutil
import subprocess
import sys
import textwrap
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "mutation.json"
ACCEPTED = ROOT / "bench" / "mutation_accepted.toml"
GAMES = "tests/engine/games"
CORE = ["tests/engine/test_events.py", "tests/engine/test_replay.py"]
CORE += ["tests/engine/test_runner.py", "tests/engine/test_secrecy.py"]
CORE += ["tests/engine/test_seeding.py", "tests/engine/test_rng.py"]
#: the core without test_secrecy, whose whole matches of every game at every seat count
#: (three of the four minutes of CORE here) check the games' views: a runner or log
#: mutant that survives everything else would cost those minutes each
CORE_CONTRACT = [t for t in CORE if t != "tests/engine/test_secrecy.py"]


def rules_tests(game: str, matches: str, *strength: str) -> list[str]:
    """A game's test folder without its bots' strength tests (``matches``'s tests named in
    ``strength``): whole matches for a statistic, most of the folder's time, which every
    survivor would run, and which say how well a bot plays, not what the rules allow."""
    selection = [f"{GAMES}/{game}"]
    for test in strength:
        selection += ["--deselect", f"{GAMES}/{game}/{matches}::{test}"]
    return selection


#: Aimbots' rules: without the greedy bot's two strength tests (4 of 4.5 minutes here)
AIMBOTS_RULES = rules_tests(
    "aimbots",
    "test_aimbots_match.py",
    "test_greedy_beats_random",
    "test_greedy_against_itself_has_no_seat_bias",
)
#: Cascade Effect's rules: without the greedy-beats-random win rates
CASCADE_RULES = rules_tests(
    "cascade_effect", "test_cascade_matches.py", "test_greedy_beats_random_in_at_least_80_percent"
)
#: Aerial Assault's rules: without the greedy bot's two statistics over whole matches
AERIAL_RULES = rules_tests(
    "aerial_assault",
    "test_aerial_matches.py",
    "test_greedy_beats_random_in_two_bot_matches",
    "test_greedy_hands_the_ball_over_for_assists",
)
#: Powerball's rules: without the greedy bot's four win-rate and mean-rank tests (46 of the
#: folder's 48 s of test time at load 2; every survivor would run them)
POWERBALL_RULES = rules_tests(
    "powerball",
    "test_powerball_match.py",
    "test_greedy_beats_random_in_most_two_seat_matches",
    "test_greedy_beats_random_in_80_percent_of_200_two_seat_matches",
    "test_greedy_has_the_best_mean_rank_among_three_randoms",
    "test_greedy_has_the_best_mean_rank_over_many_four_seat_matches",
)

#: module -> the tests that guard it (the folder mirroring it, and what else reads it)
TARGETS: dict[str, list[str]] = {
    "engine/events.py": CORE_CONTRACT,
    "engine/canonical.py": CORE_CONTRACT,
    "engine/seeding.py": ["tests/engine/test_seeding.py", "tests/engine/test_runner.py"],
    "engine/replay.py": [
        *CORE_CONTRACT,
        "tests/engine/test_viewing.py",
        "tests/engine/test_verifying.py",  # verify over a LazyLog: what it decodes
    ],
    "engine/recorded.py": [*CORE_CONTRACT, "tests/engine/test_verifying.py"],
    "engine/runner.py": CORE_CONTRACT,
    "engine/games/powerball/fire.py": POWERBALL_RULES,
    "engine/games/powerball/harm.py": POWERBALL_RULES,
    "engine/games/powerball/fold.py": POWERBALL_RULES,
    "engine/games/powerball/fold_options.py": POWERBALL_RULES,
    "engine/games/powerball/program_changes.py": POWERBALL_RULES,
    "engine/games/powerball/programs.py": POWERBALL_RULES,
    "engine/games/powerball/decisions.py": POWERBALL_RULES,
    "engine/games/powerball/state.py": POWERBALL_RULES,
    "engine/games/powerball/table.py": POWERBALL_RULES,
    "engine/games/powerball/board.py": POWERBALL_RULES,
    "engine/games/powerball/cards.py": POWERBALL_RULES,
    "engine/games/powerball/view.py": POWERBALL_RULES,
    "engine/games/cascade_effect/scoring.py": [f"{GAMES}/cascade_effect"],
    "engine/games/cascade_effect/turns.py": CASCADE_RULES,
    # and the check of accepts_move against the listed moves on whole matches
    "engine/games/cascade_effect/moves.py": [
        *CASCADE_RULES,
        f"{GAMES}/test_pending_unlisted.py",
    ],
    "engine/games/dogfight/combat.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/rules.py": [f"{GAMES}/dogfight"],
    "engine/games/aimbots/dice.py": [f"{GAMES}/aimbots"],
    "engine/games/aimbots/combat.py": AIMBOTS_RULES,
    "engine/games/aimbots/rules.py": AIMBOTS_RULES,
    # and the check of accepts_play against the listed actions on whole matches
    "engine/games/aimbots/moves.py": [
        *AIMBOTS_RULES,
        f"{GAMES}/test_pending_unlisted.py::test_pending_unlisted_decides_as_the_listed_decisions_do[aimbots]",
    ],
    "engine/games/aimbots/fold.py": AIMBOTS_RULES,
    "engine/games/aimbots/board.py": AIMBOTS_RULES,
    "engine/games/aimbots/draft.py": AIMBOTS_RULES,
    "engine/games/aimbots/scrap.py": AIMBOTS_RULES,
    "engine/games/aimbots/setup.py": AIMBOTS_RULES,
    "engine/games/aimbots/state.py": AIMBOTS_RULES,
    "engine/games/aimbots/view.py": AIMBOTS_RULES,
    "engine/games/aerial_assault/shots.py": [f"{GAMES}/aerial_assault"],
    "engine/games/aerial_assault/resolve.py": AERIAL_RULES,
    "engine/games/aerial_assault/rules.py": AERIAL_RULES,
    "engine/games/aerial_assault/plays.py": AERIAL_RULES,
    "engine/games/aerial_assault/cards.py": AERIAL_RULES,
    "engine/games/aerial_assault/actions.py": AERIAL_RULES,
    "engine/games/aerial_assault/checks.py": AERIAL_RULES,
    "engine/games/aerial_assault/fold.py": AERIAL_RULES,
    "engine/games/aerial_assault/state.py": AERIAL_RULES,
    "engine/games/aerial_assault/view.py": AERIAL_RULES,
    "engine/games/aerial_assault/field.py": AERIAL_RULES,
    "engine/games/aerial_assault/play_context.py": AERIAL_RULES,
    "engine/games/cascade_effect/rules.py": [*CASCADE_RULES, f"{GAMES}/test_pending_unlisted.py"],
    "engine/games/powerball/motion.py": POWERBALL_RULES,
    "engine/games/powerball/phases.py": POWERBALL_RULES,
    "engine/games/powerball/turn.py": POWERBALL_RULES,
    "engine/games/powerball/rules.py": POWERBALL_RULES,
    "engine/games/powerball/respawn.py": POWERBALL_RULES,
    "engine/games/powerball/bombs.py": POWERBALL_RULES,
    "engine/games/powerball/balls.py": POWERBALL_RULES,
    "engine/games/dogfight/setup.py": [f"{GAMES}/dogfight"],
    "engine/games/cascade_effect/fold.py": CASCADE_RULES,
    "engine/games/cascade_effect/board.py": CASCADE_RULES,
    "engine/games/cascade_effect/state.py": CASCADE_RULES,
    "engine/games/cascade_effect/view.py": CASCADE_RULES,
    "engine/games/dogfight/fold.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/geometry.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/plans.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/state.py": [f"{GAMES}/dogfight"],
    "engine/games/dogfight/view.py": [f"{GAMES}/dogfight"],
    "tournaments/core/rating_fold.py": ["tests/tournaments/test_rating_fold.py"],
    "tournaments/core/ratings.py": ["tests/tournaments/test_ratings.py"],
    "tournaments/core/standings.py": [
        "tests/tournaments/test_standings.py",
        "tests/tournaments/test_swiss.py",  # tie-breaks in Swiss pairing
        "tests/tournaments/test_pure.py",
    ],
    "platform/matches/claims.py": [
        "tests/platform/matches/test_claims.py",
        "tests/platform/matches/test_match_restarts.py",
        "tests/platform/matches/test_match_tasks.py",
        "tests/platform/matches/test_claim_locks.py",
    ],
}
#: mutmut's verdicts that count as caught: a failing test, a hang, a type error
CAUGHT = {"killed", "timeout", "caught by type check"}


def mutant_prefix(module: str) -> str:
    """The mutant names of ``module``: its import path and a dot."""
    dotted = module.removesuffix(".py").replace("/", ".")
    return dotted.removeprefix("platform.") + "."


# -- the run in a child process (mutmut keeps its state in globals) -----------------------
def _configure(module: str) -> None:
    """mutmut's configuration for ``module``, in place of ``[tool.mutmut]``, and
    its mutant names without the ``platform.`` prefix."""
    from mutmut import __main__ as cli
    from mutmut import configuration
    from mutmut.mutation import file_mutation
    from mutmut.utils import format_utils

    base = configuration._load_config()  # [tool.mutmut] in pyproject.toml
    database = ["--reuse-db"] if module.startswith("platform/") else []
    configuration._config = replace(
        base,
        only_mutate=[module],
        pytest_add_cli_args=base.pytest_add_cli_args + database,
        pytest_add_cli_args_test_selection=TARGETS.get(module) or guess_tests(module),
    )
    named = format_utils.get_mutant_name

    def get_mutant_name(relative_source_path: Path, mutant_method_name: str) -> str:
        return named(relative_source_path, mutant_method_name).removeprefix("platform.")

    for holder in (format_utils, file_mutation, cli):
        holder.get_mutant_name = get_mutant_name  # type: ignore[attr-defined]


def guess_tests(module: str) -> list[str]:
    """The test folder mirroring ``module`` (tests/engine/games/<game>, ...)."""
    parts = Path(module).parts
    if parts[0] == "platform":
        return [f"tests/platform/{parts[1]}"]
    if parts[:2] == ("engine", "games"):
        return [f"{GAMES}/{parts[2]}"]
    return [f"tests/{parts[0]}"]


def _child(argv: list[str]) -> int:
    """``--child MODULE mutmut-args...``: mutmut's own command line, configured."""
    module, args = argv[0], argv[1:]
    _configure(module)
    from mutmut.__main__ import cli

    try:
        cli.main(args, prog_name="mutmut", standalone_mode=False)
    except SystemExit as stop:
        return int(stop.code or 0)
    return 0


def mutmut(module: str, *args: str) -> int:
    command = [sys.executable, "-m", "bench.mutate", "--child", module, *args]
    return subprocess.call(["nice", "-n", "19", *command], cwd=ROOT)


def show(name: str) -> int:
    """Print mutant ``name``'s function as mutated, made again from the source
    (``mutants/`` holds the last module run's mutants only)."""
    module = next((m for m in TARGETS if name.startswith(mutant_prefix(m))), None)
    if module is None:
        print(f"{name}: not a mutant of a module in TARGETS", file=sys.stderr)
        return 2
    _configure(module)
    from mutmut.__main__ import write_all_mutants_to_file

    out = io.StringIO()
    source = (ROOT / module).read_text()
    write_all_mutants_to_file(out=out, source=source, filename=Path(module))
    function = name.rsplit(".", 1)[1]
    found = function_text(out.getvalue(), function)
    if found is None:
        print(f"{name}: no such mutant")
        return 2
    orig = function.rsplit("__mutmut_", 1)[0] + "__mutmut_orig"
    original = function_text(out.getvalue(), orig)
    print(found)
    if original is not None:  # and the change alone
        mutated = found.replace(function, orig, 1).splitlines()
        change = difflib.unified_diff(original.splitlines(), mutated, lineterm="", n=0)
        print("\n".join(x for x in change if x[:1] in "+-" and x[:3] not in ("---", "+++")))
    return 0


def function_text(source: str, function: str) -> str | None:
    """The text of ``def function`` in ``source``: a module's function or a class's
    method (indented), up to the next line as little indented that is not the
    end of its signature."""
    lines = source.splitlines()
    start = next(
        (i for i, x in enumerate(lines) if x.lstrip().startswith(f"def {function}(")), None
    )
    if start is None:
        return None
    indent = len(lines[start]) - len(lines[start].lstrip())
    after = range(start + 1, len(lines))
    end = next((i for i in after if _outside(lines[i], indent)), len(lines))
    return textwrap.dedent("\n".join(lines[start:end])).strip()


def _outside(line: str, indent: int) -> bool:
    """Is ``line`` past a definition indented ``indent``: a statement no deeper?"""
    text = line.lstrip()
    return bool(text) and len(line) - len(text) <= indent and not text.startswith(")")


def mutant_glob(prefix: str, function: str) -> str:
    """The names of the mutants of ``function`` (``Class.method`` for a method)."""
    owner, _, name = function.rpartition(".")
    return (
        f"{prefix}x\u01c1{owner}\u01c1{name}__mutmut_*" if owner else f"{prefix}x_{name}__mutmut_*"
    )


# -- results ------------------------------------------------------------------------------
def verdicts(module: str) -> dict[str, str]:
    """Each mutant of ``module`` and mutmut's verdict on it."""
    from mutmut.stats import status_by_exit_code

    meta = ROOT / "mutants" / f"{module}.meta"
    if not meta.exists():
        return {}
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    return {name: status_by_exit_code[code] for name, code in codes.items()}


def accepted(module: str) -> dict[str, str]:
    """The mutants of ``module`` judged equivalent or accepted, with the reason."""
    if not ACCEPTED.exists():
        return {}
    return tomllib.loads(ACCEPTED.read_text()).get(module, {})


def score(module: str) -> dict:
    found = verdicts(module)
    counts = Counter(found.values())
    excused = accepted(module)
    left = sorted(n for n, v in found.items() if v not in CAUGHT and v != "not checked")
    caught = sum(counts[v] for v in CAUGHT)
    judged = caught + len(left)
    survivors = [n for n in left if n not in excused]
    counted = judged - (len(left) - len(survivors))
    return {
        "mutants": len(found),
        "checked": judged,
        "caught": caught,
        "verdicts": dict(sorted(counts.items())),
        "equivalent_or_accepted": len(left) - len(survivors),
        "score": round(caught / counted, 3) if counted else None,
        "survivors": survivors,
    }


def record(module: str, figures: dict) -> None:
    results = json.loads(OUT.read_text()) if OUT.exists() else {}
    results[module] = figures
    OUT.write_text(json.dumps(dict(sorted(results.items())), indent=1) + "\n")


def run(
    modules: list[str],
    children: int,
    functions: tuple[str, ...] = (),
    mutants: tuple[str, ...] = (),
) -> int:
    """Run the mutants of ``modules`` (of only ``functions``, if named: a change to
    one function of a large module is checked in minutes, the rest left unchecked;
    of only the ``mutants`` named, to re-check survivors after writing their tests,
    with the same preparation as a whole run, without which mutmut may report
    mutants of the module run before as survivors)."""
    for module in modules:
        if not (ROOT / module).is_file():
            print(f"no module {module}", file=sys.stderr)
            return 2
        # mutmut takes a copy newer than its source for mutated already; a copy
        # made while another module was the one mutated is not: make it afresh
        # (the verdicts of unchanged functions are kept in its .meta)
        (ROOT / "mutants" / module).unlink(missing_ok=True)
        # and its record of which tests reach which function covers the functions
        # mutated when it was made: another module's would leave every mutant of
        # this one "no tests"
        forget_stats_of_other_modules(module)
        # nor may it hang on an example an earlier run's Hypothesis stored
        shutil.rmtree(ROOT / "mutants" / ".hypothesis", ignore_errors=True)
        prefix = mutant_prefix(module)
        alone = "1" if module.startswith("platform/") else str(children)  # one test database
        names = [mutant_glob(prefix, f) for f in functions] + list(mutants) or [f"{prefix}*"]
        code = mutmut(module, "run", "--max-children", alone, *names)
        figures = score(module)
        record(module, figures)
        print(
            f"{module}: {figures['caught']}/{figures['checked']} caught, score {figures['score']}"
        )
        if code:
            return code
    return 0


def forget_stats_of_other_modules(module: str, folder: Path = ROOT / "mutants") -> None:
    """Delete mutmut's test stats in ``folder`` unless they were made for ``module``."""
    marker = folder / "stats-module"
    if marker.exists() and marker.read_text() == module:
        return
    (folder / "mutmut-stats.json").unlink(missing_ok=True)
    folder.mkdir(exist_ok=True)
    marker.write_text(module)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        return _child(argv[1:])
    os.chdir(ROOT)
    children = int(os.environ.get("MUTATE_CHILDREN", "2"))
    if argv[:1] == ["--all"]:
        return run(list(TARGETS), children)
    if argv[:1] == ["--survivors"]:
        for module in argv[1:]:
            print("\n".join(score(module)["survivors"]))
        return 0
    if argv[:1] == ["--score"]:  # again from mutmut's verdicts, after accepting some
        for module in argv[1:]:
            record(module, score(module))
        return 0
    if argv[:1] == ["--show"]:
        return show(argv[1])
    if not argv:
        print(__doc__)
        return 2
    return run(*run_arguments(argv, children))


def run_arguments(argv: list[str], children: int) -> tuple[list[str], int, tuple, tuple]:
    """``run``'s arguments from a command line of modules, ``--function NAME`` and
    ``--mutant NAME`` (each repeatable, anywhere)."""
    flags = ("--function", "--mutant")
    valued = {i + 1: argv[i] for i, flag in enumerate(argv) if flag in flags}
    modules = [a for i, a in enumerate(argv) if a not in flags and i not in valued]

    def values(flag: str) -> tuple[str, ...]:
        return tuple(argv[i] for i, f in valued.items() if f == flag and i < len(argv))

    return modules, children, values("--function"), values("--mutant")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

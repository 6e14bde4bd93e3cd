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
import resource
import shutil
import subprocess
import sys
import textwrap
import tomllib
from collections import Counter
from dataclasses import replace
from pathlib import Path

from bench.mutation_targets import TARGETS, guess_tests

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "mutation.json"
ACCEPTED = ROOT / "bench" / "mutation_accepted.toml"
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


#: the address space a mutant's test process may take, for the games' modules: a
#: mutant that makes a walk endless (a line of sight that never meets its wall)
#: filled 18 GB of this 23 GB machine in minutes; capped, it dies of MemoryError,
#: a failed test, and counts as caught. Only there: other selections start
#: chromium, node or a JVM (a bot's runtime), which reserve far more address space
#: than they use and would fail to start under it, whatever the mutant.
GAMES_MEMORY = 4 * 2**30


def _child(argv: list[str]) -> int:
    """``--child MODULE mutmut-args...``: mutmut's own command line, configured."""
    module, args = argv[0], argv[1:]
    if module.startswith("engine/games/"):
        resource.setrlimit(resource.RLIMIT_AS, (GAMES_MEMORY, GAMES_MEMORY))
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


def keep(module: str, figures: dict) -> None:
    """Record a module's figures if every mutant of it has a verdict. A run of some
    of its functions or mutants in a checkout without earlier verdicts (a fresh
    clone) checked only those: recorded, it would stand for the module's score."""
    unchecked = figures["verdicts"].get("not checked", 0)
    if unchecked:
        print(f"{module}: {unchecked} mutants not checked: its record is left as it was")
    else:
        record(module, figures)


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
        keep(module, figures)
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

"""Python's compiled modules made once a run, not once a test process (a pytest
plugin, named in ``tests/conftest.py``).

On a fresh checkout and environment (CI's: a new clone, a new ``.venv``) no module
has its ``__pycache__`` yet: uv installs packages without compiling them, and pytest
writes the assert-rewritten test modules itself. The pytest-xdist processes all
start at once, each importing Django, Celery, DRF, Hypothesis and every test module,
so each compiled much of it from source, side by side: ``pytest -n 4`` started
cold took 92-99 s of CPU to start and collect (every test deselected), 40-44 s with
the modules compiled, and 74-76 s with this collection first (docs/performance.md,
session 45). So the controlling process of a parallel run first collects the suite once in a
single process (compiling and writing every module the test processes will import),
then starts them. When the modules are there already (any later run in the same
checkout) nothing is done. What a test process imports and runs is the same either
way: only where its bytecode comes from changes.
"""

from __future__ import annotations

import subprocess
import sys

import pytest


def is_parallel_controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "numprocesses", None))


def compiled_already(config: pytest.Config) -> bool:
    """Whether a test module was compiled by this pytest here before: the
    controlling process compiles Django and the conftest itself (it loads them to
    configure the run), but no test module."""
    name = f"test_*.{sys.implementation.cache_tag}-pytest-{pytest.__version__}.pyc"
    return next((config.rootpath / "tests").rglob(f"__pycache__/{name}"), None) is not None


@pytest.hookimpl(tryfirst=True)  # before the PostgreSQL template's migration runs
def pytest_configure(config: pytest.Config) -> None:
    if sys.dont_write_bytecode or not is_parallel_controller(config) or compiled_already(config):
        return
    subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", *config.args],
        cwd=config.invocation_params.dir,
        stdout=subprocess.DEVNULL,
        check=False,  # a collection error is reported by the run itself
    )

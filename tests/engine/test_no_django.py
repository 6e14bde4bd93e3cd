"""The engine is pure: no Django import anywhere in it."""

import ast
import subprocess
import sys
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_no_engine_module_imports_django_celery_or_the_platform():
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        for module in imported_modules(path):
            root = module.split(".")[0]
            if root in ("django", "rest_framework", "celery", "config", "tournaments"):
                offenders.append(f"{path.relative_to(ENGINE.parent)}: {module}")
    assert offenders == []


def test_importing_every_game_loads_no_django():
    code = (
        "import sys, engine.cli, engine.registry as r; r.games(); "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

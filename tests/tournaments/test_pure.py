"""The tournament core (tournaments.core) is plain Python: no Django, Celery,
platform or other tournaments import."""

import ast
import subprocess
import sys
from pathlib import Path

import tournaments

ROOT = Path(tournaments.__file__).parent
PURE = sorted((ROOT / "core").rglob("*.py"))


def test_no_core_module_imports_django_celery_or_the_rest_of_the_app():
    offenders = []
    for path in PURE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.module
                else []
            )
            for name in names:
                if name.split(".")[0] in (
                    "django",
                    "rest_framework",
                    "celery",
                    "config",
                    "matches",
                    "accounts",
                    "web",
                ) or (name.startswith("tournaments.") and not name.startswith("tournaments.core")):
                    offenders.append(f"{path.name}: {name}")
    assert offenders == []


def test_importing_the_core_loads_no_django():
    code = (
        "import sys, tournaments.core.rating_fold, tournaments.core.standings, "
        "tournaments.core.formats as f; "
        "[getattr(f, n) for n in f.__all__]; "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

"""Modules with one job: none outside the tests and the migrations is over 400
lines (issue 27's bar). A module that grows past it is split by what it does, not
trimmed to fit."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 400
FOLDERS = ("engine", "platform", "tournaments", "bench", "deploy")


def modules() -> list[Path]:
    found = [path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py")]
    return [path for path in found if "migrations" not in path.relative_to(ROOT).parts]


def test_no_module_is_over_400_lines():
    sizes = {path: len(path.read_text(encoding="utf-8").splitlines()) for path in modules()}
    over = {str(path.relative_to(ROOT)): n for path, n in sizes.items() if n > MOST_LINES}
    assert len(sizes) > 100  # the walk found the code
    assert not over, f"modules over {MOST_LINES} lines: {over}"

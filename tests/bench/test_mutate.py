"""``bench.mutate`` finds a mutant's code, a method's as a function's: mutmut 3
names a method's mutants ``xǁClassǁmethod__mutmut_N`` and writes them indented in
their class."""

import json

import pytest

from bench import mutate
from bench.mutate import ROOT, function_text, keep, mutant_glob, run_arguments
from bench.mutation_targets import AERIAL_RULES, AIMBOTS_RULES, CASCADE_RULES, POWERBALL_RULES

MUTATED = """
class Match:
    def xǁMatchǁstep__mutmut_orig(self, players):
        return 1

    def xǁMatchǁstep__mutmut_1(
        self, players
    ) -> int:
        return 2

    def xǁMatchǁstep__mutmut_2(self, players):
        return 3


def x_run__mutmut_1(game):
    return game
x_run__mutmut_mutants = {}
"""


def test_a_methods_mutant_is_found_whole_and_alone():
    found = function_text(MUTATED, "xǁMatchǁstep__mutmut_1")
    assert found == "def xǁMatchǁstep__mutmut_1(\n    self, players\n) -> int:\n    return 2"


def test_a_module_functions_mutant_ends_at_the_next_statement():
    assert (
        function_text(MUTATED, "x_run__mutmut_1") == "def x_run__mutmut_1(game):\n    return game"
    )
    assert function_text(MUTATED, "x_run__mutmut_2") is None


def test_function_names_a_method_as_class_dot_method():
    assert mutant_glob("engine.runner.", "Match.step") == "engine.runner.xǁMatchǁstep__mutmut_*"
    assert mutant_glob("engine.runner.", "run_match") == "engine.runner.x_run_match__mutmut_*"


def test_the_test_stats_of_another_module_are_forgotten_and_a_modules_own_kept(tmp_path):
    """mutmut records which tests reach the functions mutated when it ran them:
    kept for the next module, they would leave every one of its mutants "no tests"."""
    from bench.mutate import forget_stats_of_other_modules

    stats = tmp_path / "mutmut-stats.json"
    stats.write_text("{}")
    forget_stats_of_other_modules("engine/runner.py", tmp_path)
    assert not stats.exists()
    stats.write_text("{}")
    forget_stats_of_other_modules("engine/runner.py", tmp_path)
    assert stats.exists()
    forget_stats_of_other_modules("engine/events.py", tmp_path)
    assert not stats.exists()


@pytest.mark.parametrize("selection", [AERIAL_RULES, AIMBOTS_RULES, CASCADE_RULES, POWERBALL_RULES])
def test_each_strength_test_a_rules_selection_leaves_out_exists(selection):
    """pytest ignores a --deselect that matches nothing: a strength test renamed would
    silently come back into every mutant's run (each one's matches first, as slow)."""
    left_out = [selection[i + 1] for i, arg in enumerate(selection) if arg == "--deselect"]
    assert left_out
    for node in left_out:
        path, name = node.split("::")
        assert f"def {name}(" in (ROOT / path).read_text(), node


def test_a_command_line_names_modules_functions_and_mutants_anywhere():
    argv = ["a.py", "--mutant", "a.x_f__mutmut_1", "--function", "f", "b.py", "--mutant", "m2"]
    assert run_arguments(argv, 2) == (["a.py", "b.py"], 2, ("f",), ("a.x_f__mutmut_1", "m2"))


def test_a_run_that_left_mutants_unchecked_does_not_replace_the_modules_record(
    tmp_path, monkeypatch
):
    out = tmp_path / "mutation.json"
    monkeypatch.setattr(mutate, "OUT", out)
    whole = {"verdicts": {"killed": 9, "timeout": 1}, "score": 1.0}
    keep("engine/x.py", whole)
    assert json.loads(out.read_text()) == {"engine/x.py": whole}
    # one function's mutants run in a fresh checkout: the rest have no verdict
    part = {"verdicts": {"killed": 2, "not checked": 8}, "score": 1.0}
    keep("engine/x.py", part)
    assert json.loads(out.read_text()) == {"engine/x.py": whole}

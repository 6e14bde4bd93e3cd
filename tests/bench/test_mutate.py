"""``bench.mutate`` finds a mutant's code, a method's as a function's: mutmut 3
names a method's mutants ``xǁClassǁmethod__mutmut_N`` and writes them indented in
their class."""

from bench.mutate import function_text, mutant_glob

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

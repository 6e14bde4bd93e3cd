"""``make mutate-planted`` stays runnable: every bug it plants still finds its
line, and every test it expects to catch one still exists (a rewrite of either
would otherwise surface only when someone runs it)."""

from bench.planted import PLANTED, ROOT


def test_every_planted_bug_finds_its_code_exactly_once():
    for bug in PLANTED:
        assert (ROOT / bug.path).read_text().count(bug.code) == 1, bug


def test_every_planted_bug_names_a_test_that_exists():
    for bug in PLANTED:
        path, name = bug.test.split("::")
        assert f"\ndef {name}(" in (ROOT / path).read_text(), bug.test

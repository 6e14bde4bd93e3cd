"""The parallel run's one collection before its processes start (``tests/compiled_once.py``)."""

import sys
from types import SimpleNamespace

import pytest

from tests.compiled_once import compiled_already, is_parallel_controller


def config_of(root, numprocesses=None, worker=False):
    config = SimpleNamespace(rootpath=root, option=SimpleNamespace(numprocesses=numprocesses))
    if worker:
        config.workerinput = {}
    return config


def test_only_the_controller_of_a_parallel_run_collects_first(tmp_path):
    assert is_parallel_controller(config_of(tmp_path, numprocesses=4))
    assert not is_parallel_controller(config_of(tmp_path, numprocesses=4, worker=True))
    assert not is_parallel_controller(config_of(tmp_path, numprocesses=None))
    assert not is_parallel_controller(config_of(tmp_path, numprocesses=0))


def test_a_checkout_counts_as_compiled_once_a_test_module_was_compiled_by_this_pytest(tmp_path):
    cache = tmp_path / "tests" / "deep" / "__pycache__"
    cache.mkdir(parents=True)
    tag = sys.implementation.cache_tag
    # what the controlling process compiles itself does not count: the conftest,
    # a helper module, another pytest's rewrite
    (cache / f"conftest.{tag}-pytest-{pytest.__version__}.pyc").touch()
    (cache / f"helpers.{tag}.pyc").touch()
    (cache / f"test_x.{tag}-pytest-0.0.pyc").touch()
    assert not compiled_already(config_of(tmp_path))
    (cache / f"test_x.{tag}-pytest-{pytest.__version__}.pyc").touch()
    assert compiled_already(config_of(tmp_path))

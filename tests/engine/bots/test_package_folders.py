"""The package folders the sandbox hides: walked for once per machine, found again
whenever the tree changes where a new one would show."""

from __future__ import annotations

import json
import os

import pytest

from engine.bots import package_folders


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A small /usr with two package folders, a cache folder of its own, and a
    count of the walks."""
    top = tmp_path / "usr"
    for folder in ("lib/python3/dist-packages/x", "share/python-wheels", "bin", "lib/tool/a/b"):
        (top / folder).mkdir(parents=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    walks = []
    real_walk = package_folders.walk

    def counted(top):
        walks.append(top)
        return real_walk(top)

    monkeypatch.setattr(package_folders, "walk", counted)
    return top, walks


def found(top):
    return [os.path.relpath(p, top) for p in package_folders.cached(str(top))]


def test_the_tree_is_walked_once_and_then_read_from_the_cache(tree):
    top, walks = tree
    assert found(top) == ["lib/python3/dist-packages", "share/python-wheels"]
    assert found(top) == found(top) == ["lib/python3/dist-packages", "share/python-wheels"]
    assert len(walks) == 1
    entry = json.loads(package_folders.cache_file().read_text())
    assert entry["top"] == str(top) and len(entry["found"]) == 2


@pytest.mark.parametrize(
    "change",
    [
        "lib/newtool/python3.12/site-packages",  # a new tool two levels down
        "lib/python3/site-packages",  # beside a folder already found
        "lib/tool/a/site-packages",  # deeper: only its parents' times show it
    ],
)
def test_a_new_package_folder_is_found_at_the_next_start(tree, change):
    top, walks = tree
    found(top)
    (top / change).mkdir(parents=True)
    if change.startswith("lib/tool/a"):
        # three levels down is beyond the fingerprint: the answer's age finds it
        entry = json.loads(package_folders.cache_file().read_text())
        entry["walked_at"] -= package_folders.MAX_AGE + 1
        package_folders._write(package_folders.cache_file(), entry)
    assert change in found(top)
    assert len(walks) == 2


def test_a_folder_gone_is_walked_for_again(tree):
    top, walks = tree
    found(top)
    (top / "share/python-wheels").rmdir()
    assert found(top) == ["lib/python3/dist-packages"]
    assert len(walks) == 2


@pytest.mark.parametrize("mode", [0o666, 0o620])
def test_a_cache_file_others_may_write_is_not_believed(tree, mode):
    top, walks = tree
    found(top)
    path = package_folders.cache_file()
    entry = json.loads(path.read_text())
    entry["found"] = []  # what someone else would write: nothing hidden
    path.write_text(json.dumps(entry))
    path.chmod(mode)
    assert found(top) == ["lib/python3/dist-packages", "share/python-wheels"]
    assert len(walks) == 2


def test_without_a_place_for_the_cache_every_start_walks(tree, monkeypatch):
    top, walks = tree
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    monkeypatch.setenv("HOME", "relative")
    assert found(top) == found(top) == ["lib/python3/dist-packages", "share/python-wheels"]
    assert len(walks) == 2

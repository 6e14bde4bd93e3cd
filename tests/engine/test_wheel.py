"""The engine's own wheel (engine.wheel): the engine package and nothing else, a
RECORD pip accepts, the same bytes for the same files, a new version for new ones.
Installing it and playing with it: tests/platform/web/test_engine_install.py."""

from __future__ import annotations

import base64
import hashlib
import shutil
import zipfile

from engine import registry, wheel


def _entries(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_wheel_holds_every_engine_file_and_its_metadata_only(tmp_path):
    built = wheel.build(tmp_path)
    entries = _entries(built)
    engine_names = {name for name, _ in wheel.engine_files()}
    info = built.name.removesuffix("-py3-none-any.whl") + ".dist-info"
    assert set(entries) - engine_names == {
        f"{info}/{part}"
        for part in ("METADATA", "WHEEL", "entry_points.txt", "top_level.txt", "RECORD")
    }
    assert "engine/sdk/scrimmage_bot.py" in entries
    assert "engine/games/tic_tac_toe/starter.py" in entries
    assert "engine/games/powerball/floors/arena.json" in entries  # data, not only code
    assert not [name for name in entries if "__pycache__" in name or name.endswith(".pyc")]


def test_every_record_line_names_its_file_digest_and_size(tmp_path):
    entries = _entries(wheel.build(tmp_path))
    record_name = next(name for name in entries if name.endswith(".dist-info/RECORD"))
    lines = entries[record_name].decode().splitlines()
    assert len(lines) == len(entries)
    for line in lines:
        name, digest, size = line.rsplit(",", 2)
        if name == record_name:
            assert (digest, size) == ("", "")
            continue
        data = entries[name]
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={expected}", len(data))


def test_the_wheel_declares_the_command_every_game_and_no_required_dependency(tmp_path):
    entries = _entries(wheel.build(tmp_path))
    points = next(data for name, data in entries.items() if name.endswith("entry_points.txt"))
    text = points.decode()
    assert "[console_scripts]\nscrimmage = engine.cli:main\n" in text
    for name in registry.games():
        assert f"\n{name} = engine.games.{name}:GAME\n" in text
    metadata = next(data for name, data in entries.items() if name.endswith("/METADATA"))
    requirements = [line for line in metadata.decode().splitlines() if "Requires-Dist" in line]
    assert requirements and all('extra == "fast"' in line for line in requirements)
    assert "Requires-Python: >=3.11" in metadata.decode()


def test_the_same_engine_builds_the_same_bytes(tmp_path):
    first = wheel.build(tmp_path / "a")
    second = wheel.build(tmp_path / "b")
    assert first.name == second.name == wheel.current_wheel_name()
    assert first.read_bytes() == second.read_bytes()


def test_a_changed_engine_file_is_a_new_version(tmp_path):
    copy = tmp_path / "engine"
    shutil.copytree(wheel.ENGINE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = wheel.current_wheel_name(copy)
    rules = copy / "games" / "tic_tac_toe" / "rules.py"
    rules.write_text(rules.read_text() + "\n# changed\n")
    after = wheel.current_wheel_name(copy)
    assert before != after
    assert before.startswith("scrimmage_engine-") and "+" in before
    assert wheel.build(tmp_path / "out", copy).name == after


def test_an_existing_wheel_of_that_version_is_kept(tmp_path):
    built = wheel.build(tmp_path)
    stamp = built.stat().st_mtime_ns
    assert wheel.build(tmp_path) == built
    assert built.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir()] == [built.name]  # no temporary left

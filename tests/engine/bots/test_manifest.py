"""``read_manifest``: the one definition of a valid bot.json, as ``load_program``
(and so ``scrimmage play``) applies it to a bot folder."""

from __future__ import annotations

import re

import pytest

from engine.bots import BotError, load_program, read_manifest
from tests.engine.bots.bad_manifests import BAD_MANIFESTS, write_folder


@pytest.mark.parametrize("case", sorted(BAD_MANIFESTS))
def test_each_bad_manifest_is_a_bot_error_naming_the_folder_and_the_problem(tmp_path, case):
    files, message = BAD_MANIFESTS[case]
    write_folder(tmp_path, {"main.py": b"", **files})
    with pytest.raises(BotError, match=re.escape(message)) as info:
        load_program(tmp_path)
    assert str(info.value).startswith(str(tmp_path))


def test_a_good_manifest_gives_the_entry_as_a_clean_path_and_the_name(tmp_path):
    write_folder(
        tmp_path,
        {
            "src/play.py": b"",
            "bot.json": b'{"entry": "./src//play.py", "name": "Folder", "extra": 1}',
        },
    )
    manifest = read_manifest(tmp_path)
    assert (manifest.entry, manifest.name) == ("src/play.py", "Folder")
    assert load_program(tmp_path).entry == "src/play.py"


def test_without_a_name_the_program_takes_its_folder_s(tmp_path):
    folder = write_folder(
        tmp_path / "my_bot", {"main.py": b"", "bot.json": b'{"entry": "main.py"}'}
    )
    assert read_manifest(folder).name is None
    assert load_program(folder).name == "my_bot"


def test_an_entry_through_a_linked_folder_outside_is_refused(tmp_path):
    outside = write_folder(tmp_path / "outside", {"main.py": b""})
    folder = write_folder(tmp_path / "bot", {"bot.json": b'{"entry": "linked/main.py"}'})
    (folder / "linked").symlink_to(outside)
    with pytest.raises(BotError, match="outside the bot's folder"):
        read_manifest(folder)

"""Bad ``bot.json`` manifests, each with the words its refusal must hold. The engine's
reader (tests/engine/bots/test_manifest.py) and the upload checks
(tests/platform/bots/test_bot_uploads.py) are held to the same cases: one
definition of a valid manifest."""

from __future__ import annotations

from pathlib import Path

#: case -> (the bot folder's files besides main.py, what the refusal says)
BAD_MANIFESTS = {
    "no manifest": ({}, "no bot.json manifest"),
    "not JSON": ({"bot.json": b"{"}, "not valid JSON"),
    "not UTF-8": ({"bot.json": b'{"entry": "\xff.py"}'}, "not valid JSON"),
    "nested 100,000 deep": ({"bot.json": b"[" * 100_000 + b"]" * 100_000}, "nested too deeply"),
    "not an object": ({"bot.json": b"[]"}, "must be a JSON object"),
    "no entry": ({"bot.json": b'{"name": "x"}'}, 'must name the entry file: "entry"'),
    "an empty entry": ({"bot.json": b'{"entry": ""}'}, 'must name the entry file: "entry"'),
    "entry not a string": ({"bot.json": b'{"entry": ["main.py"]}'}, "must name the entry file"),
    "name not a string": (
        {"bot.json": b'{"entry": "main.py", "name": 7}'},
        '"name" must be a string',
    ),
    "entry climbs out": ({"bot.json": b'{"entry": "../escape.py"}'}, "outside the bot's folder"),
    "entry absolute": ({"bot.json": b'{"entry": "/etc/main.py"}'}, "an absolute path"),
    "entry with backslashes": ({"bot.json": b'{"entry": "src\\\\main.py"}'}, "backslashes"),
    "entry not .py": (
        {"bot.json": b'{"entry": "main.txt"}', "main.txt": b"1"},
        "must be a .py file",
    ),
    "entry missing": (
        {"bot.json": b'{"entry": "play.py"}'},
        "the entry file 'play.py' is not in the bot's folder",
    ),
    "entry a folder": (
        {"bot.json": b'{"entry": "src.py"}', "src.py/x.py": b"1"},
        "the entry file 'src.py' is not in the bot's folder",
    ),
}


def write_folder(root: Path, files: dict) -> Path:
    """``root`` holding ``files`` (path -> bytes, / between folders)."""
    for name, data in files.items():
        path = root.joinpath(*name.split("/"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root

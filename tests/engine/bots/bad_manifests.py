"""Bad ``bot.json`` manifests, each with the words its refusal must hold. The engine's
reader (tests/engine/bots/test_manifest.py) and the upload checks
(tests/platform/bots/test_bot_uploads.py) are held to the same cases: one
definition of a valid manifest."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path


def jar_bytes(manifest: str) -> bytes:
    """A jar (a zip) holding ``manifest`` as its META-INF/MANIFEST.MF."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as jar:
        jar.writestr("META-INF/MANIFEST.MF", manifest)
    return buffer.getvalue()


#: a jar whose manifest names no Main-Class
NO_MAIN_JAR = jar_bytes("Manifest-Version: 1.0\n")


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
    "entry of no language": (
        {"bot.json": b'{"entry": "main.txt"}', "main.txt": b"1"},
        "'main.txt' is not a bot program this platform runs",
    ),
    "language not a string": (
        {"bot.json": b'{"entry": "main.py", "language": 3}'},
        '"language" must be a string',
    ),
    "an unknown language": (
        {"bot.json": b'{"entry": "main.py", "language": "cobol"}'},
        "unknown language 'cobol'",
    ),
    "declared javascript, shaped python": (
        {"bot.json": b'{"entry": "main.py", "language": "javascript"}'},
        "'main.py' is declared javascript but is a python program",
    ),
    "declared native, shaped javascript": (
        {"bot.json": b'{"entry": "main.js", "language": "native"}', "main.js": b"1"},
        "'main.js' is declared native but is a javascript program",
    ),
    "an ELF named main.py": (
        {
            "bot.json": b'{"entry": "run.py", "language": "python"}',
            "run.py": b"\x7fELF" + bytes(60),
        },
        "'run.py' is declared python but is a native program",
    ),
    "a jar without a Main-Class": (
        {"bot.json": b'{"entry": "bot.jar"}', "bot.jar": NO_MAIN_JAR},
        "names no Main-Class",
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

"""``scrimmage submit`` before it reaches a site: what it sends for a file or a
folder, and the one-line errors of a missing site, token or file, or a site that
does not answer. Against a live site: tests/platform/bots/test_submit_command.py."""

from __future__ import annotations

import http.server
import io
import json
import socket
import threading
import zipfile

import pytest

from engine import cli, submit
from engine.registry import starter_path

STARTER = starter_path("tic_tac_toe")


def _submit(*args: str) -> list[str]:
    return ["submit", "tic_tac_toe", *args]


def test_a_py_file_is_sent_as_it_is():
    upload = submit.read_upload(STARTER)
    assert (upload.filename, upload.data) == ("starter.py", STARTER.read_bytes())


def test_a_folder_is_sent_as_a_zip_of_its_files(tmp_path):
    folder = tmp_path / "my_bot"
    (folder / "lib").mkdir(parents=True)
    (folder / "bot.json").write_text(json.dumps({"entry": "main.py"}))
    (folder / "main.py").write_bytes(STARTER.read_bytes())
    (folder / "lib" / "helpers.py").write_text("X = 1\n")
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "main.cpython-311.pyc").write_bytes(b"\0")
    upload = submit.read_upload(folder)
    assert upload.filename == "my_bot.zip"
    with zipfile.ZipFile(io.BytesIO(upload.data)) as archive:
        assert sorted(archive.namelist()) == ["bot.json", "lib/helpers.py", "main.py"]


@pytest.mark.parametrize(
    "make, problem",
    [
        (lambda d: d / "missing.py", "no such file or folder"),
        (lambda d: (d / "notes.txt", (d / "notes.txt").write_text("hi"))[0], "submit a .py file"),
        (lambda d: (d / "folder", (d / "folder").mkdir())[0], "needs a bot.json"),
    ],
    ids=["missing", "not-a-bot-file", "folder-without-manifest"],
)
def test_a_bad_file_is_one_line_and_status_2_before_anything_is_sent(
    tmp_path, capsys, make, problem
):
    path = make(tmp_path)
    # the site is never reached: nothing listens on it
    status = cli.main(
        _submit(str(path), "--name", "b", "--site", "http://127.0.0.1:9", "--token", "t")
    )
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("scrimmage: ") and problem in err and err.count("\n") == 1


def test_the_site_and_the_token_are_required(capsys, monkeypatch):
    monkeypatch.delenv("SCRIMMAGE_SITE", raising=False)
    monkeypatch.delenv("SCRIMMAGE_TOKEN", raising=False)
    assert cli.main(_submit(str(STARTER), "--name", "b", "--token", "t")) == 2
    assert "--site URL or SCRIMMAGE_SITE" in capsys.readouterr().err
    assert cli.main(_submit(str(STARTER), "--name", "b", "--site", "http://x")) == 2
    assert "--token TOKEN or SCRIMMAGE_TOKEN" in capsys.readouterr().err


def test_a_game_the_engine_does_not_know_is_refused_before_sending(capsys):
    args = ["submit", "chess", str(STARTER), "--name", "b", "--site", "http://x", "--token", "t"]
    assert cli.main(args) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_a_site_that_does_not_answer_is_named(capsys, monkeypatch):
    with socket.socket() as sock:  # a port nobody listens on once it is closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("SCRIMMAGE_SITE", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("SCRIMMAGE_TOKEN", "t")
    assert cli.main(_submit(str(STARTER), "--name", "b")) == 2
    err = capsys.readouterr().err
    assert f"cannot reach http://127.0.0.1:{port}" in err and err.count("\n") == 1


class _NotASite(http.server.BaseHTTPRequestHandler):
    """A web server that knows no Scrimmage API: 404 and an HTML page to everything."""

    def do_GET(self) -> None:
        self.send_response(404)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<h1>Not found</h1>")

    def log_message(self, *args) -> None:  # quiet: stderr is the command's, under test
        pass


def test_an_address_that_is_not_a_scrimmage_site_is_named(capsys):
    """A server that answers, but not as the site: its status and the address asked."""
    server = http.server.HTTPServer(("127.0.0.1", 0), _NotASite)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        site = f"http://127.0.0.1:{server.server_port}"
        args = _submit(str(STARTER), "--name", "b", "--site", site, "--token", "t")
        assert cli.main(args) == 2
    finally:
        server.shutdown()
        server.server_close()
    err = capsys.readouterr().err
    assert f"{site} answered 404 to {site}/api/bots/?mine=1&game=tic_tac_toe" in err
    assert "is it a Scrimmage site?" in err and err.count("\n") == 1

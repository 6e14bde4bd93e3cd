"""``scrimmage submit``: upload a bot to a Scrimmage site from the terminal.

It speaks the site's bot API with the author's API token (``Authorization: Token``):
the first upload under a name makes a new bot (``POST /api/bots/``), a later one a
new version of it (``POST /api/bots/ID/versions/``). The site validates the upload
before it answers, so the answer says whether the version is valid and, if not, why.
A folder is sent as a .zip of its files (it needs its ``bot.json``, as on the site).
Standard library only (urllib): the engine's wheel installs with no dependencies.
"""

from __future__ import annotations

import io
import json
import urllib.error
import urllib.parse
import urllib.request
import uuid
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: the site validates an upload before it answers (a few seconds; longer when busy)
TIMEOUT_SECONDS = 120


class SubmitError(Exception):
    """What went wrong, in one line for the author: a bad file, an unreachable site,
    a refused token or upload."""


@dataclass(frozen=True)
class Upload:
    filename: str
    data: bytes


def read_upload(path: Path) -> Upload:
    """A .py or .zip file as it is; a folder zipped (its ``bot.json`` at the root)."""
    if path.is_dir():
        if not (path / "bot.json").is_file():
            raise SubmitError(f"{path}: a folder needs a bot.json naming its entry file")
        return Upload(f"{path.resolve().name}.zip", _zip_folder(path))
    if not path.is_file():
        raise SubmitError(f"{path}: no such file or folder")
    if path.suffix.lower() not in (".py", ".zip"):
        raise SubmitError(f"{path}: submit a .py file, a .zip or a folder with a bot.json")
    return Upload(path.name, path.read_bytes())


def _zip_folder(folder: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                archive.write(path, path.relative_to(folder).as_posix())
    return buffer.getvalue()


def _multipart(fields: dict[str, str], upload: Upload) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
        f'filename="{upload.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'.encode()
        + upload.data
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def _refusal(status: int, body: Any) -> str:
    """The site's words for a refused request: its ``detail``, or each field's errors."""
    if isinstance(body, dict):
        if "detail" in body:
            return str(body["detail"])
        return "; ".join(
            f"{field}: {' '.join(map(str, errors)) if isinstance(errors, list) else errors}"
            for field, errors in body.items()
        )
    return f"HTTP {status}"


@dataclass(frozen=True)
class Site:
    url: str  # the site's address, e.g. https://scrimmage.example
    token: str

    def call(self, method: str, path: str, body: bytes | None = None, kind: str = "") -> Any:
        """The JSON answer of ``method path``; ``SubmitError`` saying why otherwise."""
        request = urllib.request.Request(self.url.rstrip("/") + path, data=body, method=method)
        request.add_header("Authorization", f"Token {self.token}")
        request.add_header("Accept", "application/json")
        if kind:
            request.add_header("Content-Type", kind)
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as exc:
            raise SubmitError(self._refused(exc)) from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise SubmitError(f"cannot reach {self.url}: {reason}") from None
        except ValueError:
            raise SubmitError(f"{self.url} did not answer as a Scrimmage site") from None

    def _refused(self, exc: urllib.error.HTTPError) -> str:
        try:
            body = json.load(exc)
        except ValueError:
            body = None
        words = _refusal(exc.code, body)
        if exc.code in (401, 403):
            return f"{self.url} refused the API token ({words}); your token is on the site's API token page"
        if exc.code in (400, 409, 413, 429):  # the upload itself, or too many of them
            return f"{self.url} refused the upload ({exc.code}): {words}"
        return f"{self.url} answered {exc.code} to {exc.url}: {words} (is it a Scrimmage site?)"


@dataclass(frozen=True)
class Submitted:
    bot_id: int
    version: dict[str, Any]  # the site's record of the new version
    new_bot: bool


def submit(site: Site, game: str, name: str, upload: Upload, public: bool = False) -> Submitted:
    """Upload ``upload`` as the bot ``name`` of ``game``: a new version of the author's
    bot of that name, or a new bot if they have none."""
    query = urllib.parse.urlencode({"mine": 1, "game": game})
    mine = site.call("GET", f"/api/bots/?{query}")
    existing = [bot for bot in mine if bot.get("name") == name]
    if existing:
        bot_id = int(existing[0]["id"])
        body, kind = _multipart({}, upload)
        version = site.call("POST", f"/api/bots/{bot_id}/versions/", body, kind)
        return Submitted(bot_id, version, new_bot=False)
    fields = {"name": name, "game": game, "public": "true" if public else "false"}
    body, kind = _multipart(fields, upload)
    bot = site.call("POST", "/api/bots/", body, kind)
    return Submitted(int(bot["id"]), bot["versions"][0], new_bot=True)

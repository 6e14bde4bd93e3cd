"""The bots app's settings, each with a default (override any in Django settings).

- ``BOTS_MAX_UPLOAD_BYTES``: the largest upload (a .py file or a .zip), 1 MiB;
- ``BOTS_MAX_FILES``: entries in a .zip (folders included), 50;
- ``BOTS_MAX_UNPACKED_BYTES``: a .zip's total unpacked size, 5 MiB;
- ``BOTS_MAX_PER_USER``: bots an account may own, 20;
- ``BOTS_UPLOADS_PER_HOUR``: stored versions per account per hour, 30;
- ``BOTS_CHALLENGES_PER_HOUR``: challenges per account per hour, 20;
- ``BOTS_FORKS_PER_HOUR``: "what if" forks per account per hour, 30;
- ``BOTS_STDERR_CAP``: characters of a bot's stderr kept (validation, each match), 64 KiB,
  the last line of a cut one saying how many bytes were dropped (``engine.bots.stderr_cut``);

Whether uploaded bots may run without bubblewrap is ``settings.SCRIMMAGE_ALLOW_UNSANDBOXED``
(read from the environment variable of that name by the engine's ``unsandboxed_allowed``).
"""

from __future__ import annotations

from django.conf import settings

DEFAULTS = {
    "BOTS_MAX_UPLOAD_BYTES": 1 << 20,
    "BOTS_MAX_FILES": 50,
    "BOTS_MAX_UNPACKED_BYTES": 5 << 20,
    "BOTS_MAX_PER_USER": 20,
    "BOTS_UPLOADS_PER_HOUR": 30,
    "BOTS_CHALLENGES_PER_HOUR": 20,
    "BOTS_FORKS_PER_HOUR": 30,
    "BOTS_STDERR_CAP": 64 * 1024,
}


def get(name: str):
    return getattr(settings, name, DEFAULTS[name])


def data_dir():
    from pathlib import Path

    return Path(settings.DATA_DIR)


def allow_unsandboxed() -> bool:
    return bool(settings.SCRIMMAGE_ALLOW_UNSANDBOXED)


def sandbox_state() -> str:
    """``"sandboxed"`` (bubblewrap found), ``"unsandboxed"`` (no bubblewrap, but the
    operator allowed running without it) or ``"unavailable"`` (uploaded bots cannot run)."""
    from engine.bots.sandbox import bwrap_path

    if bwrap_path() is not None:
        return "sandboxed"
    return "unsandboxed" if allow_unsandboxed() else "unavailable"


#: what a multipart request holds besides the upload itself (boundaries, part
#: headers, the form's other fields)
FORM_ROOM = 64 * 1024


def upload_request_bytes() -> int:
    """The largest request a view that takes an upload accepts (``config.middleware``
    answers 413 to a longer ``Content-Length`` before reading any of it)."""
    return get("BOTS_MAX_UPLOAD_BYTES") + FORM_ROOM


def takes_uploads(view):
    """Mark ``view`` (a view function, or an API view class) as taking a bot upload:
    its requests may be multipart and up to ``upload_request_bytes()`` long. Every
    other view takes no multipart body at all (``config.middleware``)."""
    view.max_request_body = upload_request_bytes
    return view

"""Uploads through the service, the pages and /api/bots/: every bad archive is
rejected with a message naming the problem and leaves nothing behind; good ones
become versions validated in the real sandbox."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse

from engine.registry import starter_path
from tests.engine.bots.bad_manifests import BAD_MANIFESTS
from tests.platform.bots.bot_helpers import (
    FAILS_HANDSHAKE,
    GOOD_PY,
    all_at_once,
    good_zip,
    needs_concurrent_writers,
    py_upload,
    stored_files,
    zip_bytes,
    zip_upload,
)

from bots import services
from bots.archive import UploadRejected
from bots.models import Bot, BotVersion, ImmutableError

pytestmark = pytest.mark.django_db

MANIFEST = {"entry": "main.py", "name": "z"}


def symlink_zip() -> bytes:
    link = zipfile.ZipInfo("evil.py")
    link.create_system = 3
    link.external_attr = 0o120777 << 16
    return zip_bytes({"main.py": GOOD_PY}, MANIFEST, infos=[(link, "/etc/passwd")])


def non_utf8_zip() -> bytes:
    data = zip_bytes({"main.py": GOOD_PY, "Xy.py": b"x = 1\n"}, MANIFEST)
    assert data.count(b"Xy.py") == 2  # the local header and the central directory
    return data.replace(b"Xy.py", b"\xff\xfe.py")


def bomb_by_declared_size() -> bytes:
    return zip_bytes({"main.py": GOOD_PY, "pad.bin": b"\0" * (6 << 20)}, MANIFEST)


def bomb_by_actual_size() -> bytes:
    """An entry that declares 10 bytes but inflates to 6 MiB (sizes patched in both
    headers); the declared total is tiny."""
    big = b"\0" * (6 << 20)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("bot.json", json.dumps(MANIFEST))
        zf.writestr("main.py", GOOD_PY)
        zf.writestr("pad.bin", big)
    data = bytearray(buf.getvalue())
    real = len(big).to_bytes(4, "little")
    count = 0
    start = 0
    while (i := data.find(real, start)) != -1:  # uncompressed size fields
        data[i : i + 4] = (10).to_bytes(4, "little")
        count += 1
        start = i + 4
    assert count == 2
    return bytes(data)


def too_many_files() -> bytes:
    return zip_bytes({f"f{i}.py": b"" for i in range(60)} | {"main.py": GOOD_PY}, MANIFEST)


BAD_UPLOADS = {
    "too big": (lambda: py_upload(b"#" * ((1 << 20) + 1)), "limit"),
    "too many files": (lambda: zip_upload(too_many_files()), "entries; the limit is 50"),
    "zip bomb, declared size": (lambda: zip_upload(bomb_by_declared_size()), "declared sizes"),
    "zip bomb, actual size": (lambda: zip_upload(bomb_by_actual_size()), "declared size"),
    "zip slip": (
        lambda: zip_upload(zip_bytes({"main.py": GOOD_PY, "../x.py": b"1"}, MANIFEST)),
        "'..'",
    ),
    "absolute path": (
        lambda: zip_upload(zip_bytes({"main.py": GOOD_PY, "/tmp/x.py": b"1"}, MANIFEST)),
        "absolute path",
    ),
    "symlink entry": (lambda: zip_upload(symlink_zip()), "links are not allowed"),
    "non-UTF-8 name": (lambda: zip_upload(non_utf8_zip()), "not UTF-8"),
    "missing manifest": (lambda: zip_upload(zip_bytes({"main.py": GOOD_PY})), "no bot.json"),
    "manifest is a folder": (
        lambda: zip_upload(
            zip_bytes({"main.py": GOOD_PY, "bot.json/": b"", "bot.json/x.py": b"1"})
        ),
        "must be a file, not a folder",
    ),
    "not a zip": (lambda: zip_upload(b"this is not a zip archive at all"), "not a valid .zip"),
    "empty file": (lambda: py_upload(b""), "empty"),
    "not a program": (
        lambda: py_upload(GOOD_PY, name="bot.txt"),
        "upload a single .py, .js or .mjs file, a .jar, a native x86-64 Linux executable",
    ),
    "an ELF named .py": (
        lambda: py_upload(b"\x7fELF" + bytes(60), name="bot.py"),
        "named as a .py file but it is a native executable",
    ),
    "an ELF of another processor": (
        lambda: py_upload(b"\x7fELF\x02\x01\x01" + bytes(11) + b"\xb7\x00" + bytes(44), name="bot"),
        "built for another processor",
    ),
    "a .js that is not text": (lambda: py_upload(b"\0\1", name="bot.js"), "must be text"),
    "a jar without a Main-Class": (
        lambda: py_upload(zip_bytes({"a.txt": b"1"}), name="bot.jar"),
        "no META-INF/MANIFEST.MF",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_UPLOADS))
def test_each_bad_upload_is_rejected_and_nothing_is_stored(case, alice, data_dir):
    make, message = BAD_UPLOADS[case]
    with pytest.raises(UploadRejected) as info:
        services.create_bot(alice, "b", "tic_tac_toe", make())
    assert message in info.value.message
    assert info.value.field == "file"
    assert not Bot.objects.exists() and not BotVersion.objects.exists()
    assert stored_files(data_dir) == []
    incoming = data_dir / "bots" / ".incoming"
    assert not incoming.exists() or not any(incoming.iterdir())


@pytest.mark.parametrize("case", sorted(BAD_UPLOADS))
def test_each_bad_upload_is_a_400_from_the_api_naming_the_problem(case, alice_api, data_dir):
    make, message = BAD_UPLOADS[case]
    upload = make()
    response = alice_api.post(
        "/api/bots/", {"name": "b", "game": "tic_tac_toe", "file": upload}, format="multipart"
    )
    assert response.status_code == 400, response.content
    assert message in response.json()["file"][0]
    assert not Bot.objects.exists() and stored_files(data_dir) == []


@pytest.mark.parametrize("case", sorted(BAD_MANIFESTS))
def test_each_bad_manifest_is_refused_as_the_engine_refuses_it(case, alice, data_dir):
    files, message = BAD_MANIFESTS[case]
    with pytest.raises(UploadRejected) as info:
        services.create_bot(
            alice, "b", "tic_tac_toe", zip_upload(zip_bytes({"main.py": GOOD_PY, **files}))
        )
    assert message in info.value.message and info.value.message.startswith("bot.zip: ")
    assert not Bot.objects.exists() and stored_files(data_dir) == []


def test_a_bad_new_version_leaves_the_bot_as_it_was(alice, data_dir):
    bot, _ = services.create_bot(alice, "b", "tic_tac_toe", py_upload())
    before = stored_files(data_dir)
    with pytest.raises(UploadRejected):
        services.upload_version(bot, zip_upload(symlink_zip()))
    assert bot.versions.count() == 1 and stored_files(data_dir) == before


def test_a_good_py_becomes_a_valid_version(alice, data_dir):
    bot, version = services.create_bot(alice, "starter", "tic_tac_toe", py_upload())
    assert version.status == BotVersion.Status.VALID, version.validation_reason
    assert version.validation_reason.startswith("ready")
    assert version.number == 1 and version.kind == "py" and len(version.sha256) == 64
    assert version.program_path.read_bytes() == GOOD_PY
    assert version.path == f"bots/{version.sha256}/main.py"


def test_a_javascript_file_becomes_a_valid_version(alice, data_dir):
    source = (starter_path("tic_tac_toe").parent / "starter.js").read_bytes()
    bot, version = services.create_bot(alice, "js", "tic_tac_toe", py_upload(source, "b.js"))
    assert version.status == "valid", version.validation_reason + version.validation_stderr
    assert version.kind == "js" and version.path == f"bots/{version.sha256}/main.js"


def test_a_native_executable_of_any_name_becomes_a_valid_version(alice, data_dir, c_static):
    upload = py_upload(c_static.read_bytes(), "my-bot")
    bot, version = services.create_bot(alice, "c", "tic_tac_toe", upload)
    assert version.status == "valid", version.validation_reason + version.validation_stderr
    assert version.kind == "elf" and version.path == f"bots/{version.sha256}/bot"


def test_a_jar_becomes_a_valid_version(alice, data_dir, java_jar):
    upload = py_upload(java_jar.read_bytes(), "bot.jar")
    bot, version = services.create_bot(alice, "java", "tic_tac_toe", upload)
    assert version.status == "valid", version.validation_reason + version.validation_stderr
    assert version.kind == "jar"


def test_a_zip_with_a_native_entry_runs_it(alice, data_dir, c_static):
    manifest = {"entry": "bin/bot", "language": "native"}
    upload = zip_upload(zip_bytes({"bin/bot": c_static.read_bytes()}, manifest))
    bot, version = services.create_bot(alice, "czip", "tic_tac_toe", upload)
    assert version.status == "valid", version.validation_reason + version.validation_stderr


def test_a_good_zip_becomes_a_valid_version_and_a_zipped_folder_works_too(alice, data_dir):
    bot, version = services.create_bot(alice, "zipped", "tic_tac_toe", zip_upload(good_zip()))
    assert version.status == "valid", version.validation_reason
    assert version.kind == "zip" and version.entry == "src/play.py" and version.file_count == 3
    assert (version.program_path / "src" / "helpers.py").is_file()
    folder = zip_bytes({"mybot/bot.json": json.dumps(MANIFEST).encode(), "mybot/main.py": GOOD_PY})
    v2 = services.upload_version(bot, zip_upload(folder))
    assert v2.number == 2 and v2.status == "valid", v2.validation_reason


def test_a_bot_that_fails_its_handshake_is_an_invalid_version_with_reason_and_stderr(
    alice, client, data_dir
):
    bot, version = services.create_bot(alice, "quitter", "tic_tac_toe", py_upload(FAILS_HANDSHAKE))
    assert version.status == "invalid"
    assert "exited with status 3" in version.validation_reason
    assert "starting up, then giving up" in version.validation_stderr
    client.force_login(alice)
    page = client.get(reverse("bot-page", args=[bot.pk])).content.decode()
    assert "invalid" in page and "exited with status 3" in page
    assert "starting up, then giving up" in page


def test_the_same_file_twice_is_refused_and_versions_are_immutable(alice):
    bot, version = services.create_bot(alice, "b", "tic_tac_toe", py_upload())
    with pytest.raises(UploadRejected, match="already version 1"):
        services.upload_version(bot, py_upload())
    version.entry = "other.py"
    with pytest.raises(ImmutableError):
        version.save()
    with pytest.raises(ImmutableError):
        version.delete()
    with pytest.raises(ImmutableError):
        BotVersion.objects.filter(pk=version.pk).update(status="valid")
    with pytest.raises(ImmutableError):
        BotVersion.objects.all().delete()


def test_without_bubblewrap_uploads_are_invalid_and_the_pages_say_so(
    alice, client, monkeypatch, settings
):
    from engine.bots import sandbox

    monkeypatch.setattr(sandbox, "bwrap_path", lambda: None)
    settings.SCRIMMAGE_ALLOW_UNSANDBOXED = False
    bot, version = services.create_bot(alice, "b", "tic_tac_toe", py_upload())
    assert version.status == "invalid" and "bubblewrap" in version.validation_reason
    client.force_login(alice)
    for url in (reverse("my-bots"), reverse("bot-page", args=[bot.pk]), reverse("write-a-bot")):
        page = client.get(url).content.decode()
        assert 'id="sandbox-notice"' in page and "sandbox is unavailable" in page
    with pytest.raises(services.BotServiceError, match="bubblewrap"):
        services.challenge(alice, bot, builtin="greedy")


def test_with_bubblewrap_there_is_no_notice(alice, client):
    client.force_login(alice)
    assert 'id="sandbox-notice"' not in client.get(reverse("my-bots")).content.decode()


# -- through the pages ----------------------------------------------------------------------
def test_the_page_form_creates_a_bot_and_uploads_a_version(alice, client, data_dir):
    client.force_login(alice)
    response = client.post(
        reverse("my-bots"), {"name": "web", "game": "tic_tac_toe", "file": py_upload()}
    )
    bot = Bot.objects.get(name="web")
    assert response.status_code == 302 and response.url == reverse("bot-page", args=[bot.pk])
    response = client.post(reverse("bot-upload", args=[bot.pk]), {"file": zip_upload(good_zip())})
    assert response.status_code == 302
    assert list(bot.versions.values_list("number", "status")) == [(2, "valid"), (1, "valid")]


def test_the_page_form_shows_a_rejection(alice, client, data_dir):
    client.force_login(alice)
    response = client.post(
        reverse("my-bots"),
        {"name": "web", "game": "tic_tac_toe", "file": zip_upload(symlink_zip())},
    )
    assert response.status_code == 400
    assert "links are not allowed" in response.content.decode()
    assert not Bot.objects.exists() and stored_files(data_dir) == []


def test_anonymous_users_are_sent_to_log_in(client):
    response = client.get(reverse("my-bots"))
    assert response.status_code == 302 and "login" in response.url


# -- through the API ------------------------------------------------------------------------
def test_the_api_creates_a_bot_and_versions(alice_api, data_dir):
    response = alice_api.post(
        "/api/bots/",
        {"name": "api", "game": "tic_tac_toe", "file": py_upload()},
        format="multipart",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["versions"][0]["status"] == "valid" and body["latest_valid_version"] == 1
    pk = body["id"]
    response = alice_api.post(
        f"/api/bots/{pk}/versions/", {"file": py_upload(FAILS_HANDSHAKE)}, format="multipart"
    )
    assert response.status_code == 201
    assert response.json()["status"] == "invalid"
    assert "giving up" in response.json()["validation_stderr"]
    assert alice_api.get(f"/api/bots/{pk}/").json()["latest_valid_version"] == 1


def test_the_api_needs_an_account_to_upload_and_owns_versions(api, bob_api, alice, data_dir):
    response = api.post(
        "/api/bots/", {"name": "x", "game": "tic_tac_toe", "file": py_upload()}, format="multipart"
    )
    assert response.status_code == 401
    bot, _ = services.create_bot(alice, "b", "tic_tac_toe", py_upload())
    response = bob_api.post(
        f"/api/bots/{bot.pk}/versions/", {"file": py_upload(FAILS_HANDSHAKE)}, format="multipart"
    )
    assert response.status_code == 404 and bot.versions.count() == 1


def test_the_api_names_bad_fields(alice_api):
    response = alice_api.post(
        "/api/bots/",
        {"name": "bad name!", "game": "tic_tac_toe", "file": py_upload()},
        format="multipart",
    )
    assert response.status_code == 400 and "name" in response.json()
    response = alice_api.post(
        "/api/bots/", {"name": "ok", "game": "chess", "file": py_upload()}, format="multipart"
    )
    assert response.status_code == 400 and "game" in response.json()
    response = alice_api.post(
        "/api/bots/", {"name": "ok", "game": "tic_tac_toe"}, format="multipart"
    )
    assert response.status_code == 400 and "file" in response.json()


# -- identical uploads at once -------------------------------------------------------------
def racing(monkeypatch, competitor):
    """Make ``services._store`` run ``competitor()`` first: another request that
    passed the same checks and committed while this one was still unpacking."""
    real_store = services._store

    def store_second(prepared, owner, get_bot):
        competitor(real_store)
        return real_store(prepared, owner, get_bot)

    monkeypatch.setattr(services, "_store", store_second)


def test_identical_versions_at_once_are_one_version_and_a_clear_refusal(
    alice, alice_api, monkeypatch, data_dir
):
    from bots.archive import prepare

    bot, _ = services.create_bot(alice, "b", "tic_tac_toe", py_upload())
    second = GOOD_PY + b"\n# v2\n"

    def competitor(real_store):
        real_store(prepare(py_upload(second)), alice, lambda: bot)

    racing(monkeypatch, competitor)
    response = alice_api.post(
        f"/api/bots/{bot.pk}/versions/", {"file": py_upload(second)}, format="multipart"
    )
    assert response.status_code == 400, response.content
    assert "already version 2" in response.json()["file"][0]
    assert sorted(bot.versions.values_list("number", flat=True)) == [1, 2]


def test_identical_new_bots_at_once_are_one_bot_and_a_clear_refusal(
    alice, alice_api, monkeypatch, data_dir
):
    from bots.archive import prepare

    def competitor(real_store):
        real_store(
            prepare(py_upload()),
            alice,
            lambda: Bot.objects.create(owner=alice, name="twin", game="tic_tac_toe"),
        )

    racing(monkeypatch, competitor)
    response = alice_api.post(
        "/api/bots/",
        {"name": "twin", "game": "tic_tac_toe", "file": py_upload()},
        format="multipart",
    )
    assert response.status_code == 400, response.content
    assert "already have a bot named 'twin'" in response.json()["name"][0]
    assert Bot.objects.filter(owner=alice).count() == 1 and BotVersion.objects.count() == 1


def test_a_race_the_checks_cannot_name_is_a_409(alice, alice_api, monkeypatch, data_dir):
    from django.db import IntegrityError

    bot, _ = services.create_bot(alice, "b", "tic_tac_toe", py_upload())

    def conflicting(prepared, owner, get_bot):
        raise IntegrityError("UNIQUE constraint failed: bots_botversion.bot_id, number")

    monkeypatch.setattr(services, "_store", conflicting)
    response = alice_api.post(
        f"/api/bots/{bot.pk}/versions/",
        {"file": py_upload(GOOD_PY + b"\n# v2\n")},
        format="multipart",
    )
    assert response.status_code == 409 and "finished first" in response.json()["file"][0]
    assert bot.versions.count() == 1


@pytest.mark.django_db(transaction=True)
def test_eight_identical_uploads_at_once_store_one_version(alice, monkeypatch, data_dir):
    """Real threads, each with its own database connection, released together."""
    needs_concurrent_writers()
    monkeypatch.setattr(services, "validate_bot", lambda *a, **k: (True, "", ""))
    bot, _ = services.create_bot(alice, "b", "tic_tac_toe", py_upload())
    second = GOOD_PY + b"\n# v2\n"
    outcomes = [
        getattr(o, "message", o) if isinstance(o, Exception) else "stored"
        for o in all_at_once(8, lambda i: services.upload_version(bot, py_upload(second)))
    ]
    assert outcomes.count("stored") == 1, outcomes
    assert all(
        o == "stored" or "already version 2" in o or "finished first" in o for o in outcomes
    ), outcomes
    assert sorted(bot.versions.values_list("number", flat=True)) == [1, 2]

"""A damaged or lying .zip is a 400 with the reason, never a 500: a central directory
said to start at 0xFFFFFFFF, and archives with bytes changed anywhere (fuzzed)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.platform.bots.bot_helpers import good_zip, stored_files, zip_upload

from bots import services
from bots.archive import UploadRejected, prepare
from bots.models import Bot, BotVersion

pytestmark = pytest.mark.django_db

GOOD = good_zip()
END_OF_DIRECTORY = GOOD.rfind(b"PK\x05\x06")


def patched(at: int, value: bytes, data: bytes = GOOD) -> bytes:
    return data[:at] + value + data[at + len(value) :]


FIRST_ENTRY = GOOD.find(b"PK\x01\x02")  # its central directory header
LYING = {
    "directory offset 0xFFFFFFFF": patched(END_OF_DIRECTORY + 16, b"\xff" * 4),
    "directory size 0xFFFFFFFF": patched(END_OF_DIRECTORY + 12, b"\xff" * 4),
    "directory past the end": patched(END_OF_DIRECTORY + 16, (2 * len(GOOD)).to_bytes(4, "little")),
    "an entry's header offset 0xFFFFFFFF": patched(FIRST_ENTRY + 42, b"\xff" * 4),
    "an entry's version 15.0": patched(FIRST_ENTRY + 6, b"\x96\x00"),
    "a zip64 locator that points nowhere": patched(
        END_OF_DIRECTORY,
        b"PK\x06\x07" + b"\0" * 4 + b"\xff" * 8 + b"\x01\0\0\0",
        patched(END_OF_DIRECTORY + 16, b"\xff" * 4),
    )[: END_OF_DIRECTORY + 20]
    + GOOD[END_OF_DIRECTORY:],
}


@pytest.mark.parametrize("case", sorted(LYING))
def test_an_archive_that_lies_about_itself_is_a_400_with_the_reason(case, alice_api, data_dir):
    response = alice_api.post(
        "/api/bots/",
        {"name": "b", "game": "tic_tac_toe", "file": zip_upload(LYING[case])},
        format="multipart",
    )
    assert response.status_code == 400, (response.status_code, response.content[:300])
    reason = response.json()["file"][0]
    assert "not a valid .zip archive" in reason or "cannot be unpacked" in reason, reason
    assert not Bot.objects.exists() and stored_files(data_dir) == []


def test_a_new_version_that_lies_about_itself_is_a_400_too(alice, alice_api, data_dir):
    bot = Bot.objects.create(owner=alice, name="b", game="tic_tac_toe")
    for data in LYING.values():
        response = alice_api.post(
            f"/api/bots/{bot.pk}/versions/", {"file": zip_upload(data)}, format="multipart"
        )
        assert response.status_code == 400, (response.status_code, response.content[:300])
        reason = response.json()["file"][0]
        assert "not a valid .zip archive" in reason or "cannot be unpacked" in reason, reason
    assert not BotVersion.objects.exists() and stored_files(data_dir) == []


changes = st.lists(
    st.tuples(st.integers(0, len(GOOD) - 1), st.binary(min_size=1, max_size=4)),
    min_size=1,
    max_size=6,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=changes, cut=st.integers(0, len(GOOD)))
def test_a_damaged_archive_is_taken_or_rejected_with_a_reason_never_an_error(
    changes, cut, data_dir
):
    data = bytearray(GOOD)
    for at, new in changes:
        data[at : at + len(new)] = new
    data = bytes(data[: max(cut, len(GOOD) - 64)] if cut % 2 else data)
    try:
        prepared = prepare(zip_upload(data))
    except UploadRejected as exc:
        assert exc.field == "file" and exc.message
    else:
        prepared.discard()
    assert stored_files(data_dir) == []
    incoming = data_dir / "bots" / ".incoming"
    assert not incoming.exists() or not any(incoming.iterdir())


def test_a_damaged_archive_through_the_service_is_refused_and_leaves_nothing(alice, data_dir):
    with pytest.raises(UploadRejected) as info:
        services.create_bot(
            alice, "b", "tic_tac_toe", zip_upload(LYING["directory offset 0xFFFFFFFF"])
        )
    assert (
        "not a valid .zip archive" in info.value.message
        or "cannot be unpacked" in info.value.message
    )

"""The bot store (Django's storage API, by sha256) and a host's cache of it: an
upload is kept once; a host without the files fetches them, checks their digest
before anything runs them, and keeps at most its bound; a store that is away is an
infrastructure error (the match is retried), a missing or forged file the match's."""

from __future__ import annotations

import hashlib

import pytest
from django.core.files.base import ContentFile

from engine.bots.program import BotError, load_program
from tests.platform.bots.bot_helpers import GOOD_PY, NOISY_PY, good_zip, py_upload, zip_upload

from bots import cache, services, store
from bots.models import BotVersion
from matches.services import INFRASTRUCTURE_ERRORS

pytestmark = pytest.mark.django_db


def _version(owner, name="b", data=GOOD_PY) -> BotVersion:
    return services.create_bot(owner, name, "tic_tac_toe", py_upload(data))[1]


def test_an_upload_is_kept_once_under_its_sha256_whoever_uploads_it(alice, bob, data_dir):
    mine, theirs = _version(alice), _version(bob)
    assert mine.sha256 == theirs.sha256 == hashlib.sha256(GOOD_PY).hexdigest()
    kept = sorted((data_dir / "bots" / "store").iterdir())
    assert [p.name for p in kept] == [f"{mine.sha256}.py"]
    assert kept[0].read_bytes() == GOOD_PY


def test_a_zip_is_kept_as_uploaded_and_unpacked_in_the_cache(alice, data_dir):
    upload = good_zip()
    version = services.create_bot(alice, "z", "tic_tac_toe", zip_upload(upload))[1]
    assert store.fetch(version.sha256, "zip") == upload
    assert (version.program_path / "bot.json").is_file()


def test_a_host_without_the_files_fetches_them_from_the_store(alice, data_dir):
    version = services.create_bot(alice, "z", "tic_tac_toe", zip_upload(good_zip()))[1]
    cache.remove(version.sha256)  # another host: its own, empty, data folder
    assert not version.program_path.exists()
    path = cache.program_path(version)
    assert path == version.program_path and load_program(path).entry == version.entry


def test_a_file_whose_digest_does_not_match_is_refused_and_not_kept(alice, data_dir):
    version = _version(alice)
    cache.remove(version.sha256)
    name = store.object_name(version.sha256, "py")
    store.bot_store().delete(name)
    store.bot_store().save(name, ContentFile(NOISY_PY))  # the store hands out other bytes
    with pytest.raises(cache.DigestMismatch, match="refused"):
        cache.program_path(version)
    assert not cache.entry(version.sha256).exists()


def test_a_file_missing_from_the_store_is_the_matchs_error_not_the_infrastructures(alice, data_dir):
    version = _version(alice)
    cache.remove(version.sha256)
    store.bot_store().delete(store.object_name(version.sha256, "py"))
    with pytest.raises(BotError, match="not in the bot store") as raised:
        cache.program_path(version)
    assert not isinstance(raised.value, INFRASTRUCTURE_ERRORS)


def test_the_cache_keeps_its_bound_dropping_the_least_recently_used(alice, settings, data_dir):
    first, second = _version(alice, "one"), _version(alice, "two", NOISY_PY)
    later = GOOD_PY + b"\n# another\n"
    settings.SCRIMMAGE_BOT_CACHE_BYTES = len(GOOD_PY) + len(later)  # not all three
    cache.program_path(first)  # used last: second is now the older
    third = _version(alice, "three", later)  # validated: used
    assert first.program_path.exists() and third.program_path.exists()
    assert not second.program_path.exists()
    assert cache.program_path(second).exists()  # fetched again on its next use


def test_a_store_that_is_away_is_an_infrastructure_error(alice, data_dir, monkeypatch):
    version = _version(alice)
    cache.remove(version.sha256)

    def away(self, name, mode="rb"):
        raise ConnectionRefusedError("the store's host does not answer")

    monkeypatch.setattr(store.DataFolderStorage, "_open", away)
    with pytest.raises(store.StoreAway, match="cannot fetch") as raised:
        cache.program_path(version)
    assert isinstance(raised.value, INFRASTRUCTURE_ERRORS)
    assert not cache.entry(version.sha256).exists()

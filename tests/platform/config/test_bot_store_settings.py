"""The bot store's settings (``config.bot_store``): files under the data folder
unless an S3-compatible store is named; the S3 store through Django's storage API
against a real S3-compatible server (moto's, ``tests/s3_server.py``); and a
setting spread over several hosts refuses the file broker in one line."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from engine.bots.program import BotError
from tests.s3_server import S3Server

from bots import store
from config.bot_store import bot_storage
from matches.services import INFRASTRUCTURE_ERRORS

ROOT = Path(__file__).resolve().parents[3]


def test_without_a_store_url_bots_are_files_under_the_data_folder():
    assert bot_storage("") == {"BACKEND": "bots.store.DataFolderStorage"}


def test_an_s3_url_names_the_bucket_and_the_folder_in_it():
    entry = bot_storage("s3://bots/prod/v1", endpoint="http://minio:9000")
    assert entry["BACKEND"] == "storages.backends.s3.S3Storage"
    options = entry["OPTIONS"]
    assert (options["bucket_name"], options["location"]) == ("bots", "prod/v1")
    assert options["endpoint_url"] == "http://minio:9000"


@pytest.mark.parametrize("url", ["ftp://bots", "s3://", "/srv/bots"])
def test_a_store_url_that_is_not_s3_is_refused(url):
    with pytest.raises(ImproperlyConfigured, match="SCRIMMAGE_BOT_STORE_URL"):
        bot_storage(url)


def _settings_load(**env) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "SCRIMMAGE_"))}
    base.update(DJANGO_DEBUG="1", SCRIMMAGE_DATA_DIR=str(ROOT / "data"), **env)
    code = "import django; django.setup()"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**base, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'platform'}"},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "env",
    [{"SCRIMMAGE_MULTI_HOST": "1"}, {"SCRIMMAGE_BOT_STORE_URL": "s3://bots"}],
    ids=["multi-host", "object-store"],
)
def test_several_hosts_with_the_file_broker_are_refused_in_one_line(env):
    refused = _settings_load(**env)
    assert refused.returncode != 0
    last = refused.stderr.strip().splitlines()[-1]
    assert "ImproperlyConfigured" in last and "file broker" in last and "redis://" in last
    fine = _settings_load(**env, CELERY_BROKER_URL="redis://127.0.0.1:1/0")
    assert fine.returncode == 0, fine.stderr


@pytest.fixture
def s3_store(settings):
    server = S3Server().start()
    env = server.env(prefix="bots", timeout=1)
    settings.STORAGES = {
        **settings.STORAGES,
        "bots": bot_storage(
            env["SCRIMMAGE_BOT_STORE_URL"],
            endpoint=env["SCRIMMAGE_BOT_STORE_ENDPOINT"],
            access_key=env["SCRIMMAGE_BOT_STORE_ACCESS_KEY"],
            secret_key=env["SCRIMMAGE_BOT_STORE_SECRET_KEY"],
            region=env["SCRIMMAGE_BOT_STORE_REGION"],
            timeout=1,
        ),
    }
    yield server
    server.stop()


def test_the_s3_store_keeps_a_file_once_and_gives_it_back(s3_store):
    data = b"print('hello')\n"
    sha = hashlib.sha256(data).hexdigest()
    store.put(sha, "py", data)
    store.put(sha, "py", data)
    keys = [
        o["Key"] for o in s3_store.client().list_objects_v2(Bucket="scrimmage-bots")["Contents"]
    ]
    assert keys == [f"bots/{sha}.py"]
    assert store.fetch(sha, "py") == data


def test_the_s3_store_says_a_missing_file_is_missing(s3_store):
    with pytest.raises(BotError, match="not in the bot store"):
        store.fetch("0" * 64, "py")


def test_an_s3_store_that_does_not_answer_is_away(s3_store):
    s3_store.pause()
    try:
        with pytest.raises(store.StoreAway, match="cannot fetch") as raised:
            store.fetch("0" * 64, "py")
    finally:
        s3_store.resume()
    assert isinstance(raised.value, INFRASTRUCTURE_ERRORS)

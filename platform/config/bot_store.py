"""Where uploaded bots' files are kept (the "bots" entry of Django's ``STORAGES``),
and the refusal of a setting spread over several hosts that a file broker cannot serve.

The environment (read once, in ``config.settings``):

- ``SCRIMMAGE_BOT_STORE_URL``: empty (the default) keeps the files under
  ``SCRIMMAGE_DATA_DIR/bots/store/`` (one machine, no server); ``s3://BUCKET`` or
  ``s3://BUCKET/PREFIX`` keeps them in an S3-compatible object store through
  django-storages (and boto3);
- ``SCRIMMAGE_BOT_STORE_ENDPOINT``: the store's address when it is not Amazon's
  (MinIO, Ceph, ... e.g. ``http://minio:9000``);
- ``SCRIMMAGE_BOT_STORE_ACCESS_KEY`` / ``SCRIMMAGE_BOT_STORE_SECRET_KEY`` /
  ``SCRIMMAGE_BOT_STORE_REGION``: the store's credentials and region (unset: boto3's
  own chain, e.g. ``AWS_ACCESS_KEY_ID`` or an instance role);
- ``SCRIMMAGE_BOT_STORE_TIMEOUT``: seconds a connection to the store or an answer
  may take (10) before the fetch counts as the store being away;
- ``SCRIMMAGE_MULTI_HOST=1``: the processes run on more than one machine. An
  object store implies it (why else keep bots there); either refuses the file
  broker, which only processes sharing one folder can use.
"""

from __future__ import annotations

from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

FILES = "bots.store.DataFolderStorage"
S3 = "storages.backends.s3.S3Storage"


def bot_storage(
    url: str,
    *,
    endpoint: str = "",
    access_key: str = "",
    secret_key: str = "",
    region: str = "",
    timeout: float = 10.0,
) -> dict:
    """The ``STORAGES["bots"]`` entry for the store ``url`` (see the module docstring)."""
    if not url:
        return {"BACKEND": FILES}  # under SCRIMMAGE_DATA_DIR
    parsed = urlparse(url)
    if parsed.scheme != "s3" or not parsed.netloc:
        raise ImproperlyConfigured(
            f"SCRIMMAGE_BOT_STORE_URL must be empty (files under the data folder) or "
            f"s3://BUCKET[/PREFIX], not {url!r}"
        )
    from botocore.config import Config

    options = {
        "bucket_name": parsed.netloc,
        "location": parsed.path.strip("/"),
        "endpoint_url": endpoint or None,
        "access_key": access_key or None,
        "secret_key": secret_key or None,
        "region_name": region or None,
        # a bot's file is fetched whole, once, by the worker that runs it: no
        # signed URLs, and a store that does not answer is away after ``timeout``
        "querystring_auth": False,
        "client_config": Config(
            connect_timeout=timeout,
            read_timeout=timeout,
            retries={"max_attempts": 2, "mode": "standard"},
            s3={"addressing_style": "path"} if endpoint else None,
        ),
    }
    return {"BACKEND": S3, "OPTIONS": options}


def refuse_file_broker_on_many_hosts(broker_url: str, bot_store_url: str, multi_host: bool):
    """Raise ``ImproperlyConfigured`` (one line) when the processes are spread over
    hosts (``multi_host``, or an object store) but the broker is the file one."""
    if (multi_host or bot_store_url) and broker_url.startswith("filesystem"):
        why = "SCRIMMAGE_MULTI_HOST=1" if multi_host else "SCRIMMAGE_BOT_STORE_URL is set"
        raise ImproperlyConfigured(
            f"{why}, so processes run on several hosts, but CELERY_BROKER_URL is the file "
            f"broker, which only processes sharing one folder can use: set CELERY_BROKER_URL "
            f"to redis://HOST:6379/0"
        )

"""The Celery app: ``celery -A config worker``."""

import os

from celery import Celery
from celery.signals import task_prerun, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("scrimmage")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
def _drop_stale_connections(task=None, **kwargs) -> None:
    """Before each task, what Django does before each request: close a connection
    that broke or outlived ``CONN_MAX_AGE`` (the worker keeps them between tasks:
    ``CELERY_DB_REUSE_MAX``), and check the kept one before its first use
    (``CONN_HEALTH_CHECKS``). Not in a task run eagerly (a test's transaction)."""
    if task is not None and not task.request.is_eager:
        from django.db import close_old_connections

        close_old_connections()


@worker_init.connect
def _commit_without_waiting_for_the_disk(**kwargs) -> None:
    """A worker's PostgreSQL sessions commit without waiting for the write-ahead
    log to reach the disk (``synchronous_commit = off``; the server flushes it
    within a fraction of a second). Everything a worker writes can be made again:
    if the database server itself crashes in that window, the match is found
    unfinished and run again by the sweeper, a round found uncompleted is completed
    again. Waiting for the disk twice per match cost more than all the rest of a
    short match (4 ms a commit on the benchmark machine). ``SCRIMMAGE_WORKER_SYNC_COMMIT=1``
    keeps synchronous commits."""
    from django.conf import settings
    from django.db.backends.signals import connection_created

    if not settings.SCRIMMAGE_WORKER_SYNC_COMMIT:
        connection_created.connect(_asynchronous_commits, weak=False)


def _asynchronous_commits(sender, connection, **kwargs) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO off")

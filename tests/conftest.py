"""Settings and fixtures for the whole suite."""

import itertools
import os
import warnings

import pytest
from django.test.utils import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

pytest_plugins = ["tests.compiled_once", "tests.migrated_template"]


def commits_without_waiting_for_the_disk() -> None:
    """Every PostgreSQL connection the suite makes commits without waiting for the
    server to flush its log to disk (``synchronous_commit=off``, through libpq's
    ``PGOPTIONS``, which this process, its test processes and every process they
    start read at each connection). A committed transaction is still seen by every
    other connection at once; only a crash of the server could lose the last ones,
    and the test databases are thrown away. On this machine's virtual disk a commit
    waited 4 to 5 ms for its flush, 0.1 to 0.4 without. The clusters the fault tests
    make and crash (``tests/private_postgres.py``) run so already."""
    wanted = "-c synchronous_commit=off"
    given = os.environ.get("PGOPTIONS", "")
    if wanted not in given:
        os.environ["PGOPTIONS"] = f"{given} {wanted}".strip()


commits_without_waiting_for_the_disk()

# no test may depend on wall-clock timing: Hypothesis's per-example deadline (and its
# too-slow health check) would fail a property test on a busy machine, so neither
# applies anywhere (a test can still ask for them explicitly)
settings.register_profile("scrimmage", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("scrimmage")


def pytest_collection_modifyitems(config, items):
    """The tests marked ``slow`` (a minute of statistics, a stack of real worker
    processes) start first, shared out between the processes; the rest follow in
    their order."""
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    slow = [item for item in items if item.get_closest_marker("slow")]
    rest = [item for item in items if not item.get_closest_marker("slow")]
    items[:] = dealt(slow, rest, workers)


def dealt(slow: list, rest: list, workers: int) -> list:
    """``slow`` then ``rest``, ordered for pytest-xdist's work stealing over
    ``workers`` processes: it hands process i the i-th of ``workers`` equal runs of
    the order, and a process that runs out takes the far end of another's run. With
    every slow test first, they were all in the first process's run and ran one
    after another there (others took its other tests from the end), a long tail at
    the end of the suite. Dealt in turn to the heads of the runs, each process starts
    with its share."""
    sizes, left = [], len(slow) + len(rest)
    for i in range(workers):  # the sizes work stealing gives (xdist's check_schedule)
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    order, others = [], iter(rest)
    for i, size in enumerate(sizes):
        share = slow[i::workers]
        order += share + list(itertools.islice(others, max(0, size - len(share))))
    return order + list(others)


@pytest.fixture(autouse=True, scope="session")
def fast_password_hasher():
    """Passwords hashed with MD5 in every test: the production hasher spends a third
    of a second of CPU a password by design, and the suite makes and checks
    passwords thousands of times (a user per test, logins, lockouts). What is
    tested is who may log in, not the hasher (Django's own advice for test suites)."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True, scope="session")
def static_files_listed_once():
    """WhiteNoise lists and stats every static file each time its middleware is made,
    and Django's test client makes the middleware anew for every client: 0.1 s or
    more of CPU a client, thousands of clients in the suite. The files do not change
    during a run, so the first listing serves every later client (the same files,
    headers and answers)."""
    from whitenoise.middleware import WhiteNoiseMiddleware

    list_files = WhiteNoiseMiddleware.add_files_from_finders
    found: dict = {}

    def add_files_from_finders(self) -> None:
        if not found:
            before = dict(self.files)
            list_files(self)
            found.update((url, f) for url, f in self.files.items() if before.get(url) is not f)
        self.files.update(found)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WhiteNoiseMiddleware, "add_files_from_finders", add_files_from_finders)
        yield


@pytest.fixture(autouse=True, scope="session")
def flush_by_deleting():
    """A test that commits (``transaction=True``) is cleaned up by a flush of every
    table. PostgreSQL's ``TRUNCATE`` makes new files for each table and index: 0.4 to
    1.4 s a flush on this machine, against 0.1 s for deleting the few rows a test
    leaves (one transaction, foreign keys checked at its end). The content types and
    permissions, which Django derives from the models, are kept, so the flush need
    not make them again (``post_migrate``, 0.2 to 0.4 s); every other table ends just
    as empty. A flush that restarts the ids or cascades still truncates everything."""
    from django.core.management.commands import flush
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush
    make_derived = flush.emit_post_migrate_signal
    derived = {"django_content_type", "auth_permission"}
    kept = [False]

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        kept[0] = bool(tables) and not (reset_sequences or allow_cascade)
        if not kept[0]:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        deletes = [f"DELETE FROM {self.quote_name(t)};" for t in tables if t not in derived]
        return ["SET CONSTRAINTS ALL DEFERRED;", *deletes]

    def emit_post_migrate_signal(*args, **kwargs) -> None:
        if not kept[0]:
            make_derived(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", sql_flush)
        patch.setattr(flush, "emit_post_migrate_signal", emit_post_migrate_signal)
        yield


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, checked before it is dropped: a connection a
    test left open (another thread's or process's) makes the drop fail with only
    "being accessed by other users"; this says what each such session ran last."""
    yield
    with django_db_blocker.unblock():
        left = sessions_left_open()
    if left:
        warnings.warn(
            pytest.PytestWarning(f"connections left open on the test database: {left}"),
            stacklevel=1,
        )


def sessions_left_open() -> list[tuple]:
    """(process id, program, when it connected, state, last query) of every other
    session on this process's PostgreSQL test database."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid, application_name, backend_start::text, state, left(query, 300)"
            " FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
        return cursor.fetchall()


@pytest.fixture(autouse=True)
def message_time_never_spent(settings):
    """A worker message of several matches hands the rest back once it has run for
    ``SCRIMMAGE_MESSAGE_SECONDS``: on a busy machine that could happen in any test
    that runs one. Here it never does, unless a test sets the time itself."""
    settings.SCRIMMAGE_MESSAGE_SECONDS = 3600


@pytest.fixture
def inline_worker(monkeypatch):
    """Matches sent to the workers wait here; ``inline_worker.drain()`` runs them."""
    from tests.inline_worker import InlineWorker

    return InlineWorker(monkeypatch)


@pytest.fixture
def data_dir(settings, tmp_path):
    """A temporary data folder, where the test's bots are stored."""
    settings.DATA_DIR = tmp_path / "data"
    settings.DATA_DIR.mkdir()
    return settings.DATA_DIR


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="pw-bob-123")


@pytest.fixture
def same_queries_for_more_rows(django_assert_max_num_queries):
    """``check(limit, fetch, more)``: ``fetch()`` runs in at most ``limit`` queries,
    then again after ``more()`` has added rows: a query per row (an N+1) fails the
    second, a fixed count that creeps up the first. ``fetch`` returns how many rows
    it got, so the second call is seen to list the new rows too."""

    def check(limit: int, fetch, more) -> None:
        with django_assert_max_num_queries(limit):
            few = fetch()
        more()
        with django_assert_max_num_queries(limit):
            many = fetch()
        assert many > few > 0, (few, many)

    return check

"""Settings and fixtures for the whole suite."""

import pytest
from django.test.utils import override_settings
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient

# no test may depend on wall-clock timing: Hypothesis's per-example deadline (and its
# too-slow health check) would fail a property test on a busy machine, so neither
# applies anywhere (a test can still ask for them explicitly)
settings.register_profile("scrimmage", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("scrimmage")


def pytest_collection_modifyitems(items):
    """The tests marked ``slow`` (a minute of statistics, a stack of real worker
    processes) run first, the rest in their order: pytest-xdist's work stealing
    then shares the slow ones out between the processes early, instead of one
    process running a long test at the end while the other has nothing left."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(autouse=True, scope="session")
def fast_password_hasher():
    """Passwords hashed with MD5 in every test: the production hasher spends a third
    of a second of CPU a password by design, and the suite makes and checks
    passwords thousands of times (a user per test, logins, lockouts). What is
    tested is who may log in, not the hasher (Django's own advice for test suites)."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


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

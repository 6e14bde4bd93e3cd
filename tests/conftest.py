"""Settings for the whole suite."""

import pytest
from hypothesis import HealthCheck, settings

# no test may depend on wall-clock timing: Hypothesis's per-example deadline (and its
# too-slow health check) would fail a property test on a busy machine, so neither
# applies anywhere (a test can still ask for them explicitly)
settings.register_profile("scrimmage", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("scrimmage")


@pytest.fixture
def inline_worker(monkeypatch):
    """Matches sent to the workers wait here; ``inline_worker.drain()`` runs them."""
    from tests.inline_worker import InlineWorker

    return InlineWorker(monkeypatch)

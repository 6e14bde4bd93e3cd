"""Fixtures for the uploaded-bot tests: a throw-away data folder, API clients of
the users ``alice`` and ``bob`` (``tests/conftest.py``)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.bot_builds import c_static, java_jar

__all__ = ["alice_api", "c_static", "java_jar"]


@pytest.fixture(autouse=True)
def _own_data_dir(data_dir):
    """Every test stores its bots under its own temporary data folder."""


@pytest.fixture
def alice_api(alice):
    client = APIClient()
    client.force_authenticate(alice)
    return client


@pytest.fixture
def bob_api(bob):
    client = APIClient()
    client.force_authenticate(bob)
    return client

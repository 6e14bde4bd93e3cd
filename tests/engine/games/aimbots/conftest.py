"""Fixtures for the Aimbots tests."""

import pytest

from engine.games.aimbots import GAME


@pytest.fixture
def game():
    return GAME

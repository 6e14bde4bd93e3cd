"""Fixtures for the Powerball tests."""

import pytest

from engine.games.powerball import GAME


@pytest.fixture
def game():
    return GAME

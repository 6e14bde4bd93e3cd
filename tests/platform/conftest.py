"""Fixtures for the platform's tests: stored matches, a running match with private
events, users and API clients."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from engine import registry
from engine.events import Event, Log
from engine.lineup import lineup
from engine.runner import Match as EngineMatch

from matches import selectors, services, storing
from matches.models import Match


@pytest.fixture(autouse=True)
def _fresh_caches():
    cache.clear()  # throttle history
    selectors.replay_cache.clear()
    yield
    selectors.replay_cache.clear()


def bots_for(game) -> list[str]:
    """A line-up of built-in bots for ``game`` at its smallest seat count."""
    names = sorted(game.bots)
    return [names[i % len(names)] for i in range(min(game.seat_counts))]


@pytest.fixture
def finished_match(db) -> Match:
    return services.play_and_store("tic_tac_toe", ["greedy", "random"], 7)


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("ada", password="s3cret-pass-word")


@pytest.fixture
def user_api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def private_log() -> Log:
    """A small log with a public event, a private event with a public twin and a
    private event without one."""
    log = Log()
    log.append(
        Event(
            "MatchStarted",
            {
                "game": "tic_tac_toe",
                "rules_version": 1,
                "seed": 1,
                "seats": [],
                "options": {},
                "limits": {},
            },
        )
    )
    log.append(Event("CardDrawn", {"seat": 0, "card": 42}, (0,), {"seat": 0}))
    log.append(Event("Secret", {"seat": 1, "plan": "north"}, (1,)))
    log.append(Event("Announced", {"text": "hello"}))
    return log


@pytest.fixture
def running_private_match(db) -> Match:
    """A running match whose stored log holds private events."""
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 1)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    match.refresh_from_db()
    storing.append_events(match, private_log().lines)
    match.refresh_from_db()
    return match


@pytest.fixture
def running_real_match(db) -> Match:
    """A tic-tac-toe match stopped after a few moves, still running."""
    game = registry.get("tic_tac_toe")
    seats, players = lineup(game, ["greedy", "random"])
    match = services.create_match("tic_tac_toe", ["greedy", "random"], 3)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.RUNNING)
    played = EngineMatch.begin(game, seats, 3)
    for seat, player in enumerate(players):
        player.begin(seat, played.header)
    for _ in range(3):
        played.step(players, 5)
    storing.append_events(match, played.log.lines)
    match.refresh_from_db()
    return match

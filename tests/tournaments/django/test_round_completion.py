"""Completing a round works out what the competition plays by once: its format and
its tie-breaks are computed a single time and handed to the rating, the table and
the next round, however many of them need them."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from tests.tournaments.django.conftest import make_tournament

from matches import tasks
from matches.models import Match
from tournaments import format_rules, lifecycle, rounds
from tournaments.models import Round

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("data_dir")]

COUNTED = ("tournament_format", "tie_breaks_for")


@pytest.fixture
def calls(monkeypatch) -> Counter:
    """How often ``format_rules``' functions are called, through whichever module of
    the app imported them."""
    counter: Counter = Counter()
    for name in COUNTED:
        real = getattr(format_rules, name)

        def counted(*args, _real=real, _name=name, **kwargs):
            counter[_name] += 1
            return _real(*args, **kwargs)

        for module in list(sys.modules.values()):
            if (module.__name__ or "").startswith("tournaments.") and (
                getattr(module, name, None) is real
            ):
                monkeypatch.setattr(module, name, counted)
    return counter


@pytest.mark.parametrize(
    "fmt", ["swiss", "round_robin", "single_elimination", "double_elimination"]
)
def test_completing_a_round_computes_the_format_and_tie_breaks_once(inline, calls, fmt):
    t = make_tournament(fmt, seed=5)
    lifecycle.start(t)
    rnd = Round.objects.get(competition=t, number=1)
    for match in Match.objects.filter(fixture__round=rnd):
        tasks.play(match.pk, "test")
    calls.clear()
    assert rounds.check_round(rnd.pk) == "completed"
    assert Round.objects.filter(competition=t, number=2).exists()  # the next round was made
    assert calls == Counter(tournament_format=1, tie_breaks_for=1)

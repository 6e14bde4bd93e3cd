"""A format says in advance how many rounds it plays where the schedule fixes it (the
pages show "N of M rounds"), and says nothing where the results decide."""

import pytest

from .helpers import play, random_judge
from tournaments.core.formats import DoubleElimination, RoundRobin, SingleElimination, Swiss


@pytest.mark.parametrize(
    "fmt", [RoundRobin(), RoundRobin(cycles=2), Swiss(), Swiss(rounds=3)], ids=repr
)
@pytest.mark.parametrize("n", [2, 3, 4, 7, 8])
def test_the_planned_rounds_are_the_rounds_played(fmt, n):
    entries = list(range(1, n + 1))
    pairings, _ = play(fmt, entries, random_judge(n, 20))
    assert fmt.planned_rounds(entries) == max(p.round for p in pairings)


@pytest.mark.parametrize("fmt", [SingleElimination(), DoubleElimination()], ids=repr)
def test_a_knockout_plans_no_number_of_rounds(fmt):
    assert fmt.planned_rounds(list(range(1, 9))) is None

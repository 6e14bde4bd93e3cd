"""``manage.py demo_seasons``: the demo ladders ``make run`` starts stop by themselves."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from matches.models import Match
from matches.tasks import run
from tournaments import rounds
from tournaments.models import Competition, Round


@pytest.mark.django_db(transaction=True)
def test_demo_ladders_stop_after_a_bounded_number_of_rounds(inline):
    """Left running, the demo ladders used to grow the database without end."""
    out = io.StringIO()
    call_command("demo_seasons", "--rounds", "2", stdout=out)
    seasons = list(Competition.objects.filter(kind="season").all())
    assert seasons and all(s.max_rounds == 2 for s in seasons)
    assert "2 rounds" in out.getvalue()
    ladder = Competition.objects.filter(kind="season").get(game="tic_tac_toe")
    for _ in range(6):  # more ticks than rounds: the later ones make nothing
        for mid in [m for m in inline.queue if Match.objects.get(pk=m).game == "tic_tac_toe"]:
            inline.queue.remove(mid)
            run(mid, "test")
        rounds.ladder_tick(ladder.pk)
    ladder.refresh_from_db()
    assert ladder.status == Competition.Status.FINISHED
    assert Round.objects.filter(competition=ladder).count() == 2
    # rerunning leaves the finished demo as it is
    call_command("demo_seasons", "--rounds", "2", stdout=io.StringIO())
    assert Competition.objects.filter(kind="season").count() == len(seasons)


def test_demo_seasons_refuses_a_bound_of_zero(db):
    with pytest.raises(CommandError, match="at least 1"):
        call_command("demo_seasons", "--rounds", "0", stdout=io.StringIO())

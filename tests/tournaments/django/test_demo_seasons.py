"""``manage.py demo_seasons``: the demo ladders ``make run`` starts stop by themselves."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from matches.models import Match
from tournaments import rounds
from tournaments.models import Competition, Round
from tournaments.tasks import play


@pytest.mark.django_db(transaction=True)
def test_demo_ladders_stop_after_a_bounded_number_of_rounds(inline):
    """Issue 15: left running, the demo ladders grew the database without end."""
    out = io.StringIO()
    call_command("demo_seasons", "--rounds", "2", stdout=out)
    seasons = list(Competition.objects.filter(kind="season").all())
    assert seasons and all(s.max_rounds == 2 for s in seasons)
    assert "2 rounds" in out.getvalue()
    ladder = Competition.objects.filter(kind="season").get(game="tic_tac_toe")
    for _ in range(6):  # more ticks than rounds: the later ones make nothing
        for mid in [m for m in inline.queue
                    if Match.objects.get(pk=m).game == "tic_tac_toe"]:
            inline.queue.remove(mid)
            play(mid, "test")
            rounds.after_match(mid)
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


def test_the_worker_log_leaves_out_routine_round_checks(caplog):
    """Issue 15: "check_round done already" lines buried a user's own matches."""
    from celery.app.trace import LOG_RECEIVED, LOG_SUCCESS, info
    from celery.worker.strategy import logger as strategy_logger

    caplog.set_level("INFO", logger="celery.app.trace")
    caplog.set_level("INFO", logger="celery.worker.strategy")
    for name in ("tournaments.check_round", "tournaments.play_match"):
        context = {"id": "r", "name": name, "args": "(1,)", "kwargs": "{}", "eta": None}
        strategy_logger.info(LOG_RECEIVED, context, extra={"data": context})
    received = [r.getMessage() for r in caplog.records]
    assert received == ["Task tournaments.play_match[r] received"]
    caplog.clear()
    for name, value in (("tournaments.check_round", "'done already'"),
                        ("tournaments.check_round", "'waiting'"),
                        ("tournaments.check_round", "'completed'"),
                        ("tournaments.play_match", "'finished'")):
        info(LOG_SUCCESS, {"id": "x", "name": name, "return_value": value, "runtime": 0.01,
                           "args": "(1,)", "kwargs": "{}"})
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2
    assert "check_round[x] succeeded" in lines[0] and "'completed'" in lines[0]
    assert "play_match[x] succeeded" in lines[1]

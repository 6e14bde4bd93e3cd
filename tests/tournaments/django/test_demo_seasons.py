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
    demos = Competition.objects.filter(kind="season", name__startswith="Demo ladder")
    seasons = list(Competition.objects.filter(kind="season"))
    assert demos and all(s.max_rounds == 2 for s in demos)
    assert "2 rounds" in out.getvalue()
    ladder = demos.get(game="tic_tac_toe")
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


@pytest.mark.django_db(transaction=True)
def test_a_public_starter_plays_ranked_matches_in_the_demo_s_always_on_ladder(
    inline, data_dir, alice
):
    """On a fresh install, a starter uploaded as a public bot joins its game's
    always-on ladder by itself and plays a rated match in its next round."""
    from engine.registry import starter_path
    from tests.platform.bots.bot_helpers import py_upload

    from bots.services import create_bot
    from tournaments.models import RatingHistory

    call_command("demo_seasons", stdout=io.StringIO())
    always_on = Competition.objects.filter(name__startswith="Always-on ladder")
    assert always_on.count() == len(Competition.objects.filter(name__startswith="Demo ladder"))
    ladder = always_on.get(game="tic_tac_toe")
    assert ladder.status == Competition.Status.RUNNING and ladder.signup == "public_bots"
    assert rounds.ladder_tick(ladder.pk) == "too few entries"  # its built-in bot waits

    starter = py_upload(starter_path("tic_tac_toe").read_bytes(), "starter.py")
    bot, version = create_bot(alice, "starter", "tic_tac_toe", starter, public=True)
    assert version.status == "valid", version.validation_reason
    assert rounds.ladder_tick(ladder.pk) == "round 1 scheduled"
    for mid in [m for m in inline.queue if Match.objects.filter(pk=m, fixture__competition=ladder)]:
        inline.queue.remove(mid)
        run(mid, "test")
    played = Match.objects.get(fixture__competition=ladder, seats__bot_version_ref=version)
    assert played.status == Match.Status.FINISHED
    assert RatingHistory.objects.filter(entry__bot=bot, match=played).exists()

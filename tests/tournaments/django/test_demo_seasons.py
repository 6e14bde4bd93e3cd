"""``manage.py demo_seasons``: the demo ladders ``make run`` starts stop by themselves."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from engine import registry

from matches.models import Match
from matches.tasks import run
from tournaments import lifecycle, rounds
from tournaments.models import Competition, Round


@pytest.mark.django_db(transaction=True)
def test_demo_ladders_stop_after_a_bounded_number_of_rounds(inline):
    """Left running, the demo ladders used to grow the database without end."""
    out = io.StringIO()
    call_command("demo_seasons", "--rounds", "2", stdout=out)
    demos = Competition.objects.filter(kind="season", demo=True)
    assert demos.count() == len(registry.games()) and all(s.max_rounds == 2 for s in demos)
    assert "2 rounds" in out.getvalue()
    ladder = demos.get(game="tic_tac_toe")
    assert ladder.name == "Demo ladder: Tic-tac-toe"
    play_out(ladder, inline)
    assert Round.objects.filter(competition=ladder).count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_second_run_duplicates_nothing_while_the_demo_plays(inline):
    call_command("demo_seasons", stdout=io.StringIO())
    made = sorted(Competition.objects.values_list("name", "status"))
    out = io.StringIO()
    call_command("demo_seasons", stdout=out)
    assert sorted(Competition.objects.values_list("name", "status")) == made
    assert "Demo ladder: Tic-tac-toe: running" in out.getvalue()
    assert "started" not in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_restart_after_the_demo_finished_brings_it_back_once(inline):
    """``make run`` after the demo ladders ended used to leave nothing live."""
    call_command("demo_seasons", "--rounds", "1", stdout=io.StringIO())
    for season in Competition.objects.filter(demo=True):
        lifecycle.finish(season)
    always_on = set(Competition.objects.filter(demo=False).values_list("pk", flat=True))
    outs = []
    for _ in range(2):  # a restart, and another
        out = io.StringIO()
        call_command("demo_seasons", "--rounds", "5", stdout=out)
        outs.append(out.getvalue())
        live = Competition.objects.filter(demo=True, status=Competition.Status.RUNNING)
        assert sorted(live.values_list("game", flat=True)) == sorted(registry.games())
        assert set(Competition.objects.filter(demo=False).values_list("pk", flat=True)) == always_on
    assert "Demo ladder: Tic-tac-toe #2: started, seed 2" in outs[0]
    assert "started" not in outs[1]
    assert all(s.max_rounds == 1 for s in live)  # a successor copies its predecessor


def play_out(season: Competition, inline) -> None:
    for _ in range(season.max_rounds + 4):  # more ticks than rounds: the later make nothing
        for mid in [m for m in inline.queue if Match.objects.get(pk=m).game == season.game]:
            inline.queue.remove(mid)
            run(mid, "test")
        rounds.ladder_tick(season.pk)
    season.refresh_from_db()
    assert season.status == Competition.Status.FINISHED


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

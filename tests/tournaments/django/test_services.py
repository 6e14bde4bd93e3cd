"""Seasons and tournaments in the database: the status machine, rounds, ratings
history, standings, rebuilds, disqualification, re-runs and duplicate deliveries."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection

from tests.tournaments.django.conftest import make_tournament

from matches.claims import MAX_ATTEMPTS, claim
from matches.models import Match, MatchClaim
from matches.storing import fail
from matches.tasks import run_match
from tournaments import format_rules, lifecycle, organiser, rounds
from tournaments.core.ratings import SIGMA
from tournaments.models import Competition, Entry, Fixture, Rating, RatingHistory, Round, Standing
from tournaments.rebuild import rebuild

pytestmark = pytest.mark.django_db(transaction=True)


def test_transitions_are_enforced(inline):
    t = lifecycle.create_tournament("t", game="tic_tac_toe")
    lifecycle.add_entries(t, bots=["greedy", "random"])
    with pytest.raises(lifecycle.TournamentError, match="cannot start"):
        lifecycle.start(t)
    lifecycle.open_entries(t)
    lifecycle.start(t)
    with pytest.raises(lifecycle.TournamentError, match="cannot resume"):
        lifecycle.resume(t)
    lifecycle.pause(t)
    lifecycle.resume(t)
    lifecycle.finish(t)
    with pytest.raises(lifecycle.TournamentError):
        lifecycle.pause(t)


def test_bad_settings_are_refused(db):
    with pytest.raises(lifecycle.TournamentError, match="unknown game"):
        lifecycle.create_tournament("t", game="chess")
    with pytest.raises(lifecycle.TournamentError, match="two seats only"):
        lifecycle.create_tournament("t", game="aimbots", format="round_robin", group_size=3)
    t = lifecycle.create_tournament("t", game="tic_tac_toe")
    with pytest.raises(lifecycle.TournamentError, match="no built-in bot"):
        lifecycle.add_entries(t, bots=["nobody"])


def test_teams_the_game_does_not_play_as_alliances_are_refused(db):
    """A team means the same in every game: seats in a row that the rules make
    allies, so a game without those alliances refuses them."""
    with pytest.raises(lifecycle.TournamentError, match=r"plays \[1, 2\], not teams \[2, 1\]"):
        lifecycle.create_season("s", game="cascade_effect", group_size=3, teams=[2, 1])
    with pytest.raises(lifecycle.TournamentError, match="not teams"):
        lifecycle.create_tournament(
            "t", game="dogfight", format="swiss", group_size=4, teams=[2, 2]
        )
    lifecycle.create_tournament(
        "t", game="dogfight", format="swiss", group_size=4, teams=[2, 2], options={"teams": "2v2"}
    )
    lifecycle.create_season("s", game="aerial_assault", group_size=5, teams=[3, 2])


def test_a_setting_of_the_other_kind_is_refused(db):
    with pytest.raises(lifecycle.TournamentError, match="a ladder season has no format"):
        lifecycle.create_season("s", game="tic_tac_toe", format="swiss")
    with pytest.raises(lifecycle.TournamentError, match="a tournament has no max_rounds"):
        lifecycle.create_tournament("t", game="tic_tac_toe", max_rounds=3)
    with pytest.raises(ValidationError, match="no tournament format"):
        Competition(
            kind=Competition.Kind.SEASON,
            name="s",
            game="tic_tac_toe",
            format=Competition.Format.SWISS,
        ).full_clean()
    with pytest.raises(ValidationError, match="season settings on a tournament: k"):
        Competition(
            kind=Competition.Kind.TOURNAMENT,
            name="t",
            game="tic_tac_toe",
            format=Competition.Format.SWISS,
            k=5,
        ).full_clean()
    with pytest.raises(IntegrityError):  # and the database agrees
        Competition.objects.create(kind=Competition.Kind.TOURNAMENT, name="t", game="tic_tac_toe")


def test_a_round_robin_plays_to_the_end_with_history_and_standings(inline):
    t = make_tournament()
    lifecycle.start(t)
    assert inline() == 6
    t.refresh_from_db()
    assert t.status == "finished"
    assert Round.objects.filter(competition=t, status="done").count() == 3
    # one immutable history row per entry per rated match, chained before -> after
    for e in Entry.objects.filter(competition=t):
        rows = list(RatingHistory.objects.filter(entry=e).order_by("round_no", "match_id"))
        assert len(rows) == 3
        assert (rows[0].mu_before, rows[0].sigma_before) == (25.0, SIGMA)
        for a, b in zip(rows, rows[1:]):
            assert (a.mu_after, a.sigma_after) == (b.mu_before, b.sigma_before)
        assert (e.rating.mu, e.rating.sigma) == (rows[-1].mu_after, rows[-1].sigma_after)
        assert e.standing.games == 3
    assert rebuild(t, check=True) == []
    # the same competition seed gives the same pairings (match seeds are secret
    # draws, so results may differ; see test_match_seeds_are_secret_draws...)
    t2 = make_tournament()
    lifecycle.start(t2)
    inline()

    def key(c):
        return [
            (f.round_no, f.table, f.leg, [s.entry.name for s in f.seats.all()])
            for f in Fixture.objects.filter(competition=c)
            .prefetch_related("seats__entry")
            .order_by("round_no", "table", "leg")
        ]

    assert key(t) == key(t2)


def test_rebuild_check_finds_a_tampered_table_and_rebuild_repairs_it(inline, capsys):
    t = make_tournament(bots=("greedy", "random", "random"))
    lifecycle.start(t)
    inline()
    call_command("rebuild_standings", str(t.pk), "--check")
    Rating.objects.filter(entry__competition=t).update(mu=30.0)
    Standing.objects.filter(entry__competition=t).update(points=99)
    with pytest.raises(CommandError, match="differ"):
        call_command("rebuild_standings", str(t.pk), "--check")
    assert Standing.objects.filter(
        entry__competition=t, points=99
    ).exists()  # --check changed nothing
    call_command("rebuild_standings", str(t.pk))
    call_command("rebuild_standings", str(t.pk), "--check")
    assert "match the stored logs" in capsys.readouterr().out


@pytest.mark.parametrize(
    "fmt", ["swiss", "single_elimination", "double_elimination", "double_round_robin"]
)
def test_every_format_finishes(inline, fmt):
    t = make_tournament(fmt, bots=("greedy", "random", "greedy", "random", "random"))
    lifecycle.start(t)
    inline()
    t.refresh_from_db()
    assert t.status == "finished"
    assert rebuild(t, check=True) == []


def test_free_for_all_swiss_on_a_three_seat_game(inline):
    t = make_tournament("swiss", bots=("greedy", "random") * 3, game="aimbots", group_size=3)
    lifecycle.start(t)
    inline()
    t.refresh_from_db()
    assert t.status == "finished"
    assert all(m.seats.count() == 3 for m in Match.objects.filter(fixture__competition=t))


def test_a_ladder_season_runs_rounds_on_its_periodic_task(inline):
    s = lifecycle.create_season("s", game="tic_tac_toe", k=2, period_seconds=20, seed=5)
    lifecycle.add_entries(s, bots=["greedy", "random", "greedy", "random"])
    lifecycle.open_entries(s)
    lifecycle.start(s)  # round 1 at once
    from django_celery_beat.models import PeriodicTask

    task = PeriodicTask.objects.get(name=f"season-{s.pk}")
    assert task.enabled and task.interval.every == 20
    inline()
    assert rounds.ladder_tick(s.pk) == "round 2 scheduled"
    assert rounds.ladder_tick(s.pk) == "previous round still running"
    inline()
    assert rebuild(s, check=True) == []
    lifecycle.pause(s)
    assert not PeriodicTask.objects.get(name=f"season-{s.pk}").enabled
    assert rounds.ladder_tick(s.pk) == "season is paused"


def test_an_uploaded_bot_plays_its_latest_valid_version_and_a_new_one_raises_sigma(
    inline, settings, tmp_path, django_user_model
):
    from tests.platform.bots.bot_helpers import FAILS_HANDSHAKE, py_upload

    from bots.services import create_bot, upload_version

    settings.DATA_DIR = tmp_path / "data"
    owner = django_user_model.objects.create_user("owner", password="pw")
    bot, v1 = create_bot(owner, "starter", "tic_tac_toe", py_upload())
    s = lifecycle.create_season("s", game="tic_tac_toe", k=1, period_seconds=20, seed=5)
    entry, *_ = lifecycle.add_entries(s, bots=[bot, "greedy"])
    lifecycle.open_entries(s)
    lifecycle.start(s)
    inline()
    played = Match.objects.get(fixture__competition=s, seats__bot_version_ref=v1)
    assert played.status == Match.Status.FINISHED
    before = Rating.objects.get(entry=entry).sigma

    upload_version(bot, py_upload(FAILS_HANDSHAKE, "broken.py"))  # invalid: v1 still plays
    v3 = upload_version(bot, py_upload(name="better.py", data=py_upload().read() + b"\n# v3\n"))
    assert rounds.ladder_tick(s.pk) == "round 2 scheduled"
    inline()
    assert Match.objects.filter(fixture__competition=s, seats__bot_version_ref=v3).count() == 1
    bumped = RatingHistory.objects.filter(entry=entry, version_bumped=True)
    assert bumped.count() == 1 and bumped.get().sigma_before > before
    assert rebuild(s, check=True) == []


def test_an_uploaded_bot_without_a_valid_version_gives_a_walkover(
    inline, settings, tmp_path, django_user_model
):
    from tests.platform.bots.bot_helpers import FAILS_HANDSHAKE, py_upload

    from bots.services import create_bot

    settings.DATA_DIR = tmp_path / "data"
    owner = django_user_model.objects.create_user("owner", password="pw")
    bot, _ = create_bot(owner, "broken", "tic_tac_toe", py_upload(FAILS_HANDSHAKE))
    t = lifecycle.create_tournament("t", game="tic_tac_toe", format="round_robin", seed=1)
    lifecycle.add_entries(t, bots=[bot, "greedy"])
    lifecycle.open_entries(t)
    lifecycle.start(t)
    inline()
    fixture = Fixture.objects.get(competition=t)
    assert fixture.walkover and fixture.match is None


def test_a_duplicate_delivery_changes_nothing(inline):
    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    mid = inline.queue[0]
    assert run_match.apply(args=[mid]).get() == "finished"
    match = Match.objects.get(pk=mid)
    state = (match.digest, match.event_count, RatingHistory.objects.count())
    assert run_match.apply(args=[mid]).get() == "finished"
    match.refresh_from_db()
    assert (match.digest, match.event_count, RatingHistory.objects.count()) == state
    assert MatchClaim.objects.get(pk=match.pk).attempts == 1


def test_a_running_match_of_a_dead_worker_is_restarted_from_the_start(inline):
    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    mid = inline.queue[0]
    # a worker on this host with a pid that no longer exists claimed it and died
    MatchClaim.objects.filter(pk=mid).update(
        claimed_by=f"{__import__('socket').gethostname()}:999999:x"
    )
    Match.objects.filter(pk=mid).update(status="running")
    match, why = claim(mid, "me")
    assert why == "claimed" and match.status == "running" and match.event_count == 0
    # while the claimer is alive, another delivery stays away
    MatchClaim.objects.filter(pk=mid).update(claimed_by=f"{__import__('socket').gethostname()}:1:x")
    assert claim(mid, "other") == (None, "running elsewhere")


def test_a_database_error_is_retried_not_a_failed_match(inline, monkeypatch):
    from django.db import OperationalError

    from matches import services as ms

    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    mid = inline.queue[0]
    calls = []

    def broken(*a, **k):
        calls.append(1)
        raise OperationalError("the database went away")

    monkeypatch.setattr(ms, "finish", broken)
    from celery.exceptions import Retry

    with pytest.raises(Retry):
        run_match.apply(args=[mid], throw=True)
    # not failed: the claim is given up and the match queued again for the retry
    match = Match.objects.get(pk=mid)
    assert (match.status, match.event_count) == ("queued", 0)
    assert MatchClaim.objects.get(pk=mid).claimed_by == ""
    monkeypatch.undo()
    assert run_match.apply(args=[mid]).get() == "finished"  # the retry starts over
    # a retry after an infrastructure error is not a restart after a kill
    assert MatchClaim.objects.get(pk=mid).attempts == 1


def test_disqualify_and_rerun_a_failed_match(inline):
    t = make_tournament(bots=("greedy", "random", "greedy", "random"))
    lifecycle.start(t)
    first = list(inline.queue)
    inline.queue.clear()
    fail(Match.objects.get(pk=first[0]), "RulesError: boom")
    for mid in first[1:]:
        run_match.apply(args=[mid])
    assert Round.objects.get(competition=t, number=1).status == "running"  # waits for the re-run
    organiser.rerun_match(Match.objects.get(pk=first[0]))
    inline()
    t.refresh_from_db()
    assert t.status == "finished" and rebuild(t, check=True) == []
    # disqualify in a fresh tournament: its future pairings are walkovers
    t2 = make_tournament(bots=("greedy", "random", "greedy", "random"), seed=8)
    lifecycle.start(t2)
    inline()  # everything plays out: disqualify before a start instead
    t3 = make_tournament(bots=("greedy", "random", "greedy", "random"), seed=9)
    lifecycle.start(t3)
    loser = Entry.objects.filter(competition=t3).last()
    organiser.disqualify(loser)
    inline()
    t3.refresh_from_db()
    assert t3.status == "finished"
    assert not Match.objects.filter(
        fixture__competition=t3, fixture__seats__entry=loser, status="finished"
    ).exists()
    assert Fixture.objects.filter(competition=t3, walkover=True).count() == 3
    assert connection.vendor in ("sqlite", "postgresql")


def _host():
    return __import__("socket").gethostname()


def test_a_live_pid_with_a_stale_heartbeat_is_a_dead_claim(inline, settings):
    import os
    from datetime import timedelta

    from django.utils import timezone

    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    mid = inline.queue[0]
    # a sibling prefork child (its pid exists) claimed the match long ago and gave it up
    sibling = f"{_host()}:{os.getppid()}:x"
    MatchClaim.objects.filter(pk=mid).update(
        claimed_by=sibling, attempts=1, heartbeat_at=timezone.now()
    )
    Match.objects.filter(pk=mid).update(status="running")
    assert claim(mid, "retry") == (None, "running elsewhere")  # pid alive, beat fresh
    MatchClaim.objects.filter(pk=mid).update(
        heartbeat_at=timezone.now() - timedelta(seconds=settings.SCRIMMAGE_LEASE_SECONDS + 1)
    )
    match, why = claim(mid, "retry")
    assert why == "claimed" and MatchClaim.objects.get(pk=mid).claimed_by == "retry"
    assert MatchClaim.objects.get(pk=mid).attempts == 2


def test_a_match_whose_worker_dies_each_time_fails_after_max_attempts(inline):
    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    mid = inline.queue[0]
    for n in range(1, MAX_ATTEMPTS + 1):  # each start's worker is killed (pid gone)
        match, why = claim(mid, f"{_host()}:999999:{n}")
        assert why == "claimed" and MatchClaim.objects.get(pk=mid).attempts == n
    assert claim(mid, "next") == (None, "failed")
    match = Match.objects.get(pk=mid)
    assert match.status == "failed" and f"died {MAX_ATTEMPTS} times" in match.error


def test_a_tournament_that_cannot_make_its_next_round_is_paused_with_the_reason(
    inline, monkeypatch
):
    from tournaments.core.formats import FormatError

    t = make_tournament(bots=("greedy", "random"))
    lifecycle.start(t)
    real = format_rules.tournament_format

    class Broken:
        reads_history = True

        def next_round(self, *a, **k):
            raise FormatError("no pairing possible")

    monkeypatch.setattr(rounds, "tournament_format", lambda t, **kw: Broken())
    inline()
    t.refresh_from_db()
    assert t.status == "paused" and "no pairing possible" in t.last_error
    monkeypatch.setattr(rounds, "tournament_format", real)
    lifecycle.resume(t)  # the organiser resumes: the next round is tried again
    inline()
    t.refresh_from_db()
    assert t.status == "finished" and t.last_error == ""


def test_match_seeds_are_secret_draws_not_derived_from_the_competition_seed(inline):
    """Two seasons with the same public seed and entries get the same
    pairings (reproducible) but unrelated, unpredictable match seeds, each
    committed to in its MatchStarted."""
    from engine.seeding import commitment

    seasons = []
    for name in ("a", "b"):
        s = lifecycle.create_season(name, game="tic_tac_toe", k=2, seed=7)
        lifecycle.add_entries(s, bots=["greedy", "random", "greedy", "random"])
        lifecycle.open_entries(s)
        lifecycle.start(s)
        seasons.append(s)
    a, b = (
        list(Match.objects.filter(fixture__competition=s).order_by("fixture__table", "id"))
        for s in seasons
    )
    pairings = [
        [list(Fixture.objects.filter(competition=s).order_by("table").values_list("table", "leg"))]
        for s in seasons
    ]
    assert pairings[0] == pairings[1] and len(a) == len(b) >= 2
    seeds = [m.seed for m in a + b]
    assert len(set(seeds)) == len(seeds)  # no two alike, across identical seasons
    assert all(m.seed_salt and len(m.seed_salt) == 32 for m in a + b)
    inline()
    for match in a + b:
        started = match.events.get(seq=0).data
        assert "seed" not in started
        assert started["seed_commitment"] == commitment(match.seed, match.seed_salt)


def test_completing_a_ladder_round_costs_the_same_late_as_early(inline, monkeypatch):
    """A round is rated and added to the table from its own results: the
    run of its last match, which completes it, sends as many queries and reads as
    many rows at round 12 as at round 2 (completing a round used to read every
    fixture, match and seat of the season)."""
    from django.db.models.sql.compiler import SQLCompiler
    from django.test.utils import CaptureQueriesContext

    from matches.tasks import run

    rows = []
    real_iter = SQLCompiler.results_iter

    def counted(compiler, *args, **kwargs):  # every row the ORM reads back passes here
        for row in real_iter(compiler, *args, **kwargs):
            rows.append(1)
            yield row

    monkeypatch.setattr(SQLCompiler, "results_iter", counted)

    s = lifecycle.create_season("long", game="tic_tac_toe", k=2, period_seconds=20, seed=5)
    lifecycle.add_entries(s, bots=["greedy", "random"] * 3)
    lifecycle.open_entries(s)
    lifecycle.start(s)
    costs = {}
    for number in range(1, 13):
        inline(len(inline.queue) - 1)
        rows.clear()
        with CaptureQueriesContext(connection) as ctx:
            run(inline.queue.popleft(), "test")
        assert Round.objects.get(competition=s, number=number).status == Round.Status.DONE
        costs[number] = (len(ctx.captured_queries), len(rows))
        if number < 12:
            assert rounds.ladder_tick(s.pk) == f"round {number + 1} scheduled"
    assert costs[12] == costs[2], costs
    assert rebuild(s, check=True) == []  # the table added round by round is the rebuilt one


@pytest.mark.parametrize("fmt", ["single_elimination", "double_elimination"])
def test_an_elimination_table_added_round_by_round_is_the_rebuilt_one(inline, fmt):
    t = make_tournament(fmt, bots=("greedy", "random") * 3 + ("greedy",), seed=4)
    lifecycle.start(t)
    inline()
    t.refresh_from_db()
    assert t.status == "finished" and rebuild(t, check=True) == []


def test_a_tournament_that_hides_results_reveals_them_when_its_last_round_ends(inline):
    """Not only the organiser's Finish: a tournament that finishes by itself clears
    the stored flag of every match it played."""
    t = make_tournament(hide_results=True)
    lifecycle.start(t)
    matches = Match.objects.filter(fixture__competition=t)
    assert matches.exists() and all(m.hides_results for m in matches)
    inline()
    t.refresh_from_db()
    assert t.status == "finished"
    assert not matches.filter(hides_results=True).exists()


def test_finishing_cancels_the_matches_no_worker_started(inline):
    from matches.tasks import run

    t = make_tournament()
    lifecycle.start(t)
    queued = list(inline.queue)
    inline.queue.clear()
    lifecycle.finish(t)
    cancelled = Match.objects.filter(pk__in=queued)
    assert {m.status for m in cancelled} == {Match.Status.FAILED}
    assert all("cancelled" in m.error for m in cancelled)
    assert run(queued[0], "late delivery") == Match.Status.FAILED  # a late message plays nothing
    assert Match.objects.get(pk=queued[0]).event_count == 0

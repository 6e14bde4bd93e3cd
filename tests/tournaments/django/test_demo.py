"""``tournaments.demo``: a finished demo ladder is followed by the next, and the
older finished ones are deleted with their matches and logs, never anything else."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.db.models import Sum
from django.db.models.functions import Length

from matches import services
from matches.forks import create_fork
from matches.models import Match, MatchEvent, MatchSeat
from tournaments import demo, lifecycle, rounds
from tournaments.models import Competition, Entry, Fixture

pytestmark = pytest.mark.django_db(transaction=True)

GAME = "tic_tac_toe"


def play_out(season: Competition, inline) -> Competition:
    """Every round of ``season`` played in this process, to its finish."""
    for _ in range(season.max_rounds + 2):
        inline.drain()
        rounds.ladder_tick(season.pk)
    season.refresh_from_db()
    assert season.status == Competition.Status.FINISHED
    return season


def live_demo() -> Competition:
    return Competition.objects.exclude(status="finished").get(demo=True, game=GAME)


def cycle(inline) -> Competition:
    """The live demo played out, then the scheduler's step: the next one, live."""
    play_out(live_demo(), inline)
    demo.keep_demos_alive()
    return live_demo()


def stored() -> dict[str, int]:
    """What the demo occupies, counted in rows and in the bytes of its logs."""
    return {
        "seasons": Competition.objects.filter(demo=True).count(),
        "entries": Entry.objects.count(),
        "fixtures": Fixture.objects.count(),
        "matches": Match.objects.count(),
        "seats": MatchSeat.objects.count(),
        "events": MatchEvent.objects.count(),
        "log_bytes": MatchEvent.objects.aggregate(n=Sum(Length("line")))["n"] or 0,
    }


def test_a_finished_demo_ladder_is_followed_by_the_next_with_the_same_settings(inline):
    first = demo.start_first(GAME, ["greedy", "random", "random"], rounds=1, period=7)
    assert demo.keep_demos_alive() == []  # still playing: nothing to do
    play_out(first, inline)
    assert demo.keep_demos_alive() == [f"{first.name} #2: started, seed 2"]
    second = live_demo()
    assert second.status == Competition.Status.RUNNING and second.demo
    assert (second.period_seconds, second.max_rounds, second.k) == (7, 1, first.k)
    assert [e.builtin for e in second.entries.all()] == ["greedy", "random", "random"]
    assert second.rounds.count() == 1  # its first round is made as it starts
    assert demo.keep_demos_alive() == []  # a second scheduler run starts no other


def test_only_the_most_recent_finished_demo_ladder_is_kept_with_its_matches(inline):
    first = demo.start_first(GAME, ["greedy", "random"], rounds=1, period=20)
    first_matches = list(Fixture.objects.filter(competition=first).values_list("match", flat=True))
    cycle(inline)
    assert Competition.objects.filter(pk=first.pk).exists()  # the last finished stays
    cycle(inline)
    assert not Competition.objects.filter(pk=first.pk).exists()
    assert not Match.objects.filter(pk__in=first_matches).exists()
    assert not MatchEvent.objects.filter(match_id__in=first_matches).exists()
    assert sorted(Competition.objects.filter(demo=True).values_list("seed", "status")) == [
        (2, "finished"),
        (3, "running"),
    ]


def test_storage_stays_bounded_over_many_demo_cycles(inline):
    """Rows and log bytes after each cycle never exceed two seasons' worth: the one
    playing and the last finished."""
    demo.start_first(GAME, ["greedy", "random", "random"], rounds=2, period=20)
    per_cycle, after = [], []
    for _ in range(6):
        season = live_demo()
        before = stored()
        play_out(season, inline)
        played = stored()
        per_cycle.append({k: played[k] - before[k] for k in played})
        demo.keep_demos_alive()
        after.append(stored())
    rows = ("seasons", "entries", "fixtures", "matches", "seats")
    assert all({k: a[k] for k in rows} == {k: after[0][k] for k in rows} for a in after), after
    most = {k: max(c[k] for c in per_cycle) for k in ("events", "log_bytes")}
    assert all(a[k] <= 2 * most[k] for a in after for k in most), (after, most)
    assert sum(c["log_bytes"] for c in per_cycle) > 2 * max(a["log_bytes"] for a in after)
    # no orphans: every event stored belongs to a match, every match to a fixture
    assert MatchEvent.objects.exclude(match__in=Match.objects.all()).count() == 0
    assert Match.objects.filter(fixture__isnull=True).count() == 0


def test_user_data_is_never_deleted(inline, data_dir, alice):
    """A season the organiser named like a demo, a match played on its own, a demo
    ladder an uploaded bot was entered in and one with a forked match all stay."""
    from engine.registry import starter_path
    from tests.platform.bots.bot_helpers import py_upload

    from bots.services import create_bot

    lookalike = lifecycle.create_season(f"{demo.NAME}mine", game=GAME, k=1, max_rounds=1)
    lifecycle.add_entries(lookalike, bots=["greedy", "random"])
    lifecycle.open_entries(lookalike)
    lifecycle.start(lookalike)
    play_out(lookalike, inline)
    own = services.play_and_store(GAME, ["greedy", "random"], 5)

    with_bot = demo.start_first(GAME, ["greedy", "random"], rounds=1, period=20)
    starter = py_upload(starter_path(GAME).read_bytes(), "starter.py")
    bot, version = create_bot(alice, "starter", GAME, starter, public=True)
    assert version.status == "valid", version.validation_reason
    lifecycle.add_entries(with_bot, bots=[bot])
    forked = cycle(inline)
    play_out(forked, inline)
    parent = Match.objects.filter(fixture__competition=forked).first()
    fork = services.run_stored_match(create_fork(parent, 2, {0: "random"}, forked_by=alice))
    demo.keep_demos_alive()
    for _ in range(3):
        cycle(inline)

    for kept in (lookalike, with_bot, forked):
        assert Competition.objects.filter(pk=kept.pk).exists(), kept
    assert Match.objects.filter(pk__in=[own.pk, fork.pk, parent.pk]).count() == 3
    assert Entry.objects.filter(bot=bot, competition=with_bot).exists()
    assert Competition.objects.filter(demo=True).count() == 2 + 2  # kept two, plus the last two


def test_a_game_whose_next_demo_ladder_cannot_start_holds_up_no_other(inline):
    """Built-in bots a later release retired are left out of the copy; with too few
    left, that game is reported and the other games' demo ladders go on (the games
    are renewed in name order: connect four first)."""
    broken = demo.start_first("connect_four", ["greedy", "random", "random"], rounds=1, period=20)
    fine = demo.start_first(GAME, ["greedy", "random"], rounds=1, period=20)
    for season in (broken, fine):
        lifecycle.finish(season)
    Entry.objects.filter(competition=broken, builtin="random").update(builtin="retired")
    done = demo.keep_demos_alive()
    assert done[0].startswith("connect_four: no next demo ladder: 1 entries"), done
    assert Competition.objects.filter(demo=True, game=GAME, seed=2).exists()
    assert not Competition.objects.filter(demo=True, game="connect_four", seed=2).exists()


def test_two_scheduler_runs_at_once_start_one_successor(inline):
    """The second run waits for the first's lock on the finished ladder, then finds
    the successor the first made instead of making another (PostgreSQL: SQLite
    runs one writer at a time anyway)."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks: PostgreSQL")
    lifecycle.finish(demo.start_first(GAME, ["greedy", "random"], rounds=1, period=20))
    second: list[list[str]] = []
    with transaction.atomic():
        demo._renew(GAME)  # the first run, holding the lock until it commits
        other = threading.Thread(target=lambda: second.append(run_and_close()))
        other.start()
        wait_for_a_lock_wait()
    other.join()
    assert second == [[]]
    assert Competition.objects.filter(demo=True, game=GAME).count() == 2


def run_and_close() -> list[str]:
    try:
        return demo.keep_demos_alive()
    finally:
        connection.close()


def wait_for_a_lock_wait() -> None:
    """Until another connection waits for a row lock (polled, not timed; the view is
    a snapshot per transaction unless cleared)."""
    with connection.cursor() as cur:
        for _ in range(10_000):
            cur.execute("SELECT pg_stat_clear_snapshot()")
            cur.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            )
            if cur.fetchone()[0]:
                return
            threading.Event().wait(0.01)
    raise AssertionError("the second run never waited for the lock")

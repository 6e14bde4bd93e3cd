"""The migrations to one ``Competition`` table (0004-0006) keep every stored
season and tournament with everything they own, on a populated database, and
undo the same way back.

The database is taken back to 0003 (two tables), filled through the historical
models, then migrated forward (and back). Matches and beat's periodic tasks are
made with the current models: their apps are not migrated here."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0003_last_error_and_match_claim")]
AFTER = [("tournaments", "0006_drop_season_and_tournament")]
T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def migrate(targets):
    """Migrate the tournaments app to ``targets``; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.fixture
def before():
    """The models at 0003, on a database migrated there; the database is migrated
    to the latest migrations again afterwards, for the tests that follow."""
    yield migrate(BEFORE)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def populate(apps) -> dict[str, dict]:
    """Two seasons and two tournaments, created interleaved (so their new ids
    differ from the old ones), each with two entries, a played round and its
    ratings, history and standings; each season has its ladder tick."""
    Season, Tournament = (
        apps.get_model("tournaments", "Season"),
        apps.get_model("tournaments", "Tournament"),
    )
    made = {}
    for minute, (model, name, own) in enumerate(
        [
            (Tournament, "cup", {"format": "single_elimination"}),
            (Season, "ladder", {"k": 3, "period_seconds": 60, "max_rounds": 9}),
            (Season, "summer", {"jitter": 0.5, "hide_results": True}),
            (Tournament, "swiss", {"format": "swiss", "swiss_rounds": 4, "group_size": 3}),
        ]
    ):
        c = model.objects.create(
            name=name,
            game="tic_tac_toe",
            status="running",
            seed=minute + 7,
            created_at=T0 + dt.timedelta(minutes=minute),
            **own,
        )
        made[name] = {
            "old_id": c.pk,
            "kind": model._meta.model_name,
            **fill(apps, model._meta.model_name, c),
        }
        if model is Season:
            schedule, _ = IntervalSchedule.objects.get_or_create(every=60, period="seconds")
            PeriodicTask.objects.create(
                name=f"season-{c.pk}",
                task="tournaments.season_tick",
                interval=schedule,
                args=json.dumps([c.pk]),
            )
    return made


def fill(apps, kind: str, competition) -> dict:
    """Entries, a round, a played fixture with its seats, ratings, history and
    standings in ``competition``; what was made, by name."""
    get = lambda name: apps.get_model("tournaments", name)  # noqa: E731
    owner = {kind: competition}
    entries = [
        get("Entry").objects.create(
            name=f"{competition.name}-{n}", builtin="greedy", seed=n, **owner
        )
        for n in (1, 2)
    ]
    rnd = get("Round").objects.create(number=1, status="done", **owner)
    match = Match.objects.create(
        game="tic_tac_toe", rules_version=1, seed=5, status="finished", result={"ranks": [1, 2]}
    )
    fixture = get("Fixture").objects.create(
        round=rnd, match_id=match.pk, round_no=1, table=1, **owner
    )
    for i, e in enumerate(entries):
        get("FixtureSeat").objects.create(fixture=fixture, entry=e, index=i, version="builtin")
        get("Rating").objects.create(entry=e, mu=26.0 - i, sigma=8.0, ordinal=2.0 - i, games=1)
        get("RatingHistory").objects.create(
            entry=e,
            match_id=match.pk,
            round_no=1,
            mu_before=25.0,
            sigma_before=8.3,
            mu_after=26.0 - i,
            sigma_after=8.0,
            ordinal_after=2.0 - i,
        )
        get("Standing").objects.create(
            entry=e, rank=i + 1, points=3 - 3 * i, wins=1 - i, losses=i, games=1
        )
    return {
        "entries": [e.pk for e in entries],
        "round": rnd.pk,
        "fixture": fixture.pk,
        "match": match.pk,
    }


def test_every_season_and_tournament_and_what_they_own_survive_the_migration(before):
    made = populate(before)
    apps = migrate(AFTER)
    Competition = apps.get_model("tournaments", "Competition")
    get = lambda name: apps.get_model("tournaments", name)  # noqa: E731

    # one row each, in the order they were created
    assert list(Competition.objects.order_by("id").values_list("name", "kind")) == [
        ("cup", "tournament"),
        ("ladder", "season"),
        ("summer", "season"),
        ("swiss", "tournament"),
    ]
    new = {c.name: c for c in Competition.objects.all()}
    assert (
        new["cup"].format,
        new["swiss"].format,
        new["swiss"].swiss_rounds,
        new["swiss"].group_size,
    ) == ("single_elimination", "swiss", 4, 3)
    assert (
        new["ladder"].k,
        new["ladder"].period_seconds,
        new["ladder"].max_rounds,
        new["ladder"].format,
    ) == (3, 60, 9, "")
    assert new["summer"].hide_results and new["summer"].jitter == 0.5
    assert {c.seed for c in new.values()} == {7, 8, 9, 10}
    assert new["cup"].created_at == T0 and new["cup"].status == "running"
    assert [new[n].pk for n in ("ladder", "summer")] != [
        made[n]["old_id"] for n in ("ladder", "summer")
    ]

    for name, old in made.items():
        c = new[name]
        assert (
            list(
                get("Entry")
                .objects.filter(competition=c)
                .values_list("pk", flat=True)
                .order_by("pk")
            )
            == old["entries"]
        )
        assert list(get("Round").objects.filter(competition=c).values_list("pk", flat=True)) == [
            old["round"]
        ]
        fixture = get("Fixture").objects.get(competition=c)
        assert (fixture.pk, fixture.round_id, fixture.match_id) == (
            old["fixture"],
            old["round"],
            old["match"],
        )
        assert (
            sorted(
                get("FixtureSeat")
                .objects.filter(fixture=fixture)
                .values_list("entry_id", flat=True)
            )
            == old["entries"]
        )
        for model in ("Rating", "RatingHistory", "Standing"):
            assert (
                sorted(
                    get(model)
                    .objects.filter(entry__competition=c)
                    .values_list("entry_id", flat=True)
                )
                == old["entries"]
            ), model
    assert get("Standing").objects.get(entry_id=made["ladder"]["entries"][0]).points == 3

    # each season's ladder tick now names (and ticks) its new id
    ticks = {
        t.name: json.loads(t.args)
        for t in PeriodicTask.objects.filter(task="tournaments.season_tick")
    }
    assert ticks == {f"season-{new[n].pk}": [new[n].pk] for n in ("ladder", "summer")}


def test_the_migration_is_undone_with_the_old_ids(before):
    made = populate(before)
    migrate(AFTER)
    apps = migrate(BEFORE)
    for name, old in made.items():
        c = apps.get_model("tournaments", old["kind"]).objects.get(name=name)
        assert c.pk == old["old_id"]
        assert sorted(c.entries.values_list("pk", flat=True)) == old["entries"]
        assert list(c.fixtures.values_list("match_id", flat=True)) == [old["match"]]
        assert list(c.rounds.values_list("pk", flat=True)) == [old["round"]]
    ticks = sorted(
        PeriodicTask.objects.filter(task="tournaments.season_tick").values_list("name", "args")
    )
    assert ticks == sorted(
        (f"season-{made[n]['old_id']}", json.dumps([made[n]["old_id"]]))
        for n in ("ladder", "summer")
    )


CLAIMS = [("tournaments", "0007_claims_move_to_matches")]


def test_claims_and_hidden_results_move_to_the_matches_app(before):
    """0007: every match gets one ``matches.MatchClaim``, holding what its fixture
    (or, for a challenge, ``tournaments.MatchClaim``) held, and the matches of a
    competition that hides its results, unfinished, store ``hides_results``."""
    from matches.models import MatchClaim

    made = populate(before)
    Fixture = before.get_model("tournaments", "Fixture")
    Fixture.objects.filter(pk=made["cup"]["fixture"]).update(
        claimed_by="host:1:task", heartbeat_at=T0, enqueued_at=T0, attempts=2
    )
    challenge = Match.objects.create(game="tic_tac_toe", rules_version=1, seed=6)
    before.get_model("tournaments", "MatchClaim").objects.create(
        match_id=challenge.pk, claimed_by="host:2:task", attempts=1
    )
    migrate(CLAIMS)
    held = {
        c.match_id: (c.claimed_by, c.heartbeat_at, c.enqueued_at, c.attempts)
        for c in MatchClaim.objects.all()
    }
    every = {made[n]["match"] for n in made} | {challenge.pk}
    assert set(held) == every
    assert held[made["cup"]["match"]] == ("host:1:task", T0, T0, 2)
    assert held[challenge.pk] == ("host:2:task", None, None, 1)
    assert held[made["ladder"]["match"]] == ("", None, None, 0)
    hidden = set(Match.objects.filter(hides_results=True).values_list("pk", flat=True))
    assert hidden == {made["summer"]["match"]}  # the running season that hides results

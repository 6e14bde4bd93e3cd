"""Migration 0012 marks the demo ladders ``demo_seasons`` made before seasons were
marked, and nothing of anyone else's: a restart then keeps those going too."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.tournaments.django.test_competition_migration import migrate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0011_season_period_default")]
AFTER = [("tournaments", "0012_competition_demo")]


@pytest.fixture
def before():
    """The models at 0011; the latest migrations again afterwards."""
    yield migrate(BEFORE)
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_only_the_loader_s_earlier_demo_ladders_are_marked(before):
    Competition = before.get_model("tournaments", "Competition")
    Entry = before.get_model("tournaments", "Entry")
    Bot = before.get_model("bots", "Bot")
    owner = before.get_model("auth", "User").objects.create(username="alice")
    made = {}
    for name, signup, uploaded in [
        ("Demo ladder: Tic-tac-toe", "organiser", False),
        ("Demo ladder: with a bot", "organiser", True),
        ("Demo ladder: open to all", "open", False),
        ("Always-on ladder: Tic-tac-toe", "public_bots", False),
        ("club ladder", "organiser", False),
    ]:
        season = Competition.objects.create(
            kind="season", name=name, game="tic_tac_toe", signup=signup
        )
        Entry.objects.create(competition=season, name="greedy", builtin="greedy")
        if uploaded:
            bot = Bot.objects.create(owner=owner, name="mine", game="tic_tac_toe")
            Entry.objects.create(competition=season, name="mine", bot=bot)
        made[name] = season.pk

    after = migrate(AFTER).get_model("tournaments", "Competition")
    marked = after.objects.filter(demo=True).values_list("pk", flat=True)
    assert list(marked) == [made["Demo ladder: Tic-tac-toe"]]

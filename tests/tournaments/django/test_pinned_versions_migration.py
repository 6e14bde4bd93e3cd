"""Migration 0010 pins the versions of the tournaments under way: they go on with
the version each uploaded entry would have played next (its latest valid one),
instead of finding nothing pinned and giving walkovers."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.platform.bots.bot_helpers import add_versions, stored_bot
from tests.tournaments.django.test_competition_migration import migrate

from tournaments import lifecycle
from tournaments.models import Entry

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("data_dir")]

BEFORE = [("tournaments", "0009_entry_seat_tally")]
AFTER = [("tournaments", "0010_sign_up_policy_withdrawals_and_pinned_versions")]


def test_a_tournament_under_way_keeps_playing_its_uploaded_bots(alice, inline_worker):
    ace, idle = stored_bot(alice, "ace", versions=2), stored_bot(alice, "idle")
    running = lifecycle.create_tournament("running", game="tic_tac_toe", seed=1)
    lifecycle.add_entries(running, bots=[ace, "greedy"])
    lifecycle.open_entries(running)
    lifecycle.start(running)
    waiting = lifecycle.create_tournament("waiting", game="tic_tac_toe", seed=1)
    lifecycle.add_entries(waiting, bots=[idle, "greedy"])
    try:
        apps = migrate(BEFORE)  # as the tournament stood before pinning existed
        OldEntry = apps.get_model("tournaments", "Entry")
        assert not hasattr(OldEntry, "pinned_version")
        migrate(AFTER)
    finally:  # the latest migrations again, for the tests that follow
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    add_versions(ace, 1)  # a version after the migration: not played by the tournament
    pinned = dict(Entry.objects.filter(bot__isnull=False).values_list("bot", "pinned_version"))
    assert pinned[ace.pk] == ace.versions.get(number=2).pk
    assert pinned[idle.pk] is None  # not started: pinned at its start
